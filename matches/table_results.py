"""Results of matches played at the table: entered from the scoresheet, agreed by both sides.

A manager of either team submits what the scoresheet says; the result counts (the match
becomes ``played``) only when the other manager confirms it, or submits the same result,
or the commissioner approves it. Two different results are a dispute the commissioner
decides. Until then the match stays ``scheduled``, so standings and brackets ignore it.
Every step is a ``ResultSubmission`` row with who and when.

Who may do what, the state of a match and the validation of a result are here; the steps
that store a result (``competitions.table_results``) go through ``services.result_store`` like
an engine's, so the play-by-play (``detail["source"] == "table"``), player stats, standings,
leaderboards and brackets (``competitions.progress``) treat it as any other. Role problems raise
``PermissionDenied``; anything wrong with the result or the match's state raises
``ValidationError`` keyed by the field at fault (``home_goals``, ``events[2].minute``,
``counts[17].shots``, ``match`` ...).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engines import get_engine
from engines.published import OWN_GOAL, Clock, TableEntry
from matches.models import Match, ResultSubmission
from rosters.models import SquadMember

#: The ``engine_version`` of a match whose result was entered at the table.
TABLE_VERSION = "table"
#: The kinds that put the ball in a net: a goal for the scorer's side, an own goal for the other.
GOAL_KINDS = ("goal", OWN_GOAL)
OPEN = (ResultSubmission.State.PENDING, ResultSubmission.State.DISPUTED)
Action, State = ResultSubmission.Action, ResultSubmission.State


def table_entry(engine: str) -> TableEntry:
    """What a result of the league's game entered from the table may hold (the engine's data)."""
    entry = get_engine(engine).table_entry
    if entry is None:
        raise ValidationError(
            {
                "match": _("%(get_engine_engine_name)s publishes no table-result form.")
                % {"get_engine_engine_name": get_engine(engine).name}
            }
        )
    return entry


# --- who may do what -------------------------------------------------------------------


def side_of(match: Match, user) -> str:
    """The side whose manager ``user`` is ("home" or "away"), or "" for anyone else."""
    if user is None or not user.is_authenticated:
        return ""
    if match.home.manager_id == user.pk:
        return Match.Side.HOME
    if match.away.manager_id == user.pk:
        return Match.Side.AWAY
    return ""


def manager_side(match: Match, user) -> str:
    side = side_of(match, user)
    if not side:
        raise PermissionDenied(
            _("Only the managers of %(match_home)s and %(match_away)s may submit or confirm this result.")
            % {"match_home": match.home, "match_away": match.away}
        )
    return side


def require_commissioner(match: Match, user, doing: str) -> None:
    if user is None or not user.is_authenticated or not match.season.league.is_commissioner(user):
        raise PermissionDenied(
            _("Only a commissioner of %(match_season_league)s may %(doing)s.")
            % {"match_season_league": match.season.league, "doing": doing}
        )


# --- the state of a match ----------------------------------------------------------------


def result_lock(match_id: int) -> Match:
    """Lock the match for a step of its table result (the caller holds the transaction)."""
    return (
        Match.objects.select_for_update(of=("self",)).select_related("season__league", "home", "away").get(id=match_id)
    )


def check_open(match: Match, now=None) -> None:
    """Refuse a result for a match that is not played at the table, not due, or already decided."""
    if not match.played_at_table:
        raise ValidationError(
            {
                "match": _("%(match)s is simulated by the worker; set it to be played at the table first.")
                % {"match": match}
            }
        )
    if match.status in Match.RESULT_STATUSES:
        raise ValidationError(
            {
                "match": _("%(match)s already has a confirmed result; only a commissioner may edit it.")
                % {"match": match}
            }
        )
    if match.status != Match.Status.SCHEDULED:
        raise ValidationError(
            {
                "match": _("%(match)s is %(match_status)s; it takes no result.")
                % {"match": match, "match_status": match.status}
            }
        )
    if match.kickoff > (now or timezone.now()):
        raise ValidationError(
            {
                "match": _("%(match)s is not due yet: it kicks off at %(match_kickoff)s UTC.")
                % {"match": match, "match_kickoff": format(match.kickoff, "%Y-%m-%d %H:%M")}
            }
        )


def open_submissions(match: Match) -> list[ResultSubmission]:
    """The submissions still waiting (pending or disputed), oldest first."""
    return list(match.result_submissions.filter(action=Action.SUBMIT, state__in=OPEN).order_by("at", "id"))


def table_state(match: Match) -> str:
    """For pages and lists: "confirmed", "disputed", "pending" (a result waits for the other
    side), "awaiting" (no result yet), or "" for a match the worker simulates."""
    if not match.played_at_table:
        return ""
    if match.status in Match.RESULT_STATUSES:
        return "confirmed"
    states = {s.state for s in open_submissions(match)}
    if State.DISPUTED in states:
        return "disputed"
    return "pending" if states else "awaiting"


# --- validation ------------------------------------------------------------------------


def _as_int(value: Any, key: str, errors: dict[str, str], *, minimum: int = 0) -> int | None:
    if value is None or value == "":
        return None
    try:
        number = int(value)
    except (TypeError, ValueError):
        errors[key] = _("%(value)r is not a whole number.") % {"value": value}
        return None
    if number < minimum:
        errors[key] = _("%(number)s is below %(minimum)s.") % {"number": number, "minimum": minimum}
        return None
    return number


def squad_of(match: Match) -> dict[int, tuple[str, str]]:
    """The players of the two squads this season: id -> (side, name)."""
    members = SquadMember.objects.filter(season_id=match.season_id, team_id__in=[match.home_id, match.away_id])
    side = {match.home_id: Match.Side.HOME, match.away_id: Match.Side.AWAY}
    return {m.player_id: (side[m.team_id], m.player.name) for m in members.select_related("player")}


def result_clean(match: Match, data: dict[str, Any]) -> dict[str, Any]:
    """Check a result as entered and return it normalised (the stored ``payload``).

    ``data``: ``home_goals``, ``away_goals``, optional ``decided_by``, ``shootout_home``,
    ``shootout_away``, ``events`` (each ``minute``, ``kind``, ``player`` and, for a
    substitution, ``out``: the player who went off) and ``counts``
    (``{player_id: {"shots": n, ...}}``). Every problem is reported at once, keyed by field.
    """
    league = match.season.league
    engine = get_engine(league.engine)
    game, name = table_entry(engine.key), engine.name
    squad = squad_of(match)
    errors: dict[str, str] = {}
    home_goals = _as_int(data.get("home_goals"), "home_goals", errors)
    away_goals = _as_int(data.get("away_goals"), "away_goals", errors)
    for key, value in (("home_goals", home_goals), ("away_goals", away_goals)):
        if value is None and key not in errors:
            errors[key] = _("Enter the score.")
    decided_by = data.get("decided_by") or Match.DecidedBy.REGULATION
    shootout = [_as_int(data.get(k), k, errors) for k in ("shootout_home", "shootout_away")]
    _check_decision(match, engine.clock, name, decided_by, home_goals, away_goals, shootout, errors)
    extra = decided_by not in (Match.DecidedBy.REGULATION, Match.DecidedBy.PENALTIES)
    limit = engine.clock.last_minute(match.season.match_settings, extra=extra)
    events = _clean_events(data.get("events") or [], game, name, squad, limit, errors)
    counts = _clean_counts(data.get("counts") or {}, game, name, squad, errors)
    goals = Counter(scored_for(squad[e["player"]][0], e["kind"]) for e in events if e["kind"] in GOAL_KINDS)
    for side, value in ((Match.Side.HOME, home_goals), (Match.Side.AWAY, away_goals)):
        if value is not None and goals[side] != value and "events" not in errors:
            team = match.home if side == Match.Side.HOME else match.away
            errors[f"{side}_goals"] = _(
                "The score gives %(team)s %(value)s goals but %(goals_side)s goals for %(team)s are entered"
                " (its players' goals and the other side's own goals)."
            ) % {"team": team, "value": value, "goals_side": goals[side]}
    if errors:
        raise ValidationError(errors)
    return {
        "home_goals": home_goals,
        "away_goals": away_goals,
        "decided_by": decided_by,
        "shootout_home": shootout[0],
        "shootout_away": shootout[1],
        "events": events,
        "counts": counts,
    }


def scored_for(side: str, kind: str) -> str:
    """The side a goal counts for: the scorer's, or the other one for an own goal."""
    if kind != OWN_GOAL:
        return side
    return Match.Side.AWAY if side == Match.Side.HOME else Match.Side.HOME


