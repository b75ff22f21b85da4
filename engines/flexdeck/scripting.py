"""Replaying a known deal: the dice rolls that produce it and a coach that follows a script.

A table game (the rule book's sample game, a league's disputed match) is a deal
and a list of decisions. ``deal_rolls`` turns a deal into the rolls a
``ScriptedDice`` must give so the engine deals exactly those pitches and that
draw pile; ``ReplayCoach`` makes the decisions written down and otherwise just
follows the rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.core import Dice, ScriptedDice
from engines.flexdeck.match import BOOT_CODE, JOKER_CODE, MOVE, PASS, SHOOT, SIDE_SHIFT, SUBSTITUTE, Match
from engines.flexdeck.pitch import AWAY, HOME, KEEPER, PITCH_SIZE, SIDE_NAMES, SLOT_LABELS

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
        self, match: Match, side: int, raw: int, targets: Sequence[int], can_shoot: bool, scores: bool
    ) -> tuple[str, int]:
        player_id = match.events[-1].player_id  # the card event, logged before a coach decides
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


class ReplayDice(ScriptedDice):
    """Scripted rolls for the part of a match a replay knows, then seeded dice."""

    def __init__(self, rolls: Sequence[int], seed: int = 0) -> None:
        super().__init__(rolls)
        self._after = Dice(seed)

    def roll(self, sides: int) -> int:
        return super().roll(sides) if self.remaining else self._after.roll(sides)


def table(
    home_pitch: Sequence[int],
    away_pitch: Sequence[int],
    pile: Sequence[tuple[str, int] | str],
) -> tuple[dict[str, Any], dict[str, Any], list[int], dict[str, Any]]:
    """A first half laid out by strengths: sheets, dice rolls and settings.

    ``home_pitch`` and ``away_pitch`` give the eleven strengths by slot;
    ``pile`` the draw pile from the top: ``("home", 9)``, ``("away", 11)``,
    ``"joker"`` or ``"golden_boot"``. Home cards are blue, away cards red. The
    shorter side's squad is filled up with strength-0 cards at the bottom of
    the pile, and the deck setting carries exactly the pile's extra cards.
    """
    counts = {side: sum(1 for card in pile if not isinstance(card, str) and card[0] == side) for side in SIDE_NAMES}
    extra = max(counts.values())
    full_pile = list(pile) + [(side, 0) for side in SIDE_NAMES for _ in range(extra - counts[side])]
    players: dict[str, list[dict[str, Any]]] = {}
    order: list[tuple[int, int] | str] = []
    for side, name in enumerate(SIDE_NAMES):
        pitch = (home_pitch, away_pitch)[side]
        cards = [(SLOT_LABELS[side][slot], strength) for slot, strength in enumerate(pitch)]
        players[name] = [_table_card(f"{name}-{label}", side, strength) for label, strength in cards]
    for card in full_pile:
        if isinstance(card, str):
            order.append(card)
            continue
        squad = players[card[0]]
        squad.append(_table_card(f"{card[0]}-{len(squad) - PITCH_SIZE + 1}", SIDE_NAMES.index(card[0]), card[1]))
        order.append((SIDE_NAMES.index(card[0]), len(squad) - 1))
    specials = [card for card in pile if isinstance(card, str)]
    size = PITCH_SIZE + extra
    rolls = deal_rolls((size, size), (range(PITCH_SIZE), range(PITCH_SIZE)), order, specials)
    deck = [{"code": "X", "colour": "blue", "pips": [0, 0]}] + [{"code": s, "special": s} for s in specials]
    settings = {"squad_size": size, "deck": deck}
    return {"name": "Home", "players": players["home"]}, {"name": "Away", "players": players["away"]}, rolls, settings


def tile_for(strength: int) -> list[int]:
    """A domino tile of the given strength (0-18), for laying out test cards."""
    return [max(0, strength - 9), min(9, strength)]


def card_for(card_id: str, colour: str, strength: int) -> dict[str, Any]:
    """A player card of the given colour and strength, named by its id."""
    return {"id": card_id, "name": card_id, "role": "player", "colour": colour, "pips": tile_for(strength)}


def _table_card(card_id: str, side: int, strength: int) -> dict[str, Any]:
    return card_for(card_id, ("blue", "red")[side], strength)
