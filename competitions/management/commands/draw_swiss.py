from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from competitions.swiss import swiss_draw
from leagues.errors import validation_message
from leagues.management.commands._common import get_season


class Command(BaseCommand):
    help = _("Make a season a Swiss tournament (seeding by lot) and draw round one; later rounds draw themselves.")

    def add_arguments(self, parser):
        parser.add_argument("season_id", metavar="SEASON_ID")
        parser.add_argument("--rounds", type=int, required=True, help="how many rounds")

    def handle(self, *args, season_id, rounds, **options):
        season = get_season(season_id)
        try:
            swiss = swiss_draw(season, rounds=rounds)
        except ValidationError as exc:
            raise CommandError(validation_message(exc)) from exc
        byes = ", ".join(str(b.team) for b in swiss.byes.all()) or "none"
        self.stdout.write(
            _("%(swiss)s: round 1 of %(rounds)s drawn, %(season_matches_count)s matches (bye: %(byes)s).")
            % {"swiss": swiss, "rounds": rounds, "season_matches_count": season.matches.count(), "byes": byes}
        )
        for match in season.matches.select_related("home", "away"):
            self.stdout.write(f"  {match.home} v {match.away}")
