import json

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from leagues.models import League
from ops.backup import BackupError, league_export


class Command(BaseCommand):
    help = _("Write everything of a league (seasons, teams, cards, matches, drafts, tournaments) as JSON.")

    def add_arguments(self, parser):
        parser.add_argument("league", metavar="LEAGUE", help="the league's id or slug")
        parser.add_argument("--json", action="store_true", help="JSON output (the only format)")
        parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")

    def handle(self, *args, league, output=None, **options):
        lookup = {"pk": int(league)} if league.isdigit() else {"slug": league}
        try:
            found = League.objects.get(**lookup)
        except League.DoesNotExist as exc:
            raise CommandError(
                _("no league with %(id_if_league_isdigit_else_slug)s %(league)r")
                % {"id_if_league_isdigit_else_slug": "id" if league.isdigit() else "slug", "league": league}
            ) from exc
        try:
            text = json.dumps(league_export(found), indent=1, ensure_ascii=False)
        except BackupError as exc:
            raise CommandError(
                _("cannot export %(found_slug)s: %(exc)s") % {"found_slug": found.slug, "exc": exc}
            ) from exc
        if output:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(text + "\n")
        else:
            self.stdout.write(text)
