"""The play task: a worker plays one match with ``competitions.results.match_play``."""

from celery import shared_task
from django.db import OperationalError

from audit.context import acting_as
from competitions.results import match_play
from matches import services
from matches.services import PLAY_TASK

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
