"""Draft parity: how strong each squad of a season is, from the engine itself.

A team's strength is the points it can expect per match against the rest of its league, as
the season's matches pair them: the mean, over every pairing of its season (home and away as
the fixtures have them, whether played yet or not), of the league's points for a win, a draw
and a loss weighted by the pairing's preview (``competitions.previews``, with the squads and
tactics as they are now). The league's parity is the spread of those strengths: the gap
between the strongest and the weakest squad, and their standard deviation. After a draft the
previews are those the season odds need anyway; after a transfer or a trade a changed squad
has new previews, so its strength follows.

Nothing is played here: the previews come from the cache, and the missing ones are asked of
the workers (one preview task per pairing), so a page shows the strengths once all are made."""

from __future__ import annotations

import hashlib
import json
import statistics
from collections import defaultdict
from dataclasses import dataclass

from django.core.cache import cache
from django.db.models import Sum

from competitions.odds import check_has_table
from competitions.previews import PREVIEW_CACHE_SECONDS, PREVIEW_TASK, match_preview, preview_keys, task_request
from leagues.models import Season
from matches.models import Match
from matches.services import SeasonSheets, match_engine, seasons_sheets

#: As long as the previews it is made from.
PARITY_CACHE_SECONDS = PREVIEW_CACHE_SECONDS
#: Strengths still waiting for previews are looked at again after this long, not on every view.
WAITING_CACHE_SECONDS = 60


@dataclass(frozen=True)
class Strength:
    team_id: int
    name: str
    #: Expected points per match against the rest of the league.
    points: float
    #: The squad's value: the sum of its cards' prices (BootCoins).
    value: int


@dataclass(frozen=True)
class Parity:
    """The teams strongest first; ``pairings`` of the season, of which ``ready`` have a
    preview (the strengths are known once all have)."""

    teams: tuple[Strength, ...]
    pairings: int
    ready: int

    @property
    def complete(self) -> bool:
        return self.pairings > 0 and self.ready == self.pairings

    @property
    def spread(self) -> float:
        """Points per match between the strongest squad and the weakest."""
        return self.teams[0].points - self.teams[-1].points if self.teams else 0.0

    @property
    def deviation(self) -> float:
        return statistics.pstdev(t.points for t in self.teams) if len(self.teams) > 1 else 0.0

    def to_dict(self) -> dict:
        return {
            "complete": self.complete,
            "pairings": self.pairings,
            "ready": self.ready,
            "spread": self.spread if self.complete else None,
            "deviation": self.deviation if self.complete else None,
            "teams": [
                {"team": t.team_id, "name": t.name, "points_per_match": t.points, "squad_value": t.value}
                for t in self.teams
            ]
            if self.complete
            else [],
        }

    def of(self, team_id: int) -> tuple[int, Strength] | None:
        """The team's rank (1 the strongest) and strength."""
        return next(((n, t) for n, t in enumerate(self.teams, start=1) if t.team_id == team_id), None)


def season_parity(season: Season, *, request: bool = True, play: bool = False) -> Parity | None:
    """The season's strengths from the cached previews (``Parity.complete`` once all are made;
    with ``request`` the missing ones are asked of the workers, with ``play`` they are played
    here). None for a knockout or a Swiss, whose matches are not a league's pairings, or a
    season without matches."""
    try:
        check_has_table(season)
    except ValueError:
        return None
    matches = list(
        season.matches.exclude(status=Match.Status.CANCELLED)
        .select_related("season__league", "home", "away")
        .order_by("id")
    )
    one_each = list({(m.home_id, m.away_id): m for m in reversed(matches)}.values())
    if not one_each:
        return None
    sheets = seasons_sheets(one_each)
    key = parity_key(season, one_each, sheets)
    parity = cache.get(key)
    if parity is not None and not parity.complete and play:
        parity = None
    if parity is None:
        if play:
            for match in one_each:
                match_preview(match)
        parity = _parity(season, one_each, sheets, request)
        cache.set(key, parity, PARITY_CACHE_SECONDS if parity.complete else WAITING_CACHE_SECONDS)
    return parity


def parity_key(season: Season, pairings: list[Match], sheets: SeasonSheets) -> str:
    """What decides the strengths: the pairings, every squad and its tactics (the team sheets),
    the settings, the engine's version and the league's points; a digest of them (a few
    milliseconds, where working out every pairing's preview key takes a tenth of a second)."""
    engine, options = match_engine(pairings[0])
    league = season.league
    decided_by = {
        "pairings": sorted((m.home_id, m.away_id) for m in pairings),
        "sheets": sorted((team_id, sheet.to_dict()) for (_, team_id), sheet in sheets.items()),
        "settings": dict(options.settings),
        "engine": [engine.key, engine.version],
        "points": [league.points_win, league.points_draw, league.points_loss],
    }
    text = json.dumps(decided_by, sort_keys=True, separators=(",", ":"), default=str)
    return f"parity:{season.id}:" + hashlib.sha256(text.encode()).hexdigest()


def _parity(season: Season, one_each: list[Match], sheets: SeasonSheets, request: bool) -> Parity:
    keys = preview_keys(one_each, sheets=sheets)
    found = cache.get_many(list(set(keys.values())))
    missing = [match for match in one_each if keys.get(match.id) not in found]
    if missing:
        for match in missing:  # a side without a squad has no key: it cannot be measured yet
            if request and match.id in keys:
                task_request(PREVIEW_TASK, match.id, key=f"preview-requested:{match.id}")
        return Parity((), len(one_each), len(one_each) - len(missing))
    league = season.league
    points: dict[int, list[float]] = defaultdict(list)
    names = {}
    for match in one_each:
        names[match.home_id], names[match.away_id] = match.home.name, match.away.name
        outlook = found[keys[match.id]]
        home_win, draw = outlook.share(lambda h, a: h > a), outlook.share(lambda h, a: h == a)
        away_win = 1 - home_win - draw
        for team_id, win, loss in ((match.home_id, home_win, away_win), (match.away_id, away_win, home_win)):
            points[team_id].append(win * league.points_win + draw * league.points_draw + loss * league.points_loss)
    values = squad_values(season)
    teams = sorted(
        (
            Strength(team_id, name, statistics.fmean(points[team_id]), values.get(team_id, 0))
            for team_id, name in names.items()
        ),
        key=lambda t: (-t.points, t.name),
    )
    return Parity(tuple(teams), len(one_each), len(one_each))


def squad_values(season: Season) -> dict[int, int]:
    """Each team's squad in the season at its cards' prices."""
    return dict(
        season.squad_members.values("team_id").annotate(value=Sum("player__price")).values_list("team_id", "value")
    )
