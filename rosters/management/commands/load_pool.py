from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from leagues.errors import validation_message
from leagues.models import League
from rosters.drafting import load_engine_pool


class Command(BaseCommand):
    help = _("Add an engine's sample pool of player cards to a league's pool.")

    def add_arguments(self, parser):
        parser.add_argument("engine", help="the engine key (the league must use it)")
        parser.add_argument("--league", required=True, help="the league's slug")
        parser.add_argument("--seed", type=int, default=1, help="which sample pool (default 1)")

    def handle(self, *args, engine, league, seed, **options):
        try:
            players = load_engine_pool(League.objects.filter(slug=league).first(), engine, seed=seed)
        except ValidationError as exc:
            raise CommandError(validation_message(exc)) from exc
        self.stdout.write(_("%(count)s cards added to %(league)s's pool.") % {"count": len(players), "league": league})
