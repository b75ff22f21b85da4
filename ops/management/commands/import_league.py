import json
import sys
import time

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from ops.backup import BackupError, league_import


class Command(BaseCommand):
    help = _("Restore a league written by export_league (all of it or nothing; refused if its slug exists).")

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE", help="the export_league JSON file, or - for standard input")

    def handle(self, *args, file, **options):
        try:
            if file == "-":
                data = json.load(sys.stdin)
            else:
                with open(file, encoding="utf-8") as handle:
                    data = json.load(handle)
        except OSError as exc:
            raise CommandError(f"{file}: {exc.strerror}") from exc
        except json.JSONDecodeError as exc:
            raise CommandError(
                _("%(file)s: not JSON (%(exc)s); nothing imported") % {"file": file, "exc": exc}
            ) from exc
        started = time.perf_counter()
        try:
            league = league_import(data)
        except BackupError as exc:
            raise CommandError(_("%(file)s: %(exc)s; nothing imported") % {"file": file, "exc": exc}) from exc
        self.stdout.write(
            _(
                "imported league %(league_slug)s (id %(league_pk)s) with %(league_seasons_count)s seasons "
                "in %(time_perf_counter_started)s s"
            )
            % {
                "league_slug": league.slug,
                "league_pk": league.pk,
                "league_seasons_count": league.seasons.count(),
                "time_perf_counter_started": format(time.perf_counter() - started, ".2f"),
            }
        )
