from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from leagues.errors import validation_message
from rosters.accounts import find_team, invite_manager


class Command(BaseCommand):
    help = "Create (or reset) the admin account of a team's manager and print a one-time password."

    def add_arguments(self, parser):
        parser.add_argument("league", help="the league's slug")
        parser.add_argument("team", help="the team's name or id")
        parser.add_argument("email")

    def handle(self, *args, league, team, email, **options):
        try:
            user, password = invite_manager(find_team(league, team), email)
        except ValidationError as exc:
            raise CommandError(validation_message(exc)) from exc
        self.stdout.write(f"{user.username} now manages {team} in {league}.")
        self.stdout.write(f"Log in at /admin/ as {user.username} with the one-time password: {password}")
        self.stdout.write("Ask them to change it at once (admin, top right: Change password).")
