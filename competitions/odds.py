"""Season odds: each team's chances of every final place, by completing the season many times.

The season's remaining matches are completed ``completions`` times (10,000 by default), each
match's score drawn from its pairing's preview (``competitions.previews``: the score
distribution of the league's engine for exactly these squads, tactics and settings), all
completions at once with numpy. Each completion's table is made as the league makes its own
(``competitions.standings``): the stored results, the points deductions and fair-play counts
as they stand, the league's points for a win, a draw and a loss, and its tie-breakers in its
order. The tie-breakers that are one number per team (points, goal difference, goals, wins,
away goals, fair play) are sorted in one go; teams still level when a head-to-head or the
lots comes next are ordered by the standings' own code (``rank_tied``), over the results among
them, the lots drawn with the season's seed as the table draws them.

Counting where each team finished gives the probability of every place (each place's column
and each team's row add up to 1, being counts over the same completions), the title, the
promotion, relegation and play-off places of its division (or, in a group of a group stage, the
places that go through to the knockout), and the expected points. A team
that has clinched the title finishes first in every completion (1), one that can no longer
reach first place in none (0), and a finished season has nothing to complete: its odds are its
final table.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
from django.core.cache import cache
from django.db.models import Count, Exists, OuterRef, Q
from numpy.typing import NDArray

from competitions.divisions import season_divisions
from competitions.odds_history import odds_record
from competitions.previews import PREVIEW_SAMPLES, Outlook, match_preview, preview_keys, task_request
from competitions.standings import Result, Row, rank_tied, ranking_criteria, table_from, table_inputs
from leagues.models import Division, Season
from matches.models import Match
from matches.services import being_played

DEFAULT_COMPLETIONS = 10_000
#: The task that recomputes a season's odds (``competitions.tasks``), sent by name after a round.
ODDS_TASK = "competitions.season_odds"


def odds_request(season_id: int, *, table_version: int | None = None) -> bool:
    """Queue the season's odds for the workers, unless they were asked for lately (for the same
    standings version, when a round's result asks); True if sent."""
    return task_request(ODDS_TASK, season_id, key=f"odds-requested:{season_id}:{table_version}")


def odds_request_when_rounds_complete(rounds: dict[int, set[int]]) -> None:
    """Ask for each season's odds after results of its ``rounds`` (by season id) were stored,
    once none of the season's matches is being played and a round up to the latest of them is
    complete, once per standings version: a batch that completes several rounds asks once, a
    burst of a season's rounds after its last batch (the odds task would wait for it anyway).
    A round completed by a batch that found another still playing is asked for by the batch
    that commits last, even if that one completes no round of its own. Run after the results'
    commit, once the standings versions are bumped: two queries for all the seasons of a batch."""
    playing = Exists(being_played(Match.objects.filter(season_id=OuterRef("id"))))
    idle = dict(
        Season.objects.filter(id__in=rounds)
        .annotate(playing=playing)
        .filter(playing=False)
        .values_list("id", "standings_version")
    )
    if not idle:
        return
    latest = {season_id: max(rounds[season_id]) for season_id in idle}
    open_matches = Count("id", filter=~Q(status__in=Match.CLOSED_STATUSES))
    by_round = (
        Match.objects.filter(season_id__in=idle, round__lte=max(latest.values()))
        .order_by()
        .values_list("season_id", "round")
        .annotate(open_matches=open_matches)
    )
    complete = {
        season_id for season_id, round_, still_open in by_round if round_ <= latest[season_id] and not still_open
    }
    for season_id in sorted(complete):
        odds_request(season_id, table_version=idle[season_id])


#: The criteria that are one number per team, each as the row attribute it reads.
SCALAR = {
    "points": "points",
    "goal_difference": "goal_difference",
    "goals_for": "goals_for",
    "wins": "won",
    "away_goals": "away_goals",
    "fair_play": "cards",
}


class NoTable(ValueError):
    """The season is a knockout or a Swiss: it has no table to finish in."""


def check_has_table(season: Season) -> None:
    """Raise ``NoTable`` for a knockout or Swiss season (its odds would be of no table)."""
    if Season.objects.filter(pk=season.pk).filter(Q(bracket__isnull=False) | Q(swiss__isnull=False)).exists():
        raise NoTable(f"season: {season} is a knockout or a Swiss, with no table to finish in")


