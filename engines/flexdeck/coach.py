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

from typing import TYPE_CHECKING, Any

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

COACH_STYLES = ("careful", "attacking")


class Coach:
    """The default computer coach; ``style`` is one of ``COACH_STYLES``."""

    def __init__(self, style: str = "careful") -> None:
        self.style = style
        self.careful = style == "careful"
        # Per side: [pitch version, plan, the weakest card that could gain each threshold].
        self._plans: list[list[Any]] = [[-1, [], {}], [-1, [], {}]]

    def decide(
        self, match: Match, side: int, raw: int, targets: list[int], can_shoot: bool, scores: bool
    ) -> tuple[str, int]:
        """The action for a card of ``side``'s colours: (kind, slot)."""
        if scores:
            return SHOOT, KEEPER
        used = match.subs_used[side]
        if used < match.substitutions_allowed and (self.careful or not targets):
            needed = GAIN_OVER_MOVE if targets else GAIN_OVER_NOTHING
            if match.half == 1 and used == match.substitutions_allowed - 1:
                needed = GAIN_FOR_LAST_IN_FIRST_HALF
            cached = self._plans[side]
            # Most cards are too weak to gain anything: skip the search on the cached trigger.
            if cached[0] != match.pitch_version[side] or raw >= cached[2][needed]:
                slot = self.best_substitution(match, side, raw, needed)
                if slot >= 0:
                    return SUBSTITUTE, slot
        if targets:
            return MOVE, self.choose_target(match, side, targets) if len(targets) > 1 else targets[0]
        if can_shoot:
            return SHOOT, KEEPER
        return PASS, -1

    def choose_target(self, match: Match, side: int, targets: list[int]) -> int:
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

    def best_substitution(self, match: Match, side: int, raw: int, needed: float) -> int:
        """The slot whose substitution gains at least ``needed``, or -1."""
        cached = self._plans[side]
        if cached[0] != match.pitch_version[side]:
            plan = self._plan(match, side)
            # The weakest card that could gain each threshold anywhere: a quick "no" for most cards.
            triggers = dict.fromkeys(THRESHOLDS, float("inf"))
            for rank, _, old, _ in plan:
                scale = (1 + OWN_GAIN_SHARE) * RANK_WEIGHTS[rank]
                for threshold in THRESHOLDS:
                    trigger = old + threshold / scale
                    if trigger < triggers[threshold]:
                        triggers[threshold] = trigger
            cached[:] = match.pitch_version[side], plan, triggers
        if raw < cached[2][needed]:
            return -1
        best_slot, best_gain = -1, needed
        for rank, slot, old, floor in cached[1]:
            if raw <= old:
                continue
            new_weakest = raw if raw < floor else floor
            old_weakest = old if old < floor else floor
            gain = RANK_WEIGHTS[rank] * (new_weakest - old_weakest + OWN_GAIN_SHARE * (raw - old))
            if gain >= best_gain and match.can_substitute(side, slot):
                best_slot, best_gain = slot, gain
        return best_slot

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
