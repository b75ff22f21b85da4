from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from leagues.models import League
from rosters.pools import export_csv


class Command(BaseCommand):
    help = _("Print a league's pool of player cards as CSV (what import_pool reads).")

    def add_arguments(self, parser):
        parser.add_argument("league", help="the league's slug")

    def handle(self, *args, league, **options):
        found = League.objects.filter(slug=league).first()
        if found is None:
            raise CommandError(_("LEAGUE: no league with slug %(league)r") % {"league": league})
        self.stdout.write(export_csv(found.players.order_by("id")), ending="")
