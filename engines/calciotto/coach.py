"""The computer coach: every decision a Calciotto player makes, in two strengths.

``strong`` looks for the best shot a phase allows (direct, after a run, after
a pass), weighs where the ball is safe from the next tackle, sends its best
tackler, blocks shooting lines, positions its goalkeeper and plays cards when
the odds say they pay. ``simple`` plays the way a beginner does: shoot when a
line is open, otherwise push the ball forward, tackle with whoever is nearest,
and play the first card that fits.

A coach only asks; the match checks every move, pass and shot against the rules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from math import comb
from typing import Any

from engines.calciotto import cards as C
from engines.calciotto import field as F
from engines.calciotto.match import ALLOWED, KICK_OFF, WIN_ODDS, Match, Piece
from engines.core import CardError

STYLES = ("strong", "simple")

#: When a coach replaces players, read in order at every replacement window
#: (a league may give its own list as ``settings["replacements"]``):
#: ``cautioned``: a cautioned piece is one caution from being sent off, so it
#: makes way for a bench piece of the same role; ``chasing``: a side that is
#: behind swaps its weakest defender for its best bench forward; ``upgrade``: a
#: bench piece better (move + 2 x strength) than the starter of its role
#: comes on. ``from_minute`` is the first minute a row applies.
DEFAULT_REPLACEMENTS: tuple[Mapping[str, Any], ...] = (
    {"trigger": "cautioned", "from_minute": 20},
    {"trigger": "chasing", "from_minute": 40},
    {"trigger": "upgrade", "from_minute": 47},
)
TRIGGERS = ("cautioned", "chasing", "upgrade")

#: Shot odds a coach needs before it shoots rather than builds up.
SHOT_THRESHOLD = {"strong": 0.34, "simple": 0.0}
#: Shot odds a coach takes without looking for a better angle (the simple coach never looks).
GOOD_ENOUGH = {"strong": 0.5, "simple": 1.0}

_TWO_DICE = [a + b for a in range(1, 7) for b in range(1, 7)]
_TWO_DICE_TWICE = [max(x, y) for x in _TWO_DICE for y in _TWO_DICE]


def _odds_to_beat(score: int, base: int, twice: bool = False) -> float:
    """P(2d6 + base > score), a tie counting half (it is rolled again)."""
    win = tie = 0.0
    totals = _TWO_DICE_TWICE if twice else _TWO_DICE
    for total in totals:
        if total + base > score:
            win += 1
        elif total + base == score:
            tie += 1
    return (win + tie / 2) / len(totals)


DANGER_WEIGHT = 12.0
DECK_SIZE = len(C.build_deck())
#: The fewest squares a free kick travels: two dice doubled.
FREE_KICK_REACH = 4
#: Where the other pieces go, in rows from the ball (own frame) by role: in
#: attack forwards run ahead and defenders hold back; in defence everybody but
#: the forward drops goal-side of the ball.
ATTACKING_ROWS = {"A": 5, "C": 2, "T": 3, "D": -5}
DEFENDING_ROWS = {"A": 2, "C": -1, "T": -2, "D": -2}


def _place_value(strong: bool, side: int, square: int) -> float:
    """The ball's worth on a square before safety: rows gained, +4 where a shot is possible; the strong
    coach also prefers the middle, where more lines lead to goal."""
    col, row = F.REL_COL[side][square], F.REL_ROW[side][square]
    value = float(row) + (4.0 if F.SHOT_LINES[side][square] else 0.0)
    return value - abs(col - 7.5) * 0.2 if strong else value


def _guard_squares(side: int, keeper_col: int) -> tuple[int, ...]:
    """On every line into a goal square two or more columns from ``keeper_col`` (own frame), the square
    nearest the goal that an outfielder of ``side`` may stand on (the small area is closed to him)."""
    guards = []
    for goal_col in F.GOAL_COLS:
        if abs(goal_col - keeper_col) < 2:
            continue
        for ray in F.RAYS[F.to_absolute(side, goal_col, -1)]:
            for square in ray:
                if F.GOAL_OF[square] >= 0:
                    break
                if ALLOWED[side][False][square]:
                    guards.append(square)
                    break
    return tuple(dict.fromkeys(guards))


#: GUARDS[side][keeper column]: where ``add_guards`` puts its pieces.
GUARDS = tuple(tuple(_guard_squares(side, col) for col in range(F.WIDTH)) for side in (F.HOME, F.AWAY))
#: The strong coach guards the wrong-footing goal squares once the ball is this close (own-frame row).
GUARD_FROM_ROW = 11

_NO_DANGER = (0.0,) * F.CELLS
#: PLACE_VALUE[strong][side][square], so the hot loops only look it up.
PLACE_VALUE = tuple(
    tuple(tuple(_place_value(strong, side, i) for i in range(F.CELLS)) for side in (0, 1)) for strong in (False, True)
)


def validate_replacements(rows: Any) -> tuple[Mapping[str, Any], ...]:
    """A league's replacement table, checked; CardError names the bad row."""
    if not isinstance(rows, list | tuple):
        raise CardError("settings replacements: expected a list of {trigger, from_minute} rows")
    checked = []
    for index, row in enumerate(rows):
        if not isinstance(row, Mapping) or row.get("trigger") not in TRIGGERS:
            raise CardError(f"settings replacements[{index}]: trigger must be one of {', '.join(TRIGGERS)}")
        minute = row.get("from_minute", 0)
        if isinstance(minute, bool) or not isinstance(minute, int) or minute < 0:
            raise CardError(f"settings replacements[{index}]: from_minute {minute!r} must be a whole number >= 0")
        checked.append({"trigger": row["trigger"], "from_minute": minute})
    return tuple(checked)


