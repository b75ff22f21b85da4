from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from leagues.errors import validation_message
from rosters.accounts import find_team, invite_manager


class Command(BaseCommand):
    help = _(
        "Make EMAIL the manager of a team (creating the admin account if need be) and e-mail them a one-time "
        "link to choose their password; no password is made or printed."
    )

    def add_arguments(self, parser):
        parser.add_argument("league", help="the league's slug")
        parser.add_argument("team", help="the team's name or id")
        parser.add_argument("email")

    def handle(self, *args, league, team, email, **options):
        try:
            user, _link = invite_manager(find_team(league, team), email)
        except ValidationError as exc:
            raise CommandError(validation_message(exc)) from exc
        self.stdout.write(
            _("%(user_username)s now manages %(team)s in %(league)s.")
            % {"user_username": user.username, "team": team, "league": league}
        )
        self.stdout.write(
            _("An e-mail to %(user_email)s carries their link to choose a password (sent by a worker).")
            % {"user_email": user.email}
        )