def remaining_matches(season: Season) -> list[Match]:
    """The season's matches still to be played (scheduled, postponed or failed)."""
    return list(
        season.matches.exclude(status__in=Match.CLOSED_STATUSES)
        .select_related("season__league", "home", "away")
        .order_by("round", "id")
    )


@dataclass
class Completions:
    """A division's remaining matches played ``n`` times: goals (completion x match)."""

    home: NDArray[np.int64]
    away: NDArray[np.int64]


def sample_scores(outlooks: list[Outlook], n: int, rng: np.random.Generator) -> Completions:
    """Draw each match's score ``n`` times from its pairing's score distribution."""
    home = np.zeros((n, len(outlooks)), dtype=np.int64)
    away = np.zeros((n, len(outlooks)), dtype=np.int64)
    for column, outlook in enumerate(outlooks):
        scores = sorted(outlook.scores)
        # one row per sample the preview played: a uniform draw of a sample is a draw of its score
        played = np.repeat(np.array(scores, dtype=np.int64), [outlook.scores[s] for s in scores], axis=0)
        drawn = played[rng.integers(0, outlook.samples, size=n)]
        home[:, column] = drawn[:, 0]
        away[:, column] = drawn[:, 1]
    return Completions(home, away)


def season_odds(
    season: Season,
    outlooks: Mapping[int, Outlook],
    *,
    completions: int = DEFAULT_COMPLETIONS,
    seed: int | None = None,
) -> dict[str, Any]:
    """The season's odds from the previews of its remaining matches (``outlooks`` by match id).

    ``seed`` seeds the completions (default: the season's seed), so the same state and seed
    give the same odds."""
    if completions < 1:
        raise ValueError(f"completions: {completions} is not a positive number")
    check_has_table(season)
    rng = np.random.default_rng(abs(season.seed if seed is None else seed))
    remaining = remaining_matches(season)
    missing = [m.id for m in remaining if m.id not in outlooks]
    if missing:
        raise ValueError(f"outlooks: no preview of matches {missing}")
    divisions: list[Division | None] = list(season_divisions(season)) or [None]
    teams: list[dict[str, Any]] = []
    for index, division in enumerate(divisions):
        inputs = table_inputs(season, division.pk if division else None)
        ids = set(inputs.teams)
        matches = [m for m in remaining if m.home_id in ids and m.away_id in ids]
        drawn = sample_scores([outlooks[m.id] for m in matches], completions, rng)
        positions, points, names = _positions(season, inputs, matches, drawn)
        below = index + 1 < len(divisions)
        for t, team_id in enumerate(names):
            teams.append(
                _team_odds(season, division, team_id, positions[:, t], points[:, t], len(names), index > 0, below)
            )
    return {"season": season.id, "completions": completions, "teams": teams}


def _positions(season: Season, inputs, matches: list[Match], drawn: Completions):
    """Each completion's final place of every team (completion x team, 1 the top), its points,
    and the team ids in the order of the table as it stands."""
    now = table_from(inputs)
    team_ids = [row.team_id for row in now.rows]
    column = {team_id: t for t, team_id in enumerate(team_ids)}
    n, size = drawn.home.shape[0], len(team_ids)
    home_of = np.zeros((len(matches), size))
    away_of = np.zeros((len(matches), size))
    for m, match in enumerate(matches):
        home_of[m, column[match.home_id]] = 1
        away_of[m, column[match.away_id]] = 1
    league = season.league
    hg, ag = drawn.home, drawn.away
    home_points = np.where(hg > ag, league.points_win, np.where(hg == ag, league.points_draw, league.points_loss))
    away_points = np.where(ag > hg, league.points_win, np.where(hg == ag, league.points_draw, league.points_loss))

    def base(attribute: str) -> NDArray[np.int64]:
        return np.array([getattr(row, attribute) for row in now.rows], dtype=np.int64)

    def added(at_home: NDArray[np.int64], away: NDArray[np.int64] | None = None) -> NDArray[np.int64]:
        """Each team's sum over its home matches (and away matches) of a number per match: a
        product with the 0/1 table of who plays where, in floating point (BLAS; whole numbers
        this small are exact) and back to whole numbers."""
        total = at_home.astype(np.float64) @ home_of
        if away is not None:
            total += away.astype(np.float64) @ away_of
        return np.rint(total).astype(np.int64)

    goals_for = base("goals_for") + added(hg, ag)
    goals_against = base("goals_against") + added(ag, hg)
    stats = {
        "points": base("points") + added(home_points, away_points),
        "goal_difference": goals_for - goals_against,
        "goals_for": goals_for,
        "wins": base("won") + added(hg > ag, ag > hg),
        "away_goals": base("away_goals") + np.rint(ag.astype(np.float64) @ away_of).astype(np.int64),
        "fair_play": np.broadcast_to(-base("cards"), (n, size)),
    }
    criteria = ranking_criteria(league)
    prefix = 0
    while prefix < len(criteria) and criteria[prefix] in SCALAR:
        prefix += 1
    keys = [-stats[name] for name in reversed(criteria[:prefix])]  # lexsort: last key first
    if prefix == len(criteria):  # all told apart by numbers, then by name as the table does
        by_name = {name: rank for rank, name in enumerate(sorted(row.name for row in now.rows))}
        keys.insert(0, np.broadcast_to(np.array([by_name[row.name] for row in now.rows]), (n, size)))
    order = np.lexsort(keys, axis=-1) if keys else np.broadcast_to(np.arange(size), (n, size)).copy()
    if prefix < len(criteria):
        _break_ties(season, inputs, now.rows, matches, drawn, stats, criteria[:prefix], prefix, order, goals_against)
    positions = np.empty_like(order)
    np.put_along_axis(positions, order, np.arange(1, size + 1)[None, :], axis=-1)
    return positions, stats["points"], team_ids