def _value(piece: Piece) -> int:
    return piece.move + 2 * piece.strength


def _path(parents: Mapping[int, int], start: int, square: int) -> list[int]:
    path = []
    while square != start:
        path.append(square)
        square = parents[square]
    path.reverse()
    return path


class Coach:
    """Decides for one side; ``style`` is "strong" or "simple"."""

    def __init__(
        self,
        style: str = "strong",
        lineup: Mapping[str, tuple[int, int]] | None = None,
        replacements: Sequence[Mapping[str, Any]] = DEFAULT_REPLACEMENTS,
    ) -> None:
        if style not in STYLES:
            raise CardError(f"settings coach: {style!r}; allowed {', '.join(STYLES)}")
        self.style = style
        self.strong = style == "strong"
        self.custom_lineup = dict(lineup or {})
        self.replacements = tuple(replacements)
        self.threshold = SHOT_THRESHOLD[style]
        self._danger_cache: tuple[tuple[tuple[int, int, int, str], ...], list[float]] | None = None

    # ------------------------------------------------------------ set-ups

    def lineup(self, match: Match, side: int) -> tuple[list[Piece], dict[str, tuple[int, int]]]:
        """The starting eight: the sheet's lineup if it has one, else the best piece per formation slot."""
        squad = match.bench[side]
        if self.custom_lineup:
            starters = [p for p in squad if p.id in self.custom_lineup]
            return starters, {p.id: self.custom_lineup[p.id] for p in starters}
        chosen: list[Piece] = []
        for role, _ in F.FORMATION:
            candidates = [p for p in squad if p.role == role and p not in chosen]
            chosen.append(max(candidates, key=lambda p: (_value(p), p.id)))
        return chosen, self.slots(chosen)

    def slots(self, pieces: Sequence[Piece]) -> dict[str, tuple[int, int]]:
        """Formation squares for ``pieces``: a custom square, else its role's slot, else a spare square."""
        taken: set[tuple[int, int]] = set()
        positions: dict[str, tuple[int, int]] = {}
        for piece in pieces:
            if piece.id in self.custom_lineup:
                positions[piece.id] = tuple(self.custom_lineup[piece.id])  # type: ignore[assignment]
                taken.add(positions[piece.id])
        for piece in sorted(pieces, key=lambda p: p.id):
            if piece.id in positions:
                continue
            options = [sq for role, sq in F.FORMATION if role == piece.role] + list(F.SPARE_SQUARES)
            square = next(sq for sq in options if sq not in taken)
            positions[piece.id] = square
            taken.add(square)
        return positions

    def formation(self, match: Match, side: int, kicking: bool) -> dict[str, tuple[int, int]]:
        pieces = match.field[side]
        positions = self.slots(pieces)
        if kicking:
            outfield = [p for p in pieces if not p.keeper]
            outfield.sort(key=lambda p: (-positions[p.id][1], p.role != "A", -p.strength, p.id))
            for piece, square in zip(outfield[:2], F.KICK_OFF_SQUARES, strict=False):
                positions[piece.id] = square
        return positions

    # -------------------------------------------------------------- cards

    def moving_card(self, match: Match, side: int, mode: str, counter_attack: bool) -> str | None:
        hand = match.hands[side]
        if not hand:
            return None
        attacking = match.ball is not None and match.ball.side == side
        if not self.strong:
            for card in hand:
                if C.playable(card, "moving", "mover") and not C.CARDS[card].get("extra_phase"):
                    return card
            return None
        if attacking and counter_attack and C.CONTROPIEDE in hand:
            return C.CONTROPIEDE
        if mode == KICK_OFF:
            return None
        carrier = match.ball
        assert carrier is not None
        _, ball_row = F.to_relative(side, carrier.pos)
        if attacking:
            if ball_row >= 9 and C.RADDOPPIA in hand:
                return C.RADDOPPIA
            if ball_row >= 11:
                for card in (C.SPRINT_3, C.SPRINT_4):
                    if card in hand:
                        return card
            return None
        # Defending: a sprint when nobody can reach the carrier on his own legs.
        gap = min((F.manhattan(p.pos, carrier.pos) - 1 - p.move for p in match.field[side] if not p.keeper), default=9)
        if 0 < gap <= 4:
            for card in (C.SPRINT_4, C.SPRINT_3) if gap > 3 else (C.SPRINT_3, C.SPRINT_4):
                if card in hand:
                    return card
        return None

    def answer_moving_card(self, match: Match, side: int, card: str) -> str | None:
        if self.strong and card in (C.CONTROPIEDE, C.RADDOPPIA) and C.CANCELLA in match.hands[side]:
            return C.CANCELLA
        return None

    def choose_sprinter(self, match: Match, side: int) -> Piece:
        carrier = match.ball
        assert carrier is not None
        outfield = [p for p in match.field[side] if not p.keeper]
        if carrier.side == side:
            return carrier if not carrier.keeper else max(outfield, key=lambda p: (F.to_relative(side, p.pos)[1], p.id))
        return min(outfield, key=lambda p: (F.manhattan(p.pos, carrier.pos) - p.move, p.id))

    def drop_six(self, match: Match, side: int, context: str, dice: tuple[int, int], **facts: Any) -> bool:
        hand = len(match.hands[side])
        other = dice[1] if dice[0] == 6 else dice[0]
        if not self.strong:
            return hand < 3 and context == "moving"
        if context == "moving":
            return (hand < 3 and other >= 3) or (hand < 5 and other >= 5)
        beat = facts.get("beat")
        return beat is not None and dice[0] + dice[1] - 6 > beat and hand < 7

    def action_card(
        self, match: Match, side: int, phase: str, user: str, answering: str | None, first_roll: int | None
    ) -> str | None:
        hand = match.hands[side]
        options = [c for c in hand if C.playable(c, phase, user)]
        if answering is None:
            options = [c for c in options if not C.CARDS[c].get("cancels")]
        if not (answering and C.CARDS[answering].get("hard")):
            options = [c for c in options if not C.CARDS[c].get("sanction")]
        if not options:
            return None
        if not self.strong:
            return sorted(options)[0]
        first, second = self._duellists(match, phase)
        me, them = (
            (first, second) if user in ("defender",) or (phase == "shot" and user == "attacker") else (second, first)
        )
        return self._best_card(match, phase, user, options, me, them, answering, first_roll)

    def _duellists(self, match: Match, phase: str) -> tuple[Piece, Piece]:
        carrier = match.ball
        assert carrier is not None
        if phase == "tackle":
            assert match.pending_tackle is not None
            return match.pending_tackle, carrier
        keeper = match.keeper_of(1 - carrier.side)
        assert keeper is not None
        return carrier, keeper

    def _bases(self, match: Match, phase: str, me: Piece, them: Piece) -> tuple[int, int]:
        """Both bases before cards: in a tackle by the carrier's square; in a shot by the
        shooter's square, the target square and how far it is from the keeper."""
        if phase == "tackle":
            square = match.ball.pos if match.ball is not None else me.pos
            return (
                me.strength if F.AREA[me.side][square] == me.role else 0,
                them.strength if F.AREA[them.side][square] == them.role else 0,
            )
        shooter, keeper = (me, them) if not me.keeper else (them, me)
        target = match.shot_target
        empty = match.board[target] is None
        shooter_base = shooter.strength if empty and F.AREA[shooter.side][match.shot_from] == shooter.role else 0
        keeper_base = keeper.strength if abs(F.col_of(target) - F.col_of(keeper.pos)) <= 1 else 0
        return (shooter_base, keeper_base) if me is shooter else (keeper_base, shooter_base)

    def worth_the_risk(self, match: Match, tackler: Piece, carrier: Piece, edge: int, bonus: int) -> bool:
        """A hard tackle in our own penalty area, the way a person weighs it: it stops the shot that is
        coming in ``after - before`` more of the tackles, and gives a penalty instead when the carrier's side
        holds a sanction card and the tackle looks like winning (they answer only then). Go in hard when
        the first is worth more; with the shot or the penalty about as likely to score, they cancel out."""
        before, after = WIN_ODDS[edge], WIN_ODDS[edge + bonus]
        hand = match.hands[tackler.side]
        unseen = DECK_SIZE - len(hand)
        sanctions = C.RULE_BOOK_COUNTS["sanction"] - sum(1 for c in hand if C.CARDS[c].get("sanction"))
        held = len(match.hands[carrier.side])
        holds_one = 1.0 - comb(unseen - sanctions, held) / comb(unseen, held) if held else 0.0
        return after - before > holds_one * after

    def _best_card(
        self,
        match: Match,
        phase: str,
        user: str,
        options: list[str],
        me: Piece,
        them: Piece,
        answering: str | None,
        first_roll: int | None,
    ) -> str | None:
        carrier = match.ball
        assert carrier is not None
        my_base, their_base = self._bases(match, phase, me, them)
        if first_roll is None:
            # First to roll: the card that adds most to my side of the sum.
            gains = {}
            for card in options:
                spec = C.CARDS[card]
                gain = spec.get("bonus", 0) + (my_base if spec.get("doubles") else 0)
                gain += their_base if spec.get("removes_base") else 0
                hard_in_box = spec.get("hard") and F.PENALTY_AREA[me.side][carrier.pos]
                if hard_in_box and not self.worth_the_risk(match, me, them, my_base - their_base, spec["bonus"]):
                    gain -= 9  # a foul here is a penalty, and the risk is not worth it
                if spec.get("caution_on_sanction") and me.cautions:
                    gain -= 9
                gains[card] = gain
            best = max(sorted(gains), key=lambda c: gains[c])
            return best if gains[best] > 0 else None
        # Second: I have seen the roll; pick the card that most raises my odds.
        score = first_roll + (their_base if not (answering and C.CARDS[answering].get("doubles")) else 2 * their_base)
        score += C.CARDS[answering].get("bonus", 0) if answering else 0
        baseline = _odds_to_beat(score, my_base)
        best_card, best_odds = None, baseline + 0.04
        for card in sorted(options):
            spec = C.CARDS[card]
            if spec.get("sanction"):
                odds = 0.95 if baseline < 0.5 else 0.0
                if spec.get("caution"):
                    odds += 0.02
            else:
                target = score
                if spec.get("cancels") and answering:
                    target = first_roll + their_base
                if spec.get("removes_base"):
                    target -= their_base * (2 if answering and C.CARDS[answering].get("doubles") else 1)
                mine = my_base * (2 if spec.get("doubles") else 1) + spec.get("bonus", 0)
                if spec.get("keeps_base") and my_base == 0 and match.board[match.shot_target] is None:
                    mine = me.strength
                odds = _odds_to_beat(target, mine, twice=bool(spec.get("reroll")))
            if odds > best_odds:
                best_card, best_odds = card, odds
        return best_card

    # ------------------------------------------------------ moving phases

    def play_phase(self, match: Match, side: int) -> None:
        carrier = match.ball
        assert carrier is not None
        if carrier.side == side:
            self.attack(match, side)
        else:
            self.defend(match, side)

    def attack(self, match: Match, side: int) -> None:
        if match.must_pass_first:
            self.first_pass(match, side)
        if self.try_shot(match, side):
            return
        carrier = match.ball
        assert carrier is not None
        if carrier.keeper:
            # A keeper with no pass on: a team-mate runs into a free line first.
            self.open_lane(match, side, carrier)
            self.build_up(match, side)
            self.support(match, side, attacking=True)
            return
        self.build_up(match, side)
        self.support(match, side, attacking=True)

    def first_pass(self, match: Match, side: int) -> None:
        carrier = match.ball
        assert carrier is not None
        targets = match.pass_targets(carrier.pos, side, match.points)
        if not targets:
            return
        danger = self.danger_map(match, side) if self.strong else None
        receiver, _ = max(targets, key=lambda t: (self.ball_value(match, side, t[0].pos, danger), -t[1], t[0].id))
        match.pass_ball(receiver)

    def open_lane(self, match: Match, side: int, carrier: Piece) -> None:
        """Move the team-mate who can get there onto a free square of one of the carrier's lines."""
        best: tuple[float, Piece, list[int]] | None = None
        board = match.board
        places, danger = self.value_table(match, side)
        mates = [p for p in match.field[side] if p is not carrier]
        searches = {p.id: match.reachable(p, match.move_budget(p)) for p in mates}
        for ray in F.RAYS[carrier.pos]:
            for distance, square in enumerate(ray, 1):
                if board[square] is not None:
                    break
                for mate in mates:
                    dist, parents = searches[mate.id]
                    steps = dist.get(square)
                    if steps and steps + distance <= match.points:
                        value = places[square] - DANGER_WEIGHT * danger[square] - 0.05 * (steps + distance)
                        if best is None or value > best[0]:
                            best = (value, mate, _path(parents, mate.pos, square))
        if best is not None:
            match.move(best[1], best[2])

    def shot_odds(self, match: Match, shooter: Piece, square: int, goal: int) -> float:
        keeper = match.keeper_of(1 - shooter.side)
        assert keeper is not None
        empty = match.board[goal] is None or match.board[goal] is shooter
        mine = shooter.strength if empty and F.AREA[shooter.side][square] == shooter.role else 0
        theirs = keeper.strength if abs(F.col_of(goal) - F.col_of(keeper.pos)) <= 1 else 0
        return WIN_ODDS[mine - theirs]

    def try_shot(self, match: Match, side: int) -> bool:
        """Find and take the shot of the phase if its odds clear the coach's threshold.

        The strong coach shoots the way a person does: any shot with even odds or better is good enough, and
        of those it takes the one with the least running and passing (a shot from where the ball is first);
        only when none is that good does it look for the best odds the phase allows. So against a keeper no
        stronger than the shooter it shoots at the squares he covers, and it works the ball round to the
        square he cannot reach only when he is too strong to beat face to face.
        """
        carrier = match.ball
        assert carrier is not None
        points = match.points
        good = GOOD_ENOUGH[self.style]
        best: tuple[tuple[float, int, float], list[tuple[Any, ...]]] = ((-1.0, 0, -1.0), [])
        for goal, _ in match.open_shots(side, carrier.pos, points):
            odds = self.shot_odds(match, carrier, carrier.pos, goal)
            key = (min(odds, good), 0, odds)
            if key > best[0]:
                best = (key, [("shoot", goal)])
        if self.strong and best[0][0] < good:
            budget = match.move_budget(carrier) if not match.must_pass_first else 0
            if budget > 0 and F.to_relative(side, carrier.pos)[1] + budget >= 15:
                dist, parents = match.reachable(carrier, budget)
                for square, steps in dist.items():
                    if steps == 0 or not F.SHOT_LINES[side][square]:
                        continue
                    for goal, _ in match.open_shots(side, square, points - steps):
                        odds = self.shot_odds(match, carrier, square, goal)
                        key = (min(odds, good), -steps, odds)
                        if key > best[0]:
                            best = (key, [("move", carrier, _path(parents, carrier.pos, square)), ("shoot", goal)])
            for mate, distance in match.pass_targets(carrier.pos, side, points):
                for goal, _ in match.open_shots(side, mate.pos, points - distance):
                    odds = self.shot_odds(match, mate, mate.pos, goal)
                    key = (min(odds, good), -distance, odds)
                    if key > best[0]:
                        best = (key, [("pass", mate), ("shoot", goal)])
        if best[0][2] < 0 or best[0][2] < self.threshold:
            return False
        for step in best[1]:
            if step[0] == "move":
                match.move(step[1], step[2])
            elif step[0] == "pass":
                match.pass_ball(step[1])
            else:
                match.shoot(step[1])
        return True

    def danger_map(self, match: Match, side: int) -> list[float]:
        """For every square: the best odds an opponent who can get next to it has of tackling the ball there.

        Kept until an opponent moves, since a side's own moves and passes do not change it.
        """
        key = tuple((p.pos, p.move, p.strength, p.role) for p in match.field[1 - side])
        if self._danger_cache is not None and self._danger_cache[0] == key:
            return self._danger_cache[1]
        danger = [0.0] * F.CELLS
        for opponent in match.field[1 - side]:
            if opponent.keeper:
                continue
            in_role_area = F.IN_AREA[opponent.side][opponent.role]
            in_area, out_area = WIN_ODDS[opponent.strength - 2], WIN_ODDS[-2]
            for square in F.within(opponent.pos, opponent.move + 1):
                odds = in_area if in_role_area[square] else out_area
                if odds > danger[square]:
                    danger[square] = odds
        self._danger_cache = (key, danger)
        return danger

    def ball_value(self, match: Match, side: int, square: int, danger: list[float] | None = None) -> float:
        """How good the ball is on ``square``: progress, a shooting square, and (strong) safety."""
        value = PLACE_VALUE[self.strong][side][square]
        if self.strong:
            if danger is None:
                danger = self.danger_map(match, side)
            value -= DANGER_WEIGHT * danger[square]
        return value

    def value_table(self, match: Match, side: int) -> tuple[Sequence[float], Sequence[float]]:
        """``ball_value`` in two tables for the hot loops: value = place - DANGER_WEIGHT x danger."""
        places = PLACE_VALUE[self.strong][side]
        return places, (self.danger_map(match, side) if self.strong else _NO_DANGER)

    def build_up(self, match: Match, side: int) -> None:
        """Move the ball to where it is worth most: a run, a pass, or (strong) a pass and a run."""
        carrier = match.ball
        assert carrier is not None
        points = match.points
        if points <= 0:
            return
        places, danger = self.value_table(match, side)
        weight = DANGER_WEIGHT
        best_value = places[carrier.pos] - weight * danger[carrier.pos]
        plan: list[tuple[str, Any, Any]] = []
        if not match.must_pass_first:
            budget = match.move_budget(carrier)
            if budget > 0:
                dist, parents = match.reachable(carrier, budget)
                for square, steps in dist.items():
                    value = places[square] - weight * danger[square] - 0.05 * steps
                    if value > best_value and steps:
                        best_value = value
                        plan = [("move", carrier, _path(parents, carrier.pos, square))]
        for mate, distance in match.pass_targets(carrier.pos, side, points):
            if mate.keeper:
                continue
            value = places[mate.pos] - weight * danger[mate.pos] - 0.05 * distance
            if value > best_value:
                best_value = value
                plan = [("pass", mate, None)]
            left = min(points - distance, match.move_budget(mate))
            if self.strong and left > 0:
                dist, parents = match.reachable(mate, left)
                for square, steps in dist.items():
                    value = places[square] - weight * danger[square] - 0.05 * (distance + steps)
                    if value > best_value and steps:
                        best_value = value
                        plan = [("pass", mate, None), ("move", mate, _path(parents, mate.pos, square))]
        for kind, piece, path in plan:
            if kind == "pass":
                match.pass_ball(piece)
            else:
                match.move(piece, path)

    def defend(self, match: Match, side: int) -> None:
        carrier = match.ball
        assert carrier is not None
        tackler = self.send_tackler(match, side, carrier)
        self.support(match, side, attacking=False, staying=tackler)
        if tackler is not None:
            match.tackle(tackler)

    def send_tackler(self, match: Match, side: int, carrier: Piece) -> Piece | None:
        """Move the best piece that can reach the carrier next to him; None when nobody can get there.

        One search runs outward from the free squares next to the carrier, so
        every piece's shortest way there is known at once.
        """
        allowed = ALLOWED[side][False]
        board = match.board
        # Only pieces whose budget covers the distance on an empty board can get there at all.
        budgets = {
            p.id: budget
            for p in match.field[side]
            if not p.keeper and F.manhattan(p.pos, carrier.pos) - 1 <= (budget := match.move_budget(p))
        }
        if not budgets:
            return None
        routes: dict[str, list[int]] = {}
        for piece in match.field[side]:
            if piece.id in budgets and piece.pos in F.NEIGHBOURS[carrier.pos]:
                routes[piece.id] = []
        frontier = [n for n in F.NEIGHBOURS[carrier.pos] if allowed[n] and board[n] is None]
        towards = dict.fromkeys(frontier, -1)  # square -> next square on the way to the carrier
        for _ in range(max(budgets.values())):
            if len(routes) == len(budgets):
                break
            nxt = []
            for square in frontier:
                for n in F.NEIGHBOURS[square]:
                    occupant = board[n]
                    if occupant is None:
                        if n not in towards and allowed[n]:
                            towards[n] = square
                            nxt.append(n)
                    elif occupant.side == side and occupant.id in budgets and occupant.id not in routes:
                        path, step = [], square
                        while step != -1:
                            path.append(step)
                            step = towards[step]
                        routes[occupant.id] = path
            frontier = nxt
        best: tuple[float, int, str] | None = None
        plan: tuple[Piece, list[int]] | None = None
        theirs = carrier.strength if F.AREA[carrier.side][carrier.pos] == carrier.role else 0
        for piece in match.field[side]:
            route = routes.get(piece.id)
            if route is None or len(route) > match.move_budget(piece):
                continue
            odds = 0.0
            if self.strong:
                odds = WIN_ODDS[(piece.strength if F.AREA[side][carrier.pos] == piece.role else 0) - theirs]
            key = (odds, -len(route), piece.id)
            if best is None or key > best:
                best, plan = key, (piece, route)
        if plan is None:
            return None
        piece, path = plan
        if path:
            match.move(piece, path)
        return piece

    # ---------------------------------------------------------- support

    def target_square(self, match: Match, side: int, piece: Piece, attacking: bool) -> int:
        carrier = match.ball
        assert carrier is not None
        ball_col, ball_row = F.REL_COL[side][carrier.pos], F.REL_ROW[side][carrier.pos]
        lane = piece.lane
        role = piece.role
        if piece.keeper:
            col = 7 if ball_col < 8 else 8
            if self.strong and not attacking and ball_row < 10:
                col = self.keeper_column(match, carrier)
            return F.to_absolute(side, col, -1)
        if attacking:
            row = ball_row + ATTACKING_ROWS[role]
            if role == "A" and self.strong:
                lane = 7 if lane <= 7 else 8
                row = min(row, 16)
        else:
            row = ball_row + DEFENDING_ROWS[role]
            if role == "D":
                row = min(row, 6)
            if self.strong and role != "T":
                lane = (lane + ball_col) // 2
        row = max(2 if not attacking else 0, min(18, row))
        col = max(0, min(15, lane))
        return F.to_absolute(side, col, row)

    def keeper_column(self, match: Match, carrier: Piece) -> int:
        """The goal column (own frame) that leaves the fewest goal squares two or more away from the keeper,
        counting the lines from every square the carrier, or (strong) a team-mate he can pass to, can run to."""
        reachable_goals: Counter[int] = Counter()
        lines = F.SHOT_LINES[carrier.side]
        keeper_side = 1 - carrier.side
        runners = [carrier]
        if self.strong:
            runners += [
                p
                for p in match.field[carrier.side]
                if p is not carrier and not p.keeper and F.REL_ROW[keeper_side][p.pos] <= 4 + p.move
            ]
        for runner in runners:
            for square in F.within(runner.pos, runner.move):
                for goal, _ in lines[square]:
                    reachable_goals[F.REL_COL[keeper_side][goal]] += 1
        if not reachable_goals:
            return 7 if F.REL_COL[keeper_side][carrier.pos] < 8 else 8
        return min(
            F.GOAL_COLS,
            key=lambda col: (sum(n for g, n in reachable_goals.items() if abs(g - col) >= 2), abs(col - 7.5), col),
        )

    def support(self, match: Match, side: int, attacking: bool, staying: Piece | None = None) -> None:
        """Spend what is left of the points moving the other pieces toward their targets."""
        if match.points <= 0:
            return
        carrier = match.ball
        movers = [
            p for p in match.field[side] if p is not carrier and p is not staying and match.moved.get(p.id, 0) == 0
        ]
        targets = {p.id: self.target_square(match, side, p, attacking) for p in movers}
        guards: set[str] = set()
        if self.strong and not attacking:
            guards = self.add_guards(match, side, movers, targets)
            self.add_blockers(match, side, [p for p in movers if p.id not in guards], targets)
        # The keeper and the guards first, nearest first; then the furthest from their targets.
        first = {p.id for p in movers if p.keeper} | guards if guards else set()
        movers.sort(
            key=lambda p: (p.id not in first, (1 if p.id in first else -1) * F.manhattan(p.pos, targets[p.id]), p.id)
        )
        for piece in movers:
            if match.points <= 0:
                return
            self.step_toward(match, piece, targets[piece.id])

    def add_guards(self, match: Match, side: int, movers: list[Piece], targets: dict[str, int]) -> set[str]:
        """Cover the goal squares the keeper cannot reach: outfielders onto the squares nearest the goal on
        every line into them, once the ball is near enough to shoot soon (strong coach). Shots then go where
        the keeper's save base counts."""
        carrier = match.ball
        assert carrier is not None
        if F.REL_ROW[side][carrier.pos] > GUARD_FROM_ROW:
            return set()
        keeper = match.keeper_of(side)
        if keeper is None:
            return set()
        keeper_col = F.REL_COL[side][targets.get(keeper.id, keeper.pos)]
        assigned: set[str] = set()
        for square in GUARDS[side][keeper_col]:
            occupant = match.board[square]
            if occupant is not None and occupant.side == side:
                assigned.add(occupant.id)
                continue
            free = [p for p in movers if not p.keeper and p.id not in assigned]
            if not free:
                break
            piece = min(free, key=lambda p: (F.manhattan(p.pos, square), p.id))
            targets[piece.id] = square
            assigned.add(piece.id)
        return assigned

    def add_blockers(self, match: Match, side: int, movers: list[Piece], targets: dict[str, int]) -> None:
        """Stand on the carrier's shooting lines (strong coach, when he is near goal)."""
        carrier = match.ball
        assert carrier is not None
        _, row = F.to_relative(side, carrier.pos)
        if row > 7:
            return
        lines = F.SHOT_LINES[carrier.side][carrier.pos]
        used: set[int] = set()
        for _, path in lines:
            free = [s for s in path if ALLOWED[side][False][s] and match.board[s] is None and s not in used]
            if not free:
                continue
            square = free[-1]
            outfield = [p for p in movers if not p.keeper and targets[p.id] not in used]
            if not outfield:
                return
            piece = min(outfield, key=lambda p: (F.manhattan(p.pos, square), p.id))
            targets[piece.id] = square
            used.add(square)

    def step_toward(self, match: Match, piece: Piece, target: int) -> None:
        budget = match.move_budget(piece)
        if budget <= 0 or piece.pos == target:
            return
        allowed = ALLOWED[piece.side][piece.keeper]
        board = match.board
        manhattan = F.manhattan
        path: list[int] = []
        square = piece.pos
        distance = manhattan(square, target)
        for _ in range(budget):
            # Every orthogonal step changes the distance by one: take the first that closes in.
            for n in F.NEIGHBOURS[square]:
                if allowed[n] and board[n] is None and manhattan(n, target) < distance:
                    break
            else:
                break
            path.append(n)
            square = n
            distance -= 1
        if path:
            match.move(piece, path)

    # ------------------------------------------------ free kicks, penalties

    def relocate(
        self, match: Match, side: int, count: int, ball_square: int, barrier: Sequence[Piece]
    ) -> list[tuple[Piece, int]]:
        """The stopped game. Kicking a free kick: team-mates onto the ball's lines where the wall cannot
        stand (two for the strong coach, one for the simple), so the kick has somewhere to go, then (strong)
        the forwards onto open shooting squares. Defending (strong): pieces onto the kick's lines to goal."""
        if count <= 0:
            return []
        carrier = match.ball
        assert carrier is not None
        chosen: list[tuple[Piece, int]] = []
        used: set[int] = set()
        kicking = carrier.side == side
        if kicking and match.penalty_against < 0:
            outlets = self.outlets(match, side, ball_square)
            movers = sorted(
                (p for p in match.field[side] if not p.keeper and p is not carrier and p.role != "A"),
                key=lambda p: (-p.move, p.id),
            )
            for piece, square in zip(movers, outlets[: min(count, 2 if self.strong else 1)], strict=False):
                chosen.append((piece, square))
                used.add(square)
        if not self.strong:
            return chosen
        if kicking:
            # Put the forwards on open shooting squares.
            spots = [F.to_absolute(side, c, r) for r in (16, 17) for c in (6, 7, 8, 9, 5, 10)]
            movers = [p for p in match.field[side] if p.role in ("A", "C") and p is not carrier]
        else:
            spots = [s for _, path in F.FREE_KICK_LINES[1 - side][ball_square] for s in path[-3:]]
            movers = [p for p in match.field[side] if not p.keeper and p not in barrier]
        placed = {piece.id for piece, _ in chosen}
        for piece in sorted(movers, key=lambda p: (-p.strength, p.id)):
            if len(chosen) >= count:
                break
            if piece.id in placed:
                continue
            for square in spots:
                if square not in used and match.may_stand(piece, square):
                    chosen.append((piece, square))
                    used.add(square)
                    break
        return chosen

    def outlets(self, match: Match, side: int, ball_square: int) -> list[int]:
        """Free squares on the ball's lines that a free kick reaches whatever its dice (four points at least)
        and the wall cannot close (it stands two rows goal-side), best first."""
        wall_row = F.REL_ROW[side][ball_square] + 2
        places, danger = self.value_table(match, side)
        found = []
        for ray in F.RAYS[ball_square]:
            for square in ray[:FREE_KICK_REACH]:
                if match.board[square] is not None or F.GOAL_OF[square] >= 0 or F.REL_ROW[side][square] >= wall_row:
                    break
                if ALLOWED[side][False][square]:
                    found.append((places[square] - DANGER_WEIGHT * danger[square], square))
        return [square for _, square in sorted(found, key=lambda f: (-f[0], f[1]))]

    def free_kick_taker(self, match: Match, side: int, fouled: Piece) -> Piece:
        """Who takes the free kick: where a line runs from the ball to goal, the strong coach gives it to the
        piece whose base counts most on that square (a shot from there adds it), the fouled piece when nobody
        beats him; otherwise, and for the simple coach, the fouled piece."""
        square = fouled.pos
        if not self.strong or not F.FREE_KICK_LINES[side][square]:
            return fouled  # no line to goal from here: the kick is a pass, whoever takes it

        def base(piece: Piece) -> int:
            return piece.strength if F.AREA[side][square] == piece.role else 0

        best = max((p for p in match.field[side] if not p.keeper), key=lambda p: (base(p), p is fouled, p.id))
        return best if base(best) > base(fouled) else fouled

    def choose_free_kick(
        self, match: Match, side: int, targets: Sequence[tuple[str, Piece | int, int]]
    ) -> tuple[str, Piece | int] | None:
        """The kick must move the ball: the best of the targets, a lost ball only when nothing else is on."""
        carrier = match.ball
        assert carrier is not None
        best: tuple[float, tuple[str, Piece | int]] | None = None
        danger = self.danger_map(match, side) if self.strong else None
        for kind, target, _ in targets:
            if kind == "shot":
                assert isinstance(target, int)
                value = 20.0 * self.shot_odds(match, carrier, carrier.pos, target) + 12.0
            elif kind == "pass":
                assert isinstance(target, Piece)
                value = self.ball_value(match, side, target.pos, danger)
            else:  # the ball to an opponent: the one furthest from our goal, if it must be
                assert isinstance(target, Piece)
                value = -100.0 + F.REL_ROW[side][target.pos]
            if best is None or value > best[0]:
                best = (value, (kind, target))
        return None if best is None else best[1]

    def penalty_keeper_square(self, match: Match, side: int, keeper: Piece) -> int:
        for col in (7, 8, 6, 9):
            square = F.to_absolute(side, col, -1)
            if match.board[square] is None or match.board[square] is keeper:
                return square
        return keeper.pos

    def penalty_target(self, match: Match, side: int, keeper: Piece) -> int:
        goals = [F.to_absolute(1 - side, c, -1) for c in F.GOAL_COLS]
        return max(goals, key=lambda g: (abs(F.col_of(g) - F.col_of(keeper.pos)), g))

    # ----------------------------------------------------- replacements

    def substitutions(self, match: Match, side: int, left: int) -> list[tuple[Piece, Piece]]:
        swaps: list[tuple[Piece, Piece]] = []
        bench = list(match.bench[side])
        on_field = [p for p in match.field[side]]
        behind = match.score[side] < match.score[1 - side]
        for row in self.replacements:
            if len(swaps) >= left or not bench:
                break
            if match.minute < row["from_minute"]:
                continue
            trigger = row["trigger"]
            swap: tuple[Piece, Piece] | None = None
            if trigger == "cautioned":
                for out in sorted(on_field, key=lambda p: p.id):
                    same = [p for p in bench if p.role == out.role]
                    if out.cautions and same:
                        swap = (out, max(same, key=lambda p: (_value(p), p.id)))
                        break
            elif trigger == "chasing" and behind:
                defenders = [p for p in on_field if p.role == "D"]
                forwards = [p for p in bench if p.role in ("A", "C")]
                if defenders and forwards:
                    swap = (
                        min(defenders, key=lambda p: (_value(p), p.id)),
                        max(forwards, key=lambda p: (_value(p), p.id)),
                    )
            elif trigger == "upgrade":
                for out in sorted(on_field, key=lambda p: (_value(p), p.id)):
                    better = [p for p in bench if p.role == out.role and _value(p) > _value(out)]
                    if better:
                        swap = (out, max(better, key=lambda p: (_value(p), p.id)))
                        break
            if swap is not None:
                swaps.append(swap)
                on_field.remove(swap[0])
                bench.remove(swap[1])
        return swaps
