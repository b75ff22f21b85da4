"""The veto deadline on a real Celery worker: the task queued for ``executes_at`` executes the
trade; one that arrives early waits for the rest of the period and executes it then, once."""

import time
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from matches.worker import database_url, start_worker, stop_worker
from rosters import trades
from rosters.models import LedgerEntry, Trade
from tests.rosters import test_draft_clock_worker
from tests.rosters.test_trades import holder, propose

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

QUEUE_THE_EXECUTION = trades.schedule_execution  # the real one: the conftest records instead


#: A queue of this test's own (the draft clock's fixture).
worker_queue = test_draft_clock_worker.worker_queue


def test_the_worker_executes_the_trade_at_the_end_of_its_veto_period(trading, league, tmp_path, worker_queue):
    league.trade_veto_hours = 1
    league.save()
    trade = propose(trading, asked=["Card 09"], coins_offered=2)
    trades.trade_accept(trade.pk, by=trading["carla"])
    ends = timezone.now() + timedelta(seconds=3)
    Trade.objects.filter(pk=trade.pk).update(executes_at=ends)  # a veto period of seconds, for the test
    log = tmp_path / "worker.log"
    env = {"DATABASE_URL": database_url(connection.settings_dict), "CELERY_TASK_DEFAULT_QUEUE": worker_queue}
    worker = start_worker(logfile=log, env=env)
    try:
        QUEUE_THE_EXECUTION((trade.pk,), timezone.now())  # early: it must wait for the rest
        QUEUE_THE_EXECUTION((trade.pk,), ends)  # and the one queued at acceptance, delivered too
        early = Trade.objects.get(pk=trade.pk).state
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and Trade.objects.get(pk=trade.pk).state == "accepted":
            time.sleep(0.3)
        done_at = timezone.now()
        time.sleep(2)  # the second task's turn: it must change nothing
    finally:
        stop_worker(worker)
    trade.refresh_from_db()
    assert trade.state == "executed", f"worker log:\n{log.read_text()}"
    assert early == "accepted" and done_at >= ends
    assert holder(trading["season"], "Card 09") == "Alpha"
    assert LedgerEntry.objects.filter(reason="trade_out", player=None).count() == 1
