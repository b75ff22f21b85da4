from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from competitions.groups import group_knockout_draw, group_lines, groups_draw, groups_from_lines
from competitions.knockout import bracket_lines
from competitions.management.commands._options import add_two_legged_arguments
from leagues.errors import validation_message
from leagues.management.commands._common import get_season
from tournaments.models import GroupStage


class Command(BaseCommand):
    help = _(
        "Draw a season's teams into groups with a round robin each (by lot from seeded pots, or by hand "
        'with --group "A: 1, 2, 3" --group "B: 4, 5, 6"). '
        "The worker draws the knockout when the last group match is stored; --knockout draws it by hand "
        "(results entered at the table, say) once the groups are finished."
    )

    def add_arguments(self, parser):
        parser.add_argument("season_id", metavar="SEASON_ID")
        parser.add_argument("--groups", type=int, default=2, help="how many groups (default 2)")
        parser.add_argument(
            "--group",
            action="append",
            default=[],
            metavar='"A: TEAM, TEAM ..."',
            help="one group by hand, its teams by id or name (repeat for each group, A first; "
            "instead of --groups and the pots)",
        )
        parser.add_argument("--advance", type=int, default=2, help="teams of each group that go through (default 2)")
        parser.add_argument("--double", action="store_true", help="groups play home and away")
        parser.add_argument("--knockout", action="store_true", help="draw the knockout of the finished groups")
        parser.add_argument("--third-place", action="store_true", help="the knockout plays for third place")
        add_two_legged_arguments(parser, "the knockout's")

    def handle(self, *args, season_id, **options):
        season = get_season(season_id)
        try:
            if options["knockout"]:
                stage = GroupStage.objects.filter(season=season).first()
                if stage is None:
                    raise CommandError(_("%(season)s has no groups: draw them first.") % {"season": season})
                knockout = group_knockout_draw(stage, third_place=options["third_place"] or None)
                self.stdout.write(
                    _("%(knockout)s (season id %(knockout_id)s):") % {"knockout": knockout, "knockout_id": knockout.id}
                )
                self.stdout.write("\n".join(bracket_lines(knockout.bracket)))
                return
            by_hand = groups_from_lines(season, options["group"], field="--group") if options["group"] else None
            stage = groups_draw(
                season,
                groups=options["groups"],
                by_hand=by_hand,
                advance=options["advance"],
                double=options["double"],
                third_place=options["third_place"],
                two_legged_rounds=options["two_legged_rounds"],
                away_goals=options["away_goals"],
            )
        except ValidationError as exc:
            raise CommandError(validation_message(exc)) from exc
        self.stdout.write("\n\n".join(group_lines(stage)))
