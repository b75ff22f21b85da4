"""Time the season odds and the previews (issue #26).

    .venv/bin/python benchmarks/odds.py [--teams 20] [--engine futti] [--processes 2]

Makes a league of ``--teams`` drafted teams and a double round robin, stores made-up results
for its first half (mid-season), and prints:

- odds from nothing cached: every remaining pairing previewed (640 matches each) over
  ``--processes`` processes, then 10,000 completions;
- 10,000 completions alone, once the pairing distributions exist (tie-breakers included);
- a preview from the cache (the squad query, the key's digest and the cache read).

The league it makes is deleted afterwards unless ``--keep`` is given.
"""

import argparse
import os
import random
import resource
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.core.cache import cache  # noqa: E402

from competitions.odds import DEFAULT_COMPLETIONS, remaining_matches, season_odds  # noqa: E402
from competitions.previews import (  # noqa: E402
    PREVIEW_CACHE_SECONDS,
    PREVIEW_SAMPLES,
    Outlook,
    match_preview,
    pairing_key,
    pairing_outlook,
    preview_seeds,
)
from engines import DEFAULT_ENGINE, ENGINES, MatchOptions, TeamSheet, get_engine  # noqa: E402
from matches.models import Match  # noqa: E402
from matches.services import match_setup  # noqa: E402
from ops.demo import demo_season_create  # noqa: E402


def outlook_of(job: tuple[str, dict, dict, MatchOptions, list[int]]) -> Outlook:
    """One pairing's preview in a worker process (the engine alone: no database)."""
    engine_key, home, away, options, seeds = job
    return pairing_outlook(get_engine(engine_key), TeamSheet.coerce(home), TeamSheet.coerce(away), options, seeds)


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the pool's processes)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=20)
    parser.add_argument("--engine", default=DEFAULT_ENGINE, choices=sorted(ENGINES))
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--completions", type=int, default=DEFAULT_COMPLETIONS)
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args()

    season = demo_season_create(engine=args.engine, teams=args.teams, seed=26, double=True)
    rng = random.Random(26)
    rounds = sorted(set(season.matches.values_list("round", flat=True)))
    half = rounds[len(rounds) // 2 - 1]
    for match_id in season.matches.filter(round__lte=half).values_list("id", flat=True):
        Match.objects.filter(id=match_id).update(
            status=Match.Status.PLAYED, home_goals=rng.randrange(5), away_goals=rng.randrange(5)
        )
    remaining = remaining_matches(season)
    print(f"{args.teams} teams, {len(rounds)} rounds, {len(remaining)} matches to play after round {half}")
    cache.clear()
    try:
        start, cpu_start = time.perf_counter(), cpu_seconds()
        jobs, keys = [], []
        for match in remaining:
            engine, home, away, options = match_setup(match)
            key = pairing_key(engine, home, away, options, PREVIEW_SAMPLES)
            keys.append(key)
            jobs.append((engine.key, home.to_dict(), away.to_dict(), options, preview_seeds(key, PREVIEW_SAMPLES)))
        with ProcessPoolExecutor(args.processes) as pool:
            outlooks = list(pool.map(outlook_of, jobs))
        cache.set_many(dict(zip(keys, outlooks, strict=True)), PREVIEW_CACHE_SECONDS)
        by_match = {match.id: outlook for match, outlook in zip(remaining, outlooks, strict=True)}
        season_odds(season, by_match, completions=args.completions)
        cold, cpu = time.perf_counter() - start, cpu_seconds() - cpu_start
        print(
            f"odds from nothing cached ({args.engine}, {len(remaining)} previews of {PREVIEW_SAMPLES} matches"
            f" over {args.processes} processes, then {args.completions:,} completions): {cold:.2f} s"
            f" ({cpu:.1f} CPU seconds: {cpu / args.processes:.1f} s on {args.processes} idle cores;"
            f" load average now {os.getloadavg()[0]:.1f})"
        )

        start, cpu_start = time.perf_counter(), time.process_time()
        odds = season_odds(season, by_match, completions=args.completions)
        warm, cpu = time.perf_counter() - start, time.process_time() - cpu_start
        print(f"{args.completions:,} completions from cached pairing distributions: {warm:.2f} s ({cpu:.2f} CPU s)")
        leader = max(odds["teams"], key=lambda team: team["title"])
        print(f"  (favourite: team {leader['team']}, title {leader['title']:.1%})")

        match = remaining[0]
        match_preview(match)
        runs = 50
        start, cpu_start = time.perf_counter(), time.process_time()
        for _ in range(runs):
            match_preview(Match.objects.select_related("season__league", "home", "away").get(id=match.id))
        each, cpu = (time.perf_counter() - start) / runs * 1000, (time.process_time() - cpu_start) / runs * 1000
        print(f"a preview from the cache (match read, squads, key, cache read): {each:.1f} ms ({cpu:.1f} CPU ms)")
    finally:
        if not args.keep:
            league = season.league
            Match.objects.filter(season__league=league).delete()
            league.delete()


if __name__ == "__main__":
    main()
