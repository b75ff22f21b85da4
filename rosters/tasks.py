"""The draft clock (a task per pick, queued for the moment its time runs out, and its warning to
the manager on the clock), the trades' veto deadlines (a task per accepted trade, queued for
the end of its veto period) and the transfer windows' claims deadlines."""

from celery import shared_task
from django.db import OperationalError
from django.utils import timezone

from audit.context import acting_as
from rosters import free_agents, trades
from rosters.drafts.clock import WARNING_TASK, pick_warning
from rosters.drafts.moves import clock_expired
from rosters.models import Trade


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


@shared_task(name=WARNING_TASK, acks_late=True)
def pick_warning_task(draft_id: int, token: str) -> None:
    """Warn the manager on the clock that the time is running out (if the move is still due)."""
    pick_warning(draft_id, token)


@shared_task(bind=True, acks_late=True, max_retries=5, default_retry_delay=2)
def trade_execute(self, trade_id: int) -> None:
    """Execute an accepted trade at the end of its veto period; one that came early waits again."""
    try:
        with acting_as(None, via="worker"):
            trade = trades.trade_execute(trade_id)
    except OperationalError as exc:
        raise self.retry(exc=exc) from exc
    if trade.state == Trade.State.ACCEPTED and trade.executes_at and trade.executes_at > timezone.now():
        trade_execute.apply_async((trade_id,), eta=trade.executes_at)


@shared_task(bind=True, acks_late=True, max_retries=5, default_retry_delay=2)
def trades_execute_due(self) -> None:
    """Execute every accepted trade whose veto period has ended (a sweep for beat, should a task be lost)."""
    try:
        with acting_as(None, via="worker"):
            trades.trades_execute_due()
    except OperationalError as exc:
        raise self.retry(exc=exc) from exc


@shared_task(bind=True, acks_late=True, max_retries=5, default_retry_delay=2)
def claims_settle(self, window_id: int) -> None:
    """Settle a transfer window's claims at its claims deadline (an early task does nothing)."""
    try:
        with acting_as(None, via="worker"):
            free_agents.claims_settle(window_id)
    except OperationalError as exc:
        raise self.retry(exc=exc) from exc


@shared_task(bind=True, acks_late=True, max_retries=5, default_retry_delay=2)
def claims_settle_due(self) -> None:
    """Settle every window whose claims deadline has passed (a sweep for beat, should a task be lost)."""
    try:
        with acting_as(None, via="worker"):
            for window_id in free_agents.claims_due().values_list("pk", flat=True):
                free_agents.claims_settle(window_id)
    except OperationalError as exc:
        raise self.retry(exc=exc) from exc
