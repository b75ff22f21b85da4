"""Match previews: what the league's engine makes of a scheduled match before it is played.

The pairing is played ``samples`` times from exactly what the play task would play it from
(``matches.services.match_setup``: both squads, their tactics, the season's settings and
whether a winner is required; tactics the engine refuses are dropped as the play task drops
them; the players out of the team's next match, suspended or injured, left off), each time
with a seed of the preview's own stream; a side that cannot field the game's minimum without
them loses by forfeit, as it will. Counting the outcomes gives the
probabilities of a home win, a draw and an away win, the expected goals and the most likely
scores; the whole score distribution is kept, since the season's odds
(``competitions.odds``) complete the remaining matches from it.

Seeds. A match's seed is a ``BigIntegerField`` (a signed 64-bit number, so its absolute value
is at most 2**63) and the engines seed their dice with ``random.Random(seed)``, which reads the
absolute value. Every preview seed is 2**64 plus 64 bits of a SHA-256 of the pairing's key and
the sample's number, so it lies in [2**64, 2**65): no preview ever plays with the seed of any
match, and a preview never shows the real result.

Samples. Each probability is a proportion of ``samples`` independent matches, so its standard
error is sqrt(p(1-p)/K), largest at p = 1/2: 1/(2 sqrt K). ``PREVIEW_SAMPLES`` = 640 keeps it
under 2 percentage points for every probability (1.98 at worst), for every engine: the error
depends on K only, not on the game. What differs is the cost (640 Fütti matches take about a
tenth of a second, 640 matches of "11" about a minute of a core), which is why pages only ever
show cached previews and the workers compute them.

Cache. A preview is stored under a key made of what decides it (the engine and its version,
both team sheets with their cards and tactics, the settings, whether a winner is required, the
number of samples), so it is reused by every match of the same pairing until one of those
changes, and a change (a transfer, new tactics, a new engine version) makes a new key.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache

from config.celery import app
from engines import CardError, Engine, MatchOptions, TeamSheet
from engines.sheets import FrozenTeamSheet
from matches.models import Match
from matches.services import SeasonSheets, match_engine, match_setup, seasons_sheets, sheets_simulate, short_sides

#: Samples per preview: the standard error of each probability is at most 1/(2 sqrt 640) = 1.98 pp.
PREVIEW_SAMPLES = 640
#: Every preview seed is at least this, above the absolute value of any 64-bit match seed.
SEED_FLOOR = 2**64
#: A preview's key changes when anything that decides it changes, so it may be kept long.
PREVIEW_CACHE_SECONDS = 30 * 24 * 3600
#: The task that previews one pairing (``competitions.tasks``), sent by name.
PREVIEW_TASK = "competitions.match_preview"
#: A task asked for again within this many seconds is not sent again: a reader asking over and
#: over (the API while a preview is made), the results of one round, queue one task.
REQUEST_SECONDS = 300


def preview_request(match_id: int) -> bool:
    """Queue the match's preview for a worker, unless it was asked for lately; True if sent."""
    return task_request(PREVIEW_TASK, match_id, key=f"preview-requested:{match_id}")


def task_request(task: str, *args: Any, key: str) -> bool:
    """Send ``task`` unless ``key`` says it was sent in the last ``REQUEST_SECONDS``."""
    if not cache.add(key, 1, REQUEST_SECONDS):
        return False
    app.send_task(task, args)
    return True


#: With a time budget, the matches played (after the first) before the rest is estimated.
BUDGET_CHECK = 8
#: How many of the most likely scores a preview names.
LIKELY_SCORES = 5


@dataclass(frozen=True)
class Outlook:
    """What ``samples`` plays of one pairing gave: how often each score ``(home, away)`` came
    up and, when a winner is required, how often the home side went through."""

    samples: int
    scores: dict[tuple[int, int], int]
    home_through: int | None = None

    def share(self, test) -> float:
        return sum(n for score, n in self.scores.items() if test(*score)) / self.samples

    def to_dict(self) -> dict[str, Any]:
        likely = sorted(self.scores.items(), key=lambda item: (-item[1], item[0]))[:LIKELY_SCORES]
        data: dict[str, Any] = {
            "home_win": self.share(lambda h, a: h > a),
            "draw": self.share(lambda h, a: h == a),
            "away_win": self.share(lambda h, a: h < a),
            "expected_home_goals": sum(h * n for (h, _), n in self.scores.items()) / self.samples,
            "expected_away_goals": sum(a * n for (_, a), n in self.scores.items()) / self.samples,
            "samples": self.samples,
            "likely_scores": [{"home": h, "away": a, "probability": n / self.samples} for (h, a), n in likely],
        }
        if self.home_through is not None:
            data["home_through"] = self.home_through / self.samples
            data["away_through"] = 1 - self.home_through / self.samples
        return data


