from pathlib import Path

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from leagues.models import League
from rosters.pools import import_csv


class Command(BaseCommand):
    help = _("Import player cards from a CSV file into a league's pool (all or nothing).")

    def add_arguments(self, parser):
        parser.add_argument("league", help="the league's slug")
        parser.add_argument("csv_file")

    def handle(self, *args, league, csv_file, **options):
        found = League.objects.filter(slug=league).first()
        if found is None:
            raise CommandError(_("LEAGUE: no league with slug %(league)r") % {"league": league})
        try:
            players = import_csv(found, Path(csv_file).read_bytes())
        except OSError as exc:
            raise CommandError(_("CSV_FILE: %(exc)s") % {"exc": exc}) from exc
        except ValidationError as exc:
            raise CommandError("nothing imported:\n" + "\n".join(exc.messages)) from exc
        self.stdout.write(
            _("%(count)s cards added to %(found_name)s's pool.") % {"count": len(players), "found_name": found.name}
        )
