"""The tactical deck and the two dice of Mutant Soccer, as data.

The rule book names the card types and the dice faces but prints neither the
deck list nor the faces. Our choices, and why:

Deck (50 cards, plus one DUMMY per coach that never leaves the hand): numeric
cards are the bread and butter of a duel, so ATTACKING POWER, SHOT ON GOAL and
DEFENCE make up half the deck, +2 the most common value (the examples play
"attack +2", "defence +3" and "shot at goal +2"). Cards that decide a duel
outright (SUCCESSFUL ATTACK / DEFENCE) are rare. FOUL is common enough that
mutations happen every match (the game is about them); HEAL, its answer, a bit
rarer.

Dice: the rule book's examples roll "+3" when defending, "+2" and "-2" when
attacking, and SPECIAL and INJURY on either side, and the box holds two dice. So
one die is rolled by the attacker and one by the defender:

attack die:  SPECIAL, INJURY, +2, +2, -2, blank   (average +0.33)
defence die: SPECIAL, INJURY, +3, -2, blank, blank (average +0.17)

A league may replace the deck with ``settings["tactical_deck"]`` (card -> count).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import CardError

ATTACK_PLUS = "attack"
SHOT_PLUS = "shot"
DEFENCE_PLUS = "defence"
SUCCESSFUL_ATTACK = "successful_attack"
SUCCESSFUL_DEFENCE = "successful_defence"
FOUL = "foul"
HEAL = "heal"
MUTATION = "mutation"
MUTANT_POWER = "mutant_power"
ANTI_MUTANT_POWER = "anti_mutant_power"
DESTRUCTIVE_TACTICS = "destructive_tactics"
DUMMY = "dummy"

#: Card name -> (type, value). Numeric cards carry their +X.
CARD_TYPES: dict[str, tuple[str, int]] = {
    "attack+1": (ATTACK_PLUS, 1),
    "attack+2": (ATTACK_PLUS, 2),
    "attack+3": (ATTACK_PLUS, 3),
    "shot+1": (SHOT_PLUS, 1),
    "shot+2": (SHOT_PLUS, 2),
    "shot+3": (SHOT_PLUS, 3),
    "defence+1": (DEFENCE_PLUS, 1),
    "defence+2": (DEFENCE_PLUS, 2),
    "defence+3": (DEFENCE_PLUS, 3),
    SUCCESSFUL_ATTACK: (SUCCESSFUL_ATTACK, 0),
    SUCCESSFUL_DEFENCE: (SUCCESSFUL_DEFENCE, 0),
    FOUL: (FOUL, 0),
    HEAL: (HEAL, 0),
    MUTATION: (MUTATION, 0),
    MUTANT_POWER: (MUTANT_POWER, 0),
    ANTI_MUTANT_POWER: (ANTI_MUTANT_POWER, 0),
    DESTRUCTIVE_TACTICS: (DESTRUCTIVE_TACTICS, 0),
    DUMMY: (DUMMY, 0),
}

#: The 50 tactical cards of the box.
DECK: dict[str, int] = {
    "attack+1": 3,
    "attack+2": 4,
    "attack+3": 2,
    "shot+1": 2,
    "shot+2": 3,
    "shot+3": 2,
    "defence+1": 3,
    "defence+2": 4,
    "defence+3": 2,
    SUCCESSFUL_ATTACK: 2,
    SUCCESSFUL_DEFENCE: 2,
    FOUL: 6,
    HEAL: 5,
    MUTATION: 3,
    MUTANT_POWER: 3,
    ANTI_MUTANT_POWER: 2,
    DESTRUCTIVE_TACTICS: 2,
}

#: Cards with the flash icon: played straight from the hand at any time.
FLASH_CARDS = frozenset({HEAL, MUTATION, MUTANT_POWER, ANTI_MUTANT_POWER})

#: Tactical hand: five cards plus the dummy, six in all.
HAND_LIMIT = 5
#: Face-down cards per coach and duel (the dummy counts).
CARDS_PER_DUEL = 2
#: Coaching tokens in the box.
COACHING_TOKENS = 9
#: BootCoins per extra tactical card bought with unspent budget.
TACTICAL_CARD_PRICE = 2

SPECIAL = "special"
INJURY = "injury"
BONUS = "bonus"
BLANK = "blank"

#: Faces as (kind, value); value is the BONUS added to the duel power.
ATTACK_DIE: tuple[tuple[str, int], ...] = (
    (SPECIAL, 0),
    (INJURY, 0),
    (BONUS, 2),
    (BONUS, 2),
    (BONUS, -2),
    (BLANK, 0),
)
DEFENCE_DIE: tuple[tuple[str, int], ...] = (
    (SPECIAL, 0),
    (INJURY, 0),
    (BONUS, 3),
    (BONUS, -2),
    (BLANK, 0),
    (BLANK, 0),
)


def usable_in_duel(card: str, attacking: bool, shot: bool) -> bool:
    """Whether a face-down card may be placed by this side of this duel."""
    kind = CARD_TYPES[card][0]
    if kind in (FOUL, DESTRUCTIVE_TACTICS, DUMMY):
        return True
    if attacking:
        return kind == SHOT_PLUS if shot else kind in (ATTACK_PLUS, SUCCESSFUL_ATTACK)
    return kind in (DEFENCE_PLUS, SUCCESSFUL_DEFENCE)


#: ``USABLE[attacking][shot]``: the cards (not the dummy) a side may place face down.
USABLE: tuple[tuple[frozenset[str], frozenset[str]], tuple[frozenset[str], frozenset[str]]] = tuple(
    tuple(
        frozenset(c for c in CARD_TYPES if c != DUMMY and usable_in_duel(c, attacking, shot)) for shot in (False, True)
    )
    for attacking in (False, True)
)  # type: ignore[assignment]


def build_deck(composition: Mapping[str, Any] | None = None) -> list[str]:
    """The deck as a list of card names, in a fixed order (shuffled by the match)."""
    if composition is None:
        return list(_BOX_DECK)
    if not isinstance(composition, Mapping):
        raise CardError("settings 'tactical_deck': expected an object of card name -> count")
    cards: list[str] = []
    for name, count in composition.items():
        if name not in CARD_TYPES or name == DUMMY:
            allowed = ", ".join(n for n in CARD_TYPES if n != DUMMY)
            raise CardError(f"settings 'tactical_deck': unknown card {name!r}; allowed: {allowed}")
        try:
            number = int(count)
        except (TypeError, ValueError):
            raise CardError(f"settings 'tactical_deck': {name}: {count!r} is not a whole number") from None
        if number < 0:
            raise CardError(f"settings 'tactical_deck': {name}: {number} is negative")
        cards.extend([name] * number)
    if len(cards) < 12:
        raise CardError(f"settings 'tactical_deck': {len(cards)} cards; at least 12 are needed for two hands")
    return cards


_BOX_DECK = tuple(build_deck(DECK))
