"""Start and stop a real Celery worker process, for the demo, the tests and the benchmark."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from django.conf import settings

from config.celery import app as celery_app
from config.celery import clock_queue, odds_queue

PROJECT_DIR = Path(__file__).resolve().parent.parent


def database_url(settings_dict: dict) -> str:
    """The ``DATABASE_URL`` of a connection, so a child process opens the same database
    (the test database too, whose name is only known once the tests have made it)."""
    if settings_dict["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{settings_dict['NAME']}"
    user = settings_dict.get("USER") or ""
    password = f":{settings_dict['PASSWORD']}" if settings_dict.get("PASSWORD") else ""
    credentials = f"{user}{password}@" if user else ""
    port = f":{settings_dict['PORT']}" if settings_dict.get("PORT") else ""
    return f"postgres://{credentials}{settings_dict.get('HOST') or 'localhost'}{port}/{settings_dict['NAME']}"


def worker_command(
    *, concurrency: int = 2, queue: str | None = None, beat: bool = False, loglevel: str = "WARNING"
) -> list[str]:
    """The ``celery -A config worker`` command line of ``start_worker`` (the cluster tests run
    it on hosts of their own)."""
    command = [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "config",
        "worker",
        "--loglevel",
        loglevel,
        "--concurrency",
        str(concurrency),
        "--queues",
        queue or f"{celery_app.conf.task_default_queue},{clock_queue()},{odds_queue()}",
        "--without-gossip",
        "--without-mingle",
        "--without-heartbeat",
    ]
    if beat:
        command += ["--beat", "--schedule", str(Path(settings.VAR_DIR) / "celerybeat-schedule")]
    return command


def start_worker(
    *,
    concurrency: int = 2,
    queue: str | None = None,
    env: dict | None = None,
    beat: bool = False,
    logfile: Path | None = None,
    loglevel: str = "WARNING",
) -> subprocess.Popen:
    """A ``celery -A config worker`` child process on this project's settings and broker.

    It leads a process group of its own (its pool and an embedded beat), so that
    ``stop_worker`` can kill all of it and a test can signal all of it at once."""
    command = worker_command(concurrency=concurrency, queue=queue, beat=beat, loglevel=loglevel)
    output = open(logfile, "ab") if logfile else subprocess.DEVNULL  # noqa: SIM115 - the child owns it
    return subprocess.Popen(
        command,
        cwd=PROJECT_DIR,
        env={**os.environ, **(env or {})},
        stdout=output,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def stop_worker(process: subprocess.Popen, *, timeout: float = 20) -> int:
    """Warm shutdown (finish the task in hand), then kill it if it hangs; and whatever of
    its pool and beat outlived it (a beat left behind goes on sending tasks and holding
    the database open)."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    with contextlib.suppress(ProcessLookupError):  # none left: the worker stopped its own
        os.killpg(process.pid, signal.SIGKILL)
    return process.returncode


def wait_until(predicate, timeout: float = 90.0) -> bool:
    """Poll ``predicate`` until it is true (True) or ``timeout`` seconds pass (False)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.2)
    return False
