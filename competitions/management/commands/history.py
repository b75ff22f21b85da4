import json

from django.core.management.base import BaseCommand, CommandError

from competitions.history import cached_history
from competitions.records import history_document
from competitions.standings import format_table
from leagues.models import League


class Command(BaseCommand):
    help = "Print a league's history: every season's tables by division, the all-time table and the records."

    def add_arguments(self, parser):
        parser.add_argument("league_id", metavar="LEAGUE_ID")
        parser.add_argument("--json", action="store_true", help="print the history as JSON")

    def handle(self, *args, league_id, **options):
        try:
            league = League.objects.get(id=int(league_id))
        except (ValueError, League.DoesNotExist) as exc:
            raise CommandError(f"LEAGUE_ID: no league with id {league_id!r}") from exc
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
        self.stdout.write(f"\nAll-time table of {league.name}")
        for row in history.all_time:
            self.stdout.write(
                f"{row.position:>3}  {row.name[:24]:<24} {row.seasons:>2} seasons {row.played:>4} played "
                f"{row.won:>4} {row.drawn:>4} {row.lost:>4} {row.goals_for:>5}-{row.goals_against:<5} "
                f"{row.points:>5} pts {row.titles:>2} titles"
            )
        self.stdout.write("\nRecords")
        for record in document["records"].values():
            self.stdout.write(f"{record['title']}: {record['value']}, {record['holder']} ({record['detail']})")
