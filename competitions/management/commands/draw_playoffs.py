from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from competitions.knockout import bracket_lines
from competitions.management.commands._options import add_two_legged_arguments
from competitions.playoffs import playoffs_draw
from leagues.errors import validation_message
from leagues.management.commands._common import get_season


class Command(BaseCommand):
    help = _("Draw a knockout of a finished season's top teams, seeded by the final table, in a new season.")

    def add_arguments(self, parser):
        parser.add_argument("season_id", metavar="SEASON_ID")
        parser.add_argument("--top", type=int, default=4, help="how many teams go through (default 4)")
        parser.add_argument("--third-place", action="store_true", help="play for third place")
        add_two_legged_arguments(parser, "the play-offs'")

    def handle(self, *args, season_id, top, third_place, two_legged_rounds, away_goals, **options):
        try:
            playoffs = playoffs_draw(
                get_season(season_id),
                top=top,
                third_place=third_place,
                two_legged_rounds=two_legged_rounds,
                away_goals=away_goals,
            )
        except ValidationError as exc:
            raise CommandError(validation_message(exc)) from exc
        self.stdout.write(
            _("%(playoffs)s (season id %(playoffs_id)s):") % {"playoffs": playoffs, "playoffs_id": playoffs.id}
        )
        self.stdout.write("\n".join(bracket_lines(playoffs.bracket)))
