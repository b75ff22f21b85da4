"""Command line of the engines: ``python -m engines --help``."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from engines import ENGINES, CardError, Engine, MatchOptions, get_engine
from engines.core import event_records
from engines.sheets import FrozenTeamSheet


def _load_sheet(engine: Engine, path: str | None, seed: int, name: str) -> dict[str, Any]:
    if path:
        try:
            sheet: dict[str, Any] = json.loads(Path(path).read_text())
            return sheet
        except (OSError, json.JSONDecodeError) as exc:
            raise SystemExit(f"{name} team sheet {path}: {exc}") from exc
    return engine.sample_team(seed, name=name.capitalize())


def _sheets(args: argparse.Namespace) -> tuple[Engine, dict[str, Any], dict[str, Any]]:
    engine = get_engine(args.engine)
    home = _load_sheet(engine, args.home, args.seed * 2 + 1, "home")
    away = _load_sheet(engine, args.away, args.seed * 2 + 2, "away")
    return engine, home, away


def cmd_list(args: argparse.Namespace) -> None:
    for key in ENGINES:
        engine = get_engine(key)
        print(f"{key:10} {engine.name} (version {engine.version})")


def cmd_sample_team(args: argparse.Namespace) -> None:
    engine = get_engine(args.engine)
    print(json.dumps(engine.sample_team(args.seed), indent=2, sort_keys=True))


def _settings(text: str) -> dict[str, Any]:
    """The ``--settings`` argument: a JSON object of the league's engine settings."""
    try:
        settings = json.loads(text)
    except json.JSONDecodeError as exc:
        raise argparse.ArgumentTypeError(f"not JSON: {exc}") from exc
    if not isinstance(settings, dict):
        raise argparse.ArgumentTypeError('expected a JSON object, e.g. \'{"coach": "planner"}\'')
    return settings


def _add_match_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--winner-required", action="store_true", help="settle draws by the game's own procedure")
    parser.add_argument(
        "--settings", type=_settings, default={}, help="engine settings as a JSON object (the league's options)"
    )


def _match_options(args: argparse.Namespace) -> MatchOptions:
    return MatchOptions(winner_required=args.winner_required, settings=args.settings)


def cmd_simulate(args: argparse.Namespace) -> None:
    engine, home, away = _sheets(args)
    options = _match_options(args)
    result = engine.simulate(home, away, seed=args.seed, options=options)
    if args.json:
        print(result.to_json())
        return
    print(f"{home.get('name')} {result.home_goals} - {result.away_goals} {away.get('name')} ({result.decided_by})")
    for event in result.events:
        print(
            f"{event.minute:>4}' {event.side or '':5} {event.kind:18} {event.player_id or ''}"
            f" {json.dumps(dict(event.detail), sort_keys=True)}"
        )


def cmd_stats(args: argparse.Namespace) -> None:
    engine, home, away = _sheets(args)
    options = _match_options(args)
    outcomes: Counter[str] = Counter()
    decided: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    goals_home = goals_away = 0
    for i in range(args.matches):
        result = engine.simulate(home, away, seed=args.seed + i, options=options)
        goals_home += result.home_goals
        goals_away += result.away_goals
        outcomes[result.winner or "draw"] += 1
        decided[result.decided_by] += 1
        kinds.update(e.kind for e in result.events)
    n = args.matches
    report = {
        "engine": engine.key,
        "version": engine.version,
        "matches": n,
        "home_win": outcomes["home"] / n,
        "draw": outcomes["draw"] / n,
        "away_win": outcomes["away"] / n,
        "goals_per_match": (goals_home + goals_away) / n,
        "home_goals_per_match": goals_home / n,
        "away_goals_per_match": goals_away / n,
        "decided_by": {k: v / n for k, v in sorted(decided.items())},
        "events_per_match": {k: v / n for k, v in sorted(kinds.items())},
    }
    if args.json:
        print(json.dumps(report, sort_keys=True))
    else:
        for key, value in report.items():
            print(f"{key:22} {value}")


def cmd_bench(args: argparse.Namespace) -> None:
    engine = get_engine(args.engine)
    # Frozen, as a caller that plays one side many times would hold them: the engine's squad
    # cache needs no check that their cards are unchanged
    home = FrozenTeamSheet.coerce(engine.sample_team(1, name="Home"))
    away = FrozenTeamSheet.coerce(engine.sample_team(2, name="Away"))
    options = _match_options(args)
    engine.simulate(home, away, seed=0, options=options)  # warm up caches outside the clock
    start, cpu_start = time.perf_counter(), time.process_time()
    events = 0
    for seed in range(args.matches):
        result = engine.simulate(home, away, seed=seed, options=options)
        # ``--read``: every event's fields made, as the platform does when it stores a result
        events += len(event_records(result.events) if args.read else result.events)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    # Name what was measured: a coach or a rule option can change the speed severalfold
    label = engine.key + (" winner_required" if options.winner_required else "") + (" read" if args.read else "")
    if options.settings:
        label += " " + json.dumps(options.settings, sort_keys=True)
    # CPU time is what the engine itself used: on a shared machine it is the steadier figure
    print(
        f"{label}: {args.matches} matches in {elapsed:.3f} s = {args.matches / elapsed:,.0f} matches per second"
        f" ({args.matches / cpu:,.0f} per CPU second, {events / args.matches:.1f} events per match)"
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engines", description="Bootroom's game engines")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="the installed engines").set_defaults(func=cmd_list)

    p = sub.add_parser("sample-team", help="print a valid team sheet (JSON)")
    p.add_argument("engine", choices=ENGINES)
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(func=cmd_sample_team)

    for name, func, help_text in (
        ("simulate", cmd_simulate, "play one match"),
        ("stats", cmd_stats, "play many seeded matches and print averages"),
    ):
        p = sub.add_parser(name, help=help_text)
        p.add_argument("engine", choices=ENGINES)
        p.add_argument("--seed", type=int, default=0)
        p.add_argument("--home", help="home team sheet JSON file (default: a sample team)")
        p.add_argument("--away", help="away team sheet JSON file (default: a sample team)")
        _add_match_options(p)
        p.add_argument("--json", action="store_true")
        if name == "stats":
            p.add_argument("--matches", type=int, default=1000)
        p.set_defaults(func=func)

    p = sub.add_parser("bench", help="print matches per second")
    p.add_argument("engine", choices=ENGINES)
    p.add_argument("--matches", type=int, default=10000)
    p.add_argument("--read", action="store_true", help="read every event (as the platform does when it stores them)")
    _add_match_options(p)
    p.set_defaults(func=cmd_bench)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        args.func(args)
    except CardError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
