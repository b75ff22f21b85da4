"""Player cards in a league: validation, prices and the sample pool.

In a league a squad stands for a side's colour deck: every card is a player
with a colour and a domino tile (its strength is the tile's pip total). Where a
card stands on the pitch is dealt at random each half, as the rule book wants,
so there is a single role, ``player``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.core import CardError, Dice, SquadRules
from engines.flexdeck.deck import DEFAULT_DECK, DeckCard, parse_colour, parse_pips

ROLE = "player"

#: The rule book's colour deck: the 26 cards of a side's two colours.
DEFAULT_SQUAD_SIZE = 26
#: Eleven on the pitch and at least one card of each side in the draw pile.
MIN_SQUAD_SIZE = 12
SQUAD_RULES = SquadRules(roles={ROLE: DEFAULT_SQUAD_SIZE}, reserves=0)

CARD_FIELDS = ("role", "colour", "pips")
IGNORED_FIELDS = ("id", "name", "price")

#: How many copies of the 52 suited cards the sample pool holds. Twelve squads of
#: 26 need six decks; ten hold 360 free cards (36 a deck), so even if every
#: team drafts only free cards there are enough for all twelve.
POOL_DECKS = 10

FIRST_NAMES = (
    "Ada", "Bram", "Cleo", "Dario", "Elin", "Femi", "Gael", "Hana", "Ivo", "Jana", "Kofi", "Lea",
    "Milo", "Nia", "Oto", "Pia", "Quin", "Rui", "Sade", "Tariq", "Una", "Vito", "Wren", "Yara",
)  # fmt: skip
SURNAMES = (
    "Abara", "Brandt", "Costa", "Duarte", "Eriksen", "Fofana", "Gomez", "Havel", "Ilic", "Jansen",
    "Kane", "Lindqvist", "Mensah", "Novak", "Okafor", "Pereira", "Quist", "Rossi", "Sato", "Tamm",
    "Uribe", "Varga", "Weller", "Zoric",
)  # fmt: skip


def card_price(strength: int) -> int:
    """BootCoins for a card: 0 up to strength 11, then one more per three pips.

    12-14 cost 1, 15-17 cost 2 and the 18 costs 3. A deck's average card costs
    23/52 of a coin, so 26 average cards cost about 11.5 and the default budget
    of 15 buys a full squad with a few strong cards; 36 of the 52 cards are free,
    so a team can always complete a squad.
    """
    return max(0, (strength - 9) // 3)


def validate_card(data: Mapping[str, Any]) -> dict[str, Any]:
    """The card's game attributes, normalised: ``role``, ``colour`` and ``pips``."""
    unknown = sorted(set(data) - set(CARD_FIELDS) - set(IGNORED_FIELDS))
    if unknown:
        raise CardError(f"{unknown[0]}: unknown field; a Flexdeck card has {', '.join(CARD_FIELDS)}")
    role = str(data.get("role", ROLE)).strip().lower()
    if role != ROLE:
        raise CardError(f"role: {data.get('role')!r} is not allowed; every Flexdeck card has role '{ROLE}'")
    if "colour" not in data:
        raise CardError("colour: missing; allowed: blue, gold, red, green")
    if "pips" not in data:
        raise CardError("pips: missing; give the domino tile as two pips 0-9, like [5, 7] or '5-7'")
    return {"role": ROLE, "colour": parse_colour(data["colour"]), "pips": list(parse_pips(data["pips"]))}


def sample_pool(seed: int = 0, deck: Sequence[DeckCard] = DEFAULT_DECK) -> list[dict[str, Any]]:
    """Ten copies of the deck's suited cards, named and priced, for a draft."""
    dice = Dice(seed)
    names = [f"{first} {last}" for first in FIRST_NAMES for last in SURNAMES]
    dice.shuffle(names)
    distinct = len(names)
    while len(names) < POOL_DECKS * len(deck):  # a league's deck may be larger than ours
        names += [f"{name} {len(names) // distinct + 1}" for name in names[: len(deck)]]
    pool: list[dict[str, Any]] = []
    suited = [card for card in deck if not card.special]
    for copy in range(POOL_DECKS):
        for card in suited:
            number = len(pool)
            pool.append(
                {
                    "id": f"fd{seed}-{number + 1:03d}",
                    "name": f"{names[number]} ({card.code}/{copy + 1})",  # e.g. "(10C/3)": 10 of Clubs, third deck
                    "role": ROLE,
                    "price": card_price(card.strength),
                    "colour": card.colour,
                    "pips": list(card.pips or ()),
                }
            )
    return pool
