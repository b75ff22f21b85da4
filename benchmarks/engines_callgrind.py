"""Instructions per match of each engine, counted by valgrind's callgrind.

    .venv/bin/python benchmarks/engines_callgrind.py                  # every engine
    .venv/bin/python benchmarks/engines_callgrind.py futti flexdeck --winner-required --runs 200 1200

Runs ``python -m engines bench ENGINE --matches N`` twice under callgrind (with
``PYTHONHASHSEED=0``), for a short and a long run, and prints the difference in
instructions divided by the difference in matches: start-up, imports and the warm-up
match cancel out. An instruction count does not depend on the machine's load, so the
figures compare across runs and machines (matches per second vary twofold here).
Needs ``valgrind`` (``apt-get install valgrind``); a run takes a minute or two per engine.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engines import ENGINES  # noqa: E402

#: Matches of the short and the long run (``--runs``): fast engines are steadier over more
#: (``--runs 200 1200``), slow ones quicker over fewer (``--runs 10 60``).
RUNS = (40, 240)
TOTAL = re.compile(r"^(?:summary|totals):\s*(\d+)", re.MULTILINE)


def instructions(engine: str, matches: int, extra: list[str]) -> int:
    """Instructions of one ``python -m engines bench`` run, start-up included."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        command = [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={out}",
            sys.executable,
            "-m",
            "engines",
            "bench",
            engine,
            "--matches",
            str(matches),
            *extra,
        ]
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True)
        found = TOTAL.search(out.read_text())
        if found is None:
            raise SystemExit(f"no instruction total in callgrind's output for {engine}")
        return int(found.group(1))


def per_match(engine: str, extra: list[str], runs: tuple[int, int] = RUNS) -> float:
    short, long = runs
    return (instructions(engine, long, extra) - instructions(engine, short, extra)) / (long - short)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("engines", nargs="*", help="default: every engine")
    parser.add_argument("--winner-required", action="store_true")
    parser.add_argument("--settings", help="engine settings as JSON, passed to bench")
    parser.add_argument("--read", action="store_true", help="read every event too, as the platform does")
    parser.add_argument("--runs", nargs=2, type=int, default=RUNS, metavar=("SHORT", "LONG"), help="matches per run")
    args = parser.parse_args()
    if not 0 < args.runs[0] < args.runs[1]:
        parser.error("--runs: SHORT must be above 0 and below LONG")
    unknown = set(args.engines) - set(ENGINES)
    if unknown:
        parser.error(f"unknown engine {sorted(unknown)[0]!r}; installed: {', '.join(ENGINES)}")
    extra = ["--winner-required"] if args.winner_required else []
    if args.settings:
        extra += ["--settings", args.settings]
    if args.read:
        extra.append("--read")
    for engine in args.engines or ENGINES:
        figure = per_match(engine, extra, tuple(args.runs))
        print(f"{engine:10} {figure / 1000:>8,.0f}k instructions per match", flush=True)


if __name__ == "__main__":
    main()
