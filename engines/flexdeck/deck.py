"""The Flexdeck card list, written down as data.

The rule book says only what matters for play: a card's colour and its strength
(the pips of the double-nine domino tile it carries). The real card list is not
published, so this table is our own, built to keep every fact the rule book gives:

* 52 suited cards in four colours and 3 jokers carry the 55 tiles of one
  double-nine domino set, each tile exactly once; the "Golden Boot" card carries
  none.
* Clubs are blue and the 10 of Clubs carries 5-7 (strength 12), as the rule book
  says. We made Spades gold, Hearts red and Diamonds green (our choice).
* The strongest cards are the green 9-9 (18) and the blue 8-9 (17).
* Every card the rule book's sample game turns exists, as often as that game
  turns it in one half (two red 8s, two blue 9s, two gold 6s, two blue 12s, two
  green 8s, two blue 13s; in the second half two red 5s, two gold 4s and two
  gold 7s). That fixes 42 of the 52 cards.
* The ten cards the sample game leaves open (tiles summing 6, 9, 9, 10, 10, 11,
  11, 14, 15, 16) were shared out so that both sides' decks carry the same total
  strength (246 pips each): blue 6 and 9, gold 10 and 16, red 14 and 15, green
  9, 10, 11 and 11.
* The three weakest tiles (0-0, 0-1, 0-2) sit on the jokers, whose pips never
  count.
* Within a suit the ranks run from the weakest card (ace) to the strongest
  (king); only the 10 of Clubs is pinned to 5-7.

A league can replace the list with its own (``settings["deck"]``, see
``load_deck``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engines.core import CardError

COLOURS = ("blue", "gold", "red", "green")
SUIT_COLOURS = {"clubs": "blue", "spades": "gold", "hearts": "red", "diamonds": "green"}
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

#: The colours each side plays in: home blue/gold, visitors red/green.
SIDE_COLOURS = (("blue", "gold"), ("red", "green"))

#: A drafted card keeps its shade whichever side fields it: blue and red are the
#: first colour of their pair, gold and green the second. A red card in the home
#: squad therefore plays as blue, a gold card in the away squad as green.
SHADE = {"blue": 0, "red": 0, "gold": 1, "green": 1}

JOKER = "joker"
GOLDEN_BOOT = "golden_boot"
SPECIALS = (JOKER, GOLDEN_BOOT)

#: The tiles of each colour (low pip, high pip), weakest first. See the module
#: docstring for how they were chosen.
TILES_BY_COLOUR: dict[str, tuple[tuple[int, int], ...]] = {
    "blue": ((3, 3), (0, 9), (1, 8), (2, 7), (2, 8), (3, 8), (6, 6), (5, 8), (6, 7), (5, 7), (6, 8), (7, 9), (8, 9)),
    "gold": ((1, 2), (1, 3), (2, 2), (2, 3), (1, 5), (2, 4), (2, 5), (3, 4), (4, 4), (3, 6), (3, 7), (4, 6), (8, 8)),
    "red": ((1, 1), (0, 3), (0, 4), (0, 5), (1, 4), (0, 6), (0, 7), (0, 8), (1, 7), (2, 9), (3, 9), (7, 7), (7, 8)),
    "green": ((1, 6), (2, 6), (3, 5), (4, 5), (1, 9), (5, 5), (4, 7), (5, 6), (4, 8), (4, 9), (5, 9), (6, 9), (9, 9)),
}
JOKER_TILES = ((0, 0), (0, 1), (0, 2))


@dataclass(frozen=True)
class DeckCard:
    """One card of a Flexdeck: a suited card (colour and tile) or a special card."""

    code: str
    colour: str | None = None
    pips: tuple[int, int] | None = None
    special: str | None = None

    @property
    def strength(self) -> int:
        return sum(self.pips) if self.pips else 0

    def to_dict(self) -> dict[str, Any]:
        if self.special:
            return {"code": self.code, "special": self.special}
        return {"code": self.code, "colour": self.colour, "pips": list(self.pips or ())}


def _default_deck() -> tuple[DeckCard, ...]:
    cards: list[DeckCard] = []
    for suit, colour in SUIT_COLOURS.items():
        initial = suit[0].upper()
        for rank, tile in zip(RANKS, TILES_BY_COLOUR[colour], strict=True):
            cards.append(DeckCard(f"{rank}{initial}", colour, tile))
    cards += [DeckCard(f"JK{n}", special=JOKER) for n in (1, 2, 3)]
    cards.append(DeckCard("GB", special=GOLDEN_BOOT))
    return tuple(cards)


#: The 52 suited cards, the three jokers and the Golden Boot.
DEFAULT_DECK = _default_deck()


def parse_pips(value: Any, field: str = "pips") -> tuple[int, int]:
    """A domino tile from ``[5, 7]``, ``"5-7"`` or ``"5+7"``, low pip first."""
    parts: Sequence[Any]
    if isinstance(value, str):
        parts = value.replace("+", "-").replace("/", "-").split("-")
    elif isinstance(value, Sequence):
        parts = value
    else:
        raise CardError(f"{field}: {value!r} is not a domino tile; give two pips 0-9 like [5, 7] or '5-7'")
    if len(parts) != 2:
        raise CardError(f"{field}: {value!r} has {len(parts)} pip values; a domino tile has two, each 0-9")
    pips = []
    for part in parts:
        try:
            pip = int(str(part).strip())
        except ValueError:
            raise CardError(f"{field}: {value!r} holds {part!r}, not a number; each pip is 0-9") from None
        if not 0 <= pip <= 9:
            raise CardError(f"{field}: {value!r} holds {pip}; each pip of a double-nine tile is 0-9")
        pips.append(pip)
    low, high = sorted(pips)
    return low, high


def parse_colour(value: Any, field: str = "colour") -> str:
    colour = str(value).strip().lower()
    if colour not in COLOURS:
        raise CardError(f"{field}: {value!r} is not a Flexdeck colour; allowed: {', '.join(COLOURS)}")
    return colour


def load_deck(data: str | Sequence[Mapping[str, Any]]) -> tuple[DeckCard, ...]:
    """A league's own deck list (JSON text or a list of objects), checked.

    Each entry is ``{"code": "10C", "colour": "blue", "pips": [5, 7]}`` for a
    suited card or ``{"code": "JK1", "special": "joker"}`` /
    ``{"code": "GB", "special": "golden_boot"}`` for the extra cards.
    """
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise CardError(f"deck: not valid JSON ({exc})") from exc
    if not isinstance(data, Sequence) or not data:
        raise CardError("deck: expected a non-empty list of cards")
    cards = []
    for index, entry in enumerate(data):
        where = f"deck[{index}]"
        if not isinstance(entry, Mapping):
            raise CardError(f"{where}: expected an object with 'code' and 'colour'/'pips' or 'special'")
        code = str(entry.get("code") or f"#{index + 1}")
        special = entry.get("special")
        if special is not None:
            if special not in SPECIALS:
                raise CardError(f"{where} special: {special!r} is not allowed; allowed: {', '.join(SPECIALS)}")
            cards.append(DeckCard(code, special=special))
        else:
            colour = parse_colour(entry.get("colour"), f"{where} colour")
            cards.append(DeckCard(code, colour, parse_pips(entry.get("pips"), f"{where} pips")))
    return tuple(cards)


def deck_specials(deck: Sequence[DeckCard]) -> tuple[str, ...]:
    """The extra cards of a deck that join the draw pile, in deck order."""
    return tuple(card.special for card in deck if card.special)
