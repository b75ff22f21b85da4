"""Scale-out across hosts, proved: a season played by workers on two hosts against one
PostgreSQL and one Redis on a third, with a web host beside them, through four faults.

The hosts are network namespaces joined by a switch (tests/cluster/netns.py). The season's
rounds fall due a few at a time; around each batch one fault strikes:

1. the first worker host's link is cut while its rounds fall due, then restored;
2. the second worker host's worker is SIGKILLed holding a message (then started again, as
   its supervisor would);
3. Redis restarts without its data while the claimed matches' messages wait on it;
4. PostgreSQL restarts (``pg_ctl restart -m fast``) while the last round waits on the broker.

Afterwards every match is played exactly once (one stored result, one audit entry), nothing
is half-stored (its events and stats are those of the engine's replay from its seed, all
of them), both worker hosts played matches, and the season finished within
``FINISHED_WITHIN`` seconds of the last fault. Beat (on the web host) looks for due and lost
matches every ``BEAT_EVERY`` seconds, as production's every 60.
"""

import json
import os
import signal
import sys
import time
import urllib.request

import pytest

from matches.services import PLAY_BATCH_TASK
from matches.worker import worker_command
from tests.cluster.netns import CannotBuild, Cluster, PostgresHost, RedisHost, missing_tools, wait_until

pytestmark = pytest.mark.cluster

TEAMS = 6  # a double round robin: 10 rounds of 3 matches
ROUNDS = 10
MATCHES = TEAMS * (TEAMS - 1)
BEAT_EVERY = 2
#: Seconds from PostgreSQL's return (the last fault) to the season's last match stored.
FINISHED_WITHIN = 30
QUEUE = "bootroom"


@pytest.fixture
def cluster():
    why = missing_tools()
    if why:
        pytest.skip(f"cluster tests skipped: {why}")
    cluster = Cluster()
    try:
        cluster.build()
    except CannotBuild as exc:
        cluster.close()
        pytest.skip(f"cluster tests skipped: network namespaces cannot be made here ({exc})")
    try:
        yield cluster
    finally:
        cluster.close()


class Season:
    """The test process's view of the season, read over the switch with plain SQL."""

    def __init__(self, postgres: PostgresHost, season_id: int):
        self.postgres, self.id = postgres, season_id

    def query(self, sql: str, *params) -> tuple:
        with self.postgres.connect() as connection:
            return connection.execute(sql, (self.id, *params)).fetchone()

    def fall_due(self, rounds: list[int]) -> None:
        with self.postgres.connect() as connection:
            connection.execute(
                "UPDATE matches_match SET kickoff = now() - interval '1 minute' "
                "WHERE season_id = %s AND round = ANY(%s)",
                (self.id, rounds),
            )

    def played(self) -> int:
        return self.query("SELECT count(*) FROM matches_match WHERE season_id = %s AND status = 'played'")[0]

    def claimed(self, rounds: list[int]) -> int:
        sql = "SELECT count(*) FROM matches_match WHERE season_id = %s AND round = ANY(%s) AND queued_at IS NOT NULL"
        return self.query(sql, rounds)[0]

    def played_safely(self) -> int:
        """Matches played, or the last count seen while the database restarts."""
        try:
            return self.played()
        except Exception:
            return -1


def project_env(cluster: Cluster, postgres: PostgresHost, broker: RedisHost) -> dict:
    """Every project process of the cluster: its database and broker on the db host, nothing
    of this machine's (no 127.0.0.1, its own var dir and cache)."""
    return {
        "DATABASE_URL": postgres.url,
        "CELERY_BROKER_URL": broker.url,
        "CELERY_TASK_DEFAULT_QUEUE": QUEUE,
        "CACHE_URL": "locmem://",
        "BOOTROOM_VAR_DIR": str(cluster.dir / "var"),
        "ALLOWED_HOSTS": cluster.address("web"),
        "SIMULATE_DUE_EVERY": str(BEAT_EVERY),
        "PLAY_BATCH_SIZE": "2",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }


def start_worker_on(cluster: Cluster, host: str, env: dict):
    command = worker_command(concurrency=1, queue=QUEUE, loglevel="INFO") + ["--hostname", f"{host}@%h"]
    return cluster.start(host, command, log=f"{host}.log", env=env)


def get_json(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=10) as response:
        assert response.status == 200, url
        return json.loads(response.read())


def freeze(*workers) -> None:
    for worker in workers:
        os.killpg(worker.pid, signal.SIGSTOP)


def thaw(*workers) -> None:
    for worker in workers:
        os.killpg(worker.pid, signal.SIGCONT)


