"""``/health/``: 200 while the database, the cache, the broker and beat answer; 503 naming the part
that does not, with no detail that could name a host."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from django_celery_beat.models import IntervalSchedule, PeriodicTask

from ops import health

pytestmark = pytest.mark.django_db


def test_healthy_when_every_part_answers(client):
    response = client.get("/health/")
    body = response.json()
    assert response.status_code == 200 and body["healthy"]
    assert set(body["checks"]) == {"database", "cache", "broker", "beat"}
    assert body["checks"]["beat"]["status"] == "never ran"
    assert response["Cache-Control"].startswith("max-age=0")


def test_a_failing_part_answers_503_and_says_which(client, monkeypatch):
    def refused():
        raise ConnectionRefusedError("connection to server at 10.1.2.3 refused")

    monkeypatch.setitem(health.CHECKS, "broker", refused)
    response = client.get("/health/")
    body = response.json()
    assert response.status_code == 503 and not body["healthy"]
    assert body["checks"]["broker"] == {
        "ok": False,
        "status": "failing: ConnectionRefusedError",
        "ms": pytest.approx(0, abs=50),
    }
    assert "10.1.2.3" not in response.content.decode() and body["checks"]["database"]["ok"]


def test_beat_is_reported_late_or_paused_but_never_fails_the_check(client):
    every = IntervalSchedule.objects.create(every=60, period=IntervalSchedule.SECONDS)
    task = PeriodicTask.objects.create(name=health.BEAT_TASK, task="matches.tasks.queue_due_matches", interval=every)
    PeriodicTask.objects.filter(pk=task.pk).update(last_run_at=timezone.now() - timedelta(seconds=30))
    assert re.fullmatch(r"ran 3\d s ago", client.get("/health/").json()["checks"]["beat"]["status"])
    PeriodicTask.objects.filter(pk=task.pk).update(last_run_at=timezone.now() - timedelta(minutes=10))
    response = client.get("/health/")
    assert response.status_code == 200 and response.json()["healthy"]  # the web serves without beat
    assert re.fullmatch(r"late: last ran 60\d s ago", response.json()["checks"]["beat"]["status"])
    PeriodicTask.objects.filter(pk=task.pk).update(enabled=False)
    assert client.get("/health/").json()["checks"]["beat"]["status"] == "paused (in the admin)"
