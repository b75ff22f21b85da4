import time

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone
from django.utils.crypto import get_random_string
from django.utils.translation import gettext as _

from competitions.bracket import bracket_size
from competitions.divisions import division_tables
from competitions.groups import group_lines
from competitions.knockout import bracket_lines, champion
from competitions.rollover import season_rollover
from competitions.standings import format_table
from competitions.start import tournament_start
from competitions.swiss import swiss_lines
from engines import DEFAULT_ENGINE, ENGINES
from leagues.errors import validation_message
from leagues.models import SeasonTeam
from matches.models import Match
from matches.services import queue_due_matches, revision_update
from matches.worker import start_worker, stop_worker
from ops.demo import TEAM_NAMES, demo_season_create
from rosters.drafting import autodraft
from tournaments.models import Bracket, Swiss, Tie

#: The most seasons one demo plays.
MAX_SEASONS = 10


class Command(BaseCommand):
    help = _("Create a demo league, play its whole season through a Celery worker, print the table.")

    def add_arguments(self, parser):
        parser.add_argument("--engine", default=DEFAULT_ENGINE, choices=ENGINES)
        parser.add_argument("--teams", type=int, default=8)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--single", action="store_true", help="one leg instead of home and away")
        parser.add_argument(
            "--format",
            default="round_robin",
            choices=["round_robin", "knockout", "league_playoffs", "groups", "swiss", "double_elimination"],
            help="a league season, a single-elimination tournament, a season then play-offs of its top teams, "
            "groups (two, four from twelve teams) then a knockout of the top two of each, a Swiss, "
            "or a double-elimination tournament",
        )
        parser.add_argument(
            "--divisions", type=int, default=1, help="a league of this many divisions of --teams teams (2 up, 2 down)"
        )
        parser.add_argument(
            "--seasons", type=int, default=1, help="seasons played one after the other, each rolled over into the next"
        )
        parser.add_argument("--third-place", action="store_true", help="knockout: play for third place")
        parser.add_argument(
            "--two-legged", action="store_true", help="knockout: every round but the final home and away"
        )
        parser.add_argument("--away-goals", action="store_true", help="two-legged ties: away goals count double")
        parser.add_argument(
            "--bracket-reset", action="store_true", help="double elimination: replay a grand final the underdog wins"
        )
        parser.add_argument("--rounds", type=int, help="swiss: how many rounds (default: enough for one winner)")
        parser.add_argument(
            "--tie-break",
            choices=["sudden_death", "penalties"],
            default="",
            help="a Fütti tournament: how a level knockout match is settled (default: the league's setting)",
        )
        parser.add_argument(
            "--no-worker",
            action="store_true",
            help="do not start a worker here: workers already run against this broker",
        )
        parser.add_argument("--concurrency", type=int, default=2, help="processes of the worker started here")
        parser.add_argument("--timeout", type=float, default=600, help="seconds to wait for the season")

    def handle(self, *args, engine, teams, seed, **options):
        if not 2 <= teams <= 20:
            raise CommandError(_("--teams: %(teams)s is not between 2 and 20") % {"teams": teams})
        tournament_format = options["format"]
        if tournament_format in ("league_playoffs", "groups") and teams < 4:
            raise CommandError(
                _("--teams: %(tournament_format)s needs at least 4 teams") % {"tournament_format": tournament_format}
            )
        if tournament_format == "double_elimination" and teams < 3:
            raise CommandError(_("--teams: double_elimination needs at least 3 teams"))
        divisions, seasons = options["divisions"], options["seasons"]
        if not 1 <= divisions * teams <= len(TEAM_NAMES):
            raise CommandError(
                _("--divisions: %(divisions)s of %(teams)s teams is more than the demo's %(count)s")
                % {"divisions": divisions, "teams": teams, "count": len(TEAM_NAMES)}
            )
        if not 1 <= seasons <= MAX_SEASONS:
            raise CommandError(
                _("--seasons: %(seasons)s is not between 1 and %(max_seasons)s")
                % {"seasons": seasons, "max_seasons": MAX_SEASONS}
            )
        if (divisions > 1 or seasons > 1) and tournament_format != "round_robin":
            raise CommandError(
                _("--divisions, --seasons: a league of divisions and seasons plays --format round_robin")
            )
        knockout = tournament_format in ("knockout", "double_elimination")
        third_place = options["third_place"]
        kind = "league" if tournament_format == "round_robin" else tournament_format.replace("_", " ")
        self.stdout.write(
            _("Creating a %(engine)s demo %(kind)s with %(teams)s teams (seed %(seed)s)...")
            % {"engine": engine, "kind": kind, "teams": teams, "seed": seed}
        )
        season = demo_season_create(
            engine=engine, teams=teams, seed=seed, double=not options["single"], divisions=divisions
        )
        if tournament_format != "round_robin":
            rounds = bracket_size(teams).bit_length() - 1
            legs = options["two_legged"]
            try:
                tournament_start(
                    season,
                    tournament_format,
                    third_place=third_place,
                    two_legged_rounds=range(1, rounds) if legs and tournament_format == "knockout" else (),
                    away_goals=options["away_goals"],
                    bracket_reset=options["bracket_reset"],
                    groups=2 if teams < 12 else 4,
                    rounds=options["rounds"],
                    top=4 if teams < 8 else 8,
                    tie_break=options["tie_break"],
                )
            except ValidationError as exc:
                raise CommandError(validation_message(exc)) from exc
        worker = None if options["no_worker"] else start_worker(concurrency=options["concurrency"])
        try:
            if tournament_format == "groups":
                self.play_groups(season.group_stage, worker, options["timeout"])
            else:
                # a knockout's later rounds are made as the earlier ones finish
                total = knockout_matches(season) if knockout else season.matches.count()
                if tournament_format == "swiss":  # later rounds are drawn as the earlier ones finish
                    total = season.swiss.rounds * (teams // 2)
                elif tournament_format == "double_elimination":  # and one more if the final is reset
                    total = 2 * teams - 2
                self.wait_for([season], total, worker, options["timeout"])
                self.print_result(season)
            for number in range(2, seasons + 1):
                season = self.next_season(season, seed + number - 1)
                self.wait_for([season], season.matches.count(), worker, options["timeout"])
                self.print_result(season)
            if tournament_format == "league_playoffs":
                plan = season.playoffs
                plan.refresh_from_db()  # the worker that stored the last league result drew them
                if plan.knockout is None:
                    raise CommandError(_("the league is finished but its play-offs were not drawn"))
                self.stdout.write(_("\nPlay-offs of the top %(plan_top)s:") % {"plan_top": plan.top})
                self.wait_for([plan.knockout], knockout_matches(plan.knockout), worker, options["timeout"])
                self.print_result(plan.knockout)
        finally:
            if worker is not None:
                stop_worker(worker)
        failed = Match.objects.filter(season__league=season.league, status=Match.Status.FAILED).count()
        if failed:
            self.stdout.write(
                self.style.WARNING(_("%(failed)s matches failed; see the admin for the errors.") % {"failed": failed})
            )
        self.stdout.write(_("Season id: %(season_id)s") % {"season_id": season.id})
        self.stdout.write(_("League id: %(season_league_id)s") % {"season_league_id": season.league_id})
        page = "bracket/" if hasattr(season, "bracket") else ""
        self.stdout.write(
            _("Its page, once `python manage.py runserver` runs: http://127.0.0.1:8000/seasons/%(season_id)s/%(page)s")
            % {"season_id": season.id, "page": page}
        )
        self.stdout.write(self.login_hint(season))

    def print_result(self, season) -> None:
        bracket = Bracket.objects.filter(season=season).first()
        swiss = Swiss.objects.filter(season=season).first()
        if swiss is not None:
            self.stdout.write(f"\n{season} (Swiss, {swiss.rounds} rounds)\n" + "\n".join(swiss_lines(swiss)))
            self.stdout.write(_("Ranked on wins (a bye is one), then Buchholz, goal difference, seeding.\n"))
        elif bracket is None:
            for part in division_tables(season):
                title = f"{season} {part.title}".strip()
                self.stdout.write(f"\n{title}\n{format_table(part.table)}\n")
        else:
            self.stdout.write(f"\n{season}\n" + "\n".join(bracket_lines(bracket)))
            self.stdout.write(_("\nWinner: %(champion_bracket)s\n") % {"champion_bracket": champion(bracket)})

    def next_season(self, season, seed: int):
        """The season after ``season`` (played), its teams moved by the tables, drafted automatically."""
        try:
            with transaction.atomic():  # squads before any match of it is due
                new = season_rollover(season, seed)
                autodraft(new)
        except ValidationError as exc:
            raise CommandError(validation_message(exc)) from exc
        before = dict(SeasonTeam.objects.filter(season=season).values_list("team_id", "division_id"))
        entries = SeasonTeam.objects.filter(season=new).select_related("team", "division").order_by("team__name")
        lines = [f"{e.team} to {e.division.name}" for e in entries if e.division_id != before.get(e.team_id)]
        self.stdout.write(f"\nRolled over into {new}" + (": " + ", ".join(lines) if lines else "") + ".")
        return new

    def play_groups(self, stage, worker, timeout) -> None:
        """The groups' round robins, then the knockout of the top two that the worker draws."""
        seasons = [group.season for group in stage.groups.all()]
        self.wait_for(seasons, Match.objects.filter(season__in=seasons).count(), worker, timeout)
        self.stdout.write("\n" + "\n\n".join(group_lines(stage)))
        stage.refresh_from_db()  # the worker that stored the last group result drew the knockout
        knockout = stage.knockout
        if knockout is None:
            raise CommandError(_("the groups are finished but their knockout was not drawn"))
        self.stdout.write(_("\nKnockout of the top two of each group (winners meet runners-up):"))
        self.wait_for([knockout], knockout_matches(knockout), worker, timeout)
        self.print_result(knockout)

    def wait_for(self, seasons, total, worker, timeout) -> None:
        deadline = time.monotonic() + timeout
        shown = -1
        matches = Match.objects.filter(season__in=seasons)
        while True:
            # the demo plays a whole tournament at once: a stage drawn by the worker (the
            # knockout after the groups) is scheduled in real time, so bring it forward
            matches.filter(status=Match.Status.SCHEDULED, kickoff__gt=timezone.now()).update(
                kickoff=timezone.now(), **revision_update()
            )
            queue_due_matches()  # what beat does: later knockout rounds become due as they are drawn
            done = matches.exclude(status=Match.Status.SCHEDULED).count()
            total = max(total, matches.count())  # a two-legged tie's deciding match
            if done != shown:
                filled = int(30 * done / total)
                self.stdout.write(
                    "\r"
                    + _("[%(bar)s] %(done)s/%(total)s matches played")
                    % {"bar": "#" * filled + "." * (30 - filled), "done": done, "total": total},
                    ending="",
                )

                self.stdout.flush()
                shown = done
            if done >= total:
                self.stdout.write("")
                return
            if worker is not None and worker.poll() is not None:
                raise CommandError(
                    _("the worker stopped (exit code %(worker_returncode)s) with %(done)s/%(total)s played")
                    % {"worker_returncode": worker.returncode, "done": done, "total": total}
                )
            if time.monotonic() > deadline:
                raise CommandError(
                    _("timed out after %(timeout)s s with %(done)s/%(total)s matches played")
                    % {"timeout": format(timeout, ".0f"), "done": done, "total": total}
                )
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


def knockout_matches(season) -> int:
    """Matches a bracket will have at least: one per tie, two per two-legged tie (a deciding
    match, if any, is counted as it is made)."""
    ties = Tie.objects.filter(bracket__season=season, bye=False)
    two_legged_rounds = Bracket.objects.get(season=season).two_legged_rounds  # not a cached season.bracket
    legged = ties.filter(round__in=two_legged_rounds).count()
    return ties.count() + legged
