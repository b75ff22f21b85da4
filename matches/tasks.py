"""Celery tasks that queue matches: thin wrappers around ``matches.services`` (the play
tasks themselves are ``competitions.tasks.play_matches`` and ``play_match``)."""

from celery import shared_task

from config.celery import app, waiting_messages
from matches import services
from matches.digests import DIGEST_TASK, results_digest_send


@shared_task
def queue_due_matches() -> int:
    """Run by celery beat: queue a play task for every match whose kickoff has passed, and
    queue the queued ones again when no message waits on the broker (theirs were lost)."""
    return len(services.queue_due_matches(requeue_claimed=play_queue_is_empty()))


@shared_task
def queue_lost_matches() -> int:
    """Sent by every worker when it (re)connects to the broker (``config.celery``): a broker
    that restarted without its data lost the queued messages, and this queues their matches
    again at once, instead of at beat's next look or when their claims go stale."""
    return len(services.queue_lost_matches()) if play_queue_is_empty() else 0


def play_queue_is_empty() -> bool:
    """No message waits in the play tasks' queue. Then a match still scheduled and queued
    either is being stored (its row is locked, and the claim skips it), is being simulated or
    waits in a worker that took its message (queued again, it is simulated twice and stored
    once: the second finds it played under the lock), or lost its message."""
    return waiting_messages(app.conf.task_default_queue) == 0


@shared_task(name=DIGEST_TASK)
def results_digest() -> int:
    """Run by celery beat every hour: yesterday's results to the managers who chose the digest
    (once a day: ``matches.digests``)."""
    return results_digest_send()
