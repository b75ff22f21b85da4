"""How fair each game is: what its engine does over many matches, and what the results stored
by every league of that game show. Home advantage, the draw rate, goals per match and their
spread, how often the dearer squad wins, how the coaches (or styles) fare against each other,
and how knockout matches are settled, each figure with the number of matches behind it.

Both sources become the same list of ``Played`` rows, summed up by ``figures``: the stored
ones in three queries whatever the number of leagues (matches, squad values, leagues), the
simulated ones by playing the engine's sample teams against each other with seeds of their
own. The simulation is slow for some games ("11" plays a few matches a second), so a worker
makes it (``fairness_refresh``) and the page shows it once it is cached; it is cached by the
engine's version, so a new version is measured again."""

from __future__ import annotations

import itertools
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db.models import Sum

from competitions.previews import SEED_FLOOR, task_request
from engines import KNOWN_ENGINES, Engine, MatchOptions, get_engine
from leagues.models import PlayMode
from matches.models import Match
from rosters.models import SquadMember

FAIRNESS_TASK = "competitions.fairness_refresh"
#: Simulated matches per game: up to this many (a standard error near 1 point), or as many as
#: the engine plays in ``SIMULATION_SECONDS`` where a match takes longer (the slow games: "11"
#: plays a few a second), and never fewer than ``MIN_SIMULATED_MATCHES``. The figures say how many.
MAX_SIMULATED_MATCHES = 2000
MIN_SIMULATED_MATCHES = 100
SIMULATION_SECONDS = 60.0
#: Every fourth simulated match requires a winner, to see how the game settles a draw.
KNOCKOUT_EVERY = 4
#: Fewer stored results than this are too few to say much: the page says so.
STORED_ENOUGH = 100
#: The goal counts a match's total is shown for; more are summed up as the last one ("8+").
GOALS_SHOWN = 8
CACHE_SECONDS = 90 * 24 * 3600
#: The stored results' figures read every match the game's leagues played: a public page reads
#: them again at most this often.
STORED_CACHE_SECONDS = 300
#: The settings a side's coach or style is read from, by the game's own names, in the order
#: tried: the first the engine's settings know is what the match-ups compare.
TACTIC_SETTINGS = ("coach", "coach_style", "style")


@dataclass(frozen=True)
class Played:
    """One match as the figures need it: the score, the side that won (on goals, or the
    shoot-out after a draw; None for a draw), how it was decided, whether a winner was required,
    both squads' values (BootCoins) and both sides' coach or style."""

    home_goals: int
    away_goals: int
    winner: str | None
    decided_by: str
    winner_required: bool
    home_value: int
    away_value: int
    home_tactic: str
    away_tactic: str


@dataclass(frozen=True)
class Matchup:
    home: str
    away: str
    matches: int
    home_win: float
    draw: float
    away_win: float


@dataclass(frozen=True)
class Figures:
    """What ``matches`` matches show; a share is of the matches it names (``stronger_matches``
    those between squads of different values, ``knockout_matches`` those that needed a winner)."""

    matches: int
    home_win: float
    draw: float
    away_win: float
    home_goals: float
    away_goals: float
    #: (total goals, share), "8+" last.
    goals: tuple[tuple[str, float], ...]
    stronger_matches: int
    stronger_win: float
    weaker_win: float
    knockout_matches: int
    #: (how, share): regulation, extra time, penalties, sudden death.
    decided: tuple[tuple[str, float], ...]
    #: What the match-ups compare ("coach", "coach style", "style"), "" when the game has none.
    tactic: str
    matchups: tuple[Matchup, ...]

    @property
    def decided_labels(self) -> list[tuple[str, float]]:
        """``decided`` as a sentence reads it ("extra time", not ``extra_time``)."""
        return [(how.replace("_", " "), share) for how, share in self.decided]

    def to_dict(self) -> dict[str, Any]:
        return {
            "matches": self.matches,
            "home_win": self.home_win,
            "draw": self.draw,
            "away_win": self.away_win,
            "home_goals_per_match": self.home_goals,
            "away_goals_per_match": self.away_goals,
            "goals": [{"goals": goals, "share": share} for goals, share in self.goals],
            "stronger_squad": {
                "matches": self.stronger_matches,
                "stronger_win": self.stronger_win,
                "weaker_win": self.weaker_win,
            },
            "knockout": {"matches": self.knockout_matches, "decided_by": dict(self.decided)},
            "matchups": {
                "tactic": self.tactic,
                "pairs": [
                    {
                        "home": m.home,
                        "away": m.away,
                        "matches": m.matches,
                        "home_win": m.home_win,
                        "draw": m.draw,
                        "away_win": m.away_win,
                    }
                    for m in self.matchups
                ],
            },
        }