def preview_seeds(key: str, samples: int) -> list[int]:
    """The seeds of a preview: in [2**64, 2**65), so never a match's (see the module's doc)."""
    return [
        SEED_FLOOR + int.from_bytes(hashlib.sha256(f"preview:{key}:{i}".encode()).digest()[:8], "big")
        for i in range(samples)
    ]


def pairing_key(engine: Engine, home: TeamSheet, away: TeamSheet, options: MatchOptions, samples: int) -> str:
    """The cache key of a pairing's preview: a digest of everything that decides it."""
    decided_by = {
        "engine": engine.key,
        "version": engine.version,
        "home": home.to_dict(),
        "away": away.to_dict(),
        "settings": dict(options.settings),
        "winner_required": options.winner_required,
        "samples": samples,
    }
    text = json.dumps(decided_by, sort_keys=True, separators=(",", ":"), default=str)
    return "preview:" + hashlib.sha256(text.encode()).hexdigest()


class PreviewTooSlow(Exception):
    """The preview would take longer than the caller can wait: a worker should make it."""


def pairing_outlook(
    engine: Engine,
    home: TeamSheet,
    away: TeamSheet,
    options: MatchOptions,
    seeds: list[int],
    budget: float | None = None,
) -> Outlook:
    """Play the pairing once per seed, as the play task would (``sheets_simulate``). With a
    ``budget`` (seconds), ``PreviewTooSlow`` once the first match says all would take longer."""
    scores: Counter[tuple[int, int]] = Counter()
    through = 0
    result, home, away, _ = sheets_simulate(engine, home, away, seed=seeds[0], options=options)
    # frozen: the engine keeps what it made of each side across the samples
    home, away = FrozenTeamSheet.coerce(home), FrozenTeamSheet.coerce(away)
    start = time.perf_counter()
    for index, seed in enumerate(seeds):
        if index:
            result = engine.simulate(home, away, seed=seed, options=options)
        if budget is not None and index == BUDGET_CHECK and (time.perf_counter() - start) / index * len(seeds) > budget:
            raise PreviewTooSlow(f"{len(seeds)} matches of {engine.name} take more than {budget:g} s here")
        scores[(result.home_goals, result.away_goals)] += 1
        through += result.winner == "home"
    return Outlook(samples=len(seeds), scores=dict(scores), home_through=through if options.winner_required else None)


def match_preview(match: Match, *, samples: int = PREVIEW_SAMPLES, budget: float | None = None) -> Outlook:
    """The preview of a scheduled match: from the cache, else played and cached (within
    ``budget`` seconds, if given: see ``pairing_outlook``)."""
    if samples < 1:
        raise ValueError(f"samples: {samples} is not a positive number of matches")
    engine, home, away, options = match_setup(match)
    key = pairing_key(engine, home, away, options, samples)
    outlook = cache.get(key)
    if outlook is None:
        try:
            outlook = pairing_outlook(engine, home, away, options, preview_seeds(key, samples), budget)
        except CardError:
            short = short_sides(engine, home, away, seed=SEED_FLOOR, options=options)
            if len(short) != 1:
                raise
            outlook = forfeit_outlook(match, next(iter(short)), samples, options)
        cache.set(key, outlook, PREVIEW_CACHE_SECONDS)
    return outlook


def forfeit_outlook(match: Match, short_side: str, samples: int, options: MatchOptions) -> Outlook:
    """The preview of a match one side cannot field the game's minimum for (its players out):
    the forfeit the play task will award against it, every time."""
    league = match.season.league
    won, lost = league.forfeit_goals_for, league.forfeit_goals_against
    score = (lost, won) if short_side == Match.Side.HOME else (won, lost)
    through = (samples if short_side == Match.Side.AWAY else 0) if options.winner_required else None
    return Outlook(samples=samples, scores={score: samples}, home_through=through)


def preview_keys(
    matches: Iterable[Match], *, samples: int = PREVIEW_SAMPLES, sheets: SeasonSheets | None = None
) -> dict[int, str]:
    """The preview key of each match (two queries a season: squads and tactics, unless the
    caller read ``sheets`` already), for reading many previews at once; matches whose side has
    no squad have none."""
    matches = list(matches)
    sheets = sheets if sheets is not None else seasons_sheets(matches)
    keys: dict[int, str] = {}
    for match in matches:
        home, away = sheets[match.season_id, match.home_id], sheets[match.season_id, match.away_id]
        if home.players and away.players:
            engine, options = match_engine(match)
            keys[match.id] = pairing_key(engine, home, away, options, samples)
    return keys


def cached_previews(matches: Iterable[Match], *, samples: int = PREVIEW_SAMPLES) -> dict[int, Outlook]:
    """The previews already cached of these matches (nothing is computed: for pages)."""
    keys = preview_keys([m for m in matches if m.status == Match.Status.SCHEDULED], samples=samples)
    found = cache.get_many(list(set(keys.values())))
    return {match_id: found[key] for match_id, key in keys.items() if key in found}
