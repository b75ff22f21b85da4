"""The draft clock: a task per pick, queued for the moment its time runs out."""

from celery import shared_task
from django.db import OperationalError

from audit.context import acting_as
from rosters import free_agents
from rosters.drafts.moves import clock_expired


@shared_task(bind=True, acks_late=True, max_retries=5, default_retry_delay=1)
def draft_clock(self, draft_id: int, token: str) -> None:
    """Pick for the team whose time ran out; a task that came early waits for the rest of the time."""
    try:
        with acting_as(None, via="worker"):
            wait = clock_expired(draft_id, token)
    except OperationalError as exc:
        raise self.retry(exc=exc) from exc
    if wait:
        draft_clock.apply_async((draft_id, token), countdown=wait)


@shared_task(bind=True, acks_late=True, max_retries=5, default_retry_delay=2)
def claims_settle(self, window_id: int) -> None:
    """Settle a transfer window's claims at its claims deadline (an early task does nothing)."""
    try:
        with acting_as(None, via="worker"):
            free_agents.claims_settle(window_id)
    except OperationalError as exc:
        raise self.retry(exc=exc) from exc
