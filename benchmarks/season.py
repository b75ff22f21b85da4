"""Play and store a whole season through a real Celery worker, and time the parts.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test CELERY_BROKER_URL=redis://127.0.0.1:6379/0 \
        .venv/bin/python benchmarks/season.py --teams 20

Prints the wall time from queueing to the last match stored, the engine time
alone for the same matches, their ratio, the CPU a match of the worker and of PostgreSQL
(``benchmarks.cpu``), and the standings query count and time.
It then sends the same play tasks again: every match is played by then, so each task
only locks its row, sees the result and returns. That time is the floor a worker pays
per task (publish, delivery, ack, one locked read and a commit) before anything is
simulated or stored.
The league it makes is deleted afterwards unless ``--keep`` is given.
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
from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from benchmarks.cpu import CpuMeter, cpu_line  # noqa: E402
from competitions.standings import compute_standings  # noqa: E402
from config.celery import app, odds_queue  # noqa: E402
from engines import DEFAULT_ENGINE, ENGINES, MatchOptions, get_engine  # noqa: E402
from matches.models import Match  # noqa: E402
from matches.services import play_tasks_send, queue_due_matches, team_sheets  # noqa: E402
from matches.worker import start_worker, stop_worker  # noqa: E402
from ops.demo import demo_season_create  # noqa: E402


def wait_for_worker(timeout: float) -> None:
    """Remote-control ping where the broker supports it; otherwise give the worker a moment."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if app.control.ping(timeout=0.5):
                return
        except Exception:  # the filesystem transport has no broadcast
            time.sleep(3)
            return
    raise SystemExit("the worker did not answer")


def queued(queue: str) -> int:
    """Messages still waiting on the broker (not counting those a worker has prefetched).
    Redis drops an empty queue's key, which a passive declare reports as not found."""
    with app.connection_for_write() as connection:
        try:
            return connection.default_channel.queue_declare(queue, passive=True).message_count
        except connection.channel_errors:
            return 0


#: Issue 29's target for a 20-team season: played and stored within this, storage under this ratio.
SEASON_TARGET_SECONDS = 3
OVERHEAD_TARGET = 3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default=DEFAULT_ENGINE, choices=ENGINES)
    parser.add_argument("--teams", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--keep", action="store_true", help="keep the benchmark league")
    args = parser.parse_args()

    db = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    print(f"database: {db}   broker: {settings.CELERY_BROKER_URL.split(':')[0]}   worker processes: {args.concurrency}")
    season = demo_season_create(engine=args.engine, teams=args.teams, seed=args.seed)
    matches = list(season.matches.select_related("season__league", "home", "away"))
    print(f"season: {season} (id {season.id}), {len(matches)} matches")

    engine = get_engine(args.engine)
    sheets = [team_sheets(m) for m in matches]
    options = MatchOptions(settings=season.league.engine_settings)
    start = time.perf_counter()
    events = 0
    for match, (home, away) in zip(matches, sheets, strict=True):
        events += len(engine.simulate(home, away, seed=match.seed, options=options).events)
    engine_time = time.perf_counter() - start

    # the matches' queue only: previews and odds that finished rounds ask for wait for their own workers
    worker = start_worker(concurrency=args.concurrency, queue=app.conf.task_default_queue)
    meter = CpuMeter(worker)
    try:
        wait_for_worker(30)
        meter.start()
        start = time.perf_counter()
        queue_due_matches()
        while season.matches.filter(status=Match.Status.SCHEDULED).exists():
            time.sleep(0.02)
        store_time = time.perf_counter() - start
        cpu = cpu_line(*meter.stop(), len(matches))

        start = time.perf_counter()
        play_tasks_send([match.id for match in matches])
        while queued(app.conf.task_default_queue):
            time.sleep(0.005)
        floor_time = time.perf_counter() - start
    finally:
        stop_worker(worker)
    failed = season.matches.filter(status=Match.Status.FAILED).count()

    season.refresh_from_db()
    with CaptureQueriesContext(connection) as queries:
        start = time.perf_counter()
        compute_standings(season)
        table_time = time.perf_counter() - start

    print(
        f"engine alone:          {engine_time:8.3f} s  ({len(matches) / engine_time:,.0f} matches/s,"
        f" {events / len(matches):.0f} events per match)"
    )
    print(
        f"played and stored:     {store_time:8.3f} s  ({len(matches) / store_time:,.0f} matches/s"
        f" through the worker, {failed} failed)"
    )
    print(
        f"worker floor:          {floor_time:8.3f} s  (the same tasks again for matches already played:"
        f" {floor_time / engine_time:.1f} x the engine time)"
    )
    print(f"                       {cpu}")
    print(f"ratio stored/engine:   {store_time / engine_time:8.1f} x")
    overhead = (store_time - engine_time) / engine_time
    print(f"storage overhead:      {overhead:8.1f} x the engine time")
    met = store_time < SEASON_TARGET_SECONDS and overhead < OVERHEAD_TARGET
    print(
        f"target:                under {SEASON_TARGET_SECONDS} s, storage under {OVERHEAD_TARGET}x the engine time:"
        f" {'met' if met else 'not met'}"
    )
    print(f"standings:             {len(queries.captured_queries):8d} queries, {table_time * 1000:.1f} ms")
    with app.connection_for_write() as broker:  # the odds the rounds asked for: not this benchmark's
        broker.default_channel.queue_purge(odds_queue())
    if not args.keep:
        season.league.delete()


if __name__ == "__main__":
    main()
