"""A Redis restart that loses the queue: the worker lives on and every match is played once, soon.

The worker test runs its own redis-server (a free port, a temp dir, nothing saved), never the
shared one: it kills it mid-season and starts it again empty on the same port.
"""

import configparser
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
import redis
from celery.worker.consumer import Consumer as CeleryConsumer
from django.conf import settings
from django.db import connection
from django.utils import timezone
from kombu import Connection, Exchange, Queue
from kombu.message import Message
from kombu.transport.redis import Transport as KombuRedisTransport

from config.celery import RedisTransport, app, waiting_messages
from engines import get_engine
from matches import tasks
from matches.models import Match, PlayerMatchStat, played_events
from matches.services import played_sheets
from matches.worker import PROJECT_DIR, database_url, start_worker, stop_worker, wait_until
from ops.demo import demo_season_create
from tests.conftest import purge_queue

REDIS_SERVER = shutil.which("redis-server")

#: Beat's look for due matches, scaled down from 60 s so the test is quick.
BEAT_EVERY = 2


class RedisServer:
    """A redis-server of the test's own on a free port, keeping nothing on disk."""

    def __init__(self, directory: Path):
        self.directory = directory
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process = None

    def start(self) -> None:
        command = [REDIS_SERVER, "--bind", "127.0.0.1", "--port", str(self.port)]
        command += ["--save", "", "--appendonly", "no", "--dir", str(self.directory)]
        log = open(self.directory / "redis.log", "ab")  # noqa: SIM115 - the server owns it
        self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        assert wait_until(self.answers, 10), f"redis-server did not start:\n{self.log()}"

    def answers(self) -> bool:
        try:
            return redis.Redis(host="127.0.0.1", port=self.port, socket_connect_timeout=1).ping()
        except redis.ConnectionError:
            return False

    def kill(self) -> None:
        """SIGKILL: nothing saved, every queued message gone."""
        self.process.kill()
        self.process.wait()

    def client(self) -> redis.Redis:
        return redis.Redis(host="127.0.0.1", port=self.port)

    def log(self) -> str:
        return (self.directory / "redis.log").read_text()


@pytest.fixture
def redis_server(tmp_path):
    if REDIS_SERVER is None:
        pytest.skip("redis-server is not installed (Debian: apt-get install redis-server); this test runs its own")
    server = RedisServer(tmp_path)
    server.start()
    yield server
    if server.process.poll() is None:
        server.kill()


def assert_played_once(season) -> None:
    """Every match played, its stored result the engine's for its seed, its events and
    stats stored once."""
    engine = get_engine(season.league.engine)
    for match in season.matches.select_related("season__league", "home", "away"):
        assert match.status == Match.Status.PLAYED, (match.id, match.status, match.error)
        home, away = played_sheets(match)
        expected = engine.simulate(home, away, seed=match.seed)
        assert (match.home_goals, match.away_goals) == (expected.home_goals, expected.away_goals)
        assert len(played_events(match.id)) == len(expected.events)
        assert PlayerMatchStat.objects.filter(match=match).count() == len(home.players) + len(away.players)


def dead_connection_mid_poll(redis_server, transport) -> tuple[Connection, Message]:
    """A consumer's connection as a worker holds it when Redis dies: a task message taken
    and not acknowledged (a match being played), a fanout queue for remote control
    (auto-delete, like the pidbox), a BRPOP in flight; then the server is killed."""
    broker = Connection(redis_server.url, transport=transport)
    channel = broker.default_channel
    tasks_queue = Queue("tasks", channel=channel)
    control = Queue("worker.pidbox", Exchange("control.pidbox", type="fanout"), auto_delete=True, channel=channel)
    tasks_queue.declare()
    control.declare()
    broker.Producer(channel).publish({"task": 1}, routing_key="tasks")
    taken = []
    tasks_queue.consume(callback=taken.append, no_ack=False)
    control.consume(callback=lambda message: None, no_ack=True)
    broker.drain_events(timeout=5)
    channel.connection.cycle.on_poll_start()  # what the worker's event loop does: sends BRPOP
    assert channel._in_poll and len(taken) == 1
    redis_server.kill()
    return broker, taken[0]


