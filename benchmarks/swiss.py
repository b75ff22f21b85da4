"""Time the Swiss pairing of every round, and count what it had to give up.

    .venv/bin/python benchmarks/swiss.py --teams 64 --rounds 11 --seed 1

Pairs a Swiss on paper (``tournaments.pairing.dry_run``, no database): results are
drawn by lot from the seed, the stronger seed winning two matches in three. Prints the
CPU time of each round's pairing, then the rematches, second byes, and the teams that
played three home (or away) matches in a row or drifted more than two apart.
"""

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.pairing import dry_run, venue_breaks  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    def winner(home: int, away: int) -> int:
        better, worse = min(home, away), max(home, away)
        return better if rng.random() < 2 / 3 else worse

    drawn = dry_run(args.teams, args.rounds, winner)
    for number, r in enumerate(drawn, start=1):
        print(f"round {number:>2}: {len(r.pairs):>3} pairs paired in {r.seconds:.3f} s CPU")
    print(f"slowest round: {max(r.seconds for r in drawn):.3f} s, all rounds: {sum(r.seconds for r in drawn):.3f} s")
    pairs = [frozenset(p) for r in drawn for p in r.pairs]
    byes = [r.bye for r in drawn if r.bye is not None]
    print(f"rematches: {len(pairs) - len(set(pairs))}, second byes: {len(byes) - len(set(byes))}")
    runs, drift = venue_breaks(drawn)
    print(f"teams with three home or away in a row: {len(runs)}, with home and away more than two apart: {len(drift)}")


if __name__ == "__main__":
    main()
