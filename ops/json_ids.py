"""The ids kept inside JSON fields of a league's export (tactics, draft markets, the
play-by-play, table results...), and how ``ops.backup``'s import rewrites them to the new rows' ids."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from matches.models import PLAY_BY_PLAY_SCHEMA

#: Maps an id of a model (by label; the user model as "user") to the id it has in the target.
IdMap = Callable[[str, Any], Any]


@dataclass(frozen=True)
class JsonIds:
    """How to rewrite the ids a JSON field holds, and of which models (none: kept as stored)."""

    refers_to: tuple[str, ...]
    rewrite: Callable[[Any, IdMap], Any] | None = None
    why: str = ""
    #: The JSON Schema a value read from a file must meet (before its ids are rewritten), if any.
    schema: Mapping[str, Any] | None = None


TEAM, PLAYER, DIVISION = "leagues.Team", "rosters.Player", "leagues.Division"

#: Lineup keys that name players, in the engines' own lineups (tactics): Fütti's
#: attackers, defenders and goalkeeper, Mutant Soccer's starters (values); Calciotto's
#: positions (keys). Everything else in a lineup (coach, style ...) is not an id.
LINEUP_PLAYER_VALUES = ("attackers", "defenders", "goalkeeper", "starters")
LINEUP_PLAYER_KEYS = ("positions",)


def _each(value: Any, change: Callable[[Any], Any]) -> Any:
    return [change(v) for v in value] if isinstance(value, list) else change(value)


def _lineup(lineup: Any, ids: IdMap) -> Any:
    if not isinstance(lineup, dict):
        return lineup
    out = dict(lineup)
    for key in LINEUP_PLAYER_VALUES:
        if key in out:
            out[key] = _each(out[key], lambda v: ids(PLAYER, v))
    for key in LINEUP_PLAYER_KEYS:
        if isinstance(out.get(key), dict):
            out[key] = {ids(PLAYER, k): v for k, v in out[key].items()}
    return out


def _played_with(value: Any, ids: IdMap) -> Any:
    """The lineups and ``absent`` (the players left off each sheet) name players; ``dropped``
    holds the engine's reasons as text, kept as written."""
    if not isinstance(value, dict):
        return value
    out = dict(value)
    if isinstance(value.get("lineups"), dict):
        out["lineups"] = {side: _lineup(lineup, ids) for side, lineup in value["lineups"].items()}
    if isinstance(value.get("absent"), dict):
        out["absent"] = {
            side: [{**player, "id": str(ids(PLAYER, player["id"]))} for player in players]
            for side, players in value["absent"].items()
        }
    return out


def _team_list(value: Any, ids: IdMap) -> Any:
    return [ids(TEAM, t) for t in value] if isinstance(value, list) else value


def _lot(value: Any, ids: IdMap) -> Any:
    if not value:
        return value
    return {**value, "player": ids(PLAYER, value["player"]), "team": ids(TEAM, value["team"]),
            "by": ids("user", value.get("by"))}  # fmt: skip


def _market(value: Any, ids: IdMap) -> Any:
    if not value:
        return value
    card, coach = (lambda v: ids(PLAYER, v)), (lambda v: ids(TEAM, v))
    out = dict(value)
    for key in ("card_ids", "pile", "display", "discards"):
        if key in out:
            out[key] = [card(c) for c in out[key]]
    for key in ("coaches", "checked", "finished"):
        if key in out:
            out[key] = [coach(c) for c in out[key]]
    if "to_act" in out:
        out["to_act"] = coach(out["to_act"])
    if "squads" in out:
        out["squads"] = {coach(k): [card(c) for c in v] for k, v in out["squads"].items()}
    if "budgets" in out:
        out["budgets"] = {coach(k): v for k, v in out["budgets"].items()}
    return out


def _table_result(value: Any, ids: IdMap) -> Any:
    """A result as entered at the table: events name a player (and who went off), counts are by player."""
    if not isinstance(value, dict):
        return value
    out = dict(value)
    if isinstance(out.get("events"), list):
        out["events"] = [
            {**e, "player": ids(PLAYER, e.get("player")), **({"out": ids(PLAYER, e["out"])} if "out" in e else {})}
            for e in out["events"]
        ]
    if isinstance(out.get("counts"), dict):
        out["counts"] = {ids(PLAYER, k): v for k, v in out["counts"].items()}
    return out


def _odds_teams(value: Any, ids: IdMap) -> Any:
    """A round's odds: each team's entry names the team and, in a season of divisions, its division."""
    if not isinstance(value, list):
        return value
    return [
        {
            **team,
            "team": ids(TEAM, team.get("team")),
            **({"division": ids(DIVISION, team["division"])} if "division" in team else {}),
        }
        for team in value
    ]


def _event_detail(value: Any, ids: IdMap) -> Any:
    if isinstance(value, dict) and value.get("source") == "table" and "out" in value:
        return {**value, "out": ids(PLAYER, value["out"])}
    return value


def _play_by_play(value: Any, ids: IdMap) -> Any:
    """A match's events: each names its player, and a table's substitution who went off."""
    if not isinstance(value, list):
        return value
    return [
        {**e, "player": ids(PLAYER, e.get("player")), "detail": _event_detail(e.get("detail"), ids)}
        if isinstance(e, dict)
        else e
        for e in value
    ]


#: Every JSON field of an exported model, with the ids it holds.
JSON_IDS: dict[tuple[str, str], JsonIds] = {
    ("leagues.League", "engine_settings"): JsonIds(()),
    ("leagues.League", "tiebreakers"): JsonIds(()),
    ("leagues.Season", "engine_settings"): JsonIds(()),
    ("leagues.Team", "tactics"): JsonIds((PLAYER,), _lineup, "deprecated: a team's tactics are its season's"),
    ("leagues.SeasonTeam", "tactics"): JsonIds((PLAYER,), _lineup),
    ("leagues.SeasonOdds", "teams"): JsonIds((TEAM, DIVISION), _odds_teams),
    ("rosters.Player", "attributes"): JsonIds(()),
    ("rosters.Draft", "order"): JsonIds((TEAM,), _team_list),
    ("rosters.Draft", "lot"): JsonIds((PLAYER, TEAM), _lot),
    ("rosters.Draft", "market"): JsonIds((PLAYER, TEAM), _market),
    ("matches.Match", "played_with"): JsonIds((PLAYER,), _played_with),
    ("matches.PlayByPlay", "events"): JsonIds(
        (PLAYER,),
        _play_by_play,
        "the engine's own detail (e.g. a keeper's id) is kept as it was played",
        PLAY_BY_PLAY_SCHEMA,
    ),
    ("matches.PlayerMatchStat", "extra"): JsonIds((), None, "the engine's own counters, no ids"),
    ("matches.ResultSubmission", "payload"): JsonIds((PLAYER,), _table_result),
    ("tournaments.Bracket", "two_legged_rounds"): JsonIds(()),
    ("tournaments.GroupStage", "two_legged_rounds"): JsonIds(()),
    ("tournaments.Playoffs", "two_legged_rounds"): JsonIds(()),
    ("tournaments.Swiss", "ranking"): JsonIds((TEAM,), _team_list),
}
