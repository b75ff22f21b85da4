"""A Flexdeck Futbol match, played card by card.

``Match(home, away, dice, rules, coaches).play()`` is the whole game: two halves, each
dealt afresh from the two squads; an extra period when the Golden Boot is the
last card of a pile; penalty kicks when a winner is required. All chance is the
shuffling and dealing of cards with the dice, so a test can force a deal with
``ScriptedDice`` (see ``scripting.deal_rolls``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import floor
from typing import Protocol

from engines.core import STANDARD_STATS, Dice, EventLog, MatchResult
from engines.flexdeck import events as ev
from engines.flexdeck.deck import GOLDEN_BOOT, JOKER
from engines.flexdeck.pitch import (
    AWAY,
    CENTRE,
    FIELD_SLOTS,
    HOME,
    KEEPER,
    NEXT_RANK,
    PITCH_SIZE,
    RANK_COLUMNS,
    RANK_NAMES,
    RANK_SLOTS,
    RETREAT_RULES,
    SIDE_NAMES,
    SLOT_LABELS,
    SLOT_RANK,
    RetreatRule,
    position_label,
)
from engines.stats import StatTable

#: What a card of a side's colours may do, as a coach answers: ``(MOVE, slot)`` puts the
#: ball on that card of the next rank, ``(SHOOT, KEEPER)`` shoots, ``(SUBSTITUTE, slot)``
#: sends the card on for the one in ``slot``, ``(PASS, -1)`` when it can do nothing.
MOVE, SHOOT, SUBSTITUTE, PASS = "move", "shoot", "substitute", "pass"

#: A red card adds this much to every later card of the other side.
RED_CARD_BONUS = 3
#: The Golden Boot adds this much to the next card.
GOLDEN_BOOT_BONUS = 5
SUBSTITUTIONS_PER_MATCH = 3
PENALTY_ROUNDS = 5
#: Sudden-death rounds before a coin decides a shoot-out no kicker can win.
SUDDEN_DEATH_LIMIT = 30

#: Draw-pile codes of the extra cards; a squad card is ``side * 32 + index``.
JOKER_CODE, BOOT_CODE = -1, -2
SPECIAL_CODES = {JOKER: JOKER_CODE, GOLDEN_BOOT: BOOT_CODE}
SIDE_SHIFT = 5
#: CARD_CODES[side][index]: the draw-pile code of a squad's card (the card loop reads what
#: it needs by the code from ``Match.rows``, one lookup).
CARD_CODES = tuple(tuple(side << SIDE_SHIFT | index for index in range(1 << SIDE_SHIFT)) for side in (0, 1))
#: ALONE[slot]: the one-slot targets ``(slot,)``, made once instead of for every card.
ALONE = tuple((slot,) for slot in range(PITCH_SIZE))

#: BALL_LABELS[position][side][slot]: 'centre', a column or a card (side/slot -1 = none).
BALL_LABELS = tuple(
    tuple(
        tuple(position_label(position, side, slot) for slot in (*range(PITCH_SIZE), -1))
        if side >= 0
        else tuple(position_label(position, -1, -1) for _ in range(PITCH_SIZE + 1))
        for side in (HOME, AWAY, -1)
    )
    for position in range(15)
)

#: The game's own counters, beside the standard ones.
GAME_STATS = ("turns", "advances", "starts", "substituted_in", "substituted_out", "neutralised")
STAT_NAMES = STANDARD_STATS + GAME_STATS
#: A card's counters are a list in the order of ``STAT_NAMES``; these are their indices.
(GOALS, SHOTS, SAVES, STEALS, YELLOWS, REDS, INJURIES, MINUTES) = range(len(STANDARD_STATS))
(TURNS, ADVANCES, STARTS, SUB_IN, SUB_OUT, NEUTRALISED) = range(len(STANDARD_STATS), len(STAT_NAMES))
BLANK_STATS = [0] * len(STAT_NAMES)


class Coach(Protocol):
    """Who decides for a side (``engines.flexdeck.coach.Coach``, a test's ``ReplayCoach``)."""

    def decide(
        self, match: Match, side: int, raw: int, targets: Sequence[int], can_shoot: bool, scores: bool
    ) -> tuple[str, int]:
        """The action for a card of ``side``'s colours of strength ``raw``: ``targets`` are the
        slots it may move the ball to; ``scores`` when a shot would go in."""
        ...


@dataclass(frozen=True)
class Rules:
    """The league settings a match is played under (see the engine's README)."""

    specials: tuple[int, ...] = (JOKER_CODE, JOKER_CODE, JOKER_CODE, BOOT_CODE)
    retreat: RetreatRule = RETREAT_RULES["card"]
    red_card_bonus_on_shots: bool = True
    coach_styles: tuple[str, str] = ("careful", "careful")
    winner_required: bool = False


#: What the card loop reads of a squad's card, unpacked at once: side, side's name, id,
#: colour as played, strength, the other side, the ranks a move from each position must
#: beat (``NEXT_RANK[side]``) and where a move to each of the other side's ranks puts the ball.
CardRow = tuple[int, str, str, str, int, int, tuple[int | None, ...], tuple[int, ...]]
#: MOVE_POSITIONS[defender][rank]: the ball's position on a card of that rank.
MOVE_POSITIONS = tuple(tuple(column * 2 for column in columns) for columns in RANK_COLUMNS)

#: What fills the draw-pile codes past the home squad's cards (no card has them) in
#: ``Match.rows`` and ``Match.counters``.
NO_ROW: CardRow = (-1, "", "", "", 0, -1, (), ())
NO_COUNTERS: list[int] = []


def card_rows(side: int, ids: list[str], colours: list[str], strengths: list[int]) -> tuple[CardRow, ...]:
    """A squad's ``CardRow``s, made once per squad (a cached squad shares them)."""
    defender = 1 - side
    heads = (side, SIDE_NAMES[side])
    tails = (defender, NEXT_RANK[side], MOVE_POSITIONS[defender])
    return tuple((*heads, *card, *tails) for card in zip(ids, colours, strengths, strict=True))


@dataclass
class Squad:
    """A side's cards as the match uses them: ids, colours as played, strengths, counters."""

    ids: list[str]
    colours: list[str]
    strengths: list[int]
    stats: list[list[int]]  # per card, in the order of STAT_NAMES
    rows: tuple[CardRow, ...]  # per card, ``card_rows``


def deal_eleven(dice: Dice, cards: list[int]) -> None:
    """Bring eleven random cards to the front of ``cards``, in dealing order.

    The rule book shuffles each colour deck and deals eleven; the order of the
    rest does not matter because they are shuffled again into the draw pile, so
    a partial Fisher-Yates (one roll per dealt card) is the same deal for less.
    """
    size = len(cards)
    if type(dice) is Dice:  # the same rolls as ``dice.roll``, without a call each (see ``shuffle``)
        random = dice.random
        for slot, sides in deal_steps(size):
            pick = slot + floor(random() * sides)
            cards[slot], cards[pick] = cards[pick], cards[slot]
        return
    roll = dice.roll
    for slot in range(PITCH_SIZE):
        pick = slot + roll(size - slot) - 1
        cards[slot], cards[pick] = cards[pick], cards[slot]


def shuffle(dice: Dice, cards: list[int]) -> None:
    """``dice.shuffle(cards)``; for plain dice the same rolls made inline.

    A match shuffles about 70 cards; ``Dice.roll`` is ``int(random() * sides) + 1``
    (``floor`` is ``int`` for these non-negative numbers, and cheaper), so rolling
    here gives the same order for a fraction of the calls. Scripted
    dice answer per roll and go through ``dice.shuffle``.
    """
    if type(dice) is not Dice:
        dice.shuffle(cards)
        return
    random = dice.random
    for last, sides in shuffle_steps(len(cards)):
        pick = floor(random() * sides)
        cards[last], cards[pick] = cards[pick], cards[last]


# The inline rolls multiply by the die's size as a float: the same product as by the int
# (a small int converts exactly), and the interpreter's quick float-by-float multiply.
@lru_cache(maxsize=64)
def deal_steps(size: int) -> tuple[tuple[int, float], ...]:
    """For ``deal_eleven``: each dealt slot and the number of cards it picks from."""
    return tuple((slot, float(size - slot)) for slot in range(PITCH_SIZE))


@lru_cache(maxsize=64)
def shuffle_steps(size: int) -> tuple[tuple[int, float], ...]:
    """For ``shuffle``: each place from the last down and the number of cards up to it."""
    return tuple((last, float(last + 1)) for last in range(size - 1, 0, -1))


@lru_cache(maxsize=256)
def clock(base: int, span: int, count: int) -> tuple[int, ...]:
    """The minute of each of ``count`` cards played over ``span`` minutes after ``base``.

    The n-th card (from 1) is played at ``base + ceil(n * span / count)``; with no span
    (an extra period after the first half) every card is at ``base``. Every half of a
    league has the same few pile sizes, so the schedule is worked out once.
    """
    if not span:
        return (base,) * count
    return tuple(base + ((turn + 1) * span + count - 1) // count for turn in range(count))


def past_empty_ranks(
    defending: list[int],
    rank: int,
    total: int,
    next_rank: tuple[int | None, ...],
    move_positions: tuple[int, ...],
) -> tuple[int | None, tuple[int, ...]]:
    """The rank a move must beat and the cards ``total`` reaches in it, passing over ranks
    whose every card is turned over (README decision 12): with no card left in a rank
    there is nothing to beat there, so the next rank towards the goal is "the next opposing
    rank". ``rank`` is the rank ahead, none of whose cards ``total`` reaches."""
    current: int | None = rank
    while current is not None and max(defending[slot] for slot in RANK_SLOTS[current]) < 0:
        current = next_rank[move_positions[current]]
    if current is None or current == rank:
        return current, ()
    best = 0
    targets: tuple[int, ...] = ()
    for slot in RANK_SLOTS[current]:
        value = defending[slot]
        if value > total or value < best:
            continue
        if value > best:
            best, targets = value, ALONE[slot]
        else:
            targets += ALONE[slot]
    return current, targets


class Match:
    """The state of one match and the rules that change it."""

    # Slots, not an instance dict: the card loop reads and writes these all the time, and
    # an instance with more than 30 attributes would get a plain dict, looked up by name.
    __slots__ = (
        "squads", "dice", "rules", "coaches", "deciders", "shot_bonus", "substitutions_allowed",
        "subs_used", "reds", "bonus", "score", "events", "half", "minute", "extra_time", "discard",
        "extra_time_due", "yellows", "rest", "pitch", "strength", "replaced", "half_end", "pitch_version",
        "calls", "ball_pos", "ball_side", "ball_slot", "possession", "boost", "ball_at", "rows", "counters",
    )  # fmt: skip

    # where the ball is (set by ``place_ball``): a position 0-14, and the side and slot of the card it is on
    ball_pos: int
    ball_side: int
    ball_slot: int
    ball_at: str

    def __init__(
        self,
        home: Squad,
        away: Squad,
        dice: Dice,
        rules: Rules,
        coaches: Sequence[Coach],
    ) -> None:
        self.squads = (home, away)
        # By draw-pile code (``CARD_CODES``): each card's row and counters, for the card loop.
        unused = (1 << SIDE_SHIFT) - len(home.rows)
        self.rows = home.rows + (NO_ROW,) * unused + away.rows
        self.counters = home.stats + [NO_COUNTERS] * unused + away.stats
        self.dice = dice
        self.rules = rules
        home_coach, away_coach = coaches
        self.coaches = (home_coach, away_coach)
        self.deciders = (home_coach.decide, away_coach.decide)
        self.shot_bonus = rules.red_card_bonus_on_shots
        self.substitutions_allowed = SUBSTITUTIONS_PER_MATCH
        self.subs_used = [0, 0]
        self.reds = [0, 0]
        self.bonus = [0, 0]
        self.score = [0, 0]
        self.events = EventLog()
        self.half = 0
        self.minute = 0
        self.extra_time = False
        self.discard: list[int] = []
        self.extra_time_due = False
        self.yellows = [0, 0]
        self.rest: list[list[int]] = [[], []]
        # set per half by ``deal``
        self.pitch: list[list[int]] = [[], []]
        self.strength: list[list[int]] = [[], []]
        self.replaced = [0, 0]
        self.half_end = 0
        self.pitch_version = [0, 0]
        self.calls = [0, 0]
        self.place_ball(CENTRE, -1, -1)
        self.possession = -1
        self.boost = 0
        self.ball_at = "centre"

    # -- the whole match -------------------------------------------------

    def play(self) -> MatchResult:
        for half in (1, 2):
            self.half = half
            self.deal()
            self.play_pile(self.draw_pile(), base=45 * (half - 1), span=45)
            if self.extra_time_due:
                self.play_extra_period(base=45 * half, span=0 if half == 1 else 30)
            self.close_half()
        shootout = None
        if self.rules.winner_required and self.score[HOME] == self.score[AWAY]:
            shootout = self.shootout()
        return self.result(shootout)

    # -- dealing ----------------------------------------------------------

    def deal(self) -> None:
        """Shuffle each squad, deal eleven to the pitch, keep the rest for the pile."""
        # A card's minutes are credited up to the half's end when it comes on and taken back
        # when it leaves early (``leave_pitch``), so closing a half has nothing to add up.
        self.half_end = 45 * self.half
        on_pitch = self.half_end - self.minute
        for side in (HOME, AWAY):
            squad = self.squads[side]
            ids, strengths, stats = squad.ids, squad.strengths, squad.stats
            order = list(range(len(ids)))
            deal_eleven(self.dice, order)
            self.pitch[side] = pitch = order[:PITCH_SIZE]
            self.rest[side] = order[PITCH_SIZE:]
            # One pass for the pitch's strengths, the starts and the deal event.
            strength: list[int] = []
            lineup: dict[str, tuple[str, int]] = {}
            for label, index in zip(SLOT_LABELS[side], pitch, strict=True):
                value = strengths[index]
                strength.append(value)
                counters = stats[index]
                counters[STARTS] += 1
                counters[MINUTES] += on_pitch
                lineup[label] = (ids[index], value)  # a pair: the same JSON as a list, for less
            self.strength[side] = strength
            self.replaced[side] = 0
            self.pitch_version[side] += 1
            self.events.add((self.minute, ev.DEAL, SIDE_NAMES[side], None, self.half, "centre", lineup))
        self.calls = [0, 0]
        self.yellows = [0, 0]
        self.place_ball(CENTRE, -1, -1)
        self.possession = -1
        self.boost = 0
        for side in (HOME, AWAY):
            for _ in range(self.reds[1 - side]):
                self.neutralise(side)

    def draw_pile(self) -> list[int]:
        """The squads' undealt cards and the extra cards, shuffled."""
        pile = list(self.rest[HOME])
        pile += map(CARD_CODES[AWAY].__getitem__, self.rest[AWAY])
        pile += self.rules.specials
        shuffle(self.dice, pile)
        return pile

    # -- playing a pile -----------------------------------------------------

    def play_pile(self, pile: list[int], base: int, span: int) -> None:
        """Turn every card of ``pile``; ``base`` and ``span`` set the clock.

        This is the hot loop of the engine (about 70 cards a match): a squad's card
        (possession to its side, then the coach's action) is played inline, with
        what does not change during a pile in locals; jokers and the Golden Boot,
        a few a pile, have methods of their own.
        """
        self.discard = discard = []
        self.extra_time_due = False
        count = len(pile)
        last = count - 1
        add = self.events.add
        minutes = clock(base, span, count)
        # Changed in place by the rules (bonuses, neutralised cards), never replaced during a pile.
        bonuses, strengths, rows, counters = self.bonus, self.strength, self.rows, self.counters
        deciders, shot_bonus, alone, rank_slots = self.deciders, self.shot_bonus, ALONE, RANK_SLOTS
        card_row, advance_row, no_move_row = ev.CARD, ev.ADVANCE, ev.NO_MOVE
        boost = self.boost  # the Golden Boot's, kept for the next suited card (of this pile or the next)
        for turn, code in enumerate(pile):
            minute = minutes[turn]
            if code < 0:
                # ``self.minute`` is kept for these methods (and set at the pile's end); a squad
                # card's rules below are handed ``minute``.
                self.minute = minute
                if code == JOKER_CODE:
                    self.play_joker(minute)
                else:
                    self.play_golden_boot(minute, extra=turn == last)
                    boost += GOLDEN_BOOT_BONUS
                continue
            # A card of a squad.
            side, side_name, player_id, colour, raw, defender, next_rank, move_positions = rows[code]
            stats = counters[code]
            stats[TURNS] += 1
            bonus = bonuses[side]
            total = raw + bonus + boost
            had_ball = self.possession == side
            self.possession = side
            ball_at = self.ball_at
            # The card's total (with a red-card bonus or the Golden Boot's boost, which their own
            # events announce) is logged here once; what the card then did adds only what is new.
            add((minute, card_row, side_name, player_id, colour, raw, total, ball_at))
            boost = 0
            defending = strengths[defender]
            rank = next_rank[self.ball_pos]
            targets: tuple[int, ...] = ()  # a tuple: cheaper to make than a list, and the coach only reads it
            if rank is not None:
                best = 0
                slots = rank_slots[rank]
                for slot in slots:
                    value = defending[slot]  # a neutralised card is -1, below every card
                    if value > total or value < best:
                        continue
                    if value > best:
                        best = value
                        targets = alone[slot]
                    else:
                        targets += alone[slot]
                if not targets and defending[slots[0]] < 0:  # maybe a rank all turned over
                    rank, targets = past_empty_ranks(defending, rank, total, next_rank, move_positions)
            if self.ball_side == defender and 0 < self.ball_slot < 5:
                can_shoot = True
                shot_total = total if shot_bonus else total - bonus
                # A shot can score only with a card that "continues to match their team colors"
                # (README decision 11): a card that wins the ball back in front of goal cannot.
                scores = had_ball and shot_total >= defending[KEEPER]
            else:
                can_shoot = scores = False
            action, slot = deciders[side](self, side, raw, targets, can_shoot, scores)
            if action == MOVE:
                if slot not in targets:
                    raise ValueError(f"coach moved the ball to slot {slot}; the card reaches {targets}")
                position = move_positions[rank]  # type: ignore[index]  # a target: a rank
                self.ball_pos, self.ball_side, self.ball_slot = position, defender, slot
                self.ball_at = BALL_LABELS[position][defender][slot]
                stats[ADVANCES] += 1
                if not had_ball:
                    stats[STEALS] += 1
                add((minute, advance_row, side_name, player_id, defending[slot], self.ball_at))
            elif action == SHOOT:
                if not can_shoot:
                    raise ValueError("coach shot from outside the other side's defender row")
                self.shoot(side, player_id, stats, shot_total, minute, had_ball)  # shot_total: set with can_shoot
            elif action == SUBSTITUTE:
                self.substitute(side, slot, code & 31, minute)
                continue  # the card left the discard pile for the pitch
            else:
                if action != PASS or targets or can_shoot:
                    raise ValueError(f"coach chose {action!r}; the card can move or shoot and must")
                add((minute, no_move_row, side_name, player_id, ball_at))
            discard.append(code)
        self.boost = boost
        if minutes:
            self.minute = minutes[-1]

    def play_golden_boot(self, minute: int, extra: bool) -> None:
        """Log the Golden Boot (``play_pile`` adds its +5 to the next suited card); as the
        pile's last card (``extra``) it brings an extra period."""
        add = self.events.add
        add((minute, ev.SPECIAL_CARD, None, None, GOLDEN_BOOT, self.ball_at))
        add((minute, ev.GOLDEN_BOOT, None, None, GOLDEN_BOOT_BONUS, extra, self.ball_at))
        self.extra_time_due = extra

    def play_extra_period(self, base: int, span: int) -> None:
        """The Golden Boot ended the pile: play on with the reshuffled discard pile."""
        if self.half == 2:
            self.extra_time = True
        pile = list(self.discard)
        shuffle(self.dice, pile)
        self.place_ball(CENTRE, -1, -1)
        self.possession = -1
        self.events.add((self.minute, ev.EXTRA_TIME, None, None, self.half, len(pile), "centre"))
        self.play_pile(pile, base, span)

    def play_joker(self, minute: int) -> None:
        """A referee call against the side in possession (the last card's colours)."""
        offender = self.possession
        add = self.events.add
        if offender < 0:
            add((minute, ev.DISREGARDED_JOKER, None, None, JOKER, True, self.ball_at))
            return
        add((minute, ev.SPECIAL_CARD, None, None, JOKER, self.ball_at))
        self.calls[offender] += 1
        squad, keeper = self.squads[offender], self.pitch[offender][KEEPER]
        keeper_id, keeper_stats = squad.ids[keeper], squad.stats[keeper]
        if self.calls[offender] == 1:
            self.retreat(offender)
            add((minute, ev.OFFSIDE, SIDE_NAMES[offender], keeper_id, self.ball_at))
            return
        self.yellows[offender] += 1
        keeper_stats[YELLOWS] += 1
        if self.yellows[offender] % 2:
            self.retreat(offender)
            add((minute, ev.YELLOW_CARD, SIDE_NAMES[offender], keeper_id, self.ball_at))
            return
        # The second yellow: a red card instead of the ball moving back.
        add((minute, ev.SECOND_YELLOW_CARD, SIDE_NAMES[offender], keeper_id, self.ball_at, True))
        keeper_stats[REDS] += 1
        self.reds[offender] += 1
        gainer = 1 - offender
        self.bonus[gainer] += RED_CARD_BONUS
        slot = self.neutralise(gainer)
        neutralised = SLOT_LABELS[gainer][slot] if slot >= 0 else None
        add((minute, ev.RED_CARD, SIDE_NAMES[offender], keeper_id, self.bonus[gainer], neutralised, self.ball_at))

    # -- the rules ------------------------------------------------------------

    def shoot(self, side: int, player_id: str, stats: list[int], total: int, minute: int, had_ball: bool) -> None:
        """A shot; with a card that won the ball back (``had_ball`` false) it cannot score."""
        defender = 1 - side
        keeper = self.strength[defender][KEEPER]
        keeper_index = self.pitch[defender][KEEPER]
        keeper_id = self.squads[defender].ids[keeper_index]
        stats[SHOTS] += 1
        add = self.events.add
        if had_ball:
            add((minute, ev.SHOT, SIDE_NAMES[side], player_id, total, keeper, keeper_id, self.ball_at))
        else:
            add((minute, ev.SHOT_REGAINED, SIDE_NAMES[side], player_id, total, keeper, keeper_id, self.ball_at, True))
        if had_ball and total >= keeper:
            stats[GOALS] += 1
            self.score[side] += 1
            self.place_ball(CENTRE, -1, -1)
            add((minute, ev.GOAL, SIDE_NAMES[side], player_id, total, keeper, list(self.score), "centre"))
        else:
            self.squads[defender].stats[keeper_index][SAVES] += 1
            add((minute, ev.SAVE, SIDE_NAMES[defender], keeper_id, total, keeper, self.ball_at))

    def can_substitute(self, side: int, slot: int) -> bool:
        """Three a match, a place once a half, never a neutralised card or the ball's."""
        return (
            self.subs_used[side] < self.substitutions_allowed
            and 0 <= slot < PITCH_SIZE
            and not self.replaced[side] >> slot & 1
            and self.strength[side][slot] >= 0
            and not (self.ball_side == side and self.ball_slot == slot)
        )

    def substitute(self, side: int, slot: int, index: int, minute: int) -> None:
        """The turned card (top of the discard pile) takes the place of ``slot``."""
        if not self.can_substitute(side, slot):
            raise ValueError(f"{SLOT_LABELS[side][slot] if 0 <= slot < PITCH_SIZE else slot} cannot be substituted")
        squad = self.squads[side]
        out_index = self.pitch[side][slot]
        self.leave_pitch(side, slot, minute)
        squad.stats[out_index][SUB_OUT] += 1
        squad.stats[index][SUB_IN] += 1
        self.pitch[side][slot] = index
        old = self.strength[side][slot]
        self.strength[side][slot] = squad.strengths[index]
        squad.stats[index][MINUTES] += self.half_end - minute
        self.replaced[side] |= 1 << slot
        self.subs_used[side] += 1
        self.pitch_version[side] += 1
        self.events.add(
            (
                minute,
                ev.SUBSTITUTION,
                SIDE_NAMES[side],
                squad.ids[index],
                SLOT_LABELS[side][slot],
                RANK_NAMES[SLOT_RANK[slot]],
                squad.strengths[index],
                squad.ids[out_index],
                old,
                self.subs_used[side],
                self.ball_at,
            )
        )

    def neutralise(self, side: int) -> int:
        """Turn over ``side``'s weakest non-goalkeeper card (the first if tied)."""
        strength = self.strength[side]
        live = [slot for slot in FIELD_SLOTS if strength[slot] >= 0]
        if not live:
            return -1
        slot = min(live, key=strength.__getitem__)
        index = self.pitch[side][slot]
        self.leave_pitch(side, slot, self.minute)
        self.squads[side].stats[index][NEUTRALISED] += 1
        old = strength[slot]
        strength[slot] = -1
        self.pitch_version[side] += 1
        if self.ball_side == side and self.ball_slot == slot:
            self.place_ball(self.ball_pos, -1, -1)
        self.events.add(
            (
                self.minute,
                ev.NEUTRALISED,
                SIDE_NAMES[side],
                self.squads[side].ids[index],
                SLOT_LABELS[side][slot],
                old,
                self.ball_at,
            )
        )
        return slot

    def retreat(self, offender: int) -> None:
        """Offside or a yellow card: the ball goes back towards the offender's goal, to the
        nearest rank of the side the league's reading names (README decision 1)."""
        on_own_card = self.ball_side == offender and self.ball_slot >= 0
        position = self.rules.retreat[0 if on_own_card else 1][offender][self.ball_pos]
        if position != self.ball_pos:
            self.place_ball(position, -1, -1)

    # -- bookkeeping --------------------------------------------------------

    def leave_pitch(self, side: int, slot: int, minute: int) -> None:
        """The card at ``slot`` leaves at ``minute``: the rest of the half it was credited goes."""
        index = self.pitch[side][slot]
        self.squads[side].stats[index][MINUTES] -= self.half_end - minute

    def close_half(self) -> None:
        end = self.minute
        if end != self.half_end:  # extra time: the cards on the pitch played on
            for side in (HOME, AWAY):
                stats = self.squads[side].stats
                for index, strength in zip(self.pitch[side], self.strength[side], strict=True):
                    if strength >= 0:  # not neutralised
                        stats[index][MINUTES] += end - self.half_end
        layout = ev.HALF_TIME if self.half == 1 else ev.FULL_TIME
        self.events.add((end, layout, None, None, list(self.score), self.half, self.ball_at))
        self.minute = end

    def player_at(self, side: int, slot: int) -> str:
        return self.squads[side].ids[self.pitch[side][slot]]

    def place_ball(self, position: int, side: int, slot: int) -> None:
        """Put the ball at a position, on ``side``'s card in ``slot`` (-1: on no card)."""
        self.ball_pos, self.ball_side, self.ball_slot = position, side, slot
        self.ball_at = BALL_LABELS[position][side][slot]

    # -- penalty kicks ------------------------------------------------------

    def shootout(self) -> tuple[int, int]:
        """Best of five kicks, card against keeper, from the reshuffled discard pile."""
        pile = list(self.discard)
        shuffle(self.dice, pile)
        kickers = [[code & 31 for code in pile if code >> SIDE_SHIFT == side] for side in (HOME, AWAY)]
        goals = [0, 0]
        taken = [0, 0]
        round_number = 0
        while True:
            round_number += 1
            for side in (HOME, AWAY):
                goals[side] += self.penalty_kick(side, kickers[side], taken[side], round_number)
                taken[side] += 1
                if round_number <= PENALTY_ROUNDS:
                    left = [PENALTY_ROUNDS - taken[s] for s in (HOME, AWAY)]
                    if goals[HOME] + left[HOME] < goals[AWAY] or goals[AWAY] + left[AWAY] < goals[HOME]:
                        return goals[HOME], goals[AWAY]
            if round_number >= PENALTY_ROUNDS and goals[HOME] != goals[AWAY]:
                return goals[HOME], goals[AWAY]
            if round_number == PENALTY_ROUNDS:
                winner = self.closest_kick(kickers)
                if winner >= 0:
                    goals[winner] += 1
                    return goals[HOME], goals[AWAY]
            if round_number >= PENALTY_ROUNDS + SUDDEN_DEATH_LIMIT:
                winner = self.dice.roll(2) - 1
                goals[winner] += 1
                reason = "no kicker could decide the shoot-out"
                self.events.add((self.minute, ev.COIN_TOSS, SIDE_NAMES[winner], None, reason, "centre"))
                return goals[HOME], goals[AWAY]

    def kick_margins(self, side: int, kickers: list[int]) -> list[int]:
        """How far each of ``side``'s kickers lands over (0 or more: a goal) or under the
        other keeper, best first."""
        keeper = self.strength[1 - side][KEEPER]
        bonus = self.bonus[side] if self.rules.red_card_bonus_on_shots else 0
        strengths = self.squads[side].strengths
        return sorted((strengths[index] + bonus - keeper for index in kickers), reverse=True)

    def closest_kick(self, kickers: list[list[int]]) -> int:
        """Level after five rounds with no kicker of either side able to beat the other keeper
        (README decision 7): sudden death could never end, so the side whose kickers come
        closest wins (best kick first, then the next); -1 if neither (or the kicks can still
        decide)."""
        margins = [self.kick_margins(side, kickers[side]) for side in (HOME, AWAY)]
        if any(margin and margin[0] >= 0 for margin in margins) or margins[HOME] == margins[AWAY]:
            return -1
        winner = HOME if margins[HOME] > margins[AWAY] else AWAY
        best = [margin[0] if margin else None for margin in margins]
        row = (self.minute, ev.CLOSEST_KICK, SIDE_NAMES[winner], None, best[winner], best[1 - winner], "centre")
        self.events.add(row)
        return winner

    def penalty_kick(self, side: int, kickers: list[int], taken: int, round_number: int) -> int:
        defender = 1 - side
        keeper = self.strength[defender][KEEPER]
        keeper_id = self.player_at(defender, KEEPER)
        spot = SLOT_LABELS[defender][KEEPER]  # the ball is on the spot in front of that goal
        minute, side_name = self.minute, SIDE_NAMES[side]
        if not kickers:
            reason = "no card of this side in the discard pile"
            layout = ev.PENALTY_KICK_WITHOUT_KICKER
            self.events.add(
                (minute, layout, side_name, None, round_number, keeper, keeper_id, spot, None, False, reason)
            )
            return 0
        index = kickers[taken % len(kickers)]
        squad = self.squads[side]
        strength = squad.strengths[index]
        total = strength + (self.bonus[side] if self.rules.red_card_bonus_on_shots else 0)
        scored = total >= keeper
        kick = (round_number, keeper, keeper_id, spot, squad.colours[index], strength, total, scored)
        self.events.add((minute, ev.PENALTY_KICK, side_name, squad.ids[index], *kick))
        return int(scored)

    # -- the result ---------------------------------------------------------

    def result(self, shootout: tuple[int, int] | None) -> MatchResult:
        home, away = self.squads
        player_stats = StatTable(home.ids + away.ids, STAT_NAMES, home.stats + away.stats)
        if shootout is not None:
            decided_by = "penalties"
        elif self.extra_time:
            decided_by = "extra_time"
        else:
            decided_by = "regulation"
        return MatchResult(
            engine="flexdeck",
            version="",
            seed=0,
            home_goals=self.score[HOME],
            away_goals=self.score[AWAY],
            decided_by=decided_by,  # type: ignore[arg-type]
            shootout_home=shootout[HOME] if shootout else None,
            shootout_away=shootout[AWAY] if shootout else None,
            events=self.events,
            player_stats=player_stats,
        )
