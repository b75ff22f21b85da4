from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from competitions.rollover import season_rollover
from leagues.errors import validation_message
from leagues.management.commands._common import get_season


class Command(BaseCommand):
    help = (
        "Start the season after a finished (or closed) one: teams moved between divisions, fixtures, a draft "
        "in reverse table order, keepers and carried-over coins. Prints the new season's id."
    )

    def add_arguments(self, parser):
        parser.add_argument("season_id", metavar="SEASON_ID")
        parser.add_argument("--seed", type=int, help="the new season's seed (default: a random one)")

    def handle(self, *args, season_id, seed, **options):
        if seed is not None and not 0 <= seed < 2**63:
            raise CommandError(f"--seed: {seed} is not between 0 and 2**63 - 1")
        try:
            new = season_rollover(get_season(season_id), seed)
        except ValidationError as exc:
            raise CommandError(validation_message(exc)) from exc
        self.stdout.write(str(new.id))
