"""A burst of matches never delays a draft clock: the clocks wait on a queue of their own
(``config.celery.task_route``), consumed by a worker of its own, as in production."""

import time

import pytest
from django.db import connection
from django.utils import timezone

from config.celery import clock_queue
from matches.models import Match
from matches.services import queue_due_matches
from matches.worker import database_url, start_worker, stop_worker
from ops.demo import demo_season_create
from rosters.drafts import clock
from rosters.drafts.moves import draft_start
from rosters.drafts.setup import draft_create
from tests.conftest import make_season

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

QUEUE_THE_CLOCK = clock.schedule_clock  # the real one: the conftest records instead
#: The picks whose clocks are timed: the first five of sixteen, five seconds of a burst of 380
#: slow matches. Waiting for all sixteen raced the burst: as storing got faster, it drained first.
PICKS_TIMED = 5


def test_the_clock_picks_on_time_while_a_burst_of_matches_drains(league, pool, monkeypatch, tmp_path, task_queue):
    monkeypatch.setattr(clock, "schedule_clock", QUEUE_THE_CLOCK)
    burst = demo_season_create(engine="eleven", teams=20, seed=5, double=True)
    burst.engine_settings = {"coach": "planner"}  # 380 slow matches: the burst outlasts the draft
    burst.save(update_fields=["engine_settings"])
    burst.matches.update(kickoff=timezone.now())
    season = make_season(league, ["Alpha", "Beta"])
    draft = draft_create(season, seconds_per_pick=1)
    env = {"DATABASE_URL": database_url(connection.settings_dict), "CELERY_TASK_DEFAULT_QUEUE": task_queue}
    logs = tmp_path / "matches.log", tmp_path / "clocks.log"
    matches_worker = start_worker(concurrency=1, queue=task_queue, logfile=logs[0], env=env)
    clocks_worker = start_worker(concurrency=1, queue=clock_queue(), logfile=logs[1], env=env)
    try:
        assert queue_due_matches() == list(burst.matches.order_by("kickoff", "id").values_list("id", flat=True))
        deadline = time.monotonic() + 120
        while not burst.matches.filter(status=Match.Status.PLAYED).exists():  # the burst is draining
            assert time.monotonic() < deadline, logs[0].read_text()
            time.sleep(0.2)
        draft_start(draft.pk)
        while draft.picks.count() < PICKS_TIMED:
            assert time.monotonic() < deadline, logs[1].read_text()
            time.sleep(0.2)
        still_to_play = burst.matches.filter(status=Match.Status.SCHEDULED).count()
    finally:
        stop_worker(clocks_worker)
        stop_worker(matches_worker)
    assert still_to_play > 0  # the picks timed were all made while the burst was draining
    first = list(draft.picks.order_by("number")[:PICKS_TIMED])
    assert len(first) == PICKS_TIMED and all(pick.auto for pick in first)  # each made by its clock
    picked = [pick.created_at for pick in first]
    # each pick's clock ran out one second after the pick before it: late by under 2 s
    lateness = [(later - earlier).total_seconds() - 1 for earlier, later in zip(picked, picked[1:], strict=False)]
    assert max(lateness) < 2, lateness
