"""Replaying a known deal: the dice rolls that produce it and a coach that follows a script.

A table game (the rule book's sample game, a league's disputed match) is a deal
and a list of decisions. ``deal_rolls`` turns a deal into the rolls a
``ScriptedDice`` must give so the engine deals exactly those pitches and that
draw pile; ``ReplayCoach`` makes the decisions written down and otherwise just
follows the rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from engines.flexdeck.coach import MOVE, PASS, SHOOT, SUBSTITUTE
from engines.flexdeck.match import BOOT_CODE, JOKER_CODE, SIDE_SHIFT
from engines.flexdeck.pitch import AWAY, HOME, KEEPER, PITCH_SIZE, SLOT_LABELS

if TYPE_CHECKING:
    from engines.flexdeck.match import Match

#: How a draw pile names its cards: a squad card by (side, squad index), or these.
JOKER_CARD = "joker"
BOOT_CARD = "golden_boot"


def _deal_rolls(squad_size: int, pitch: Sequence[int]) -> tuple[list[int], list[int]]:
    """Rolls for ``deal_eleven`` to put the squad indices ``pitch`` in slots 0-10."""
    order = list(range(squad_size))
    rolls = []
    for slot, wanted in enumerate(pitch):
        pick = order.index(wanted)
        if pick < slot:
            raise ValueError(f"card {wanted} is dealt twice")
        rolls.append(pick - slot + 1)
        order[slot], order[pick] = order[pick], order[slot]
    return rolls, order[PITCH_SIZE:]


def _shuffle_rolls(items: list[int], wanted: Sequence[int]) -> list[int]:
    """Rolls for ``Dice.shuffle`` (Fisher-Yates from the end) to turn ``items`` into ``wanted``."""
    items = list(items)
    if sorted(items) != sorted(wanted):
        raise ValueError("the draw pile must hold exactly the undealt cards and the extra cards")
    rolls = []
    for position in range(len(items) - 1, 0, -1):
        pick = items.index(wanted[position], 0, position + 1)
        rolls.append(pick + 1)
        items[position], items[pick] = items[pick], items[position]
    return rolls


def deal_rolls(
    squad_sizes: tuple[int, int],
    pitches: tuple[Sequence[int], Sequence[int]],
    pile: Sequence[tuple[int, int] | str],
    specials: Sequence[str] = (JOKER_CARD, JOKER_CARD, JOKER_CARD, BOOT_CARD),
) -> list[int]:
    """The rolls that deal one half as given.

    ``pitches`` lists, per side (home first), the squad indices dealt to slots
    0-10 (keeper, defenders 1-4, midfielders 1-4, forwards 1-2); ``pile`` is the
    draw pile from its top card down, each card ``(side, squad index)`` or
    ``"joker"`` / ``"golden_boot"``.
    """
    rolls: list[int] = []
    rests = []
    for side in (HOME, AWAY):
        side_rolls, rest = _deal_rolls(squad_sizes[side], pitches[side])
        rolls += side_rolls
        rests.append(rest)
    codes = {JOKER_CARD: JOKER_CODE, BOOT_CARD: BOOT_CODE}
    start = rests[HOME] + [(AWAY << SIDE_SHIFT) | index for index in rests[AWAY]] + [codes[s] for s in specials]
    wanted = [codes[card] if isinstance(card, str) else (card[0] << SIDE_SHIFT) | card[1] for card in pile]
    return rolls + _shuffle_rolls(start, wanted)


class ReplayCoach:
    """A coach that plays written decisions and otherwise only what the rules force.

    ``decisions`` maps a turned card's player id to ``("substitute", "B4")``
    or ``("move", "C2")`` (the card to take on a tie). Without a decision the
    coach shoots when it can, else moves to the first card it may, else passes.
    With ``half`` set, the decisions hold in that half only.
    """

    def __init__(self, decisions: Mapping[str, tuple[str, str]] | None = None, half: int | None = None) -> None:
        self.decisions = dict(decisions or {})
        self.half = half

    def decide(
        self, match: Match, side: int, raw: int, targets: list[int], can_shoot: bool, scores: bool
    ) -> tuple[str, int]:
        player_id = match.squads[side].ids[match.turned]
        if player_id in self.decisions and self.half in (None, match.half):
            kind, label = self.decisions[player_id]
            if kind == SUBSTITUTE:
                return SUBSTITUTE, SLOT_LABELS[side].index(label)
            return kind, SLOT_LABELS[1 - side].index(label) if kind == MOVE else KEEPER
        if can_shoot:
            return SHOOT, KEEPER
        if targets:
            return MOVE, targets[0]
        return PASS, -1