def _break_ties(season, inputs, rows, matches, drawn, stats, scalar, prefix, order, goals_against) -> None:
    """Reorder, in place, the teams of ``order`` still level on the ``scalar`` criteria, by the
    standings' own ranking from criterion ``prefix`` on (head-to-head, lots ...)."""
    if scalar:
        ranked = np.stack([np.take_along_axis(stats[name], order, axis=-1) for name in scalar])
        level = (ranked[:, :, 1:] == ranked[:, :, :-1]).all(axis=0)
    else:
        level = np.ones((order.shape[0], order.shape[1] - 1), dtype=bool)
    team_ids = [row.team_id for row in rows]
    for c in np.flatnonzero(level.any(axis=1)):
        starts = _runs(level[c])
        for start, end in starts:
            columns = [int(t) for t in order[c, start:end]]
            tied = [_row(rows[t], c, t, stats, goals_against) for t in columns]
            ids = {team_ids[t] for t in columns}
            results = [r for r in inputs.results if r.home in ids and r.away in ids] + [
                Result(m.home_id, m.away_id, int(drawn.home[c, j]), int(drawn.away[c, j]))
                for j, m in enumerate(matches)
                if m.home_id in ids and m.away_id in ids
            ]
            ranked_rows = rank_tied(tied, prefix, results, season)
            column_of = {team_ids[t]: t for t in columns}
            order[c, start:end] = [column_of[row.team_id] for row in ranked_rows]


def _runs(level: NDArray[np.bool_]) -> list[tuple[int, int]]:
    """The [start, end) spans of places level with their neighbours (``level[i]``: place i+1
    is level with place i)."""
    runs, start = [], None
    for i, same in enumerate(level):
        if same and start is None:
            start = i
        elif not same and start is not None:
            runs.append((start, i + 1))
            start = None
    if start is not None:
        runs.append((start, len(level) + 1))
    return runs


def _row(now: Row, c: int, t: int, stats, goals_against) -> Row:
    """A team's row in completion ``c``, with what the tie-breakers read."""
    goals_for = int(stats["goals_for"][c, t])
    return Row(
        team_id=now.team_id,
        name=now.name,
        won=int(stats["wins"][c, t]),
        goals_for=goals_for,
        goals_against=int(goals_against[c, t]),
        away_goals=int(stats["away_goals"][c, t]),
        match_points=int(stats["points"][c, t]) + now.deducted,
        deducted=now.deducted,
        cards=now.cards,
    )


