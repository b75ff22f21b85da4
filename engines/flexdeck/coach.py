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
NEVER = float("inf")
#: The field ranks (defenders, midfielders, forwards) with their slots.
FIELD_RANKS = tuple(enumerate(RANK_SLOTS))[1:]

COACH_STYLES = ("careful", "attacking")

PlanEntry = tuple[int, int, int, int]  # rank, slot of its weakest replaceable card, that card, the rank's floor


class SidePlan:
    """What a coach worked out for one side's pitch, valid until the pitch changes.

    Besides the plan it holds, for a card with a move to make and for one without,
    the gain a substitution needs and the weakest card that could reach it: most
    cards are weaker, and ``decide`` turns them down with one comparison.
    """

    __slots__ = ("version", "entries", "needed_with_move", "trigger_with_move", "needed_alone", "trigger_alone")

    def __init__(self, version: int, entries: list[PlanEntry], needed_with_move: int, needed_alone: int) -> None:
        self.version = version
        self.entries = entries
        self.needed_with_move = THRESHOLDS[needed_with_move] if needed_with_move >= 0 else NEVER
        self.needed_alone = THRESHOLDS[needed_alone] if needed_alone >= 0 else NEVER
        with_move = alone = NEVER
        for rank, _, old, _ in entries:  # no entries when no substitution is left
            offsets = RANK_TRIGGER_OFFSETS[rank]
            if old + offsets[needed_alone] < alone:
                alone = old + offsets[needed_alone]
            if old + offsets[needed_with_move] < with_move:
                with_move = old + offsets[needed_with_move]
        self.trigger_alone = alone
        # -1: no substitution with a move (attacking); the offset read for it above is dropped.
        self.trigger_with_move = with_move if needed_with_move >= 0 else NEVER


NO_PLAN = SidePlan(-1, [], -1, -1)


class Coach:
    """The default computer coach; ``style`` is one of ``COACH_STYLES``."""

    def __init__(self, style: str = "careful") -> None:
        self.style = style
        self.careful = style == "careful"
        self._plans = [NO_PLAN, NO_PLAN]  # per side

    def decide(
        self, match: Match, side: int, raw: int, targets: Sequence[int], can_shoot: bool, scores: bool
    ) -> tuple[str, int]:
        """The action for a card of ``side``'s colours: (kind, slot)."""
        if scores:
            return SHOOT, KEEPER
        plan = self._plans[side]
        if plan.version != match.pitch_version[side]:
            plan = self._plans[side] = self._replan(match, side)
        if targets:
            if raw >= plan.trigger_with_move:
                slot = self.best_substitution(match, side, raw, plan.needed_with_move, plan.entries)
                if slot >= 0:
                    return SUBSTITUTE, slot
            return MOVE, self.choose_target(match, side, targets) if len(targets) > 1 else targets[0]
        if raw >= plan.trigger_alone:
            slot = self.best_substitution(match, side, raw, plan.needed_alone, plan.entries)
            if slot >= 0:
                return SUBSTITUTE, slot
        if can_shoot:
            return SHOOT, KEEPER
        return PASS, -1

    def _replan(self, match: Match, side: int) -> SidePlan:
        """The plan for the side's pitch now, with the gains its substitutions need.

        Both change only with the pitch: a substitution (which also uses one up) or
        a new deal (a new half) bumps ``match.pitch_version``.
        """
        version = match.pitch_version[side]
        used = match.subs_used[side]
        allowed = match.substitutions_allowed
        if used >= allowed:
            return SidePlan(version, [], -1, -1)
        if match.half == 1 and used == allowed - 1:
            needed_with_move = needed_alone = LAST_IN_FIRST_HALF
        else:
            needed_with_move, needed_alone = OVER_MOVE, OVER_NOTHING
        if not self.careful:  # attacking: substitutes only cards that could not move
            needed_with_move = -1
        return SidePlan(version, self._plan(match, side), needed_with_move, needed_alone)

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
    def best_substitution(match: Match, side: int, raw: int, needed: float, plan: list[PlanEntry]) -> int:
        """The slot of ``plan`` whose substitution gains at least ``needed``, or -1.

        A plan lists only cards that may be replaced (live, not replaced this half)
        and is made again after every substitution, so of ``match.can_substitute``
        only the ball's place is left to check.
        """
        best_slot, best_gain = -1, needed
        for rank, slot, old, floor in plan:
            if raw <= old:
                continue
            new_weakest = raw if raw < floor else floor
            old_weakest = old if old < floor else floor
            gain = RANK_WEIGHTS[rank] * (new_weakest - old_weakest + OWN_GAIN_SHARE * (raw - old))
            if gain >= best_gain and (match.ball_slot != slot or match.ball_side != side):
                best_slot, best_gain = slot, gain
        return best_slot

    @staticmethod
    def _plan(match: Match, side: int) -> list[PlanEntry]:
        """Per rank: the weakest replaceable card and the weakest other card."""
        strength = match.strength[side]
        replaced = match.replaced[side]
        plan = []
        if not replaced >> KEEPER & 1:  # alone in its rank, never neutralised
            plan.append((0, KEEPER, strength[KEEPER], 99))
        for rank, slots in FIELD_RANKS:
            slot, weakest, floor = -1, 99, 99
            for candidate in slots:
                value = strength[candidate]
                if value < 0:  # neutralised
                    continue
                if value < weakest and not replaced >> candidate & 1:
                    if weakest < floor:  # the card it displaces (99 before any)
                        floor = weakest
                    slot, weakest = candidate, value
                elif value < floor:
                    floor = value
            if slot >= 0:
                plan.append((rank, slot, weakest, floor))
        return plan