def _check_decision(match, clock: Clock, name: str, decided_by, home_goals, away_goals, shootout, errors) -> None:
    """A league match ends in regulation; a knockout must have a winner, settled the game's way."""
    given = [s for s in shootout if s is not None]
    if not match.winner_required:
        if decided_by != Match.DecidedBy.REGULATION:
            errors["decided_by"] = _("A league match is decided in regulation time; a draw stands.")
        if given:
            errors["shootout_home"] = _("A league match has no shoot-out.")
        return
    if decided_by not in clock.decided_by:
        errors["decided_by"] = _("A %(name)s knockout is decided by one of: %(join_clock_decided_by)s.") % {
            "name": name,
            "join_clock_decided_by": ", ".join(clock.decided_by),
        }
        return
    if home_goals is None or away_goals is None:
        return
    if decided_by == Match.DecidedBy.PENALTIES:
        if home_goals != away_goals:
            errors["decided_by"] = _("Only a draw goes to penalties.")
        elif len(given) != 2:
            errors["shootout_home"] = _("Enter both sides' shoot-out goals.")
        elif given[0] == given[1]:
            errors["shootout_home"] = _("A shoot-out has a winner: the two sides cannot score the same.")
    else:
        if home_goals == away_goals:
            errors["decided_by"] = _("A knockout needs a winner: a draw goes to penalties.")
        if given:
            errors["shootout_home"] = _("Only a match decided by penalties has a shoot-out.")


