import json

from django.core.management.base import BaseCommand, CommandError

from leagues.models import League
from ops.backup import BackupError, league_export


class Command(BaseCommand):
    help = "Write everything of a league (seasons, teams, cards, matches, drafts, tournaments) as JSON."

    def add_arguments(self, parser):
        parser.add_argument("league", metavar="LEAGUE", help="the league's id or slug")
        parser.add_argument("--json", action="store_true", help="JSON output (the only format)")
        parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")

    def handle(self, *args, league, output=None, **options):
        lookup = {"pk": int(league)} if league.isdigit() else {"slug": league}
        try:
            found = League.objects.get(**lookup)
        except League.DoesNotExist as exc:
            raise CommandError(f"no league with {'id' if league.isdigit() else 'slug'} {league!r}") from exc
        try:
            text = json.dumps(league_export(found), indent=1, ensure_ascii=False)
        except BackupError as exc:
            raise CommandError(f"cannot export {found.slug}: {exc}") from exc
        if output:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(text + "\n")
        else:
            self.stdout.write(text)
