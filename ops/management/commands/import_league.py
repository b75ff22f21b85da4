import json
import sys
import time

from django.core.management.base import BaseCommand, CommandError

from ops.backup import BackupError, league_import


class Command(BaseCommand):
    help = "Restore a league written by export_league (all of it or nothing; refused if its slug exists)."

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
            raise CommandError(f"{file}: not JSON ({exc}); nothing imported") from exc
        started = time.perf_counter()
        try:
            league = league_import(data)
        except BackupError as exc:
            raise CommandError(f"{file}: {exc}; nothing imported") from exc
        self.stdout.write(
            f"imported league {league.slug} (id {league.pk}) with {league.seasons.count()} seasons "
            f"in {time.perf_counter() - started:.2f} s"
        )
