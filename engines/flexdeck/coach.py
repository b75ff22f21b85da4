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
from types import SimpleNamespace
from typing import NamedTuple

from engines.flexdeck.match import MOVE, PASS, SHOOT, SUBSTITUTE, Match
from engines.flexdeck.pitch import KEEPER, PITCH_SIZE, RANK_SLOTS

#: ``decide``'s answers, made once: a new pair for every card costs more than a lookup.
SHOT, NO_ACTION = (SHOOT, KEEPER), (PASS, -1)
MOVES = tuple((MOVE, slot) for slot in range(PITCH_SIZE))
SUBSTITUTIONS = tuple((SUBSTITUTE, slot) for slot in range(PITCH_SIZE))

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

#: Above every card's strength: a rank's floor when no other card stands in it.
NO_CARD = 99
#: Above every card's strength too: the trigger of a substitution never made (an int, not
#: inf, as int-int comparisons are the quick ones).
NEVER = 1000

#: The field ranks (defenders, midfielders, forwards) with their slots.
FIELD_RANKS = tuple(enumerate(RANK_SLOTS))[1:]

COACH_STYLES = ("careful", "attacking")

PlanEntry = tuple[float, int, int, int]  # rank weight, slot of its weakest replaceable card, that card, headroom
#: By a rank's headroom: the least lift over its weakest card a substitute needs.
Lifts = tuple[int, ...]
#: A field rank's weight, slots (all, the first, the others), their bits in ``match.replaced``
#: and its lifts needed with a move and without.
RankLayout = tuple[float, tuple[int, ...], int, tuple[int, ...], int, Lifts, Lifts]


class Needs(NamedTuple):
    """What a substitution needs, bound once for ``Coach._replan``."""

    with_move: float  # gain, if the card could move the ball or shoot (NEVER: never substitute it)
    alone: float  # gain, if it could not
    # Lifts over the keeper: nothing stands above it in its rank, so its headroom (NO_CARD
    # less at most 18) is past where the lifts stop falling and one number does.
    keeper_with_move: int
    keeper_alone: int
    field_ranks: tuple[RankLayout, ...]


class SidePlan:
    """What a coach worked out for one side's pitch, valid until the pitch changes.

    Per rank it lists the weakest replaceable card and its headroom: how far the
    weakest other live card stands above it (0 if one is as weak), as far as a
    substitute lifts the rank's weakest card. Besides, for a card with a move to make
    and for one without, the gain a substitution needs and the weakest card that
    reaches it in some rank: every other card falls short, and ``decide`` turns it
    down with one comparison.
    """

    __slots__ = ("version", "entries", "needed_with_move", "trigger_with_move", "needed_alone", "trigger_alone")

    version: int
    entries: list[PlanEntry]
    needed_with_move: float
    trigger_with_move: int
    needed_alone: float
    trigger_alone: int

    def __init__(self) -> None:
        self.version = -1  # no pitch's: ``Coach._replan`` sets the rest before anything reads it


class Coach:
    """The default computer coach; ``style`` is one of ``COACH_STYLES``."""

    def __init__(self, style: str = "careful") -> None:
        self.style = style
        self.careful = style == "careful"
        self._plans = (SidePlan(), SidePlan())  # per side, remade in place
        self._needs, self._needs_for_last = NEEDS_BY_CAREFUL[self.careful]

    def forget(self) -> None:
        """Drop the plans, made for another match's pitches: the coach can start a new one."""
        home, away = self._plans
        home.version = away.version = -1

    def decide(
        self, match: Match, side: int, raw: int, targets: Sequence[int], can_shoot: bool, scores: bool
    ) -> tuple[str, int]:
        """The action for a card of ``side``'s colours: (kind, slot)."""
        if scores:
            return SHOT
        plan = self._plans[side]
        if plan.version != match.pitch_version[side]:
            self._replan(plan, match, side)
        if targets:
            if raw >= plan.trigger_with_move:
                slot = self.best_substitution(match, side, raw, plan.needed_with_move, plan.entries)
                if slot >= 0:
                    return SUBSTITUTIONS[slot]
            return MOVES[self.choose_target(match, side, targets) if len(targets) > 1 else targets[0]]
        if raw >= plan.trigger_alone:
            slot = self.best_substitution(match, side, raw, plan.needed_alone, plan.entries)
            if slot >= 0:
                return SUBSTITUTIONS[slot]
        if can_shoot:
            return SHOT
        return NO_ACTION

    def _replan(self, plan: SidePlan, match: Match, side: int) -> None:
        """Remake ``plan`` for the side's pitch now, with the gains its substitutions need.

        Both change only with the pitch: a substitution (which also uses one up) or a
        new deal (a new half) bumps ``match.pitch_version``. One pass makes the plan
        and its triggers in place: no further call (but for a rank with a card replaced
        or neutralised) and no object but the entries.
        """
        plan.version = match.pitch_version[side]
        used = match.subs_used[side]
        allowed = match.substitutions_allowed
        if used >= allowed:
            plan.trigger_with_move = plan.trigger_alone = NEVER
            return
        needs = self._needs_for_last if match.half == 1 and used == allowed - 1 else self._needs
        plan.needed_with_move, plan.needed_alone, keeper_with_move, keeper_alone, field_ranks = needs
        strength = match.strength[side]
        replaced = match.replaced[side]
        if replaced & 1 << KEEPER:
            plan.entries = entries = []
            trigger_with_move = trigger_alone = NEVER
        else:  # alone in its rank, never neutralised: nothing caps what a substitute adds
            weakest = strength[KEEPER]
            headroom = NO_CARD - weakest
            plan.entries = entries = [(RANK_WEIGHTS[0], KEEPER, weakest, headroom)]
            trigger_with_move = weakest + keeper_with_move
            trigger_alone = weakest + keeper_alone
        for weight, slots, first, others, mask, with_move_lifts, alone_lifts in field_ranks:
            if replaced & mask:
                slot, weakest, headroom = _weakest_replaceable(strength, replaced, slots)
            else:
                # No card of the rank replaced (most ranks): the weakest card (the first if
                # tied) and the next, with half the opcodes of the general search.
                slot, weakest, floor = first, strength[first], NO_CARD
                for candidate in others:
                    value = strength[candidate]
                    if value < weakest:
                        slot, weakest, floor = candidate, value, weakest
                    elif value < floor:
                        floor = value
                headroom = floor - weakest
                if weakest < 0:  # a neutralised card, below every other
                    slot, weakest, headroom = _weakest_replaceable(strength, replaced, slots)
            if slot >= 0:
                entries.append((weight, slot, weakest, headroom))
                trigger = weakest + with_move_lifts[headroom]
                if trigger < trigger_with_move:
                    trigger_with_move = trigger
                trigger = weakest + alone_lifts[headroom]
                if trigger < trigger_alone:
                    trigger_alone = trigger
        plan.trigger_with_move = trigger_with_move
        plan.trigger_alone = trigger_alone

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
        for weight, slot, old, headroom in plan:
            lift = raw - old
            if lift <= 0:
                continue
            # The rank's weakest card rises by the lift, up to its headroom.
            gain = weight * ((lift if lift < headroom else headroom) + OWN_GAIN_SHARE * lift)
            if gain >= best_gain and (match.ball_slot != slot or match.ball_side != side):
                best_slot, best_gain = slot, gain
        return best_slot