def _clean_events(raw, game: TableEntry, name: str, squad, limit: int, errors) -> list[dict[str, Any]]:
    if not isinstance(raw, list):
        errors["events"] = _("Give a list of events.")
        return []
    events: list[tuple[int, dict[str, Any]]] = []
    sent_off: dict[int, int] = {}
    for i, item in enumerate(raw):
        key = f"events[{i}]"
        item = item if isinstance(item, dict) else {}
        kind = str(item.get("kind") or "")
        if kind not in game.timed:
            errors[f"{key}.kind"] = _("%(name)s has no event %(kind)r; choose from %(join_game_timed)s.") % {
                "name": name,
                "kind": kind,
                "join_game_timed": ", ".join(game.timed),
            }
        minute = _as_int(item.get("minute"), f"{key}.minute", errors, minimum=1)
        if minute is None and f"{key}.minute" not in errors:
            errors[f"{key}.minute"] = _("Enter the minute.")
        elif minute is not None and minute > limit:
            errors[f"{key}.minute"] = _(
                "Minute %(minute)s is after the end of the game (%(name)s: %(limit)s minutes)."
            ) % {"minute": minute, "name": name, "limit": limit}
        player = _squad_player(item.get("player"), f"{key}.player", squad, errors)
        out = None
        if kind == "substitution":
            out = _squad_player(item.get("out"), f"{key}.out", squad, errors)
            if out is not None and player is not None and squad[out][0] != squad[player][0]:
                errors[f"{key}.out"] = _("%(squad_out_1)s plays for the other side.") % {"squad_out_1": squad[out][1]}
        if None in (minute, player) or f"{key}.kind" in errors:
            continue
        if kind in game.sent_off:
            sent_off[player] = min(minute, sent_off.get(player, minute))
        events.append((i, {"minute": minute, "kind": kind, "player": player, "out": out}))
    for i, event in events:
        if needed := game.booked_before.get(event["kind"]):
            booked = [e for _, e in events if e["kind"] == game.booking and e["player"] == event["player"]]
            have = sum(e["minute"] <= event["minute"] for e in booked)
            if have < needed:
                kind = event["kind"]
                errors[f"events[{i}].kind"] = ngettext(
                    "An event %(kind)s needs %(needed)d earlier event %(booking)s of %(player)s (%(have)d entered): "
                    "enter it too.",
                    "An event %(kind)s needs %(needed)d earlier events %(booking)s of %(player)s (%(have)d entered): "
                    "enter them too.",
                    needed,
                ) % {
                    "kind": kind,
                    "needed": needed,
                    "booking": game.booking,
                    "player": squad[event["player"]][1],
                    "have": have,
                }

        red, minute = sent_off.get(event["player"]), event["minute"]
        if event["kind"] in GOAL_KINDS and red is not None and minute > red:
            name_of = squad[event["player"]][1]
            errors[f"events[{i}].player"] = _(
                "%(name_of)s was sent off in minute %(red)s and cannot score in minute %(minute)s."
            ) % {"name_of": name_of, "red": red, "minute": minute}
    return sorted((event for _, event in events), key=lambda e: e["minute"])


def _clean_counts(raw, game: TableEntry, name: str, squad, errors) -> dict[str, dict[str, int]]:
    if not isinstance(raw, dict):
        errors["counts"] = _("Give the counts per player.")
        return {}
    counts: dict[str, dict[str, int]] = {}
    for player_key, stats in raw.items():
        player = _squad_player(player_key, f"counts[{player_key}]", squad, errors)
        for stat, value in (stats or {}).items():
            key = f"counts[{player_key}].{stat}"
            if stat not in game.counted:
                errors[key] = _("A %(name)s scoresheet counts %(join_game_counted)s, not %(stat)r.") % {
                    "name": name,
                    "join_game_counted": ", ".join(game.counted),
                    "stat": stat,
                }
                continue
            number = _as_int(value, key, errors)
            if player is not None and number:
                counts.setdefault(str(player), {})[stat] = number
    return counts


def _squad_player(value, key: str, squad, errors) -> int | None:
    try:
        player = int(value)
    except (TypeError, ValueError):
        errors[key] = "Choose a player." if value in (None, "") else f"{value!r} is not a player id."
        return None
    if player not in squad:
        errors[key] = _("Player %(player)s is not in either squad of this match.") % {"player": player}
        return None
    return player
