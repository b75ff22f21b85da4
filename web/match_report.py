"""The match page: a match with its play-by-play and both sides' player stats."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from leagues.models import SeasonTeam
from matches.absences import OutLine, match_out
from matches.models import Match, PlayerMatchStat, card_names, played_events
from web.selectors import label


@dataclass
class EventLine:
    seq: int
    minute: int
    kind: str
    side: str
    player: str
    detail: list[tuple[str, str]]


@dataclass
class StatLine:
    player_id: int
    name: str
    role: str
    goals: int
    shots: int
    saves: int
    steals: int
    yellow_cards: int
    red_cards: int
    injuries: int
    minutes: int
    extra: list[Any]


@dataclass
class MatchReport:
    match: Match
    events: list[EventLine]
    home_stats: list[StatLine]
    away_stats: list[StatLine]
    extra_columns: list[str]
    #: who is out of the match by side (suspended, injured): ``matches.absences.match_out``
    out: dict[str, list[OutLine]] = field(default_factory=dict)


def match_report(match_id: int) -> MatchReport:
    """A match with its play-by-play and both sides' player stats (three queries; a fourth names a
    card of the play-by-play that has no stat line).

    Player ids inside an event's detail (the attacker, the goaltender) are shown as
    names, so that the dice or cards read as the engine told them.
    """
    match = Match.objects.select_related("season__league", "home", "away").get(id=match_id)
    stats = list(
        PlayerMatchStat.objects.filter(match=match).select_related("player").order_by("player__role", "player__name")
    )
    events = played_events(match.id)
    # by id as text too: an event's detail names its cards so
    names = {str(pk): name for pk, name in card_names(events, {s.player_id: s.player.name for s in stats}).items()}
    lines = [
        EventLine(
            seq=e.seq,
            minute=e.minute,
            kind=label(e.kind),
            side=e.side,
            player=names.get(str(e.player_id), "") if e.player_id is not None else "",
            detail=[(label(key), describe(value, names)) for key, value in (e.detail or {}).items()],
        )
        for e in events
    ]
    extra_columns = sorted({key for s in stats for key, v in (s.extra or {}).items() if isinstance(v, int | float)})

    def stat_lines(team_id: int) -> list[StatLine]:
        return [
            StatLine(
                player_id=s.player_id,
                name=s.player.name,
                role=s.player.role,
                goals=s.goals,
                shots=s.shots,
                saves=s.saves,
                steals=s.steals,
                yellow_cards=s.yellow_cards,
                red_cards=s.red_cards,
                injuries=s.injuries,
                minutes=s.minutes,
                extra=[(s.extra or {}).get(key, "") for key in extra_columns],
            )
            for s in stats
            if s.team_id == team_id
        ]

    return MatchReport(
        match=match,
        events=lines,
        home_stats=stat_lines(match.home_id),
        away_stats=stat_lines(match.away_id),
        extra_columns=[label(key) for key in extra_columns],
        out=match_out(match),
    )


def describe(value: Any, names: dict[str, str]) -> str:
    """One value of an event's detail as text: dice as ``4 · 6``, a player id as the player's name."""
    if isinstance(value, str):
        return names.get(value, value.replace("_", " "))
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list | tuple):
        return " · ".join(describe(v, names) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k.replace('_', ' ')} {describe(v, names)}" for k, v in value.items())
    return str(value)


@dataclass(frozen=True)
class DroppedOrders:
    """A side's tactics the engine refused when the match was played: the side played with the
    league's coach. Shown to the team's manager and the league's commissioners only."""

    team: str
    reason: str
    tactics_entry: int | None  # the team's tactics in the season (``SeasonTeam``), to fix them


def dropped_orders(match: Match, user: Any) -> list[DroppedOrders]:
    """The sides of ``match`` whose orders were dropped, among those ``user`` manages (all of
    them for a commissioner of the league); none for anyone else."""
    dropped = (match.played_with or {}).get("dropped") or {}
    if not dropped or user is None or not user.is_authenticated:
        return []
    runs = match.season.league.is_commissioner(user)
    entries = dict(
        SeasonTeam.objects.filter(season_id=match.season_id, team_id__in=[match.home_id, match.away_id]).values_list(
            "team_id", "pk"
        )
    )
    return [
        DroppedOrders(team.name, str(dropped[side]), entries.get(team.pk))
        for side, team in (("home", match.home), ("away", match.away))
        if side in dropped and (runs or team.manager_id == user.pk)
    ]