def _weakest_replaceable(strength: list[int], replaced: int, slots: tuple[int, ...]) -> tuple[int, int, int]:
    """Of ``slots``: the weakest live card not replaced this half (the first if tied; slot
    -1 if none), its strength, and its headroom (see ``SidePlan``)."""
    slot, weakest, floor = -1, NO_CARD, NO_CARD
    for candidate in slots:
        value = strength[candidate]
        if value < 0:  # neutralised
            continue
        if value < weakest and not replaced >> candidate & 1:
            if weakest < floor:  # the card it displaces (NO_CARD before any)
                floor = weakest
            slot, weakest = candidate, value
        elif value < floor:
            floor = value
    return slot, weakest, floor - weakest if floor > weakest else 0


#: A match with the ball on no card, to ask ``best_substitution`` about one card.
_NO_BALL = SimpleNamespace(ball_slot=-1, ball_side=-1)


def _lifts_needed(weight: float, needed: float) -> Lifts:
    """By headroom (0 to NO_CARD): the least lift whose gain reaches ``needed``.

    ``best_substitution`` itself says what reaches it, so ``raw >= old + lifts[headroom]``
    holds exactly when it would substitute the card (the ball elsewhere). A wider
    headroom never needs more lift, so each headroom starts from the last one's answer.
    """

    def enough(lift: int, headroom: int) -> bool:
        return Coach.best_substitution(_NO_BALL, KEEPER, lift, needed, [(weight, KEEPER, 0, headroom)]) >= 0  # type: ignore[arg-type]

    lift = 1
    while not enough(lift, 0):
        lift += 1
    lifts = []
    for headroom in range(NO_CARD + 1):
        while lift > 1 and enough(lift - 1, headroom):
            lift -= 1
        lifts.append(lift)
    return tuple(lifts)


#: LIFTS_NEEDED[threshold][rank]: the ``_lifts_needed`` of a rank (keeper, defenders, midfielders, forwards).
LIFTS_NEEDED = tuple(tuple(_lifts_needed(weight, needed) for weight in RANK_WEIGHTS) for needed in THRESHOLDS)
NO_LIFT_ENOUGH = (NEVER,) * (NO_CARD + 1)


def _needs(with_move: int, alone: int) -> Needs:
    """The needs with a move (a threshold's index, or -1 for never) and without."""
    with_move_lifts = LIFTS_NEEDED[with_move] if with_move >= 0 else (NO_LIFT_ENOUGH,) * len(RANK_WEIGHTS)
    alone_lifts = LIFTS_NEEDED[alone]
    field_ranks = tuple(
        (
            RANK_WEIGHTS[rank],
            slots,
            slots[0],
            slots[1:],
            sum(1 << slot for slot in slots),
            with_move_lifts[rank],
            alone_lifts[rank],
        )
        for rank, slots in FIELD_RANKS
    )
    return Needs(
        THRESHOLDS[with_move] if with_move >= 0 else NEVER,
        THRESHOLDS[alone],
        with_move_lifts[KEEPER][NO_CARD],
        alone_lifts[KEEPER][NO_CARD],
        field_ranks,
    )


#: Per style (careful or not) the needs of a substitution, then those of the first half's
#: last one ("keep one for the second"). Attacking substitutes only cards that could not move.
NEEDS_BY_CAREFUL = {
    True: (_needs(OVER_MOVE, OVER_NOTHING), _needs(LAST_IN_FIRST_HALF, LAST_IN_FIRST_HALF)),
    False: (_needs(-1, OVER_NOTHING), _needs(-1, LAST_IN_FIRST_HALF)),
}
