"""Mutation testing of the core modules: `make mutate` (or `python scripts/mutate.py [MODULE ...]`).

Each module listed in tests/mutation/modules.toml is mutated by mutmut in a copy of the
project under var/mutate/, one module at a time, and its mutants are run against that
module's own tests only. It prints each module's score and every surviving mutant as a
diff. Mutants that cannot change behaviour (equivalent ones, message text) are listed with
a reason in tests/mutation/equivalent.txt, not run (unless --check-equivalent) and left
out of the score.

Slow (minutes per module) and CPU-bound, so it is not part of `.ci/run`; run it after
changing a core module. It runs at the lowest CPU priority with one mutant at a time.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
MAPPING = PROJECT / "tests" / "mutation" / "modules.toml"
EQUIVALENT = PROJECT / "tests" / "mutation" / "equivalent.txt"
WORK = PROJECT / "var" / "mutate"
TARGET = 90.0
KILLED = {"killed", "timeout", "caught by type check", "segfault"}
RESULT_LINE = re.compile(r"^\s+(\S+): (.+)$")


@dataclass
class Score:
    module: str
    statuses: dict[str, str] = field(default_factory=dict)
    equivalent: set[str] = field(default_factory=set)

    @property
    def counted(self) -> dict[str, str]:
        return {name: status for name, status in self.statuses.items() if name not in self.equivalent}

    @property
    def killed(self) -> int:
        return sum(status in KILLED for status in self.counted.values())

    @property
    def survivors(self) -> list[str]:
        return sorted(name for name, status in self.counted.items() if status not in KILLED)

    @property
    def percent(self) -> float:
        return 100.0 * self.killed / len(self.counted) if self.counted else 100.0


def load_mapping(path: Path) -> dict[str, dict]:
    return tomllib.loads(path.read_text())["modules"]


def load_equivalent() -> dict[str, str]:
    """Mutant name -> why it cannot change behaviour (`name: reason` lines, # comments)."""
    reasons = {}
    for line in EQUIVALENT.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            name, _, reason = line.partition(":")
            reasons[name.strip()] = reason.strip()
    return reasons


def project_files() -> list[str]:
    """The files of the checkout as git sees them (tracked and new, not ignored)."""
    listing = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=PROJECT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return [name for name in listing.split("\0") if name and (PROJECT / name).is_file()]


@contextlib.contextmanager
def work_dir(module: str) -> Iterator[Path]:
    """The module's work directory, held for this run alone: a second run of the same module
    (another `--only`, say) would delete the copy the first is testing, so it is refused."""
    work = WORK / module.removesuffix(".py").replace("/", ".")
    WORK.mkdir(parents=True, exist_ok=True)
    with (WORK / f"{work.name}.lock").open("a+") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            lock.seek(0)
            holder = lock.read().strip() or "another process"
            raise SystemExit(
                f"{module} is being measured already (pid {holder}, in {work}): one run of a module at a time"
            ) from None
        lock.seek(0)
        lock.truncate()
        lock.write(f"{os.getpid()}\n")
        lock.flush()
        yield work


def prepare(work: Path, module: str, spec: dict) -> Path:
    """A fresh copy of the project with a mutmut section for this module alone."""
    shutil.rmtree(work, ignore_errors=True)
    files = project_files()
    for name in files:
        target = work / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(PROJECT / name, target)
    top = sorted({Path(name).parts[0] for name in files})
    packages = [name for name in top if (work / name / "__init__.py").exists() and name != "tests"]
    others = [name for name in top if name not in packages and not name.startswith(".")]
    # --reuse-db: each mutant's pytest run is a fork of mutmut's own, whose settings already
    # named the test database, so every mutant reuses it instead of migrating a new one.
    settings = {
        "source_paths": packages,
        "only_mutate": [module],
        "also_copy": others,
        "pytest_add_cli_args_test_selection": spec["tests"],
        "pytest_add_cli_args": [*spec.get("pytest_args", []), "-p", "no:cacheprovider", "-q", "--reuse-db"],
    }
    lines = ["", "[tool.mutmut]"] + [f"{key} = {toml_list(value)}" for key, value in settings.items()]
    with (work / "pyproject.toml").open("a") as pyproject:
        pyproject.write("\n".join(lines) + "\n")
    return work


def toml_list(values: list[str]) -> str:
    return "[" + ", ".join('"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"' for value in values) + "]"


def mutmut(work: Path, *args: str, capture: bool = False) -> subprocess.CompletedProcess:
    command = ["nice", "-n", "19", str(Path(sys.executable).parent / "mutmut"), *args]
    # BOOTROOM_MUTATION: tests/conftest.py runs the tests without a database first
    env = {**os.environ, "PYTHONHASHSEED": "0", "BOOTROOM_VAR_DIR": str(work / "var"), "BOOTROOM_MUTATION": "1"}
    # SQLite unless MUTATE_DATABASE_URL names a server: code only PostgreSQL runs (row locks,
    # COPY) needs that to be measured, and survives on SQLite
    env.pop("DATABASE_URL", None)
    if os.environ.get("MUTATE_DATABASE_URL"):
        env["DATABASE_URL"] = os.environ["MUTATE_DATABASE_URL"]
    return subprocess.run(command, cwd=work, env=env, capture_output=capture, text=True)


def measure(module: str, spec: dict, equivalent: dict[str, str], only: list[str], check_equivalent: bool) -> Score:
    print(f"\n=== {module}: {' '.join(spec['tests'])}", flush=True)
    with work_dir(module) as work:
        return measure_in(prepare(work, module, spec), module, equivalent, only, check_equivalent)


def measure_in(work: Path, module: str, equivalent: dict[str, str], only: list[str], check_equivalent: bool) -> Score:
    # --only: the mutants of some functions (mutmut's names, * as a wildcard), to measure a
    # large module a part at a time; the score then counts those mutants alone
    patterns = [pattern for pattern in only if pattern.startswith(mangled_prefix(module))]
    if only and not patterns:
        raise SystemExit(f"no --only pattern names a mutant of {module} (they start {mangled_prefix(module)})")
    names = patterns
    skipped = []
    if not check_equivalent:
        names, skipped = mutants_to_run(work, module, patterns, equivalent)
    run = mutmut(work, "run", "--max-children", "1", *names, capture=True)
    if run.returncode != 0:
        print(run.stdout[-4000:], run.stderr[-4000:], sep="\n")
        raise SystemExit(f"mutmut failed on {module} (exit {run.returncode})")
    results = mutmut(work, "results", "--all", "true", capture=True).stdout
    score = Score(module)
    for line in results.splitlines():
        match = RESULT_LINE.match(line)
        if match and (not patterns or any(fnmatch.fnmatchcase(match[1], pattern) for pattern in patterns)):
            score.statuses[match[1]] = match[2]
    score.equivalent = {name for name in score.statuses if name in equivalent}
    if skipped:
        print(f"{len(skipped)} listed equivalent mutants not run (--check-equivalent runs them)")
    for name in score.survivors:
        print(mutmut(work, "show", name, capture=True).stdout.rstrip())
    mine = [name for name in equivalent if name.startswith(mangled_prefix(module))]
    stale = [] if patterns else [name for name in mine if name not in score.statuses]
    for name in stale:
        print(f"warning: {name} is listed in {EQUIVALENT.name} but is no longer a mutant of {module}")
    for name in sorted(score.equivalent):
        if score.statuses[name] in KILLED:
            print(f"warning: {name} is listed as equivalent but a test kills it; remove it from {EQUIVALENT.name}")
    print_score(score)
    return score


def mutants_to_run(
    work: Path, module: str, patterns: list[str], equivalent: dict[str, str]
) -> tuple[list[str], list[str]]:
    """The names of the module's mutants to run (those ``patterns`` match, all without any) and
    the listed equivalent ones left out: a surviving mutant runs every test of the module, so
    each equivalent would cost a whole test run to learn what the list already says.

    mutmut names a mutant only once it has made them, so a first run asks for a mutant that
    does not exist: it makes the mutants and times the tests (kept for the real run), then
    stops at finding nothing to run."""
    listed = [name for name in equivalent if name.startswith(mangled_prefix(module))]
    if not listed:
        return patterns, []
    mutmut(work, "run", "--max-children", "1", mangled_prefix(module) + "no_such_mutant", capture=True)
    meta = work / "mutants" / (module + ".meta")
    if not meta.exists():
        raise SystemExit(f"mutmut made no mutants of {module} ({meta} is missing)")
    made = json.loads(meta.read_text())["exit_code_by_key"]
    # a function no test calls has no entry in the test timings, and naming one of its mutants
    # would fail the run: those are left "not checked" (survivors) instead of "no tests"
    reached = json.loads((work / "mutants" / "mutmut-stats.json").read_text())["tests_by_mangled_function_name"]
    wanted = [name for name in made if not patterns or any(fnmatch.fnmatchcase(name, p) for p in patterns)]
    run = [name for name in wanted if name not in equivalent and name.partition("__mutmut_")[0] in reached]
    return run, [name for name in wanted if name in equivalent]


def mangled_prefix(module: str) -> str:
    return module.removesuffix(".py").replace("/", ".") + "."


def print_score(score: Score) -> None:
    print(
        f"{score.module}: {score.percent:.1f}% killed ({score.killed} of {len(score.counted)};"
        f" {len(score.equivalent)} equivalent left out; {len(score.survivors)} survived)",
        flush=True,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", help="paths as in the mapping (default: all its modules)")
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="PATTERN",
        help="measure only the mutants whose names match (e.g. 'rosters.drafting.x_best_pick__mutmut_*'); repeatable",
    )
    parser.add_argument(
        "--check-equivalent",
        action="store_true",
        help=f"run the mutants listed in {EQUIVALENT.name} too, to learn whether a test now kills one",
    )
    parser.add_argument("--mapping", type=Path, default=MAPPING, help="module -> tests file (default: %(default)s)")
    args = parser.parse_args()
    mapping = load_mapping(args.mapping)
    unknown = [module for module in args.modules if module not in mapping]
    if unknown:
        parser.error(f"not in {args.mapping}: {', '.join(unknown)}")
    equivalent = load_equivalent()
    scores = [
        measure(module, mapping[module], equivalent, args.only, args.check_equivalent)
        for module in args.modules or mapping
    ]
    print("\n=== scores (equivalent mutants left out)")
    for score in scores:
        print_score(score)
    return 0 if all(score.percent >= TARGET for score in scores) else 1


if __name__ == "__main__":
    sys.exit(main())
