"""The scoresheet selectors: a match read into a ``Scoresheet`` (its teams and squads, and once
played every event in its box, the score, how it was decided, the seed and the engine
version), or a blank sheet for any two teams of a game."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from competitions.previews import cached_previews
from engines import get_engine
from engines.published import Sheet
from leagues.zones import zone_time_text
from matches.models import Match, played_events
from printing.pdf import game_name
from printing.scoresheets.data import Scoresheet, SheetEvent, SheetPlayer, SheetSide, layout_for
from rosters.models import SquadMember

#: Events whose detail names who went off, for telling starters from substitutes.
_OUT_KEYS = ("out", "replaces", "replaced")
#: Detail keys that name a second player, in the order the report prefers them.
_OTHER_KEYS = (*_OUT_KEYS, "victim")


def _starters(events: Sequence[Any], keys: set[str], played: Mapping[str, int]) -> set[str]:
    """Who started: a player whose first substitution has him going off (or coming back), or who
    played and was never brought on. Engines log substitutions, not always the starting lineup."""
    first: dict[str, bool] = {}
    for event in events:
        if event.kind != "substitution":
            continue
        incoming = str(event.player_id) if event.player_id else ""
        outgoing = next((str(event.detail[k]) for k in _OUT_KEYS if event.detail.get(k)), "")
        if outgoing and outgoing not in first:
            first[outgoing] = True
        if incoming and incoming not in first:
            first[incoming] = event.detail.get("reason") == "return"  # a starter back on
    return {k for k in keys if first.get(k, played.get(k, 0) > 0)}


def _position(layout: Sheet, role: str, key: str, dealt: Mapping[str, str]) -> str:
    return dealt.get(key) or layout.positions.get(role, "")


def scoresheet_for_match(match_id: int, *, blank: bool = False) -> Scoresheet:
    """A match's sheet: its teams and squads, and (unless ``blank`` or not played yet) every
    event in its box, the score, how it was decided, the seed and the engine version."""
    match = Match.objects.select_related("season__league", "home", "away").get(id=match_id)
    engine = match.season.league.engine
    layout = layout_for(engine)
    # a forfeit has an awarded score and no events: the sheet shows the score, the boxes stay empty
    filled = not blank and match.status in Match.RESULT_STATUSES
    members = (
        SquadMember.objects.filter(season_id=match.season_id, team_id__in=[match.home_id, match.away_id])
        .select_related("player")
        .order_by("player__role", "player__name")
    )
    stats: dict[str, dict[str, int]] = {}
    events: list[Any] = []
    if filled:
        for row in match.player_stats.all():
            numbers = {k: getattr(row, k) for k in _STAT_FIELDS} | {
                k: v for k, v in (row.extra or {}).items() if isinstance(v, int)
            }
            stats[str(row.player_id)] = numbers
        events = played_events(match.id)
    names = {str(m.player_id): m.player.name for m in members}
    sheet_events = tuple(
        SheetEvent(
            seq=e.seq,
            minute=e.minute,
            kind=e.kind,
            side=e.side,
            player=names.get(str(e.player_id), "") if e.player_id else "",
            detail=e.detail or {},
            other=next((names.get(str(e.detail[k]), "") for k in _OTHER_KEYS if (e.detail or {}).get(k)), ""),
        )
        for e in events
    )
    marks: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    for e in events:
        if e.player_id:
            marks[str(e.player_id)][e.kind].append(e.minute)
    dealt = _dealt_positions(events)
    minutes = {k: s.get("minutes", 0) for k, s in stats.items()}
    starters = _starters(events, set(names), minutes) if filled else set()
    sides = {}
    for team in (match.home, match.away):
        players = []
        for m in members:
            if m.team_id != team.id:
                continue
            key = str(m.player_id)
            players.append(
                SheetPlayer(
                    key=key,
                    name=m.player.name,
                    role=m.player.role,
                    starter=key in starters,
                    position=_position(layout, m.player.role, key, dealt),
                    stats=stats.get(key, {}),
                    marks={k: tuple(v) for k, v in marks.get(key, {}).items()},
                )
            )
        players.sort(key=lambda p: (not p.starter, p.position not in layout.keeper_positions, p.name))
        side = "home" if team.id == match.home_id else "away"
        sides[side] = SheetSide(side=side, name=team.name, players=tuple(players))
    league = match.season.league
    return Scoresheet(
        engine=engine,
        game=game_name(engine),
        home=sides["home"],
        away=sides["away"],
        match_id=match.id,
        competition=f"{league.name} · {match.season.name} · round {match.round}"
        + (_preview_line(match) if not filled else ""),
        kickoff=zone_time_text(match.kickoff, league.time_zone),  # the league's clock, as its people read it
        status=match.status,
        played=filled,
        home_goals=match.home_goals if filled else None,
        away_goals=match.away_goals if filled else None,
        decided_by=match.get_decided_by_display() if filled else "",
        shootout_home=match.shootout_home if filled else None,
        shootout_away=match.shootout_away if filled else None,
        seed=match.seed,
        engine_version=match.engine_version if filled else "",
        events=sheet_events,
    )


_STAT_FIELDS = ("goals", "shots", "saves", "steals", "yellow_cards", "red_cards", "injuries", "minutes")


#: Lists of player ids a ``lineup`` event may carry, and the position each gives on the sheet.
_LINEUP_KEYS = {"attackers": "ATT", "defenders": "DEF"}


def _dealt_positions(events: Sequence[Any]) -> dict[str, str]:
    """Starting positions where the engine logs them: Flexdeck deals its starting XI onto named
    squares (B1..H), and the first deal of each side is the lineup the sheet shows; a ``lineup``
    event with ``attackers``/``defenders`` lists (Fütti's boxes) marks ATT and DEF."""
    positions: dict[str, str] = {}
    for e in events:
        detail = e.detail or {}
        if e.kind == "deal" and detail.get("half", 1) == 1:
            for square, value in (detail.get("pitch") or {}).items():
                card_id = value[0] if isinstance(value, list | tuple) and value else value
                positions.setdefault(str(card_id), square)
        if e.kind == "lineup":
            for key, position in _LINEUP_KEYS.items():
                for card_id in detail.get(key) or ():
                    positions.setdefault(str(card_id), position)
    return positions


def blank_scoresheet(engine: str) -> Scoresheet:
    """A sheet with write-in lines for any two teams of a game (its squad size in rows)."""
    game = get_engine(engine)
    rows = sum(game.squad_rules.roles.values()) + game.squad_rules.reserves
    empty = tuple(SheetPlayer(key="", name="", role="") for _ in range(rows))
    return Scoresheet(
        engine=engine,
        game=game.name,
        home=SheetSide("home", "", empty),
        away=SheetSide("away", "", empty),
    )


def _preview_line(match: Match) -> str:
    """The cached preview of a scheduled match, for the sheet's header (none is computed here)."""
    if match.status != Match.Status.SCHEDULED:
        return ""
    preview = cached_previews([match]).get(match.id)
    if preview is None:
        return ""
    chances = preview.to_dict()
    return (
        f" · preview: home {chances['home_win']:.0%}, draw {chances['draw']:.0%}, away {chances['away_win']:.0%}"
        f" ({chances['samples']} simulations)"
    )
