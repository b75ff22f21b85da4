import json

from django.core.management.base import BaseCommand
from django.utils.translation import gettext

from leagues.management.commands._common import get_season
from ops.export import season_export


class Command(BaseCommand):
    help = gettext("Print a season (league, teams and squads, matches, standings) as JSON.")

    def add_arguments(self, parser):
        parser.add_argument("season_id", metavar="SEASON_ID")
        parser.add_argument("--json", action="store_true", help="JSON output (the only format)")

    def handle(self, *args, season_id, **options):
        self.stdout.write(json.dumps(season_export(get_season(season_id)), indent=2))
