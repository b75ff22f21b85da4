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
* Every card the rule book's sample game deals or turns exists, as often as that game
  needs it in one half: the union of what each half turns (blue 9 9 10 11 12 12 13 13 14
  16 17, gold 3 4 4 5 6 6 7 7 8 9 10, red 2 3 4 5 5 6 7 8 8 11 12, green 7 8 8 10 12 13
  14 15 18) and the pitch values the text names that no turned card covers: the red/green
  forward of strength 2 (a second red 2 beside the turned one; both tiles of strength 2,
  0-2 and 1-1, are therefore red) and the first half's blue/gold keeper of 9 (a third blue
  9). That fixes 44 of the 52 cards and uses up every tile of strength 2, 3, 4, 5, 7, 8,
  12, 13, 17 and 18.
* The eight cards left open take eight of the eleven tiles left (9, 10, 10, 11, 11, 14,
  15, 16), shared so both sides' decks carry the same total strength (244 pips each):
  blue 10, gold 9 and 11, red 10, green 11, 14, 15 and 16.
* The jokers, whose pips never count, carry the three tiles left: 0-0, 0-1 and 0-6.
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
    "blue": ((2, 7), (3, 6), (1, 8), (3, 7), (4, 6), (4, 7), (4, 8), (5, 8), (6, 7), (5, 7), (6, 8), (8, 8), (8, 9)),
    "gold": ((1, 2), (1, 3), (2, 2), (1, 4), (2, 4), (1, 5), (2, 5), (1, 6), (2, 6), (4, 5), (0, 9), (2, 8), (3, 8)),
    "red": ((1, 1), (0, 2), (0, 3), (0, 4), (2, 3), (0, 5), (3, 3), (3, 4), (3, 5), (1, 7), (5, 5), (5, 6), (6, 6)),
    "green": ((0, 7), (4, 4), (0, 8), (1, 9), (2, 9), (3, 9), (4, 9), (7, 7), (5, 9), (7, 8), (6, 9), (7, 9), (9, 9)),
}
JOKER_TILES = ((0, 0), (0, 1), (0, 6))


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
