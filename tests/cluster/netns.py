"""Hosts for the cluster tests, made of network namespaces on this machine.

Each host is a namespace (``brt-<run>-db`` ...) with one interface, ``eth0``, the end of a
veth pair whose other end is a port of a bridge. The bridge lives in a namespace of its own
(the switch), so no traffic between hosts passes this machine's own firewall; one more veth
pair joins the switch to this machine (address ``.1``), which is how the test process reaches
the hosts (HTTP to the web host, SQL to the database host). Only the addresses of a private
/24 picked free of this machine's own (10.231.x.0/24) are used: never 127.0.0.1, never the
machine's PostgreSQL or Redis. Cutting a host's link is setting its bridge port down: the host
sees its cable pulled, its sockets stay open.

``Cluster.close()`` removes everything it made (processes, namespaces, links, the temp dir),
and is safe to call after a half-built cluster.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import psycopg
import redis

POSTGRES_BIN = Path("/usr/lib/postgresql/15/bin")
REDIS_SERVER = shutil.which("redis-server")
PROJECT_DIR = Path(__file__).resolve().parents[2]

#: The hosts and the last byte of their addresses.
HOSTS = {"db": 10, "w1": 11, "w2": 12, "web": 13}


def missing_tools() -> str | None:
    """Why the cluster cannot be built here, or None."""
    if os.geteuid() != 0:
        return "the cluster tests make network namespaces, which needs root"
    for tool in ("ip", "runuser"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (Debian: iproute2, util-linux)"
    for name in ("initdb", "pg_ctl", "postgres"):
        if not (POSTGRES_BIN / name).exists():
            return f"{POSTGRES_BIN / name} is missing (Debian: apt-get install postgresql-15)"
    if REDIS_SERVER is None:
        return "redis-server is not installed (Debian: apt-get install redis-server)"
    return None


class CannotBuild(Exception):
    """The machine refuses namespaces or veth pairs (a container without CAP_NET_ADMIN, say)."""


def sh(*command: str, check: bool = True, timeout: float = 60) -> subprocess.CompletedProcess:
    result = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    if check and result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({result.returncode}): {result.stderr.strip()}")
    return result


def free_subnet() -> str:
    """A 10.231.x.0/24 that no interface of this machine (nor another cluster) uses, from a
    random start, so two runs at once hardly ever try the same."""
    used = sh("ip", "-4", "-o", "addr").stdout
    start = secrets.randbelow(256)
    for x in ((start + n) % 256 for n in range(256)):
        if f" 10.231.{x}." not in used:
            return f"10.231.{x}"
    raise CannotBuild("no free 10.231.x.0/24 subnet")


def wait_until(predicate, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.2)
    return False


class Cluster:
    """The namespaces, their links and every process started in them."""

    def __init__(self) -> None:
        self.run_id = secrets.token_hex(2)
        self.prefix = f"brt-{self.run_id}"
        self.switch = f"{self.prefix}-sw"
        self.dir = Path(tempfile.mkdtemp(prefix=f"{self.prefix}-"))
        self.dir.chmod(0o755)  # the postgres user reaches its data directory inside
        self.subnet = ""
        self.namespaces: list[str] = []
        self.processes: list[subprocess.Popen] = []
        self.servers: list = []  # stopped first on close (PostgreSQL, which pg_ctl started)

    # ---- building
    def build(self) -> None:
        try:
            sh("ip", "netns", "add", self.switch)
        except RuntimeError as exc:
            raise CannotBuild(str(exc)) from exc
        self.namespaces.append(self.switch)
        self.subnet = free_subnet()
        self.in_ns(self.switch, "ip", "link", "set", "lo", "up")
        self.in_ns(self.switch, "ip", "link", "add", "br0", "type", "bridge")
        self.in_ns(self.switch, "ip", "link", "set", "br0", "up")
        # this machine's leg: the test process talks to the hosts from .1
        self.port_add(f"{self.prefix}-me", None)
        sh("ip", "addr", "add", f"{self.subnet}.1/24", "dev", f"{self.prefix}-me")
        sh("ip", "link", "set", f"{self.prefix}-me", "up")
        for host, last in HOSTS.items():
            ns = self.ns(host)
            sh("ip", "netns", "add", ns)
            self.namespaces.append(ns)
            self.in_ns(ns, "ip", "link", "set", "lo", "up")
            self.port_add("eth0", ns)
            self.in_ns(ns, "ip", "addr", "add", f"{self.subnet}.{last}/24", "dev", "eth0")
            self.in_ns(ns, "ip", "link", "set", "eth0", "up")

    def port_add(self, name: str, ns: str | None) -> None:
        """A veth pair: one end ``name`` in ``ns`` (this machine when None), the other a port
        of the switch's bridge, called after the host."""
        port = f"p-{ns.rsplit('-', 1)[1] if ns else 'me'}"
        peer = f"{self.prefix}-t"
        sh("ip", "link", "add", peer, "type", "veth", "peer", "name", f"{self.prefix}-u")
        sh("ip", "link", "set", peer, "netns", self.switch)
        self.in_ns(self.switch, "ip", "link", "set", peer, "name", port)
        self.in_ns(self.switch, "ip", "link", "set", port, "master", "br0", "up")
        if ns is None:
            sh("ip", "link", "set", f"{self.prefix}-u", "name", name)
        else:
            sh("ip", "link", "set", f"{self.prefix}-u", "netns", ns)
            self.in_ns(ns, "ip", "link", "set", f"{self.prefix}-u", "name", name)

    def ns(self, host: str) -> str:
        return f"{self.prefix}-{host}"

    def address(self, host: str) -> str:
        return f"{self.subnet}.{HOSTS[host]}"

    def in_ns(self, ns: str, *command: str, check: bool = True, timeout: float = 60) -> subprocess.CompletedProcess:
        return sh("ip", "netns", "exec", ns, *command, check=check, timeout=timeout)

    def on(self, host: str, *command: str, **options) -> subprocess.CompletedProcess:
        return self.in_ns(self.ns(host), *command, **options)

    def run(self, host: str, command: list[str], *, env: dict, timeout: float = 300) -> str:
        """Run a project command on ``host`` and return its output; fail with its errors."""
        result = subprocess.run(
            ["ip", "netns", "exec", self.ns(host), *command],
            cwd=PROJECT_DIR,
            env={**os.environ, **env},
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} on {host} failed ({result.returncode}):\n{result.stderr[-4000:]}")
        return result.stdout

    def start(self, host: str, command: list[str], *, log: str, env: dict | None = None) -> subprocess.Popen:
        """A process on ``host`` (``ip netns exec`` becomes it: its pid is the process's),
        leading a process group of its own, its output appended to ``log`` in the temp dir."""
        output = open(self.dir / log, "ab")  # noqa: SIM115 - the child owns it
        process = subprocess.Popen(
            ["ip", "netns", "exec", self.ns(host), *command],
            cwd=PROJECT_DIR,
            env={**os.environ, **(env or {})},
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        output.close()
        self.processes.append(process)
        return process

    def log(self, name: str, tail: int = 6000) -> str:
        path = self.dir / name
        return path.read_text(errors="replace")[-tail:] if path.exists() else f"({name}: no log)"

    # ---- faults
    def link(self, host: str, up: bool) -> None:
        """Plug or pull the host's cable: its switch port up or down."""
        self.in_ns(self.switch, "ip", "link", "set", f"p-{host}", "up" if up else "down")

    # ---- taking down
    def close(self) -> None:
        for server in self.servers:
            with contextlib.suppress(Exception):
                server.stop()
        for process in self.processes:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGKILL)
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=10)
        for ns in self.namespaces:  # a namespace's veth ends go with it, and their peers
            for pid in sh("ip", "netns", "pids", ns, check=False).stdout.split():
                with contextlib.suppress(ProcessLookupError):
                    os.kill(int(pid), signal.SIGKILL)
            sh("ip", "netns", "del", ns, check=False)
        sh("ip", "link", "del", f"{self.prefix}-me", check=False)
        shutil.rmtree(self.dir, ignore_errors=True)


