"""Time the Swiss pairing of every round, and count what it had to give up.

    .venv/bin/python benchmarks/swiss.py --teams 64 --rounds 11 --seed 1
    .venv/bin/python benchmarks/swiss.py --survey

Pairs a Swiss on paper (``competitions.pairing.dry_run``, no database): results are
drawn by lot from the seed, the better seed winning two matches in three. Prints the
CPU time of each round's pairing, then the rematches, second byes, and the teams that
played three home (or away) matches in a row or were ever more than two apart.
``--survey`` counts the same over six seeds of every size from 4 to 24 teams, with
ceil(teams / 2) rounds and with teams - 1 rounds (11 at most): the README's figures.
"""

import argparse
import math
import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from competitions.pairing import DrawnRound, dry_run, venue_breaks  # noqa: E402


def by_lot(seed: int) -> Callable[[int, int], int]:
    rng = random.Random(seed)
    return lambda home, away: min(home, away) if rng.random() < 2 / 3 else max(home, away)


def given_up(drawn: list[DrawnRound]) -> tuple[int, int, int, int]:
    """Rematches, second byes, teams with three in a row, teams more than two apart."""
    pairs = [frozenset(p) for r in drawn for p in r.pairs]
    byes = [r.bye for r in drawn if r.bye is not None]
    runs, drift = venue_breaks(drawn)
    return len(pairs) - len(set(pairs)), len(byes) - len(set(byes)), len(runs), len(drift)


def survey() -> None:
    for label, rounds_of in (
        ("ceil(teams / 2) rounds", lambda n: math.ceil(n / 2)),
        ("teams - 1 rounds (11 at most)", lambda n: min(n - 1, 11)),
    ):
        totals = [0, 0, 0, 0]
        tournaments = 0
        for teams in range(4, 25):
            for seed in range(6):
                found = given_up(dry_run(teams, rounds_of(teams), by_lot(seed * 1000 + teams)))
                totals = [a + b for a, b in zip(totals, found, strict=True)]
                tournaments += 1
        rematches, second_byes, runs, drift = totals
        print(
            f"{tournaments} tournaments, {label}: rematches {rematches}, second byes {second_byes}, "
            f"teams with three in a row {runs}, teams more than two apart {drift}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--survey", action="store_true", help="count venue breaks over many tournaments")
    args = parser.parse_args()
    if args.survey:
        survey()
        return
    drawn = dry_run(args.teams, args.rounds, by_lot(args.seed))
    for number, r in enumerate(drawn, start=1):
        print(f"round {number:>2}: {len(r.pairs):>3} pairs paired in {r.seconds:.3f} s CPU")
    print(f"slowest round: {max(r.seconds for r in drawn):.3f} s, all rounds: {sum(r.seconds for r in drawn):.3f} s")
    rematches, second_byes, runs, drift = given_up(drawn)
    print(f"rematches: {rematches}, second byes: {second_byes}")
    print(f"teams with three home or away in a row: {runs}, with home and away more than two apart: {drift}")


if __name__ == "__main__":
    main()
