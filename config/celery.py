"""The Celery app. Workers start with ``celery -A config worker``.

Workers outlive a database restart: a connection that failed is closed after its task
(``close_broken_connections``), so the next task (the retry) opens a new one.

Workers outlive a broker restart: they retry the connection for ever (settings), survive
kombu's failed teardown of a dead Redis connection (``RedisTransport``), and on every
(re)connection ask for the matches whose messages the broker may have lost to be queued
again (``QueueLostMatchesOnConnect``).
"""

import logging
import os

from celery import Celery, bootsteps
from celery.signals import task_postrun, worker_init
from django.db import close_old_connections
from kombu.transport import redis as kombu_redis
from redis.exceptions import ConnectionError as RedisConnectionError

from config.heap import freeze_what_is_held
from engines import ENGINES, get_engine

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

log = logging.getLogger(__name__)

app = Celery("bootroom")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


class RedisChannel(kombu_redis.Channel):
    """kombu's Redis channel, failing with a connection error once its connection is closed.

    After a connection error the worker's consumer closes the old connection twice
    (``collect()``, then ``close()``). When the first close is cut short (a BRPOP in flight,
    a remote-control queue to delete) the channel outlives its transport's detachment, and
    whatever it does next (the second close restoring unacknowledged messages, the late ack
    of a match that finished after the loss) rebuilds a connection pool from a transport
    without its connection: ``AttributeError: 'NoneType' object has no attribute
    'hostname'`` (kombu 5.7). That is not a connection error, so the worker exited; measured
    here, once in three seasons of ten to fifteen Redis restarts. As a connection error it is
    what it means: the teardown ignores it, the ack is logged as lost, the worker reconnects."""

    def _connparams(self, asynchronous=False):
        if self.connection.client is None:
            raise RedisConnectionError("the connection of this channel to the broker was closed")
        return super()._connparams(asynchronous=asynchronous)


class RedisTransport(kombu_redis.Transport):
    """kombu's Redis transport with ``RedisChannel`` (``CELERY_BROKER_TRANSPORT``)."""

    Channel = RedisChannel


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


@task_postrun.connect
def close_broken_connections(task=None, **kwargs) -> None:
    """After each task, what Django does after each request: close a database connection that
    failed and no longer answers (or outlived ``CONN_MAX_AGE``), and have the next task check
    its connection before its first query (``conn_health_checks``). Celery's own closing is
    off (``CELERY_DB_REUSE_MAX``, so a worker keeps its connection), and without this a worker
    whose PostgreSQL restarted failed every task with "the connection is lost" for its next
    2,000 tasks (found by the cluster tests). Not for a task run eagerly inside a caller's
    transaction (a test's, an admin action's): Django takes that for a connection to drop."""
    if task is not None and getattr(task.request, "is_eager", False):
        return
    close_old_connections()


@worker_init.connect
def worker_ready_to_fork(**kwargs) -> None:
    """Load every installed engine, then freeze what the worker holds (``freeze_what_is_held``),
    in the main process before it forks its pool: each pool process starts with all of it, shared
    and frozen, and is ready as soon as it is forked (pool processes that did this themselves were
    slower to take their first task, and the cluster tests once saw a batch wait on one that was
    not yet ready). An engine is otherwise imported by the first match of its game, and that first
    batch paid about 80 ms for it; one that fails to import is logged and fails only its own
    matches, as before."""
    for key in ENGINES:
        try:
            get_engine(key)
        except Exception:
            log.exception("engine %s could not be loaded", key)
    freeze_what_is_held()


#: Tasks that must run on time whatever else waits: a burst of matches on the default queue
#: never holds them up, because they wait on a queue of their own that a worker of its own
#: consumes (README, "Workers and queues"). A transfer window's claims are settled at their
#: deadline the same way.
CLOCK_TASKS = {"rosters.tasks.draft_clock", "rosters.tasks.claims_settle"}
#: Notifications' e-mails: as prompt as the clocks (a pick on the clock is told by one).
NOTIFICATION_TASKS = {"notifications.email", "rosters.tasks.pick_warning", "matches.tasks.results_digest"}
#: Tasks that may take long and may wait (previews, season odds, a game's fairness, a draft's card values): a
#: queue of their own, so workers of their own (or none busy with matches) can take them.
ODDS_TASKS = {
    "competitions.season_odds",
    "competitions.match_preview",
    "competitions.fairness_refresh",
    "competitions.draft_card_values",
}


def clock_queue() -> str:
    """The draft clocks' queue, named after the default queue (whatever it is set to)."""
    return f"{app.conf.task_default_queue}-clocks"


def notifications_queue() -> str:
    """The notifications' queue, named after the default queue."""
    return f"{app.conf.task_default_queue}-notifications"


def odds_queue() -> str:
    """The previews' and odds' queue, named after the default queue."""
    return f"{app.conf.task_default_queue}-odds"


def task_route(name, args, kwargs, options, task=None, **kwargs_more):
    """Celery's router (``CELERY_TASK_ROUTES``): the clocks, the notifications and the odds to
    their queues, the rest to the default queue (the matches)."""
    if name in CLOCK_TASKS:
        return {"queue": clock_queue()}
    if name in NOTIFICATION_TASKS:
        return {"queue": notifications_queue()}
    if name in ODDS_TASKS:
        return {"queue": odds_queue()}
    return None


def waiting_messages(queue: str) -> int:
    """How many messages wait in a queue of the broker (not those a worker has taken)."""
    with app.connection_for_write() as connection:
        try:
            return connection.default_channel.queue_declare(queue=queue, passive=True).message_count
        except connection.channel_errors:  # no such queue: Redis drops an empty list's key
            return 0