class PostgresHost:
    """A fresh PostgreSQL cluster on the db host: trust for the subnet, nothing else."""

    def __init__(self, cluster: Cluster, host: str = "db"):
        self.cluster, self.host = cluster, host
        self.data = cluster.dir / "pgdata"
        self.address = cluster.address(host)
        self.url = f"postgres://postgres@{self.address}:5432/bootroom"
        cluster.servers.append(self)

    def as_postgres(self, *command: str, timeout: float = 120) -> subprocess.CompletedProcess:
        return self.cluster.on(self.host, "runuser", "-u", "postgres", "--", *command, timeout=timeout)

    def start(self) -> None:
        shutil.chown(self.cluster.dir, "postgres")
        self.as_postgres(str(POSTGRES_BIN / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust")
        with open(self.data / "pg_hba.conf", "a") as hba:
            hba.write(f"host all all {self.cluster.subnet}.0/24 trust\n")
        options = f"-c listen_addresses={self.address} -k {self.cluster.dir} -c fsync=off -c full_page_writes=off"
        log = str(self.cluster.dir / "postgres.log")
        self.as_postgres(str(POSTGRES_BIN / "pg_ctl"), "-D", str(self.data), "-l", log, "-o", options, "-w", "start")
        with self.connect(dbname="postgres") as connection:
            connection.autocommit = True
            connection.execute("CREATE DATABASE bootroom")

    def restart(self) -> None:
        """``pg_ctl restart -m fast``: every connection is cut, the server is back at once."""
        log = str(self.cluster.dir / "postgres.log")  # else its output holds our pipe open
        self.as_postgres(str(POSTGRES_BIN / "pg_ctl"), "-D", str(self.data), "-l", log, "-m", "fast", "-w", "restart")

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self.cluster.on(
                self.host,
                "runuser",
                "-u",
                "postgres",
                "--",
                str(POSTGRES_BIN / "pg_ctl"),
                "-D",
                str(self.data),
                "-m",
                "immediate",
                "stop",
                check=False,
            )

    def connect(self, dbname: str = "bootroom") -> psycopg.Connection:
        """A connection of the test process, across the switch."""
        return psycopg.connect(host=self.address, user="postgres", dbname=dbname, connect_timeout=5)


class RedisHost:
    """The broker on the db host, keeping nothing on disk: a restart loses every message."""

    def __init__(self, cluster: Cluster, host: str = "db"):
        self.cluster, self.host = cluster, host
        self.address = cluster.address(host)
        self.url = f"redis://{self.address}:6379/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        command = [
            REDIS_SERVER,
            "--bind",
            self.address,
            "--port",
            "6379",
            "--save",
            "",
            "--appendonly",
            "no",
            "--protected-mode",
            "no",
        ]
        self.process = self.cluster.start(self.host, [*command, "--dir", str(self.cluster.dir)], log="redis.log")
        assert wait_until(self.answers, 10), f"redis-server did not start:\n{self.cluster.log('redis.log')}"

    def restart(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=20)
        self.start()

    def client(self) -> redis.Redis:
        return redis.Redis(host=self.address, port=6379, socket_connect_timeout=1)

    def answers(self) -> bool:
        try:
            return self.client().ping()
        except redis.ConnectionError:
            return False
