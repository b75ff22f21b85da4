"""Load on a production server: gunicorn on loopback, a 20-team season half played, and
concurrent clients on the standings API and the season page.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test .venv/bin/python benchmarks/load.py

Prints, per path, requests per second and the p50 / p99 latency. The server runs with
production settings (DEBUG off); the clients send ``X-Forwarded-Proto: https`` as the TLS
proxy in front of it would. Each client opens a connection per request, as gunicorn's
sync workers close it after each response. The clients run in this process (asyncio), so
they share the machine's cores with the server: the figures are a floor. The league it
makes is deleted afterwards unless ``--keep`` is given.
"""

import argparse
import asyncio
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402

from competitions.results import matches_play  # noqa: E402
from ops.demo import demo_season_create  # noqa: E402

#: Issue 29's target for the standings API and the season page under load.
RATE_TARGET = 600
P99_TARGET_MS = 50


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(port: int, workers: int) -> subprocess.Popen:
    """gunicorn with production settings, after ``collectstatic`` as a deployment runs it."""
    # this process's key (SECRET_KEY, or the development key in var/): no key written here
    # and the anonymous API's rate raised: 16 clients from one address are far past a visitor's
    env = os.environ | {
        "DEBUG": "0",
        "SECRET_KEY": settings.SECRET_KEY,
        "ALLOWED_HOSTS": "127.0.0.1",
        "THROTTLE_ANON": os.environ.get("THROTTLE_ANON", "1000000/second"),
    }
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    command = [
        sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}",
        "--workers", str(workers), "--error-logfile", "-", "--log-level", "warning",
    ]  # fmt: skip
    server = subprocess.Popen(command, cwd=ROOT, env=env)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return server
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("gunicorn did not start")


async def one_request(port: int, path: str) -> tuple[int, float]:
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    accept = "application/json" if path.startswith("/api/") else "text/html"
    writer.write(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-Proto: https\r\nAccept: {accept}\r\n"
        "Connection: close\r\n\r\n".encode()
    )
    data = await reader.read()
    writer.close()
    status = int(data[9:12]) if data.startswith(b"HTTP/1.") else 0
    return status, time.perf_counter() - started


async def load(port: int, path: str, clients: int, seconds: float) -> tuple[int, list[float], dict[int, int]]:
    """``clients`` loops requesting ``path`` back to back for ``seconds``."""
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    stop = time.perf_counter() + seconds

    async def client() -> None:
        while time.perf_counter() < stop:
            status, latency = await one_request(port, path)
            statuses[status] = statuses.get(status, 0) + 1
            latencies.append(latency)

    await asyncio.gather(*(client() for _ in range(clients)))
    return len(latencies), latencies, statuses


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=20)
    parser.add_argument("--workers", type=int, default=3, help="gunicorn worker processes")
    parser.add_argument("--clients", type=int, default=16, help="concurrent clients")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--keep", action="store_true", help="keep the benchmark league")
    args = parser.parse_args()

    db = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    call_command("migrate", verbosity=0)
    season = demo_season_create(teams=args.teams, seed=7)
    matches = list(season.matches.order_by("round", "id").values_list("id", flat=True))
    matches_play(matches[: len(matches) // 2])
    print(f"database: {db}   gunicorn workers: {args.workers}   clients: {args.clients}   cores: {os.cpu_count()}")
    print(f"season: {season} (id {season.id}), {args.teams} teams, {len(matches) // 2} of {len(matches)} played")

    port = free_port()
    server = start_server(port, args.workers)
    try:
        for path in (f"/api/seasons/{season.id}/standings/", f"/seasons/{season.id}/"):
            asyncio.run(load(port, path, args.clients, 1.0))  # warm every worker's connection and cache
            count, latencies, statuses = asyncio.run(load(port, path, args.clients, args.seconds))
            rate, p99 = count / args.seconds, percentile(latencies, 0.99) * 1000
            met = rate >= RATE_TARGET and p99 < P99_TARGET_MS
            print(
                f"{path:32} {rate:7.0f} requests/s   p50 {percentile(latencies, 0.5) * 1000:5.1f} ms"
                f"   p99 {p99:5.1f} ms   statuses {statuses}   target {RATE_TARGET}/s, p99 under"
                f" {P99_TARGET_MS} ms: {'met' if met else 'not met'}"
            )
    finally:
        server.terminate()
        server.wait(10)
        if not args.keep:
            season.league.delete()


if __name__ == "__main__":
    main()