def figures(played: Sequence[Played], tactic: str = "") -> Figures:
    """The figures of ``played`` (every share 0 when there are no matches)."""
    count = len(played)

    def share(n: int, of: int) -> float:
        return n / of if of else 0.0

    home_wins = sum(p.home_goals > p.away_goals for p in played)
    draws = sum(p.home_goals == p.away_goals for p in played)
    totals = Counter(min(p.home_goals + p.away_goals, GOALS_SHOWN) for p in played)
    unequal = [p for p in played if p.home_value != p.away_value]
    stronger_won = sum(_stronger_won(p) is True for p in unequal)
    weaker_won = sum(_stronger_won(p) is False for p in unequal)
    knockouts = [p for p in played if p.winner_required]
    decided = Counter(p.decided_by for p in knockouts)
    pairs: dict[tuple[str, str], list[Played]] = defaultdict(list)
    if tactic:
        for p in played:
            pairs[(p.home_tactic, p.away_tactic)].append(p)
    return Figures(
        matches=count,
        home_win=share(home_wins, count),
        draw=share(draws, count),
        away_win=share(count - home_wins - draws, count),
        home_goals=share(sum(p.home_goals for p in played), count),
        away_goals=share(sum(p.away_goals for p in played), count),
        goals=tuple((f"{n}+" if n == GOALS_SHOWN else str(n), share(totals[n], count)) for n in range(GOALS_SHOWN + 1)),
        stronger_matches=len(unequal),
        stronger_win=share(stronger_won, len(unequal)),
        weaker_win=share(weaker_won, len(unequal)),
        knockout_matches=len(knockouts),
        decided=tuple((how, share(n, len(knockouts))) for how, n in decided.most_common()),
        tactic=tactic.replace("_", " "),
        matchups=tuple(_matchup(home, away, rows) for (home, away), rows in sorted(pairs.items())),
    )


def _stronger_won(p: Played) -> bool | None:
    """Whether the dearer squad won (a shoot-out counts), None for a draw."""
    if p.winner is None:
        return None
    return (p.winner == "home") == (p.home_value > p.away_value)


def _matchup(home: str, away: str, rows: list[Played]) -> Matchup:
    n = len(rows)
    home_wins = sum(p.home_goals > p.away_goals for p in rows)
    draws = sum(p.home_goals == p.away_goals for p in rows)
    return Matchup(home, away, n, home_wins / n, draws / n, (n - home_wins - draws) / n)


def tactic_setting(engine: Engine) -> str:
    """The setting whose values the match-ups compare ("" when the game has none)."""
    known = engine.settings_schema.get("properties", {})
    return next((name for name in TACTIC_SETTINGS if known.get(f"home_{name}", {}).get("enum")), "")


def side_tactic(engine: Engine, settings: dict, lineup: dict | None, side: str, name: str) -> str:
    """A side's coach (or style) in a match: its own tactics first, then the league's setting
    for that side, then for both, then the game's default."""
    if not name:
        return ""
    known = engine.settings_schema.get("properties", {})
    for value in ((lineup or {}).get(name), settings.get(f"{side}_{name}"), settings.get(name)):
        if value:
            return str(value)
    return str(known.get(f"{side}_{name}", {}).get("default") or known.get(name, {}).get("default") or "")


def stored_played(engine_key: str) -> list[Played]:
    """Every match of the game's leagues that its engine played (not a table result, not a
    forfeit), in three queries."""
    engine = get_engine(engine_key)
    name = tactic_setting(engine)
    matches = list(
        Match.objects.filter(season__league__engine=engine_key, status=Match.Status.PLAYED)
        .exclude(play_mode=PlayMode.TABLE)
        .exclude(play_mode="", season__league__play_mode=PlayMode.TABLE)
        .values_list(
            "season_id", "home_id", "away_id", "home_goals", "away_goals", "shootout_home", "shootout_away",
            "decided_by", "winner_required", "played_with",
        )
    )  # fmt: skip
    values = {
        (row["season_id"], row["team_id"]): row["value"] or 0
        for row in SquadMember.objects.filter(season_id__in={m[0] for m in matches})
        .values("season_id", "team_id")
        .annotate(value=Sum("player__price"))
    }
    played = []
    for (
        season_id,
        home_id,
        away_id,
        home_goals,
        away_goals,
        kicks_home,
        kicks_away,
        decided_by,
        required,
        with_,
    ) in matches:
        settings, lineups = (with_ or {}).get("settings", {}), (with_ or {}).get("lineups", {})
        home, away = (home_goals, kicks_home or 0), (away_goals, kicks_away or 0)
        played.append(
            Played(
                home_goals,
                away_goals,
                None if home == away else "home" if home > away else "away",
                decided_by or Match.DecidedBy.REGULATION,
                required,
                values.get((season_id, home_id), 0),
                values.get((season_id, away_id), 0),
                side_tactic(engine, settings, lineups.get("home"), "home", name),
                side_tactic(engine, settings, lineups.get("away"), "away", name),
            )
        )
    return played


