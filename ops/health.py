"""``/health/``: whether this web process can reach what Bootroom needs, for a load balancer or a
monitor. Each check is timed and reported; a failure of the database, the cache or the broker
answers 503, so a process that lost one is taken out of rotation; beat's lateness is reported,
not failed. Public and cheap (no table scan): it names no host and no error detail, only which
part failed."""

from __future__ import annotations

import time
from collections.abc import Callable

from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from django_celery_beat.models import PeriodicTask

from config.celery import app

#: Beat's look for due matches older than this many of its periods (and than its scheduler's
#: own saving interval) is reported late.
BEAT_LATE_PERIODS = 5
BEAT_SAVES_EVERY = 180
BEAT_TASK = "queue-due-matches"


def database() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return "ok"


def cache_roundtrip() -> str:
    cache.set("health", 1, 10)
    if cache.get("health") != 1:
        raise RuntimeError("the cache did not keep a value")
    return "ok"


def broker() -> str:
    with app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, timeout=2)
    return "ok"


def beat() -> str:
    """When beat last looked for due matches. Said, never failed: a web process serves without
    beat, so its lateness must not take the web out of a load balancer (a monitor reads it)."""
    task = PeriodicTask.objects.filter(name=BEAT_TASK).select_related("interval").first()
    if task is None or task.last_run_at is None:
        return "never ran"
    if not task.enabled:
        return "paused (in the admin)"
    late = (timezone.now() - task.last_run_at).total_seconds()
    period = task.schedule.run_every.total_seconds() if task.interval else 0
    # beat's database scheduler writes last_run_at every few minutes, not at every run
    if period and late > max(BEAT_LATE_PERIODS * period, BEAT_SAVES_EVERY + 2 * period):
        return f"late: last ran {late:.0f} s ago"
    return f"ran {late:.0f} s ago"


CHECKS: dict[str, Callable[[], str]] = {"database": database, "cache": cache_roundtrip, "broker": broker, "beat": beat}


@never_cache
@require_safe
def health(request: HttpRequest) -> JsonResponse:
    report: dict[str, dict[str, object]] = {}
    for name, check in CHECKS.items():
        start = time.perf_counter()
        try:
            status, ok = check(), True
        except Exception as exc:  # noqa: BLE001  (any failure of a part is the answer)
            # the checks' own findings are said; a library's error only by its type (its text may name hosts)
            status, ok = f"failing: {exc if isinstance(exc, RuntimeError) else type(exc).__name__}", False
        report[name] = {"ok": ok, "status": status, "ms": round((time.perf_counter() - start) * 1000, 1)}
    healthy = all(part["ok"] for part in report.values())
    return JsonResponse({"healthy": healthy, "checks": report}, status=200 if healthy else 503)
