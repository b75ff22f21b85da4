import json

from django.core.management.base import BaseCommand
from django.utils.translation import gettext

from competitions.standings import compute_standings, format_table
from leagues.management.commands._common import get_season


class Command(BaseCommand):
    help = gettext("Print a season's league table.")

    def add_arguments(self, parser):
        parser.add_argument("season_id", metavar="SEASON_ID")
        parser.add_argument("--json", action="store_true", help="print the table as JSON")

    def handle(self, *args, season_id, **options):
        season = get_season(season_id)
        table = compute_standings(season)
        if options["json"]:
            self.stdout.write(json.dumps({"season": season.id, "standings": table.to_list(), "notes": table.notes}))
        else:
            self.stdout.write(f"{season}\n{format_table(table)}")