def test_a_season_across_two_worker_hosts_survives_link_loss_kills_and_restarts(cluster):
    started = time.monotonic()
    postgres, broker = PostgresHost(cluster), RedisHost(cluster)
    postgres.start()
    broker.start()
    env = project_env(cluster, postgres, broker)
    python = sys.executable
    cluster.run("web", [python, "manage.py", "migrate", "--verbosity", "0"], env=env)
    season = Season(
        postgres,
        int(cluster.run("web", [python, "-m", "tests.cluster.season_host", "create", str(TEAMS), "29"], env=env)),
    )

    web_url = f"http://{cluster.address('web')}:8000"
    web = cluster.start(
        "web",
        [
            python,
            "-m",
            "gunicorn",
            "config.wsgi",
            "--bind",
            f"{cluster.address('web')}:8000",
            "--workers",
            "1",
            "--no-control-socket",
        ],
        log="web.log",
        env=env,
    )
    beat = cluster.start(
        "web", [python, "-m", "celery", "-A", "config", "beat", "--loglevel", "INFO"], log="beat.log", env=env
    )
    workers = {host: start_worker_on(cluster, host, env) for host in ("w1", "w2")}
    standings_url = f"{web_url}/api/seasons/{season.id}/standings/"

    def logs() -> str:
        names = ["w1.log", "w2.log", "beat.log", "web.log", "postgres.log"]
        return "\n".join(f"--- {name}\n{cluster.log(name, 3000)}" for name in names)

    def played_by(count: int, timeout: float, what: str) -> None:
        assert wait_until(lambda: season.played_safely() >= count, timeout), (
            f"{what}: {season.played_safely()} of {count} matches played\n{logs()}"
        )

    def queued_while_frozen(rounds: list[int]) -> None:
        """The rounds fall due and are claimed and sent (``queue_due`` on the web host, as beat
        would have a worker do) while every worker is frozen: their messages wait on the
        broker, but for one in each frozen worker's socket (its blocking pop was answered)."""
        freeze(*workers.values())
        season.fall_due(rounds)
        cluster.run("web", [python, "manage.py", "queue_due"], env=env)
        assert season.claimed(rounds) == 3 * len(rounds), f"rounds {rounds} not claimed\n{logs()}"

    assert wait_until(lambda: web.poll() is None and _answers(standings_url), 30), (
        f"the web host does not answer\n{logs()}"
    )
    built = time.monotonic() - started

    # The first rounds, played by both hosts.
    season.fall_due([1, 2, 3])
    played_by(9, 60, "rounds 1-3")

    # 1. The first worker host loses its link as rounds 4 and 5 fall due: the second plays
    #    them (and what the first had taken, queued again by beat); then the link is back.
    cluster.link("w1", up=False)
    season.fall_due([4, 5])
    played_by(15, 60, "rounds 4-5 with w1 cut off")
    cluster.link("w1", up=True)

    # 2. SIGKILL: the second host's worker dies holding a message (its blocking pop was
    #    answered while it was frozen); it starts again, as systemd would start it.
    queued_while_frozen([6, 7])
    os.killpg(workers["w2"].pid, signal.SIGKILL)
    workers["w2"].wait()
    thaw(workers["w1"])
    workers["w2"] = start_worker_on(cluster, "w2", env)
    played_by(21, 60, "rounds 6-7 after w2's SIGKILL")

    # 3. Redis restarts empty while the claimed matches of rounds 8 and 9 wait on it.
    queued_while_frozen([8, 9])
    broker.restart()
    thaw(*workers.values())
    played_by(27, 60, "rounds 8-9 after the Redis restart")

    # 4. PostgreSQL restarts while the last round waits on the broker: every worker's
    #    connection is cut.
    queued_while_frozen([10])
    postgres.restart()
    last_fault = time.monotonic()
    thaw(*workers.values())
    played_by(MATCHES, FINISHED_WITHIN + 30, "round 10 after the PostgreSQL restart")
    finished = time.monotonic() - last_fault
    print(f"\ncluster built and migrated in {built:.1f} s; last fault -> season finished: {finished:.1f} s")

    # Nothing played twice: a late second delivery (the link, the requeues) finds the match
    # stored; give such deliveries a beat to land before looking.
    time.sleep(BEAT_EVERY)
    problems = json.loads(
        cluster.run("web", [python, "-m", "tests.cluster.season_host", "verify", str(season.id)], env=env)
    )
    assert problems == [], "\n".join(problems)
    assert finished < FINISHED_WITHIN, f"{finished:.1f} s from PostgreSQL's restart to the last match\n{logs()}"

    for host in ("w1", "w2"):  # both hosts played matches
        assert f"Task {PLAY_BATCH_TASK}[" in cluster.log(f"{host}.log", 10**7), f"{host} played nothing\n{logs()}"
    for name, process in {"beat": beat, "web": web, **workers}.items():
        assert process.poll() is None, f"{name} exited\n{logs()}"
    table = get_json(standings_url)["standings"]  # the web host serves the whole season
    assert [row["played"] for row in table] == [2 * (TEAMS - 1)] * TEAMS, table


def _answers(url: str) -> bool:
    try:
        get_json(url)
        return True
    except OSError:
        return False
