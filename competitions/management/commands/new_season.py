from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from competitions.rollover import season_rollover
from leagues.errors import validation_message
from leagues.management.commands._common import get_season
from leagues.models import Team


class Command(BaseCommand):
    help = _(
        "Start the season after a finished (or closed) one: teams moved between divisions, fixtures, a draft "
        "in reverse table order, keepers and carried-over coins. Prints the new season's id."
    )

    def add_arguments(self, parser):
        parser.add_argument("season_id", metavar="SEASON_ID")
        parser.add_argument("--seed", type=int, help="the new season's seed (default: a random one)")
        parser.add_argument(
            "--add", action="append", default=[], metavar="NAME", help="a team to add (made if the league has none)"
        )
        parser.add_argument("--withdraw", action="append", default=[], metavar="TEAM", help="a team's id or name")

    def handle(self, *args, season_id, seed, add, withdraw, **options):
        if seed is not None and not 0 <= seed < 2**63:
            raise CommandError(_("--seed: %(seed)s is not between 0 and 2**63 - 1") % {"seed": seed})
        season = get_season(season_id)
        try:
            new = season_rollover(season, seed, new_teams=add, withdraw=[self.team(season, t) for t in withdraw])
        except ValidationError as exc:
            raise CommandError(validation_message(exc)) from exc
        self.stdout.write(str(new.id))

    def team(self, season, given: str) -> Team:
        teams = season.league.teams
        found = teams.filter(pk=int(given)).first() if given.isdigit() else teams.filter(name=given).first()
        if found is None:
            raise CommandError(
                _("--withdraw: no team %(given)r in %(season_league)s")
                % {"given": given, "season_league": season.league}
            )
        return found
