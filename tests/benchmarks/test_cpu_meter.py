"""benchmarks.cpu: the CPU a benchmark's worker and database backends use, read from /proc."""

import subprocess
import sys

import psycopg
import pytest
from django.db import connection

from benchmarks.cpu import CpuMeter, cpu_line, cpu_seconds, group_pids

BUSY = "import time\nend = time.process_time() + {seconds}\nwhile time.process_time() < end: pass\n"


def busy_group(seconds: float, children: int = 0) -> subprocess.Popen:
    """A process leading a group of its own that burns ``seconds`` of CPU, in each of its
    ``children`` too (as a worker's pool does)."""
    busy = BUSY.format(seconds=seconds)
    code = "import subprocess, sys\n"
    code += f"kids = [subprocess.Popen([sys.executable, '-c', {busy!r}]) for _ in range({children})]\n"
    code += busy + "[kid.wait() for kid in kids]\ninput()\n"
    return subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, start_new_session=True)


@pytest.mark.django_db
def test_the_meter_counts_the_whole_group_of_the_worker_and_no_other_process():
    """0.3 s in the worker and 0.3 s in its child are counted, not the 0.3 s of a process beside."""
    outsider = busy_group(0.3)
    worker = busy_group(0.3, children=1)
    try:
        meter = CpuMeter(worker)
        meter.start()
        worker_seconds = 0.0
        for _ in range(200):
            worker_seconds, _ = meter.stop()
            if worker_seconds >= 0.5 and len(group_pids(worker.pid)) == 1:  # the child has ended
                break
            subprocess.run(["sleep", "0.05"], check=True)
        assert 0.5 <= worker_seconds < 0.85
    finally:
        for process in (worker, outsider):
            process.kill()
            process.wait()
    assert cpu_seconds(worker.pid) == 0.0  # gone: nothing to read


@pytest.mark.django_db(transaction=True)
def test_the_database_side_is_the_backends_of_other_connections_to_this_database():
    worker = busy_group(0, children=0)
    try:
        meter = CpuMeter(worker)
        if connection.vendor != "postgresql":
            meter.start()
            assert meter.stop() == (0.0, None)
            return
        params = connection.get_connection_params()
        other = psycopg.connect(**{key: params[key] for key in ("host", "port", "user", "dbname") if key in params})
        meter.start()
        other.execute("SELECT count(*) FROM generate_series(1, 5000000)").fetchone()
        _, database_seconds = meter.stop()
        other.close()
    finally:
        worker.kill()
        worker.wait()
    assert database_seconds is not None and database_seconds > 0.1


def test_the_line_gives_the_rate_the_cores_allow(monkeypatch):
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    assert cpu_line(1.5, 0.5, 1000) == (
        "CPU a match: worker 1.50 ms + PostgreSQL 0.50 ms = 2.00 ms (2 cores allow 1,000 matches/s at most)"
    )
    assert cpu_line(1.5, None, 1000) == "CPU a match: worker 1.50 ms (the database is on another host)"
