"""A burst: many seasons' matches due at one kickoff, drained by real Celery workers.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test CELERY_BROKER_URL=redis://127.0.0.1:6379/0 \
        .venv/bin/python benchmarks/burst.py --seasons 500 --teams 5 --workers 1,2,4

Makes ``--seasons`` demo leagues of ``--teams`` teams (a double round robin each: 500 of 5
teams are 10,000 matches), puts every kickoff at one moment, and for each worker count
claims and queues them all (``queue_due_matches``, one task per batch) and times the drain
to the last match stored. The workers take the matches' queue only: the previews and odds
that finished rounds ask for wait on their own queue for their own workers (it is purged
afterwards). Between runs the results are wiped and the matches scheduled again, so every
run plays the same matches with the same seeds. Prints the drain time, matches per second,
per second per worker process, the CPU a match of the workers and of PostgreSQL's backends
(``benchmarks.cpu``: on a shared machine the figure to compare), and the engine time alone
for the same matches beside it.
The leagues are deleted afterwards unless ``--keep`` is given.
"""

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.utils import timezone  # noqa: E402

from benchmarks.cpu import CpuMeter, cpu_line  # noqa: E402
from config.celery import app, odds_queue  # noqa: E402
from engines import DEFAULT_ENGINE, ENGINES  # noqa: E402
from leagues.models import League  # noqa: E402
from matches.models import Match, PlayByPlay, PlayerMatchStat  # noqa: E402
from matches.services import match_simulate, queue_due_matches, seasons_sheets  # noqa: E402
from matches.worker import start_worker, stop_worker  # noqa: E402
from ops.demo import demo_season_create  # noqa: E402

#: Issue 29's target: a burst drained at this many matches a second or more on the machine's cores.
BURST_TARGET = 1_000


def burst_create(seasons: int, teams: int, engine: str) -> list[int]:
    """The seasons' matches, every kickoff now; returns their league ids."""
    leagues = []
    for number in range(seasons):
        season = demo_season_create(engine=engine, teams=teams, seed=10_000 + number, double=True)
        leagues.append(season.league_id)
    return leagues


def burst_reset(matches) -> None:
    """Every match of the burst scheduled again, unclaimed, due now, nothing of it stored."""
    PlayByPlay.objects.filter(match__in=matches).delete()
    PlayerMatchStat.objects.filter(match__in=matches).delete()
    matches.update(
        status=Match.Status.SCHEDULED,
        home_goals=None,
        away_goals=None,
        shootout_home=None,
        shootout_away=None,
        decided_by="",
        queued_at=None,
        played_at=None,
        kickoff=timezone.now(),
    )


def engine_time(matches) -> float:
    """The engine alone on the burst's matches, sheets read beforehand."""
    rows = list(matches.select_related("season__league", "home", "away"))
    sheets = seasons_sheets(rows)
    start = time.perf_counter()
    for match in rows:
        match_simulate(match, sheets)
    return time.perf_counter() - start


def drain(matches, concurrency: int) -> tuple[float, int, str]:
    """Queue the burst and time it to the last match stored by ``concurrency`` worker processes;
    returns the time, the matches failed and the CPU a match (``benchmarks.cpu``)."""
    worker = start_worker(concurrency=concurrency, queue=app.conf.task_default_queue)
    meter = CpuMeter(worker)
    try:
        time.sleep(3)  # the worker's processes start before the clock does
        meter.start()
        start = time.perf_counter()
        queue_due_matches()
        while matches.filter(status=Match.Status.SCHEDULED).exists():
            time.sleep(0.05)
        elapsed = time.perf_counter() - start
        cpu = cpu_line(*meter.stop(), matches.count())
    finally:
        stop_worker(worker)
    return elapsed, matches.filter(status=Match.Status.FAILED).count(), cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default=DEFAULT_ENGINE, choices=ENGINES)
    parser.add_argument("--seasons", type=int, default=500)
    parser.add_argument("--teams", type=int, default=5)
    parser.add_argument("--workers", default="1,2,4", help="worker process counts to run, comma separated")
    parser.add_argument("--keep", action="store_true", help="keep the benchmark leagues")
    args = parser.parse_args()

    db = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    print(f"database: {db}   broker: {settings.CELERY_BROKER_URL.split(':')[0]}   batch: {settings.PLAY_BATCH_SIZE}")
    start = time.perf_counter()
    leagues = burst_create(args.seasons, args.teams, args.engine)
    matches = Match.objects.filter(season__league_id__in=leagues)
    total = matches.count()
    made = time.perf_counter() - start
    print(f"{args.seasons} seasons of {args.teams} teams: {total:,} matches (made in {made:.0f} s)")
    alone = engine_time(matches)
    print(f"engine alone:  {alone:7.2f} s  ({total / alone:,.0f} matches/s on one process)")
    rates = {}
    try:
        for concurrency in (int(n) for n in args.workers.split(",")):
            burst_reset(matches)
            elapsed, failed, cpu = drain(matches, concurrency)
            rates[concurrency] = max(rates.get(concurrency, 0.0), total / elapsed)
            print(
                f"{concurrency} worker process{'es' if concurrency > 1 else ''}: drained in {elapsed:7.2f} s,"
                f" {total / elapsed:,.0f} matches/s, {total / elapsed / concurrency:,.0f} per process,"
                f" {failed} failed; {cpu}"
            )
        best = max(rates, key=rates.get)
        verdict = "met" if rates[best] >= BURST_TARGET else "not met"
        print(f"target: {BURST_TARGET:,} matches/s: {verdict} (best {rates[best]:,.0f}/s, {best} processes)")
    finally:
        with app.connection_for_write() as connection:
            connection.default_channel.queue_purge(odds_queue())
        if not args.keep:
            League.objects.filter(id__in=leagues).delete()


if __name__ == "__main__":
    main()
