"""The play tasks: a worker plays a batch of matches with ``competitions.results.matches_play``
(what ``matches.services.play_tasks_send`` queues), or one match with ``match_play`` (messages
queued by an older release)."""

from celery import shared_task
from django.db import InterfaceError, OperationalError

from audit.context import acting_as
from competitions.results import match_play, matches_play
from matches import services
from matches.services import PLAY_BATCH_TASK, PLAY_TASK

#: Tries of a match whose engine raised, before it is marked failed.
ENGINE_RETRIES = 2


# named as before it moved here, so a message queued by an older release still finds it
@shared_task(name=PLAY_TASK, bind=True, acks_late=True, max_retries=8, default_retry_delay=1)
def play_match(self, match_id: int) -> None:
    """Play one match. Lock trouble is retried; an engine error a bounded number of times."""
    with acting_as(None, via="worker"):
        try:
            match_play(match_id=match_id)
        except OperationalError as exc:
            raise self.retry(exc=exc, countdown=min(2**self.request.retries, 30)) from exc
        except Exception as exc:
            if self.request.retries < ENGINE_RETRIES:
                raise self.retry(exc=exc) from exc
            services.match_fail(match_id=match_id, error=f"{type(exc).__name__}: {exc}")


@shared_task(name=PLAY_BATCH_TASK, bind=True, acks_late=True, max_retries=8, default_retry_delay=1)
def play_matches(self, match_ids: list[int]) -> None:
    """Play a batch of matches in one transaction (each in its savepoint; an engine error fails
    only its match). Lock trouble or a lost connection retries the batch: nothing of it was
    stored, and matches played since are skipped."""
    with acting_as(None, via="worker"):
        try:
            matches_play(match_ids)
        except (OperationalError, InterfaceError) as exc:
            raise self.retry(exc=exc, countdown=min(2**self.request.retries, 30)) from exc
