"""CPU time of the processes a benchmark drives: its worker's processes and PostgreSQL's
backends of the benchmark's database, read from ``/proc`` (Linux, the database on this host).

Wall time on a shared machine grows with everything else running: other work at ``nice 19``
still takes a core whenever a worker or a backend waits a moment, and every hand-over between
the two then waits for the scheduler (matches played in process went 1.5x slower beside two
mutation runs than with the CPU given to them first). CPU time a match does not move with the
load, so it is the figure to compare across runs, and the number of cores divided by it is what
the machine could drain at most."""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from django.db import connection

TICKS = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command's name, or None for a process gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def cpu_seconds(pid: int) -> float:
    """User and system time the process and its children ended and waited for have used; 0 for
    one gone."""
    fields = _stat(pid)
    return sum(int(value) for value in fields[11:15]) / TICKS if fields else 0.0


def group_pids(leader: int) -> list[int]:
    """The processes of the process group that ``leader`` leads (a worker and its pool)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))) and int(fields[2]) == leader:
            found.append(int(entry.name))
    return found


def database_backends() -> list[int]:
    """PostgreSQL's backends of this database but the benchmark's own, where the server runs on
    this host (its processes are in ``/proc``); none otherwise."""
    if connection.vendor != "postgresql":
        return []
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        pids = [pid for (pid,) in cursor.fetchall()]
    return [pid for pid in pids if _command(pid).startswith("postgres")]


def _command(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text()
    except OSError:
        return ""


@dataclass
class CpuMeter:
    """CPU used by a worker (its whole process group) and by the database's backends between
    ``start`` and ``stop``. A process that starts meanwhile counts from nothing; one of the worker
    that ends counts in its parent's children's time once waited for (so what it had used before
    ``start`` is taken off); a backend that ends is missed (workers keep their connections)."""

    worker: subprocess.Popen
    _start: dict[tuple[str, int], float] = field(default_factory=dict)
    local_database: bool = False

    def _now(self) -> dict[tuple[str, int], float]:
        backends = database_backends()
        self.local_database = self.local_database or bool(backends)
        return {("worker", pid): cpu_seconds(pid) for pid in group_pids(self.worker.pid)} | {
            ("database", pid): cpu_seconds(pid) for pid in backends
        }

    def start(self) -> None:
        self._start = self._now()

    def stop(self) -> tuple[float, float | None]:
        """Seconds of CPU of the worker and of the database (None when the server is not local)."""
        now = self._now()
        used = {"worker": 0.0, "database": 0.0}
        for (kind, pid), seconds in now.items():
            used[kind] += seconds - self._start.get((kind, pid), 0.0)
        for (kind, pid), seconds in self._start.items():
            if kind == "worker" and (kind, pid) not in now:
                used[kind] -= seconds  # its parent's children's time has all of it now
        return used["worker"], (used["database"] if self.local_database else None)


def cpu_line(worker_seconds: float, database_seconds: float | None, matches: int) -> str:
    """CPU a match of the worker and the database, and the rate the machine's cores allow at it."""
    worker_ms = worker_seconds / matches * 1000
    if database_seconds is None:
        return f"CPU a match: worker {worker_ms:.2f} ms (the database is on another host)"
    database_ms = database_seconds / matches * 1000
    total = worker_ms + database_ms
    cores = os.cpu_count() or 1
    return (
        f"CPU a match: worker {worker_ms:.2f} ms + PostgreSQL {database_ms:.2f} ms = {total:.2f} ms"
        f" ({cores} cores allow {cores * 1000 / total:,.0f} matches/s at most)"
    )