def simulated_played(engine_key: str, matches: int, budget: float | None = None) -> list[Played]:
    """``matches`` plays of the game's sample teams (a new pair each time), every pairing of
    the coaches (or styles) in turn, every ``KNOCKOUT_EVERY``-th with a winner required. The
    seeds are above every match's own (as the previews'), the same for every run; with a
    ``budget`` (seconds) it stops once that is spent, after ``MIN_SIMULATED_MATCHES`` at least."""
    engine = get_engine(engine_key)
    name = tactic_setting(engine)
    values = engine.settings_schema.get("properties", {}).get(f"home_{name}", {}).get("enum", []) if name else []
    pairings = list(itertools.product(values, values)) or [("", "")]
    played: list[Played] = []
    start = time.perf_counter()
    for index in range(matches):
        if budget is not None and index >= MIN_SIMULATED_MATCHES and time.perf_counter() - start > budget:
            break
        home, away = engine.sample_team(2 * index + 1), engine.sample_team(2 * index + 2)
        home_tactic, away_tactic = pairings[index % len(pairings)]
        settings = {f"home_{name}": home_tactic, f"away_{name}": away_tactic} if name else {}
        winner_required = index % KNOCKOUT_EVERY == KNOCKOUT_EVERY - 1
        result = engine.simulate(
            home,
            away,
            seed=SEED_FLOOR + index,
            options=MatchOptions(winner_required=winner_required, settings=settings),
        )
        played.append(
            Played(
                result.home_goals,
                result.away_goals,
                result.winner,
                result.decided_by,
                winner_required,
                _value(home["players"]),
                _value(away["players"]),
                home_tactic,
                away_tactic,
            )
        )
    return played


def _value(cards: Iterable[dict]) -> int:
    return sum(int(card.get("price", 0)) for card in cards)


def simulated_key(engine_key: str, matches: int | None) -> str:
    return f"fairness:{engine_key}:{get_engine(engine_key).version}:{matches or 'page'}"


def simulated_figures(engine_key: str, matches: int | None = None) -> Figures:
    """The engine's figures over ``matches`` simulations (by default the page's: up to
    ``MAX_SIMULATED_MATCHES`` within ``SIMULATION_SECONDS``), from the cache or played now."""
    key = simulated_key(engine_key, matches)
    found = cache.get(key)
    if found is None:
        played = (
            simulated_played(engine_key, matches)
            if matches
            else simulated_played(engine_key, MAX_SIMULATED_MATCHES, budget=SIMULATION_SECONDS)
        )
        found = figures(played, tactic_setting(get_engine(engine_key)))
        cache.set(key, found, CACHE_SECONDS)
    return found


@dataclass(frozen=True)
class GameFairness:
    engine: str
    name: str
    version: str
    #: The stored results' figures (matches 0 when there are none).
    stored: Figures
    stored_enough: bool
    #: The simulations' figures, None while a worker makes them.
    simulated: Figures | None


def game_fairness(engine_key: str) -> GameFairness:
    """Both sources of a game; the simulations are asked of a worker when not cached yet
    (``KeyError`` for a game this install does not know)."""
    if engine_key not in KNOWN_ENGINES:
        raise KeyError(engine_key)
    engine = get_engine(engine_key)
    stored = cache.get_or_set(
        f"fairness-stored:{engine_key}:{engine.version}",
        lambda: figures(stored_played(engine_key), tactic_setting(engine)),
        STORED_CACHE_SECONDS,
    )
    simulated = cache.get(simulated_key(engine_key, None))
    if simulated is None:
        task_request(FAIRNESS_TASK, engine_key, key=f"fairness-requested:{engine_key}")
    return GameFairness(engine_key, engine.name, engine.version, stored, stored.matches >= STORED_ENOUGH, simulated)
