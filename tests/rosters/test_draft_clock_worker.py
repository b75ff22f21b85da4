"""The draft clock on a real Celery worker: when time runs out, the worker picks, pick after pick."""

import time
import uuid

import pytest
from django.db import connection

from config.celery import app
from matches.worker import database_url, start_worker, stop_worker
from rosters.drafts import clock
from rosters.drafts.moves import draft_start
from rosters.drafts.setup import draft_create
from rosters.models import Draft, SquadMember
from tests.conftest import make_season

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

QUEUE_THE_CLOCK = clock.schedule_clock  # the real one: the conftest records instead


@pytest.fixture
def worker_queue():
    """A queue of this test's own, so no message left on a shared broker can reach its worker."""
    queue = f"bootroom-test-{uuid.uuid4().hex[:8]}"
    previous = app.conf.task_default_queue
    app.conf.task_default_queue = queue
    yield queue
    app.conf.task_default_queue = previous


def test_the_worker_runs_the_clock_and_picks_for_idle_managers(league, pool, monkeypatch, tmp_path, worker_queue):
    monkeypatch.setattr(clock, "schedule_clock", QUEUE_THE_CLOCK)
    season = make_season(league, ["Alpha", "Beta"])
    draft = draft_create(season, seconds_per_pick=1)
    log = tmp_path / "worker.log"
    # the worker queues the next pick's clock itself: on the same queue
    env = {"DATABASE_URL": database_url(connection.settings_dict), "CELERY_TASK_DEFAULT_QUEUE": worker_queue}
    worker = start_worker(logfile=log, env=env)  # the matches' queue and the clocks'
    try:
        started = time.monotonic()
        draft_start(draft.pk)
        deadline = started + 120
        while time.monotonic() < deadline and Draft.objects.get(pk=draft.pk).state != "done":
            time.sleep(0.5)
        took = time.monotonic() - started
    finally:
        stop_worker(worker)
    draft.refresh_from_db()
    assert draft.state == "done", f"the clock stopped at pick {draft.pick_number}; worker log:\n{log.read_text()}"
    assert draft.picks.filter(auto=True).count() == 16
    assert SquadMember.objects.filter(season=season).count() == 16
    assert took >= 16  # one second per pick: the clock waited for every deadline
