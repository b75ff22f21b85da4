"""The Celery app. Workers start with ``celery -A config worker``.

Workers outlive a broker restart: they retry the connection for ever (settings), survive
kombu's failed teardown of the dead connection (``Consumer``), and on every (re)connection
ask for the matches whose messages the broker may have lost to be queued again
(``QueueLostMatchesOnConnect``).
"""

import logging
import os

from celery import Celery, bootsteps
from celery.worker.consumer import Consumer as CeleryConsumer

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

log = logging.getLogger(__name__)

app = Celery("bootroom")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


class Consumer(CeleryConsumer):
    """Celery's consumer, kept alive when tearing down a dead Redis connection fails.

    After a connection error the consumer closes the old connection twice (``collect()``
    then ``close()``). When the first close was cut short (a BRPOP still in flight) and the
    worker holds unacknowledged messages, kombu's second close rebuilds a connection pool
    from a transport already detached from its connection and raises
    ``AttributeError: 'NoneType' object has no attribute 'hostname'`` (celery 5.7, kombu
    5.7). That error is not a connection error, so the worker exited; measured here, once
    in three seasons of ten to fifteen Redis restarts. The old connection is gone either
    way; the consumer goes on to reconnect."""

    def on_connection_error_after_connected(self, exc):
        try:
            super().on_connection_error_after_connected(exc)
        except AttributeError:
            log.warning("closing the lost broker connection failed; reconnecting anyway", exc_info=True)


class QueueLostMatchesOnConnect(bootsteps.StartStopStep):
    """On every connection to the broker, the first and each after a loss, send one
    ``queue_lost_matches``: if the broker came back without its data, the matches whose
    messages it lost are played within seconds of the worker reconnecting."""

    requires = {"celery.worker.consumer.tasks:Tasks"}

    def start(self, c):
        try:
            c.app.send_task("matches.tasks.queue_lost_matches")
        except Exception:  # the broker went again: the next connection sends it, beat looks anyway
            log.warning("could not ask for lost matches to be queued again", exc_info=True)


app.steps["consumer"].add(QueueLostMatchesOnConnect)


def waiting_messages(queue: str) -> int:
    """How many messages wait in a queue of the broker (not those a worker has taken)."""
    with app.connection_for_write() as connection:
        try:
            return connection.default_channel.queue_declare(queue=queue, passive=True).message_count
        except connection.channel_errors:  # no such queue: Redis drops an empty list's key
            return 0