def _team_odds(
    season: Season,
    division: Division | None,
    team_id: int,
    positions: NDArray[np.int64],
    points: NDArray[np.int64],
    size: int,
    above: bool,
    below: bool,
) -> dict[str, Any]:
    n = len(positions)
    counts = np.bincount(positions - 1, minlength=size)
    odds: dict[str, Any] = {
        "team": team_id,
        "expected_points": float(points.mean()),
        "title": counts[0] / n,
        "positions": [int(count) / n for count in counts],
    }

    def share(first: int, last: int) -> float:
        """The chance of a place from ``first`` to ``last`` (1-based, inclusive)."""
        return int(counts[max(first, 1) - 1 : max(last, 0)].sum()) / n

    if division is not None:
        odds["division"] = division.pk
        odds["promotion"] = share(1, division.promoted) if above else 0.0
        odds["relegation"] = share(size - division.relegated + 1, size) if below else 0.0
        places = share(division.promoted + 1, division.promoted + division.promotion_playoff) if above else 0.0
        if below and division.relegation_playoff:
            places += share(size - division.relegated, size - division.relegated)
        odds["playoffs"] = places
    elif hasattr(season, "playoffs"):
        odds["playoffs"] = share(1, season.playoffs.top)
    elif hasattr(season, "group"):  # a group of a group stage: its first places go through
        odds["knockout"] = share(1, season.group.stage.advance)
    odds["title"] = float(odds["title"])
    return odds


#: Odds are keyed by what decides them (the season's results, the previews), so may be kept long.
ODDS_CACHE_SECONDS = 30 * 24 * 3600


def odds_key(season: Season, keys: Mapping[int, str], completions: int, seed: int | None) -> str:
    """The cache key of the season's odds: its standings version (every result, deduction ...),
    the previews of its remaining matches, the number of completions and the seed."""
    previews = hashlib.sha256(",".join(f"{m}={k}" for m, k in sorted(keys.items())).encode()).hexdigest()
    return f"odds:{season.id}:{season.standings_version}:{completions}:{seed}:{previews}"


def season_odds_compute(
    season: Season, *, completions: int = DEFAULT_COMPLETIONS, seed: int | None = None, samples: int = PREVIEW_SAMPLES
) -> dict[str, Any]:
    """The season's odds, here and now: the previews missing from the cache are played in this
    process (``manage.py odds``; the workers share the work out with ``season_odds_refresh``)."""
    check_has_table(season)
    outlooks = {match.id: match_preview(match, samples=samples) for match in remaining_matches(season)}
    return season_odds_store(season, outlooks, completions=completions, seed=seed, samples=samples)


def season_odds_store(
    season: Season,
    outlooks: Mapping[int, Outlook],
    *,
    completions: int = DEFAULT_COMPLETIONS,
    seed: int | None = None,
    samples: int = PREVIEW_SAMPLES,
) -> dict[str, Any]:
    """``season_odds`` through the cache; the season's own odds (the default completions, seed
    and previews: what its page shows) are also kept for the round (``odds_record``)."""
    key = odds_key(season, preview_keys(remaining_matches(season), samples=samples), completions, seed)
    odds = cache.get(key)
    if odds is None:
        odds = season_odds(season, outlooks, completions=completions, seed=seed)
        if (completions, seed, samples) == (DEFAULT_COMPLETIONS, None, PREVIEW_SAMPLES):
            odds_record(season, odds)
        cache.set(key, odds, ODDS_CACHE_SECONDS)
        cache.set(odds_made_key(season.id), time.time_ns(), ODDS_CACHE_SECONDS)  # the season page shows them
    return odds


def odds_made_key(season_id: int) -> str:
    """The cache key of when the season's odds were last made: part of its page's key."""
    return f"odds-made:{season_id}"


def missing_previews(season: Season) -> tuple[dict[int, Outlook], list[int]]:
    """The cached previews of the season's remaining matches, and one match of each pairing
    whose preview is not cached yet."""
    remaining = remaining_matches(season)
    keys = preview_keys(remaining)
    found = cache.get_many(list(set(keys.values())))
    outlooks = {m: found[k] for m, k in keys.items() if k in found}
    todo = {k: m for m, k in keys.items() if k not in found}
    unplayable = [m.id for m in remaining if m.id not in keys]  # a side without a squad: its task says so
    return outlooks, sorted([*todo.values(), *unplayable])


def cached_season_odds(season: Season) -> dict[str, Any] | None:
    """The season's odds as they stand if they were computed (nothing is computed: for pages);
    None for a season with no matches at all."""
    remaining = remaining_matches(season)
    if not remaining and not season.matches.exists():
        return None
    key = odds_key(season, preview_keys(remaining), DEFAULT_COMPLETIONS, None)
    odds: dict[str, Any] | None = cache.get(key)
    return odds


def season_odds_from_cache(season: Season) -> dict[str, Any] | None:
    """The season's odds from the cached previews, computed if need be (a second at most); None
    while a preview is missing (the workers make them: ``season_odds_refresh``)."""
    check_has_table(season)
    outlooks, todo = missing_previews(season)
    if todo:
        return None
    return season_odds_store(season, outlooks)
