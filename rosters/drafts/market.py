"""The market: a game's own selection (``engine.market``, Mutant Soccer's rule book market), its
state kept on the draft."""

from __future__ import annotations

import re
from dataclasses import asdict, replace
from typing import Any

from engines import CardError
from rosters import ledger
from rosters.drafts.state import DraftError, Kind, board_for, market_rules
from rosters.models import Draft, Player


def _market_fields(state: dict) -> dict:
    return {
        **state,
        "coaches": tuple(state["coaches"]),
        "pile": tuple(state["pile"]),
        "display": tuple(state["display"]),
        "discards": tuple(state["discards"]),
        "squads": {k: tuple(v) for k, v in state["squads"].items()},
        "checked": tuple(state["checked"]),
        "finished": frozenset(state["finished"]),
    }


def _card(player: Player) -> dict:
    return {**player.attributes, "id": str(player.pk), "role": player.role, "price": player.price}


def _cards(draft: Draft) -> dict[str, dict]:
    """The market's cards: those of its pool (``card_ids``) and those the teams kept."""
    kept = [card for squad in draft.market["squads"].values() for card in squad]
    players = Player.objects.filter(pk__in=[int(i) for i in [*draft.market["card_ids"], *kept]])
    return {str(p.pk): _card(p) for p in players}


def _market(draft: Draft) -> Any:
    fields = {k: v for k, v in draft.market.items() if k != "card_ids"}
    return market_rules(draft).Market(cards=_cards(draft), **_market_fields(fields))


def _store_market(draft: Draft, market: Any, card_ids: list[str]) -> None:
    state = asdict(replace(market, cards={}))
    state.pop("cards")
    state["finished"] = sorted(state["finished"])
    draft.market = {**state, "card_ids": card_ids}


def with_kept_cards(draft: Draft, market: Any) -> Any:
    """The market with each team's kept cards in its squad from the start, as the snake draft
    and the auction have them (``board_for``: the season's squad places less the draft's
    moves): not in the pool, paid through the ledger (the budgets are its balances) and
    counted by the market's squad limits; a team they fill already has finished buying."""
    picked = set(draft.picks.exclude(player=None).values_list("player_id", flat=True))
    kept = {
        str(team_id): [player for player in squad if player.pk not in picked]
        for team_id, squad in board_for(draft).squads.items()
    }
    cards = {**market.cards, **{str(p.pk): _card(p) for squad in kept.values() for p in squad}}
    squads = {coach: tuple(str(p.pk) for p in kept.get(coach, [])) for coach in market.coaches}
    market = replace(market, cards=cards, squads=squads)
    full = frozenset(coach for coach in market.coaches if len(squads[coach]) >= market_rules(draft).MAX_SQUAD)
    market = replace(market, finished=market.finished | full)
    order = list(market.coaches)
    start = order.index(market.to_act)
    to_act = next((c for c in order[start:] + order[:start] if c not in market.finished), market.to_act)
    return replace(market, to_act=to_act)


def open_market(draft: Draft) -> None:
    """Shuffle the league's free cards and lay the first display, with the teams' coins from the
    ledger and their kept cards in their squads (``with_kept_cards``)."""
    free = board_for(draft).free
    cards = [_card(p) for p in free]
    coaches = [str(t) for t in draft.order]
    market = market_rules(draft).open_market(cards, draft.season.seed, coaches)
    coins = ledger.balances(draft.season, draft.order)
    market = with_kept_cards(draft, replace(market, budgets={str(t): coins[t] for t in draft.order}))
    draft.order = [int(c) for c in market.coaches]
    _store_market(draft, market, [c["id"] for c in cards])


def sync_market_budgets(draft: Draft) -> Any:
    """The market with every team's coins as the ledger has them now.

    The market counts down its own copy of the coins as cards are bought; a fine or a grant
    written during the draft changes only the ledger. Without this the computer buyer could
    choose a card the ledger then refuses, and the clock would fail on it at every try.
    """
    market = _market(draft)
    coins = ledger.balances(draft.season, draft.order)
    budgets = {str(t): coins[t] for t in draft.order}
    if budgets != dict(market.budgets):
        market = replace(market, budgets=budgets)
        _store_market(draft, market, draft.market["card_ids"])
    return market


def market_refusal(draft: Draft, team_id: int, player: Player) -> str | None:
    return market_refusals(draft, team_id, [player]).get(player.pk)


def market_refusals(draft: Draft, team_id: int, players: list[Player]) -> dict[int, str]:
    """Why the team may not buy each of ``players`` now (only the refused ones), reading the market once."""
    market = _market(draft)
    legal = set(market_rules(draft).legal_picks(market, str(team_id)))
    budget = market.budgets[str(team_id)]
    reasons = {}
    for player in players:
        if str(player.pk) not in market.display:
            reasons[player.pk] = f"{player.name} is not on display"
        elif str(player.pk) not in legal:
            reasons[player.pk] = (
                f"{player.name} costs {player.price} BC: with {budget} BC the team could then"
                " not complete five field players and a goalkeeper from the cards left (or its squad is full)"
            )
    return reasons


def market_move(draft: Draft, team_id: int, kind: str, player: Player | None) -> None:
    market = _market(draft)
    coach = str(team_id)
    try:
        if kind == Kind.PICK:
            market = market_rules(draft).pick(market, coach, str(player.pk))
        elif kind == Kind.CHECK:
            market = market_rules(draft).check(market, coach)
        else:
            market = market_rules(draft).finish(market, coach)
    except CardError as exc:
        raise DraftError(_named(str(exc).replace("market: ", ""), draft)) from exc
    _store_market(draft, market, draft.market["card_ids"])


def _named(refusal: str, draft: Draft) -> str:
    """The market's rules name the teams and cards by their ids (``coach 12``, ``card '345'``);
    a manager knows them by their names."""
    teams = {str(pk): name for pk, name in draft.season.teams.values_list("pk", "name")}
    cards = {
        str(pk): name for pk, name in Player.objects.filter(league_id=draft.season.league_id).values_list("pk", "name")
    }
    refusal = re.sub(r"'(\d+)'", lambda found: cards.get(found[1], found[0]), refusal)
    return re.sub(r"\b(\d+)(?='s\b| cannot\b)", lambda found: teams.get(found[1], found[1]), refusal)


def replay_market(draft: Draft) -> None:
    """Rebuild the market from its first display and the moves left (after an undo)."""
    card_ids = draft.market["card_ids"]
    cards = [_cards(draft)[i] for i in card_ids]
    market = market_rules(draft).open_market(cards, draft.season.seed, draft.market["coaches"])
    moves = list(draft.picks.order_by("number").select_related("player"))
    coins = ledger.balances(draft.season, draft.order)  # after the refund: the start less the moves left
    for move in moves:
        coins[move.team_id] += move.price
    market = with_kept_cards(draft, replace(market, budgets={str(t): coins[t] for t in draft.order}))
    _store_market(draft, market, card_ids)
    for move in moves:
        market_move(draft, move.team_id, move.kind, move.player)
