import time

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.utils.crypto import get_random_string

from engines import ENGINES
from leagues.demo import create_demo_season
from leagues.management.commands._common import format_table
from leagues.standings import compute_standings
from matches.models import Match
from matches.services import queue_due_matches
from matches.worker import start_worker, stop_worker


class Command(BaseCommand):
    help = "Create a demo league, play its whole season through a Celery worker, print the table."

    def add_arguments(self, parser):
        parser.add_argument("--engine", default="futti", choices=ENGINES)
        parser.add_argument("--teams", type=int, default=8)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--single", action="store_true", help="one leg instead of home and away")
        parser.add_argument(
            "--format",
            default="round_robin",
            choices=["round_robin", "knockout"],
            help="a league season, or a single-elimination tournament",
        )
        parser.add_argument("--third-place", action="store_true", help="knockout: play for third place")
        parser.add_argument(
            "--no-worker",
            action="store_true",
            help="do not start a worker here: workers already run against this broker",
        )
        parser.add_argument("--concurrency", type=int, default=2, help="processes of the worker started here")
        parser.add_argument("--timeout", type=float, default=600, help="seconds to wait for the season")

    def handle(self, *args, engine, teams, seed, **options):
        if not 2 <= teams <= 20:
            raise CommandError(f"--teams: {teams} is not between 2 and 20")
        knockout = options["format"] == "knockout"
        kind = "knockout" if knockout else "league"
        self.stdout.write(f"Creating a {engine} demo {kind} with {teams} teams (seed {seed})...")
        season = create_demo_season(
            engine=engine,
            teams=teams,
            seed=seed,
            double=not options["single"],
            knockout=knockout,
            third_place=options["third_place"],
        )
        # a knockout's later rounds are made as the earlier ones finish
        total = teams - 1 + (options["third_place"] and teams >= 4) if knockout else season.matches.count()
        worker = None if options["no_worker"] else start_worker(concurrency=options["concurrency"])
        try:
            self.wait_for(season, total, worker, options["timeout"])
        finally:
            if worker is not None:
                stop_worker(worker)
        if knockout:
            from tournaments.services import bracket_lines, champion

            self.stdout.write(f"\n{season}\n" + "\n".join(bracket_lines(season.bracket)))
            self.stdout.write(f"\nWinner: {champion(season.bracket)}\n")
        else:
            self.stdout.write(f"\n{season}\n{format_table(compute_standings(season))}\n")
        failed = season.matches.filter(status=Match.Status.FAILED).count()
        if failed:
            self.stdout.write(self.style.WARNING(f"{failed} matches failed; see the admin for the errors."))
        self.stdout.write(f"Season id: {season.id}")
        self.stdout.write(self.login_hint(season))

    def wait_for(self, season, total, worker, timeout) -> None:
        deadline = time.monotonic() + timeout
        shown = -1
        while True:
            queue_due_matches()  # what beat does: later knockout rounds become due as they are drawn
            done = season.matches.exclude(status=Match.Status.SCHEDULED).count()
            if done != shown:
                filled = int(30 * done / total)
                self.stdout.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} matches played", ending="")
                self.stdout.flush()
                shown = done
            if done >= total:
                self.stdout.write("")
                return
            if worker is not None and worker.poll() is not None:
                raise CommandError(f"the worker stopped (exit code {worker.returncode}) with {done}/{total} played")
            if time.monotonic() > deadline:
                raise CommandError(f"timed out after {timeout:.0f} s with {done}/{total} matches played")
            time.sleep(0.25)

    def login_hint(self, season) -> str:
        User = get_user_model()
        user = User.objects.filter(username="admin").first()
        if user is None:
            password = get_random_string(16)
            user = User.objects.create_superuser("admin", "admin@example.com", password)
            credentials = f"user 'admin', password '{password}'"
        else:
            credentials = "user 'admin' (change its password with: python manage.py changepassword admin)"
        season.league.commissioners.add(user)
        url = "http://127.0.0.1:8000/admin/"
        return f"Admin: run `python manage.py runserver`, open {url} and log in as {credentials}."