@pytest.fixture
def no_prefetch_reduction():
    """The teardown's last step reads the worker's pool, which a bare consumer has not."""
    previous = app.conf.worker_enable_prefetch_count_reduction
    app.conf.worker_enable_prefetch_count_reduction = False
    yield
    app.conf.worker_enable_prefetch_count_reduction = previous


@pytest.mark.broker
@pytest.mark.parametrize("transport", [RedisTransport, KombuRedisTransport], ids=["ours", "kombu"])
def test_a_lost_redis_connection_fails_with_connection_errors_only(redis_server, transport, no_prefetch_reduction):
    """With kombu 5.7's transport, tearing down the lost connection raises AttributeError
    'hostname' in Celery's consumer, and so does the ack of a match that finished after the
    loss: the worker exited (once in three seasons of Redis restarts). With ours both are
    connection errors, which the consumer ignores (teardown) or logs (ack). When kombu's
    stops raising AttributeError after an upgrade, config.celery.RedisTransport can go."""
    broker, message = dead_connection_mid_poll(redis_server, transport)
    consumer = CeleryConsumer.__new__(CeleryConsumer)  # only what the teardown uses
    consumer.app, consumer.connection = app, broker
    lost = redis.ConnectionError("Connection closed by server.")
    if transport is KombuRedisTransport:
        with pytest.raises(AttributeError, match="hostname"):
            consumer.on_connection_error_after_connected(lost)
        with pytest.raises(AttributeError, match="hostname"):
            message.ack()
    else:
        consumer.on_connection_error_after_connected(lost)
        assert consumer.connection is None
        with pytest.raises(RedisTransport.connection_errors):
            message.ack()


@pytest.mark.django_db(transaction=True)
def test_claimed_matches_are_queued_again_at_once_when_the_broker_holds_no_message(task_queue, settings):
    """The lost messages of a broker that restarted empty: beat's look (and a worker's on
    reconnecting) queues the claimed matches again, not 600 seconds later; while messages
    wait on the broker nothing is queued twice. Six matches in batches of four: two messages."""
    settings.PLAY_BATCH_SIZE = 4
    season = demo_season_create(engine="futti", teams=4, seed=11, double=False)
    claimed_at = timezone.now() - timedelta(seconds=5)
    season.matches.update(queued_at=claimed_at)  # claimed, then the broker lost their messages
    assert waiting_messages(task_queue) == 0

    assert tasks.queue_due_matches() == 6
    assert waiting_messages(task_queue) == 2
    assert not season.matches.filter(queued_at=claimed_at).exists()

    # their messages now wait on the broker: neither look queues them again
    season.matches.update(queued_at=claimed_at)
    assert tasks.queue_due_matches() == 0
    assert tasks.queue_lost_matches() == 0
    assert waiting_messages(task_queue) == 2

    purge_queue(task_queue)
    assert tasks.queue_lost_matches() == 6
    assert waiting_messages(task_queue) == 2


@pytest.mark.django_db(transaction=True)
def test_a_worker_reconnecting_queues_no_match_for_the_first_time(task_queue):
    """queue_lost_matches (sent on every connection) only sends claimed matches again, so a
    paused periodic task still holds new due matches back."""
    season = demo_season_create(engine="futti", teams=4, seed=12, double=False)
    assert tasks.queue_lost_matches() == 0
    assert season.matches.filter(queued_at__isnull=True).count() == 6
    assert waiting_messages(task_queue) == 0


