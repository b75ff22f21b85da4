from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from audit.context import acting_as
from leagues.errors import validation_message
from leagues.management.commands._common import get_season
from rosters.squads import squads_copy


class Command(BaseCommand):
    help = _(
        "Give each team of a season the squad it had in another season of the league (a cup after the "
        "league), each card paid what it cost there; then start the cup with draw_swiss, draw_groups or the admin."
    )

    def add_arguments(self, parser):
        parser.add_argument("from_season_id", metavar="FROM_SEASON_ID", help="the season whose squads are copied")
        parser.add_argument("to_season_id", metavar="TO_SEASON_ID", help="the season without squads yet")

    def handle(self, *args, from_season_id, to_season_id, **options):
        from_season, to_season = get_season(from_season_id), get_season(to_season_id)
        try:
            with acting_as(None, via="command"):  # the audit entries say where the copy came from
                squads = squads_copy(from_season, to_season)
        except ValidationError as exc:
            raise CommandError(validation_message(exc)) from exc
        cards = sum(len(squad) for squad in squads.values())
        self.stdout.write(
            _("%(to_season)s: %(count)s squads (%(cards)s cards) copied from %(from_season)s.")
            % {"to_season": to_season, "count": len(squads), "cards": cards, "from_season": from_season}
        )
