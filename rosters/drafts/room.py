"""The draft room: everything it shows, and the command's summary of the squads."""

from __future__ import annotations

from copy import copy
from dataclasses import replace

from django.utils import timezone

from rosters.drafts.auction import auction_refusal
from rosters.drafts.market import market_refusals
from rosters.drafts.state import (
    Board,
    State,
    board_for,
    market_rules,
    on_the_clock,
    pick_label,
    pick_refusal,
    total_picks,
)
from rosters.drafts.values import fresh_values, values_request
from rosters.models import CardValue, Draft, Player, QueuedCard
from rosters.permissions import runs_league


def _lot_line(draft: Draft, teams: dict[int, str]) -> dict | None:
    if not draft.lot:
        return None
    player = Player.objects.get(pk=draft.lot["player"])
    return {
        "player": player.name,
        "player_id": player.pk,
        "bid": draft.lot["bid"],
        "team": teams[draft.lot["team"]],
        "team_id": draft.lot["team"],
    }


def _card_value(value: CardValue | None) -> dict:
    """A card's value for the acting team, rounded for the room (None while not measured)."""
    if value is None:
        return {"gain": None, "per_coin": None, "strength": None, "stderr": None}
    return {
        "gain": round(value.gain, 3),
        "per_coin": round(value.per_coin, 4),
        "strength": round(value.strength, 3),
        "stderr": round(value.stderr, 3),
    }


def _values_line(draft: Draft, team_id: int, teams: dict[int, str], values: dict[int, CardValue]) -> dict:
    """Whose card values the room shows, whether they are measured for its squad as it is, how
    many matches each is and when they were made (a snake draft's only)."""
    first = next(iter(values.values()), None)
    return {
        "team": team_id,
        "team_name": teams.get(team_id),
        "ready": first is not None,
        "computed_at": first.computed_at.isoformat() if first else None,
        "samples": first.samples if first else None,
        "measured": draft.format == Draft.Format.SNAKE,
    }


def squad_lines(draft: Draft) -> list[str]:
    """One line per team: its squad and the coins left (the command's summary)."""
    board = board_for(draft)
    names = dict(draft.season.teams.values_list("pk", "name"))
    lines = []
    for team_id in draft.order:
        squad = ", ".join(f"{p.name} ({p.role}, {board.paid[p.pk]})" for p in board.squads.get(team_id, []))
        lines.append(f"{names[team_id]}: {board.coins[team_id]} BC left; {squad}")
    return lines


def card_refusals(draft: Draft, board: Board, team_id: int) -> dict[int, str]:
    """Per free card, why the team may not take it now (its pick, nomination at 1 BC, or purchase):
    the room disables those cards and shows the reason before anyone clicks."""
    if draft.format == Draft.Format.MARKET:
        return market_refusals(draft, team_id, board.free)
    if draft.format == Draft.Format.AUCTION:
        trial = replace(board, free=[copy(p) for p in board.free])  # a bid's trial rewrites its card's price
        reasons = {p.pk: auction_refusal(trial, team_id, p, 1) for p in trial.free}
    else:  # a snake draft's pick
        reasons = {p.pk: pick_refusal(board, team_id, p) for p in board.free}
    return {pk: reason for pk, reason in reasons.items() if reason}


def room_state(draft: Draft, user) -> dict:
    """Everything the draft room shows, as JSON for its polling: the clock, the cards, the board,
    every team's coins, and for a manager their squad, needs, queue and autopick."""
    board = board_for(draft)
    teams = dict(draft.season.teams.values_list("pk", "name"))
    due = on_the_clock(draft)
    commissioner = runs_league(user, draft.season.league)
    mine = None
    if user.is_authenticated:  # an anonymous user's pk is None, as is a team's without a manager
        mine = next((t for t in draft.season.teams.all() if t.manager_id == user.pk), None)
    needs, reserves = board.needs() if draft.order else ({}, {})
    display = set(draft.market["display"]) if draft.market else None
    autopick = set(draft.autopick_teams.values_list("pk", flat=True))
    seconds = None
    if draft.state == State.RUNNING and draft.deadline:
        seconds = max(0, round((draft.deadline - timezone.now()).total_seconds()))
    elif draft.state == State.PAUSED:
        seconds = round(draft.seconds_left or 0)

    moves = list(draft.picks.select_related("team", "player").order_by("-number"))
    picked = {m.player_id for m in moves}

    def card(p: Player, price: int) -> dict:
        ratings = " ".join(f"{k} {v}" for k, v in p.attributes.items() if k != "role")
        return {"id": p.pk, "name": p.name, "role": p.role, "price": price, "ratings": ratings}

    def team_line(team_id: int) -> dict:
        open_roles = {r: n for r, n in needs.get(team_id, {}).items() if n > 0}
        squad = board.squads.get(team_id, [])
        # a card in the squad that no move of the draft took was kept from last season (and paid)
        kept = [p for p in squad if p.pk not in picked]
        return {
            "id": team_id,
            "name": teams[team_id],
            "coins": board.coins.get(team_id, draft.season.league.budget),
            "squad": [{**card(p, board.paid[p.pk]), "kept": p.pk not in picked} for p in squad],
            "kept": len(kept),
            "kept_cost": sum(board.paid[p.pk] for p in kept),
            "needs": open_roles,
            "reserves": reserves.get(team_id, 0),
            "autopick": team_id in autopick,
        }

    me = None
    if mine is not None and mine.pk in teams:
        queue = QueuedCard.objects.filter(draft=draft, team=mine).values_list("player_id", flat=True)
        me = {**team_line(mine.pk), "queue": list(queue)}
        if draft.format == Draft.Format.MARKET and draft.state == State.DONE:
            me["extra_tactical_cards"] = market_rules(draft).extra_tactical_cards(me["coins"])
    acting = due if commissioner else (me["id"] if me else None)
    live = draft.state in (State.RUNNING, State.PAUSED)
    refusals = card_refusals(draft, board, acting) if acting and live else {}
    values = fresh_values(draft, acting) if acting and live and draft.format == Draft.Format.SNAKE else {}
    if acting and live and draft.format == Draft.Format.SNAKE and not values and board.places_left().get(acting):
        values_request(draft, acting)  # none yet for the squad as it is (a full squad has nothing to measure)
    return {
        "id": draft.pk,
        "season": str(draft.season),
        "format": draft.format,
        "state": draft.state,
        "state_label": draft.get_state_display(),
        "pick_number": draft.pick_number,
        "pick_label": pick_label(draft),
        "total_picks": total_picks(draft) if draft.format == Draft.Format.SNAKE else None,
        "on_the_clock": {"id": due, "name": teams.get(due)} if due else None,
        "seconds_left": seconds,
        "commissioner": commissioner,
        "me": me,
        "can_move": draft.state == State.RUNNING
        and not draft.lot
        and (commissioner or (me is not None and me["id"] == due)),
        "lot": _lot_line(draft, teams),
        "autopick_by": draft.autopick_by,
        "values": _values_line(draft, acting, teams, values) if acting and live else None,
        "teams": [team_line(t) for t in draft.order],
        "cards": [
            {
                **card(p, p.price),
                "on_display": display is None or str(p.pk) in display,
                "refusal": refusals.get(p.pk, ""),
                **_card_value(values.get(p.pk)),
            }
            for p in board.free
        ],
        "board": [
            {
                "number": m.number + 1,
                "team": m.team.name,
                "kind": m.kind,
                "player": m.player.name if m.player else "",
                "price": m.price,
                "auto": m.auto,
                "auto_by": m.auto_by,
            }
            for m in moves
        ],
    }