@pytest.mark.worker
@pytest.mark.broker
@pytest.mark.django_db(transaction=True)
def test_the_worker_outlives_a_broker_restart_and_plays_every_match_once(redis_server, task_queue, tmp_path):
    season = demo_season_create(engine="futti", teams=6, seed=21, double=True)
    later = season.matches.filter(round__gt=5)
    later.update(kickoff=timezone.now() + timedelta(days=1))
    assert season.matches.count() == 30 and later.count() == 15

    env = {
        "DATABASE_URL": database_url(connection.settings_dict),
        "CELERY_BROKER_URL": redis_server.url,
        "CELERY_TASK_DEFAULT_QUEUE": task_queue,
        "SIMULATE_DUE_EVERY": str(BEAT_EVERY),
        "PLAY_BATCH_SIZE": "3",  # the 15 matches of the second half in 5 messages
    }
    log = tmp_path / "worker.log"
    worker = start_worker(concurrency=2, queue=task_queue, beat=True, logfile=log, env=env, loglevel="INFO")

    def worker_log() -> str:
        return log.read_text(errors="replace")[-20000:]

    try:
        # the first half of the season, played by beat and the worker
        first_half = wait_until(lambda: season.matches.filter(status=Match.Status.PLAYED).count() == 15, 90)
        assert first_half, f"the first half was not played; the worker's log:\n{worker_log()}"

        # The second half falls due and is claimed and sent while the worker is frozen, so
        # its messages wait on the broker; then the broker dies with them.
        os.killpg(worker.pid, signal.SIGSTOP)  # the worker, its pool and its beat
        try:
            later.update(kickoff=timezone.now() - timedelta(minutes=1))
            queued = subprocess.run(
                [sys.executable, "manage.py", "queue_due"],
                cwd=PROJECT_DIR,
                env={**os.environ, **env},
                capture_output=True,
                text=True,
                timeout=60,
            )
            assert queued.returncode == 0, queued.stderr
            assert later.filter(queued_at__isnull=False).count() == 15  # every match claimed and sent
            # all wait on the broker, but one may already sit in the frozen worker's socket: a
            # blocking pop it issued before it froze is answered by the server with a message
            assert redis_server.client().llen(task_queue) in (4, 5)
            redis_server.kill()
            redis_server.start()
            back = time.monotonic()
            assert redis_server.client().llen(task_queue) == 0  # the queue is lost
        finally:
            os.killpg(worker.pid, signal.SIGCONT)

        # The claims are 600 s from stale: only the requeue of lost messages can play them.
        all_played = wait_until(lambda: not season.matches.exclude(status=Match.Status.PLAYED).exists(), 120)
        took = time.monotonic() - back
        assert all_played, f"matches left unplayed after the restart; the worker's log:\n{worker_log()}"
        assert worker.poll() is None, f"the worker exited; its log:\n{worker_log()}"
    finally:
        stop_worker(worker)

    print(f"broker back -> every match played: {took:.1f} s")
    # reconnecting takes one retry (2 s) and queue_lost_matches runs at once; beat's look
    # (every BEAT_EVERY s here, 60 s in production) is the fallback
    assert took < 30, f"{took:.1f} s from the broker's return to the last match"
    assert "Unrecoverable error" not in log.read_text(errors="replace")
    assert_played_once(season)


def unit(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.optionxform = str  # systemd keys are case-sensitive
    parser.read(PROJECT_DIR / "deploy" / "systemd" / name)
    return parser


def command_line(service: configparser.ConfigParser) -> str:
    """ExecStart as one line (systemd joins lines ending in a backslash)."""
    return " ".join(service["Service"]["ExecStart"].replace("\\\n", " ").split())


@pytest.mark.parametrize(
    "name",
    ["bootroom-worker.service", "bootroom-clock-worker.service", "bootroom-beat.service", "bootroom-web.service"],
)
def test_the_systemd_units_restart_their_service_whenever_it_stops(name):
    service = unit(name)
    assert service["Service"]["Restart"] == "always"
    assert service["Unit"]["StartLimitIntervalSec"] == "0"  # never gives up
    assert service["Install"]["WantedBy"] == "multi-user.target"


def test_the_systemd_units_run_the_queue_and_scheduler_the_settings_name():
    worker = command_line(unit("bootroom-worker.service"))
    assert f"worker --queues {settings.CELERY_TASK_DEFAULT_QUEUE},{settings.CELERY_TASK_DEFAULT_QUEUE}-odds " in worker
    assert unit("bootroom-worker.service")["Service"]["KillMode"] == "mixed"  # a warm shutdown
    clocks = command_line(unit("bootroom-clock-worker.service"))
    default = settings.CELERY_TASK_DEFAULT_QUEUE
    assert f"worker --queues {default}-clocks,{default}-notifications " in clocks
    beat = command_line(unit("bootroom-beat.service"))
    assert f"beat --scheduler {settings.CELERY_BEAT_SCHEDULER} " in beat
