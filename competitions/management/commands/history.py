import json

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from competitions.history import cached_history
from competitions.records import history_document
from competitions.standings import format_table
from leagues.models import League


class Command(BaseCommand):
    help = gettext_lazy(
        "Print a league's history: every season's tables by division, the all-time table and the records."
    )

    def add_arguments(self, parser):
        parser.add_argument("league_id", metavar="LEAGUE_ID")
        parser.add_argument("--json", action="store_true", help="print the history as JSON")

    def handle(self, *args, league_id, **options):
        try:
            league = League.objects.get(id=int(league_id))
        except (ValueError, League.DoesNotExist) as exc:
            raise CommandError(_("LEAGUE_ID: no league with id %(league_id)r") % {"league_id": league_id}) from exc
        document = history_document(league)
        if options["json"]:
            self.stdout.write(json.dumps(document))
            return
        history = cached_history(league)
        for entry in history.seasons:
            division = f", {entry.division.name} (tier {entry.division.tier})" if entry.division.name else ""
            outcome = f"champion {entry.champion_name}" if entry.champion else "not finished"
            self.stdout.write(f"\n{league.name} {entry.season_name}{division}: {outcome}")
            self.stdout.write(format_table(entry.table))
        self.stdout.write(_("\nAll-time table of %(league_name)s") % {"league_name": league.name})
        for row in history.all_time:
            self.stdout.write(
                _(
                    "%(position)s  %(name_24)s %(seasons)s seasons %(played)s played %(won)s %(drawn)s %(lost)s"
                    " %(goals_for)s-%(goals_against)s %(points)s pts %(titles)s titles"
                )
                % {
                    "position": format(row.position, ">3"),
                    "name_24": format(row.name[:24], "<24"),
                    "seasons": format(row.seasons, ">2"),
                    "played": format(row.played, ">4"),
                    "won": format(row.won, ">4"),
                    "drawn": format(row.drawn, ">4"),
                    "lost": format(row.lost, ">4"),
                    "goals_for": format(row.goals_for, ">5"),
                    "goals_against": format(row.goals_against, "<5"),
                    "points": format(row.points, ">5"),
                    "titles": format(row.titles, ">2"),
                }
            )
        self.stdout.write(_("\nRecords"))
        for record in document["records"].values():
            self.stdout.write(f"{record['title']}: {record['value']}, {record['holder']} ({record['detail']})")
