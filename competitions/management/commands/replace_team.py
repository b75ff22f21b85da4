from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from competitions.withdrawals import tournament_team_replace
from leagues.errors import validation_message
from leagues.management.commands._common import get_season
from leagues.models import Team


class Command(BaseCommand):
    help = _(
        "Replace a team that withdraws before its first match with another team of the league that has a "
        "squad for the season, in a bracket, a group stage or a Swiss: it takes the place as it stands."
    )

    def add_arguments(self, parser):
        parser.add_argument("season_id", metavar="SEASON_ID", help="the tournament's season (or one of its groups)")
        parser.add_argument("withdrawn", metavar="WITHDRAWN", help="the team that withdraws, by id or name")
        parser.add_argument("replacement", metavar="REPLACEMENT", help="the team taking its place, by id or name")

    def handle(self, *args, season_id, withdrawn, replacement, **options):
        season = get_season(season_id)
        teams = [_team(season.league_id, given) for given in (withdrawn, replacement)]
        try:
            tournament_team_replace(season, *teams)
        except ValidationError as exc:
            raise CommandError(validation_message(exc)) from exc
        self.stdout.write(
            _("%(teams_1)s takes the place of %(teams_0)s in %(season)s.")
            % {"teams_1": teams[1], "teams_0": teams[0], "season": season}
        )


def _team(league_id: int, given: str) -> Team:
    """A team of the league by id or name (any case)."""
    teams = Team.objects.filter(league_id=league_id)
    team = teams.filter(id=int(given)).first() if given.isdigit() else teams.filter(name__iexact=given).first()
    if team is None:
        raise CommandError(_('"%(given)s" is not a team of the season\'s league.') % {"given": given})
    return team
