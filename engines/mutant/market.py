"""The BootCoin market of Mutant Soccer: the rule book's team selection, as pure functions.

The rule book: shuffle all player cards and lay six on display; a coin decides
who picks first; coaches take turns to buy a card from the display with a budget
of 15 BC; if nobody wants any card on display, the display is dealt anew and the
coach who checked first begins; an exhausted pile is refilled by shuffling the
discarded cards. A team needs five field players and one goalkeeper;
substitutes are optional. Unspent coins buy extra tactical cards at 2 BC each.

Where the text is open we decided:

* after a pick the display is refilled from the pile, so there are six to
  choose from while cards last;
* a coach may check (pass) on a turn; when every coach still buying has checked
  in a row, the display goes to the discards and six new cards are dealt;
* a pick is refused when the coaches still buying could then no longer all
  complete their teams, at once, from the cards still unsold and within their
  coins (``all_can_complete``), so nobody takes the card another coach needs to
  finish; should no such way be found, the coach only needs to be able to
  complete their own team (``completion_cost``);
* a pick is refused when the squad would then have no room (at most
  ``MAX_SQUAD`` cards) for the players it still needs;
* a coach stops buying with ``finish`` once the team is complete, or at
  ``6 + MAX_SUBSTITUTES`` cards.

The functions take and return immutable ``Market`` states, so the platform's
draft room can store a state, replay it, and call ``pick`` / ``check`` /
``finish`` as coaches act. Works for two coaches (the rule book) or more.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engines.core import CardError, Dice
from engines.mutant.cards import FIELD, GOALKEEPER
from engines.mutant.tactics import TACTICAL_CARD_PRICE

BUDGET = 15
DISPLAY_SIZE = 6
TEAM_NEEDS = {FIELD: 5, GOALKEEPER: 1}
MAX_SUBSTITUTES = 4
MAX_SQUAD = sum(TEAM_NEEDS.values()) + MAX_SUBSTITUTES


def extra_tactical_cards(unspent: int) -> int:
    """Tactical cards bought with unspent BootCoins (2 BC each, the hand limit ignored)."""
    return max(0, unspent) // TACTICAL_CARD_PRICE


def completion_cost(owned: Iterable[Mapping[str, Any]], available: Iterable[Mapping[str, Any]]) -> int | None:
    """The cheapest price to complete a team from ``available`` cards; None if impossible."""
    needs = dict(TEAM_NEEDS)
    for card in owned:
        needs[card["role"]] = needs.get(card["role"], 0) - 1
    prices: dict[str, list[int]] = {}
    for card in available:
        prices.setdefault(card["role"], []).append(int(card["price"]))
    total = 0
    for role, count in needs.items():
        if count <= 0:
            continue
        cheapest = sorted(prices.get(role, []))
        if len(cheapest) < count:
            return None
        total += sum(cheapest[:count])
    return total


def open_places(squad: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    """The players of each role a squad still needs for a team."""
    needs = dict(TEAM_NEEDS)
    for card in squad:
        if needs.get(card["role"], 0) > 0:
            needs[card["role"]] -= 1
    return needs


def all_can_complete(
    squads: Mapping[str, Sequence[Mapping[str, Any]]],
    budgets: Mapping[str, int],
    available: Iterable[Mapping[str, Any]],
) -> bool:
    """Whether every coach in ``squads`` can complete a team from ``available`` cards at the
    same time, each within their coins. Found greedily: the coach with the fewest coins per
    open place takes the cheapest card of a role they need, and so on round the coaches."""
    prices: dict[str, list[int]] = {role: [] for role in TEAM_NEEDS}
    for card in available:
        prices.setdefault(card["role"], []).append(int(card["price"]))
    for role_prices in prices.values():
        role_prices.sort()
    taken = dict.fromkeys(prices, 0)
    needs = {coach: open_places(squad) for coach, squad in squads.items()}
    coins = dict(budgets)
    waiting = [coach for coach in needs if sum(needs[coach].values())]
    while waiting:
        waiting.sort(key=lambda coach: coins[coach] / sum(needs[coach].values()))
        for coach in list(waiting):
            roles = [role for role, count in needs[coach].items() if count > 0]
            if any(taken[role] >= len(prices[role]) for role in roles):
                return False
            role = min(roles, key=lambda r: prices[r][taken[r]])
            coins[coach] -= prices[role][taken[role]]
            taken[role] += 1
            needs[coach][role] -= 1
            if coins[coach] < 0:
                return False
            if not sum(needs[coach].values()):
                waiting.remove(coach)
    return True


def is_complete(squad: Iterable[Mapping[str, Any]]) -> bool:
    counts: dict[str, int] = {}
    for card in squad:
        counts[card["role"]] = counts.get(card["role"], 0) + 1
    return all(counts.get(role, 0) >= count for role, count in TEAM_NEEDS.items())


@dataclass(frozen=True)
class Market:
    """One moment of the selection. Card ids refer to ``cards``."""

    cards: Mapping[str, Mapping[str, Any]]
    coaches: tuple[str, ...]
    pile: tuple[str, ...]
    display: tuple[str, ...]
    discards: tuple[str, ...]
    squads: Mapping[str, tuple[str, ...]]
    budgets: Mapping[str, int]
    to_act: str
    checked: tuple[str, ...] = ()
    finished: frozenset[str] = frozenset()
    seed: int = 0
    deals: int = 1

    def squad(self, coach: str) -> list[Mapping[str, Any]]:
        return [self.cards[i] for i in self.squads[coach]]

    def unsold(self) -> list[Mapping[str, Any]]:
        return [self.cards[i] for i in (*self.pile, *self.display, *self.discards)]

    @property
    def over(self) -> bool:
        return len(self.finished) == len(self.coaches)


def open_market(
    cards: Sequence[Mapping[str, Any]],
    seed: int,
    coaches: Sequence[str] = ("home", "away"),
    budget: int = BUDGET,
) -> Market:
    """Shuffle the cards, lay six on display and toss a coin for the first pick."""
    by_id = {str(card["id"]): dict(card) for card in cards}
    if len(by_id) != len(cards):
        raise CardError("market: card ids must be unique")
    dice = Dice(seed)
    order = sorted(by_id)
    dice.shuffle(order)
    first = coaches[dice.roll(len(coaches)) - 1]
    return Market(
        cards=by_id,
        coaches=tuple(coaches),
        pile=tuple(order[DISPLAY_SIZE:]),
        display=tuple(order[:DISPLAY_SIZE]),
        discards=(),
        squads={c: () for c in coaches},
        budgets={c: budget for c in coaches},
        to_act=first,
        seed=seed,
    )


def legal_picks(market: Market, coach: str) -> list[str]:
    """Cards on display this coach may buy now."""
    if coach in market.finished or len(market.squads[coach]) >= MAX_SQUAD:
        return []
    owned = market.squad(coach)
    unsold = market.unsold()
    budget = market.budgets[coach]
    buying = {c: market.squad(c) for c in market.coaches if c not in market.finished}
    jointly = all_can_complete(buying, market.budgets, unsold)
    picks = []
    for card_id in market.display:
        card = market.cards[card_id]
        price = int(card["price"])
        squad = [*owned, card]
        if price > budget or len(squad) + sum(open_places(squad).values()) > MAX_SQUAD:
            continue
        rest = [c for c in unsold if c is not card]
        if jointly:
            legal = all_can_complete({**buying, coach: squad}, {**market.budgets, coach: budget - price}, rest)
        else:
            cost = completion_cost(squad, rest)
            legal = cost is not None and cost <= budget - price
        if legal:
            picks.append(card_id)
    return picks


def _next_coach(market: Market, after: str) -> str:
    index = market.coaches.index(after)
    for step in range(1, len(market.coaches) + 1):
        coach = market.coaches[(index + step) % len(market.coaches)]
        if coach not in market.finished:
            return coach
    return after


def _require_turn(market: Market, coach: str) -> None:
    if market.over:
        raise CardError("market: the selection is over")
    if coach != market.to_act:
        raise CardError(f"market: it is {market.to_act}'s turn, not {coach}'s")


def _deal(
    market: Market, display: tuple[str, ...], pile: tuple[str, ...], discards: tuple[str, ...], deals: int
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], int]:
    """Fill the display to six from the pile, shuffling the discards in when it runs out."""
    shown, stack, spent = list(display), list(pile), list(discards)
    while len(shown) < DISPLAY_SIZE:
        if not stack:
            if not spent:
                break
            stack = spent
            spent = []
            Dice(market.seed * 1000 + deals).shuffle(stack)
            deals += 1
        shown.append(stack.pop(0))
    return tuple(shown), tuple(stack), tuple(spent), deals


def pick(market: Market, coach: str, card_id: str) -> Market:
    """The coach to act buys a card from the display; the display is refilled."""
    _require_turn(market, coach)
    if card_id not in market.display:
        raise CardError(f"market: card {card_id!r} is not on display")
    if card_id not in legal_picks(market, coach):
        raise CardError(
            f"market: {coach} cannot buy {card_id!r} (price {market.cards[card_id]['price']} BC, "
            f"{market.budgets[coach]} BC left, and the team must stay completable)"
        )
    display = tuple(c for c in market.display if c != card_id)
    display, pile, discards, deals = _deal(market, display, market.pile, market.discards, market.deals)
    squads = {**market.squads, coach: (*market.squads[coach], card_id)}
    budgets = {**market.budgets, coach: market.budgets[coach] - int(market.cards[card_id]["price"])}
    moved = replace(market, display=display, pile=pile, discards=discards, deals=deals, squads=squads, budgets=budgets)
    finished = market.finished
    if len(squads[coach]) >= MAX_SQUAD:
        finished = finished | {coach}
    moved = replace(moved, finished=finished, checked=())
    return replace(moved, to_act=_next_coach(moved, coach))


def check(market: Market, coach: str) -> Market:
    """The coach passes; when every coach still buying has passed, six new cards are dealt."""
    _require_turn(market, coach)
    checked = (*market.checked, coach)
    active = [c for c in market.coaches if c not in market.finished]
    if set(active) <= set(checked):
        discards = (*market.discards, *market.display)
        display, pile, discards, deals = _deal(market, (), market.pile, discards, market.deals)
        return replace(
            market, display=display, pile=pile, discards=discards, deals=deals, checked=(), to_act=checked[0]
        )
    moved = replace(market, checked=checked)
    return replace(moved, to_act=_next_coach(moved, coach))


def finish(market: Market, coach: str) -> Market:
    """The coach stops buying; the team must be complete."""
    _require_turn(market, coach)
    if not is_complete(market.squad(coach)):
        raise CardError(f"market: {coach}'s team is not complete (5 field players and 1 goalkeeper)")
    moved = replace(market, finished=market.finished | {coach}, checked=tuple(c for c in market.checked if c != coach))
    return replace(moved, to_act=_next_coach(moved, coach))


def _wanted(market: Market, coach: str, card_id: str) -> float:
    """How much the simple buyer wants a card: value per coin, roles still needed first."""
    card = market.cards[card_id]
    owned = market.squad(coach)
    have = sum(1 for c in owned if c["role"] == card["role"])
    need = TEAM_NEEDS.get(card["role"], 0) - have
    value = int(card["attack"]) + int(card["defence"]) + (int(card["mutant_attack"]) + int(card["mutant_defence"])) / 2
    return value + (10 if need > 0 else 0) - 0.5 * int(card["price"])


def buyer_move(market: Market, coach: str) -> tuple[str, str | None]:
    """The computer buyer's move: ("pick", id), ("check", None) or ("finish", None)."""
    complete = is_complete(market.squad(coach))
    picks = legal_picks(market, coach)
    if complete:
        substitutes = len(market.squads[coach]) - sum(TEAM_NEEDS.values())
        # Keep at least one extra tactical card's worth of coins after a substitute.
        affordable = [p for p in picks if market.budgets[coach] - int(market.cards[p]["price"]) >= TACTICAL_CARD_PRICE]
        if substitutes < 1 and affordable:
            return ("pick", max(affordable, key=lambda p: _wanted(market, coach, p)))
        return ("finish", None)
    if picks:
        return ("pick", max(picks, key=lambda p: _wanted(market, coach, p)))
    return ("check", None)


