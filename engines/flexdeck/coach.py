"""The computer coach: what a person decides during a Flexdeck Futbol match.

The cards decide nearly everything; a coach decides only two things:

* with a card of its colours in hand, whether to use it to move the ball (or
  shoot) or to substitute it for a weak card on the pitch, and where;
* which card to put the ball on when two cards of the next rank tie.

A rank is only as strong as its weakest card (the attacker needs to beat just
one of them), so a substitution is worth what it adds to the weakest card of
its rank, weighted by how close the rank stands to the coach's own goal, plus a
little for the card itself (it makes a later substitution in the rank pay).

Two styles, chosen per league (``settings["coach_style"]``):

``careful`` (default)
    Substitutes a weak keeper or defender even when the card could move the
    ball, if the gain is large; keeps its last substitution for the second half
    unless it pays a lot now. On a tie it puts the ball on a card the other side
    could still replace, so the ball blocks that substitution.
``attacking``
    Always moves or shoots when it can; substitutes only with cards that could
    do nothing else. On a tie it takes the leftmost card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engines.flexdeck.pitch import KEEPER, RANK_SLOTS

if TYPE_CHECKING:
    from engines.flexdeck.match import Match

MOVE, SHOOT, SUBSTITUTE, PASS = "move", "shoot", "substitute", "pass"

#: How much a point of strength is worth by rank: keeper, defenders, midfielders, forwards.
RANK_WEIGHTS = (1.0, 0.7, 0.45, 0.25)
#: Share of the substitute's own gain that counts besides the rank's weakest card.
OWN_GAIN_SHARE = 0.25
#: Gain a substitution needs when the card could move the ball or score instead.
GAIN_OVER_MOVE = 4.0
#: Gain a substitution needs when the card would otherwise do nothing.
GAIN_OVER_NOTHING = 1.5
#: Gain the last substitution needs in the first half ("keep one for the second").
GAIN_FOR_LAST_IN_FIRST_HALF = 8.0

THRESHOLDS = (GAIN_OVER_MOVE, GAIN_OVER_NOTHING, GAIN_FOR_LAST_IN_FIRST_HALF)
OVER_MOVE, OVER_NOTHING, LAST_IN_FIRST_HALF = range(len(THRESHOLDS))

#: RANK_TRIGGER_OFFSETS[rank][threshold]: how much stronger than the card it replaces a
#: substitute must be to reach the threshold at all (if it also lifts the rank's
#: weakest card by as much): a substitution's gain is at most
#: (1 + OWN_GAIN_SHARE) * weight * (substitute - replaced card).
RANK_TRIGGER_OFFSETS = tuple(
    tuple(threshold / ((1 + OWN_GAIN_SHARE) * weight) for threshold in THRESHOLDS) for weight in RANK_WEIGHTS
)
NO_TRIGGERS = (float("inf"),) * len(THRESHOLDS)

COACH_STYLES = ("careful", "attacking")


class Coach:
    """The default computer coach; ``style`` is one of ``COACH_STYLES``."""

    def __init__(self, style: str = "careful") -> None:
        self.style = style
        self.careful = style == "careful"
        # Per side: (pitch version, plan, the weakest card that could gain each threshold).
        self._plans: list[tuple[int, list[tuple[int, int, int, int]], tuple[float, ...]]] = [
            (-1, [], NO_TRIGGERS),
            (-1, [], NO_TRIGGERS),
        ]

    def decide(
        self, match: Match, side: int, raw: int, targets: Sequence[int], can_shoot: bool, scores: bool
    ) -> tuple[str, int]:
        """The action for a card of ``side``'s colours: (kind, slot)."""
        if scores:
            return SHOOT, KEEPER
        used = match.subs_used[side]
        allowed = match.substitutions_allowed
        if used < allowed and (self.careful or not targets):
            if match.half == 1 and used == allowed - 1:
                needed = LAST_IN_FIRST_HALF
            else:
                needed = OVER_MOVE if targets else OVER_NOTHING
            version, plan, triggers = self._plans[side]
            if version != match.pitch_version[side]:
                version, plan, triggers = self._plans[side] = self._replan(match, side)
            # Most cards are too weak to gain anything: a quick "no" before the search.
            if raw >= triggers[needed]:
                slot = self.best_substitution(match, side, raw, THRESHOLDS[needed], plan)
                if slot >= 0:
                    return SUBSTITUTE, slot
        if targets:
            return MOVE, self.choose_target(match, side, targets) if len(targets) > 1 else targets[0]
        if can_shoot:
            return SHOOT, KEEPER
        return PASS, -1

    def choose_target(self, match: Match, side: int, targets: Sequence[int]) -> int:
        """Which of several equal cards the ball goes to."""
        if not self.careful:
            return targets[0]
        defender = 1 - side
        if match.subs_used[defender] < match.substitutions_allowed:
            replaced = match.replaced[defender]
            for slot in targets:
                if not replaced >> slot & 1:
                    return slot
        return targets[0]

    @staticmethod
    def best_substitution(
        match: Match, side: int, raw: int, needed: float, plan: list[tuple[int, int, int, int]]
    ) -> int:
        """The slot of ``plan`` whose substitution gains at least ``needed``, or -1."""
        best_slot, best_gain = -1, needed
        for rank, slot, old, floor in plan:
            if raw <= old:
                continue
            new_weakest = raw if raw < floor else floor
            old_weakest = old if old < floor else floor
            gain = RANK_WEIGHTS[rank] * (new_weakest - old_weakest + OWN_GAIN_SHARE * (raw - old))
            if gain >= best_gain and match.can_substitute(side, slot):
                best_slot, best_gain = slot, gain
        return best_slot

    @classmethod
    def _replan(cls, match: Match, side: int) -> tuple[int, list[tuple[int, int, int, int]], tuple[float, ...]]:
        """The side's plan for its current pitch and, per threshold, the weakest card that could reach it."""
        plan = cls._plan(match, side)
        over_move, over_nothing, last_in_first_half = NO_TRIGGERS
        for rank, _, old, _ in plan:
            offsets = RANK_TRIGGER_OFFSETS[rank]
            if old + offsets[OVER_MOVE] < over_move:
                over_move = old + offsets[OVER_MOVE]
            if old + offsets[OVER_NOTHING] < over_nothing:
                over_nothing = old + offsets[OVER_NOTHING]
            if old + offsets[LAST_IN_FIRST_HALF] < last_in_first_half:
                last_in_first_half = old + offsets[LAST_IN_FIRST_HALF]
        return match.pitch_version[side], plan, (over_move, over_nothing, last_in_first_half)

    @staticmethod
    def _plan(match: Match, side: int) -> list[tuple[int, int, int, int]]:
        """Per rank: the weakest replaceable card and the weakest other card."""
        strength = match.strength[side]
        replaced = match.replaced[side]
        plan = []
        for rank, slots in enumerate(RANK_SLOTS):
            slot, weakest, floor = -1, 99, 99
            for candidate in slots:
                value = strength[candidate]
                if value < 0:  # neutralised
                    continue
                if value < weakest and not replaced >> candidate & 1:
                    if slot >= 0 and weakest < floor:
                        floor = weakest
                    slot, weakest = candidate, value
                elif value < floor:
                    floor = value
            if slot >= 0:
                plan.append((rank, slot, weakest, floor))
        return plan