def auto_draft(cards: Sequence[Mapping[str, Any]], seed: int, coaches: Sequence[str] = ("home", "away")) -> Market:
    """Run a whole selection with the computer buyer for every coach (demos and tests)."""
    market = open_market(cards, seed, coaches)
    for _ in range(10_000):
        if market.over:
            return market
        coach = market.to_act
        move, card_id = buyer_move(market, coach)
        if move == "pick" and card_id is not None:
            market = pick(market, coach, card_id)
        elif move == "finish":
            market = finish(market, coach)
        else:
            market = check(market, coach)
    raise CardError("market: the selection did not finish")  # pragma: no cover


def random_squad(
    pool: Sequence[Mapping[str, Any]], dice: Dice, budget: int = BUDGET, substitutes: int = 0
) -> list[dict[str, Any]]:
    """A random legal team within the budget: a keeper, five field players, then ``substitutes`` more."""
    cards = [dict(card) for card in pool]
    dice.shuffle(cards)
    size = sum(TEAM_NEEDS.values()) + substitutes
    squad: list[dict[str, Any]] = []
    left = budget
    for card in cards:
        needs_role = sum(1 for c in squad if c["role"] == card["role"]) < TEAM_NEEDS[card["role"]]
        if not needs_role and not (is_complete(squad) and len(squad) < size):
            continue
        rest = [c for c in cards if c is not card and c not in squad]
        cost = completion_cost([*squad, card], rest)
        if card["price"] <= left and cost is not None and cost <= left - card["price"]:
            squad.append(card)
            left -= card["price"]
        if is_complete(squad) and len(squad) >= size:
            break
    return squad
