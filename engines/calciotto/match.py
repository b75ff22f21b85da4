"""The rules of Calciotto: one match on the square field, driven by dice and coaches.

The engine owns the board and checks every action a coach asks for (a move, a
pass, a shot, a tackle), so a coach can be as clever or as careless as it likes
and the position stays legal. ``play(home, away, dice, options)`` is the entry
point tests use with ``ScriptedDice``.

The clock: every moving phase is one minute. Tackles, shots, free kicks and
penalties happen inside the minute of the phase that caused them.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engines.calciotto import cards as C
from engines.calciotto import field as F
from engines.calciotto.events import LAYOUTS
from engines.core import AWAY, HOME, CardError, Dice, EventLog, MatchOptions, MatchResult, Side, blank_stats

SIDES: tuple[Side, Side] = (HOME, AWAY)
#: The game's own counters in player_stats, next to STANDARD_STATS.
OWN_STATS = ("passes", "squares_moved", "tackles", "fouls_suffered", "free_kicks", "penalties_taken")
HAND_SIZE = 5
SUBSTITUTIONS = 3
#: The book: "45 minutes; 60 minutes:" (it announces three options and prints two); 90, the
#: length of a real match, stays as a league's choice for the missing third.
MATCH_MINUTES = (45, 60, 90)
#: The longer of the two lengths the book prints.
DEFAULT_MINUTES = 60
GOAL_TARGETS = (4, 6, 8, 10)
#: A goal-target match that is still going after this many minutes ends there,
#: so a match always finishes (it never comes close in practice).
GOAL_TARGET_MINUTE_CAP = 600
#: Penalties each side takes before sudden death (``settings["shootout_kicks"]``).
SHOOTOUT_KICKS = 5
SHOOTOUT_KICKS_RANGE = range(1, 12)

NORMAL, KICK_OFF, THROW = "normal", "kick_off", "throw"
#: At a penalty the taker stands on the row behind the spot (the defending side's frame) and every
#: other piece but the goalkeeper stands on that row or further from the goal.
PENALTY_LINE = F.PENALTY_SPOT[1] + 1


class IllegalAction(AssertionError):
    """A coach asked for something the rules forbid: a bug in the coach, never in a match."""


class Piece:
    """One miniature on the field or the bench."""

    __slots__ = ("id", "name", "side", "role", "move", "strength", "pos", "cautions", "lane", "entered")

    def __init__(self, card: Mapping[str, Any], side: int) -> None:
        self.id: str = card["id"]
        self.name: str = str(card.get("name") or card["id"])
        self.side = side
        self.role: str = card["role"]
        self.move: int = card["move"]
        self.strength: int = card["strength"]
        self.pos = -1
        self.cautions = 0
        #: The column (own frame) of the formation slot the piece last set up on;
        #: coaches keep their shape by it.
        self.lane = 7
        self.entered = 0

    @property
    def keeper(self) -> bool:
        return self.role == "P"

    def __repr__(self) -> str:
        return f"<{self.role}{self.move}/{self.strength} {self.id} @{_at(self.side, self.pos)}>"


def _allowed(side: int, keeper: bool) -> tuple[bool, ...]:
    if keeper:
        return tuple(F.GOAL_OF[i] == side for i in range(F.CELLS))
    return tuple(F.EXISTS[i] and F.GOAL_OF[i] < 0 and not F.SMALL_AREA[side][i] for i in range(F.CELLS))


#: ALLOWED[side][keeper][i]: may a piece of ``side`` stand on square i? Outfield
#: pieces keep out of the goal areas and out of their own small area; the
#: goalkeeper never leaves his four squares.
ALLOWED = tuple((_allowed(side, False), _allowed(side, True)) for side in (F.HOME, F.AWAY))


def _two_dice_odds() -> dict[int, float]:
    """P(2d6 + a beats 2d6 + b, ties rolled again) by a - b."""
    totals = [a + b for a in range(1, 7) for b in range(1, 7)]
    gaps = Counter(x - y for x in totals for y in totals)  # how often the first leads by k
    odds = {}
    for diff in range(-30, 31):
        win = sum(n for gap, n in gaps.items() if gap + diff > 0)
        tie = gaps.get(-diff, 0)
        odds[diff] = win / (1296 - tie)
    return odds


WIN_ODDS = _two_dice_odds()


class Match:
    """The state of one match and the rules that change it."""

    def __init__(
        self,
        sheets: Sequence[Mapping[str, Any]],
        dice: Dice,
        options: MatchOptions,
        coaches: Sequence[Any],
    ) -> None:
        self.dice = dice
        self.options = options
        settings = options.settings or {}
        self.coaches = list(coaches)
        self.board: list[Piece | None] = [None] * F.CELLS
        self.field: list[list[Piece]] = [[], []]
        self.bench: list[list[Piece]] = [[], []]
        self.sent_off: list[list[Piece]] = [[], []]
        self.hands: list[list[str]] = [[], []]
        self.deck: deque[str] = deque(C.build_deck())
        self.score = [0, 0]
        self.subs_used = [0, 0]
        self.minute = 0
        self.events = EventLog()
        self.stats: dict[str, dict[str, int]] = {}
        self.ball: Piece | None = None
        self.winner_side = -1
        self.goals_target, self.goals_mode, self.minutes = _match_length(settings)
        self.shootout_kicks = _shootout_kicks(settings)
        # per-phase bookkeeping
        self.points = 0
        self.moved: dict[str, int] = {}
        self.sprinter: Piece | None = None
        self.sprint_reach = 0
        self.must_pass_first = False
        self.phase_side = 0
        self.pending_tackle: Piece | None = None
        self.shot_target = self.shot_from = -1
        self.phase_over = False
        self.goal_scored = False
        self.next_side = 0
        self.next_mode = NORMAL
        self.won_ball = [False, False]
        #: The side a penalty is given against while its stopped game is on, else -1.
        self.penalty_against = -1
        for side, sheet in enumerate(sheets):
            pieces = [Piece(card, side) for card in sheet["players"]]
            for piece in pieces:
                self.stats[piece.id] = {**blank_stats(), **dict.fromkeys(OWN_STATS, 0)}
            self.bench[side] = pieces

    # ----------------------------------------------------------------- events

    def log(self, kind: str, side: int | None, piece: Piece | None = None, **detail: Any) -> None:
        self.events.add(
            (
                self.minute,
                LAYOUTS[kind],
                None if side is None else SIDES[side],
                None if piece is None else piece.id,
                detail,
            )
        )

    def stat(self, piece: Piece, key: str, amount: int = 1) -> None:
        self.stats[piece.id][key] += amount

    # ------------------------------------------------------------ dice, cards

    def roll_two(self) -> tuple[int, int]:
        return self.dice.d6(), self.dice.d6()

    def throw(self, side: int, context: str, **facts: Any) -> tuple[tuple[int, int], int, bool]:
        """Two dice for ``side``; a 6 may be dropped to draw a card (the coach decides).

        Returns the dice, the score that counts and whether a six was dropped.
        """
        dice = self.roll_two()
        total = dice[0] + dice[1]
        if 6 in dice and self.deck and self.coaches[side].drop_six(self, side, context, dice, **facts):
            self.draw_card(side)
            return dice, total - 6, True
        return dice, total, False

    def draw_card(self, side: int) -> None:
        self.hands[side].append(self.deck.popleft())

    def play_card(self, side: int, name: str, phase: str, piece: Piece | None = None) -> None:
        hand = self.hands[side]
        if name not in hand:
            raise IllegalAction(f"{SIDES[side]} has no {name} card in hand {hand}")
        hand.remove(name)
        self.deck.append(name)  # used cards go under the pack
        self.log("card_played", side, piece, card=name, phase=phase)

    def deal(self, dealer: int) -> None:
        """The side without the ball shuffles and deals five cards to each side, one at a time."""
        deck = list(self.deck)
        self.dice.shuffle(deck)
        self.deck = deque(deck)
        for _ in range(HAND_SIZE):
            for side in (1 - dealer, dealer):
                self.draw_card(side)

    # ------------------------------------------------------------- the board

    def place(self, piece: Piece, index: int) -> None:
        if not ALLOWED[piece.side][piece.keeper][index]:
            raise IllegalAction(f"{piece} may not stand on {_at(piece.side, index)}")
        if self.board[index] is not None and self.board[index] is not piece:
            raise IllegalAction(f"{piece}: square {_at(piece.side, index)} is taken")
        if piece.pos >= 0 and self.board[piece.pos] is piece:
            self.board[piece.pos] = None
        piece.pos = index
        self.board[index] = piece

    def lift(self, piece: Piece) -> None:
        if piece.pos >= 0 and self.board[piece.pos] is piece:
            self.board[piece.pos] = None
        piece.pos = -1

    def keeper_of(self, side: int) -> Piece | None:
        for piece in self.field[side]:
            if piece.keeper:
                return piece
        return None

    def move_budget(self, piece: Piece) -> int:
        """Squares ``piece`` may still move in this phase."""
        reach = piece.move + (self.sprint_reach if piece is self.sprinter else 0)
        return min(reach - self.moved.get(piece.id, 0), self.points)

    def reachable(self, piece: Piece, limit: int) -> tuple[dict[int, int], dict[int, int]]:
        """Squares ``piece`` can reach in ``limit`` orthogonal steps over free squares: distances and parents."""
        allowed = ALLOWED[piece.side][piece.keeper]
        board = self.board
        dist = {piece.pos: 0}
        parents: dict[int, int] = {}
        frontier = [piece.pos]
        for step in range(1, limit + 1):
            nxt = []
            for square in frontier:
                for n in F.NEIGHBOURS[square]:
                    if n not in dist and allowed[n] and board[n] is None:
                        dist[n] = step
                        parents[n] = square
                        nxt.append(n)
            if not nxt:
                break
            frontier = nxt
        return dist, parents

    def pass_targets(self, start: int, side: int, limit: int) -> list[tuple[Piece, int]]:
        """Teammates a ball from ``start`` can reach in a straight line within ``limit`` squares."""
        board = self.board
        targets = []
        for ray in F.RAYS[start]:
            for distance, square in enumerate(ray[:limit], 1):
                other = board[square]
                if other is not None:
                    if other.side == side:
                        targets.append((other, distance))
                    break
        return targets

    def open_shots(self, side: int, start: int, limit: int) -> list[tuple[int, int]]:
        """(goal square, cost) of every legal shot from ``start`` within ``limit`` points."""
        board = self.board
        shots = []
        for goal, path in F.SHOT_LINES[side][start]:
            cost = len(path) + 1
            if cost <= limit and all(board[s] is None for s in path):
                shots.append((goal, cost))
        return shots

    # ------------------------------------------------------ moving-phase acts

    def move(self, piece: Piece, path: Sequence[int]) -> None:
        """Move ``piece`` along ``path`` (the squares stepped on, in order)."""
        if piece.side != self.phase_side or piece not in self.field[piece.side]:
            raise IllegalAction(f"{piece} is not the mover's piece on the field")
        if self.phase_over:
            raise IllegalAction("the phase ended with a shot")
        if self.must_pass_first:
            raise IllegalAction("the kick-off and the goalkeeper's throw start with a pass")
        steps = len(path)
        if steps == 0 or steps > self.move_budget(piece):
            raise IllegalAction(f"{piece} cannot move {steps} squares now")
        allowed = ALLOWED[piece.side][piece.keeper]
        square = piece.pos
        for nxt in path:
            if nxt not in F.NEIGHBOURS[square] or not allowed[nxt] or self.board[nxt] is not None:
                raise IllegalAction(f"{piece}: illegal step to {_at(piece.side, nxt)}")
            square = nxt
        start = piece.pos
        self.place(piece, square)
        self.points -= steps
        self.moved[piece.id] = self.moved.get(piece.id, 0) + steps
        self.stat(piece, "squares_moved", steps)
        self.log(
            "move",
            piece.side,
            piece,
            frm=_at(piece.side, start),
            to=_at(piece.side, square),
            squares=steps,
            ball=piece is self.ball,
        )

    def pass_ball(self, receiver: Piece) -> None:
        carrier = self.ball
        if carrier is None or carrier.side != self.phase_side or self.phase_over:
            raise IllegalAction("the mover does not have the ball")
        distance = next((d for t, d in self.pass_targets(carrier.pos, carrier.side, self.points) if t is receiver), 0)
        if not distance:
            raise IllegalAction(f"no straight free line from {carrier} to {receiver} within {self.points}")
        self.points -= distance
        self.must_pass_first = False
        self.ball = receiver
        self.stat(carrier, "passes")
        self.log(
            "pass",
            carrier.side,
            carrier,
            to=receiver.id,
            squares=distance,
            frm=_at(carrier.side, carrier.pos),
            at=_at(carrier.side, receiver.pos),
        )

    def shoot(self, goal: int) -> None:
        """Shoot from the carrier's square into goal square ``goal``: the shot action follows."""
        shooter = self.ball
        if shooter is None or shooter.side != self.phase_side or self.must_pass_first or self.phase_over:
            raise IllegalAction("no shot allowed now")
        cost = next((c for square, c in self.open_shots(shooter.side, shooter.pos, self.points) if square == goal), 0)
        if not cost:
            raise IllegalAction(f"{shooter} has no open shot at {_at(shooter.side, goal)} within {self.points}")
        self.points -= cost
        self.phase_over = True
        self.shot_action(shooter, goal, shooter.pos, kind="shot")

    def tackle(self, tackler: Piece) -> None:
        """Ask for the tackle that ends the phase (it is resolved once all moving is done)."""
        if self.ball is None or self.ball.side == tackler.side or tackler.side != self.phase_side:
            raise IllegalAction("only the side without the ball tackles, in its own phase")
        self.check_tackler(tackler)
        self.pending_tackle = tackler

    def check_tackler(self, tackler: Piece) -> None:
        """A tackle comes from a field player on a square beside the ball, not diagonal (the book)."""
        if self.ball is None or tackler.keeper or self.ball.pos not in F.NEIGHBOURS[tackler.pos]:
            raise IllegalAction(f"{tackler} is not next to the ball (or is the goalkeeper)")

    # --------------------------------------------------------------- phases

    def open_phase(self, side: int, points: int) -> None:
        """Clear the bookkeeping of the last phase: nobody has moved, no sprint, no tackle asked for."""
        self.phase_side = side
        self.points = points
        self.moved = {}
        self.sprinter = None
        self.sprint_reach = 0
        self.must_pass_first = False
        self.pending_tackle = None
        self.phase_over = False

    def moving_phase(self, side: int, mode: str) -> int:
        """One moving phase of ``side``; returns the side whose phase comes next."""
        self.open_phase(side, 0)
        self.goal_scored = False
        self.next_mode = NORMAL
        coach = self.coaches[side]
        counter_attack = self.won_ball[side]
        self.won_ball = [False, False]
        card = coach.moving_card(self, side, mode, counter_attack)
        spec: Mapping[str, Any] = {}
        if card is not None:
            if not C.playable(card, "moving", "mover") or (C.CARDS[card].get("extra_phase") and not counter_attack):
                raise IllegalAction(f"{card} cannot be played in this moving phase")
            self.play_card(side, card, "moving")
            spec = C.CARDS[card]
            answer = self.coaches[1 - side].answer_moving_card(self, 1 - side, card)
            if answer is not None:
                if answer != C.CANCELLA:
                    raise IllegalAction("only CANCELLA answers a moving card")
                self.play_card(1 - side, answer, "moving")
                spec = {}
        dice, points, dropped = self.throw(side, "moving", mode=mode)
        if mode == THROW:
            points *= 2
        points += spec.get("points", 0)
        if spec.get("doubles"):
            points *= 2
        self.points = points
        self.log("turn", side, None, dice=list(dice), dropped_six=dropped, points=points, mode=mode, card=card)
        # The first move must be a pass; when no pass is possible at all the side moves instead.
        carrier = self.ball
        self.must_pass_first = (
            mode in (KICK_OFF, THROW)
            and carrier is not None
            and bool(self.pass_targets(carrier.pos, carrier.side, self.points))
        )
        if spec.get("reach"):
            self.sprinter = coach.choose_sprinter(self, side)
            self.sprint_reach = spec["reach"]
        coach.play_phase(self, side)
        self.phase_over = True
        if self.pending_tackle is not None:
            return self.tackle_action(self.pending_tackle)
        if self.goal_scored or self.next_mode != NORMAL:
            return self.next_side
        if spec.get("extra_phase"):
            return side
        return 1 - side

    def duel(
        self,
        first: Piece,
        second: Piece,
        phase: str,
        users: tuple[str, str],
        bases: Callable[[str | None, str | None], tuple[int, int]],
    ) -> dict[str, Any]:
        """An action: 2d6 + base each, ties thrown again, cards played before each roll.

        The first (tackler or shooter) plays a card and rolls; the second sees
        that roll, plays a card and rolls. ``bases(card_first, card_second)``
        gives both bases once the cards are known. A sanction card from the
        second ends the duel as a foul.
        """
        coach_a, coach_b = self.coaches[first.side], self.coaches[second.side]
        card_a = coach_a.action_card(self, first.side, phase, users[0], None, None)
        self.check_action_card(first, card_a, phase, users[0], None)
        dice_a, roll_a, drop_a = self.throw(first.side, phase, first=True, beat=None)
        card_b = coach_b.action_card(self, second.side, phase, users[1], card_a, roll_a)
        self.check_action_card(second, card_b, phase, users[1], card_a)
        outcome: dict[str, Any] = {"cards": [card_a, card_b]}
        if card_b is not None and C.CARDS[card_b].get("sanction"):
            outcome["foul"] = True
            return outcome
        if card_b == C.CANCELLA:
            card_a = None
        base_a, base_b = bases(card_a, card_b)
        keeper_dives_twice = card_b is not None and C.CARDS[card_b].get("reroll", False)
        rounds = []
        while True:
            score_a = roll_a + base_a
            dice_b, roll_b, drop_b = self.throw(second.side, phase, first=False, beat=score_a - base_b)
            record: dict[str, Any] = {"first": list(dice_a), "second": list(dice_b)}
            if keeper_dives_twice:
                again = self.roll_two()
                roll_b = max(roll_b, again[0] + again[1])
                record["second_again"] = list(again)
            if drop_a or drop_b:
                record["dropped_six"] = [drop_a, drop_b]
            score_b = roll_b + base_b
            record["scores"] = [score_a, score_b]
            rounds.append(record)
            if score_a != score_b:
                break
            dice_a, roll_a, drop_a = self.throw(first.side, phase, first=True, beat=None)
        outcome.update(first_wins=score_a > score_b, rolls=rounds, bases=[base_a, base_b])
        return outcome

    def check_action_card(self, piece: Piece, card: str | None, phase: str, user: str, answered: str | None) -> None:
        if card is None:
            return
        if not C.playable(card, phase, user):
            raise IllegalAction(f"{card} is not playable by the {user} in a {phase}")
        if C.CARDS[card].get("sanction") and not (answered and C.CARDS[answered].get("hard")):
            raise IllegalAction("a sanction card answers only a hard tackle")
        if C.CARDS[card].get("cancels") and answered is None:
            raise IllegalAction("CANCELLA needs an opponent's card to cancel")
        self.play_card(piece.side, card, phase, piece)

    def base(self, piece: Piece, area_square: int, own: str | None, other: str | None) -> int:
        """A piece's base in an action: its strength in its competence area, changed by cards."""
        if other is not None and C.CARDS[other].get("removes_base"):
            value = 0
        else:
            value = piece.strength if F.AREA[piece.side][area_square] == piece.role else 0
        if own is not None and C.CARDS[own].get("doubles"):
            value *= 2
        return value + (C.CARDS[own].get("bonus", 0) if own else 0)

    def tackle_action(self, tackler: Piece) -> int:
        """The tackle: the winner keeps or takes the ball and plays the next phase."""
        # Checked again once all the moving is done: the tackler may have stepped away since asking.
        self.check_tackler(tackler)
        carrier = self.ball
        assert carrier is not None
        square = carrier.pos
        self.stat(tackler, "tackles")
        outcome = self.duel(
            tackler,
            carrier,
            "tackle",
            ("defender", "attacker"),
            lambda mine, theirs: (self.base(tackler, square, mine, theirs), self.base(carrier, square, theirs, mine)),
        )
        where = _at(tackler.side, square)
        if outcome.get("foul"):
            card_t, card_c = outcome["cards"]
            self.log(
                "tackle", tackler.side, tackler, against=carrier.id, foul=True, cards=outcome["cards"], square=where
            )
            if C.CARDS[card_c].get("caution") or C.CARDS[card_t].get("caution_on_sanction"):
                self.caution(tackler)
            self.stat(carrier, "fouls_suffered")
            return self.free_kick(carrier.side, square)
        won = outcome["first_wins"]
        self.log("tackle", tackler.side, tackler, against=carrier.id, won=won, square=where, **_duel_detail(outcome))
        if won:
            self.ball = tackler
            self.stat(tackler, "steals")
            self.won_ball[tackler.side] = True
            return tackler.side
        return carrier.side

    def shot_action(self, shooter: Piece, goal: int, from_square: int, kind: str) -> None:
        """The shot at goal: shooter's 2d6 (+ base) against the goalkeeper's 2d6 (+ save base).

        The shooter's base counts only into an empty goal square; the keeper's
        only when the shot comes at him or beside him (SICUREZZA keeps it anyway).
        """
        side = shooter.side
        self.stat(shooter, "shots")
        keeper = self.keeper_of(1 - side)
        if keeper is None:  # goalkeepers never tackle, so they are never sent off
            raise IllegalAction("a side without a goalkeeper")
        empty = self.board[goal] is None
        offset = abs(F.col_of(goal) - F.col_of(keeper.pos))
        self.shot_target, self.shot_from = goal, from_square

        def bases(card_s: str | None, card_k: str | None) -> tuple[int, int]:
            shooter_base = self.base(shooter, from_square, card_s, card_k) if empty else 0
            keeps = offset <= 1 or (card_k is not None and C.CARDS[card_k].get("keeps_base", False))
            keeper_base = self.base(keeper, keeper.pos, card_k, card_s) if keeps else 0
            return shooter_base, keeper_base

        outcome = self.duel(shooter, keeper, "shot", ("attacker", "keeper"), bases)
        scored = outcome["first_wins"]
        self.log(
            kind,
            side,
            shooter,
            target=_at(side, goal),
            keeper_offset=offset,
            scored=scored,
            **_duel_detail(outcome),
        )
        if scored:
            self.goal(shooter)
        else:
            self.stat(keeper, "saves")
            self.log("save", 1 - side, keeper, shooter=shooter.id)
            self.ball = keeper
            self.won_ball[1 - side] = True
            self.replacement_window(1 - side)
            self.next_side, self.next_mode = 1 - side, THROW

    def goal(self, scorer: Piece) -> None:
        side = scorer.side
        self.score[side] += 1
        self.stat(scorer, "goals")
        self.log("goal", side, scorer, score=list(self.score))
        self.goal_scored = True
        if self.match_over():
            self.next_side, self.next_mode = 1 - side, KICK_OFF
            return
        self.replacement_window(1 - side)
        self.kick_off(1 - side)

    def caution(self, piece: Piece) -> None:
        piece.cautions += 1
        self.stat(piece, "yellow_cards")
        self.log("caution", piece.side, piece, cautions=piece.cautions)
        if piece.cautions >= 2:
            self.stat(piece, "red_cards")
            self.log("expulsion", piece.side, piece)
            self.leave_field(piece)
            self.sent_off[piece.side].append(piece)

    def leave_field(self, piece: Piece) -> None:
        self.stats[piece.id]["minutes"] += self.minute - piece.entered
        self.lift(piece)
        self.field[piece.side].remove(piece)

    # --------------------------------------------------- free kick, penalty

    def free_kick(self, side: int, square: int) -> int:
        """The fouled ``side`` kicks from ``square`` (a penalty inside the penalty area)."""
        if F.PENALTY_AREA[1 - side][square]:
            return self.penalty(side)
        self.replacement_window(side)
        fouled = self.ball
        assert fouled is not None and fouled.pos == square
        kicker = self.free_kick_taker(side, fouled)
        self.relocate(side, 4, square, ())
        barrier = self.place_barrier(1 - side, square)
        self.relocate(1 - side, 4 - len(barrier), square, barrier)
        dice = self.roll_two()
        high = self.dice.roll(2) == 2
        points = (dice[0] + dice[1]) * 2
        targets = self.free_kick_targets(kicker, points, high, barrier)
        choice = self.coaches[side].choose_free_kick(self, side, targets)
        self.stat(kicker, "free_kicks")
        detail: dict[str, Any] = {"dice": list(dice), "high": high, "points": points, "fouled": fouled.id}
        detail["barrier"] = [p.id for p in barrier]
        if choice is None:
            if targets:
                raise IllegalAction(
                    "a free kick must move the ball: the book's score 'must be used ... displacing the ball'"
                )
            # No line from the ball meets a piece or the goal within the points: the ball stays.
            self.log("free_kick", side, kicker, outcome="short", **detail)
            return side
        kind, target = choice
        if not any(kind == k and target == t for k, t, _ in targets):
            raise IllegalAction(
                f"the free kick cannot reach {target!r} with {points} points ({'high' if high else 'low'})"
            )
        if kind == "shot":
            assert isinstance(target, int)
            self.log("free_kick", side, kicker, outcome="shot", target=_at(side, target), **detail)
            self.goal_scored = False
            self.next_mode = NORMAL
            self.shot_action(kicker, target, square, kind="shot")
            return self.next_side if (self.goal_scored or self.next_mode != NORMAL) else 1 - side
        assert isinstance(target, Piece)
        self.log("free_kick", side, kicker, outcome=kind, to=target.id, **detail)
        self.ball = target
        if kind == "pass":
            self.stat(kicker, "passes")
            return side
        return 1 - side  # the first piece on the line is an opponent: he has the ball

    def free_kick_taker(self, side: int, fouled: Piece) -> Piece:
        """The book: the kick is taken "from the point where the football player with the ball is, but it can
        be made by any other football player too". Another taker swaps squares with the fouled piece."""
        taker: Piece = self.coaches[side].free_kick_taker(self, side, fouled)
        if taker is fouled:
            return fouled
        if taker.side != side or taker not in self.field[side] or taker.keeper:
            raise IllegalAction(f"{taker} cannot take {SIDES[side]}'s free kick")
        square, other = fouled.pos, taker.pos
        self.lift(fouled)
        self.place(taker, square)
        self.place(fouled, other)
        self.ball = taker
        self.log("move", side, taker, frm=_at(side, other), to=_at(side, square), free_kick=True)
        self.log("move", side, fouled, frm=_at(side, square), to=_at(side, other), free_kick=True)
        return taker

    def may_stand(self, piece: Piece, square: int) -> bool:
        """May ``piece`` be put on ``square`` in a stopped game? A free legal square, and at a penalty
        behind (or level with) the line of the taker."""
        return (
            ALLOWED[piece.side][piece.keeper][square]
            and self.board[square] is None
            and (self.penalty_against < 0 or F.REL_ROW[self.penalty_against][square] >= PENALTY_LINE)
        )

    def relocate(self, side: int, count: int, ball_square: int, barrier: Sequence[Piece]) -> None:
        """The stopped game: ``side`` puts up to ``count`` pieces on any legal free squares."""
        chosen = self.coaches[side].relocate(self, side, count, ball_square, barrier)
        if len(chosen) > count:
            raise IllegalAction(f"{SIDES[side]} may move {count} pieces at a free kick")
        for piece, square in chosen:
            if piece is self.ball or piece in barrier or piece.side != side or piece not in self.field[side]:
                raise IllegalAction(f"{piece} may not be moved at this free kick")
            if piece.keeper or not self.may_stand(piece, square):
                raise IllegalAction(f"{piece} may not be put on {_at(side, square)} at this free kick")
            start = piece.pos
            self.place(piece, square)
            self.log("move", side, piece, frm=_at(side, start), to=_at(side, square), free_kick=True)

    def place_barrier(self, side: int, ball_square: int) -> list[Piece]:
        """Two pieces of ``side`` "as barrier at 2 squares of distance from the player with the ball and
        parallel to his own goal": on the row two squares goal-side of the ball, the ball's column and the
        next toward the centre first, then the squares beside them that are still two squares away. Where that
        row is off the field or taken, the nearest squares two squares from the ball, goal-side first."""
        col, row = F.to_relative(side, ball_square)
        aim = col + (0.4 if col < 8 else -0.4)
        squares = sorted(
            (s for s in F.within(ball_square, 4) if F.chebyshev(s, ball_square) == 2 and ALLOWED[side][False][s]),
            key=lambda s: (F.REL_ROW[side][s] != row - 2, F.REL_ROW[side][s], abs(F.REL_COL[side][s] - aim), s),
        )
        placed: list[Piece] = []
        candidates = [p for p in self.field[side] if not p.keeper]
        for square in squares:
            if len(placed) == 2:
                break
            occupant = self.board[square]
            if occupant is not None:
                if occupant.side == side and not occupant.keeper and occupant not in placed:
                    placed.append(occupant)
                continue
            free = [p for p in candidates if p not in placed]
            if not free:
                break
            nearest = min(free, key=lambda p: (F.manhattan(p.pos, square), p.id))
            self.place(nearest, square)
            placed.append(nearest)
        return placed

    def free_kick_targets(
        self, kicker: Piece, points: int, high: bool, barrier: Sequence[Piece]
    ) -> list[tuple[str, Piece | int, int]]:
        """Where a free kick can go: the first piece on a line (a team-mate's pass, or an opponent who takes
        the ball) or a goal square (a shot); a high ball flies over the barrier."""
        board = self.board
        options: list[tuple[str, Piece | int, int]] = []
        for ray in F.RAYS[kicker.pos]:
            for distance, square in enumerate(ray[:points], 1):
                other = board[square]
                goal_side = F.GOAL_OF[square]
                if goal_side >= 0:
                    if goal_side != kicker.side:
                        options.append(("shot", square, distance))
                    break
                if other is None or (high and other in barrier):
                    continue
                options.append(("pass" if other.side == kicker.side else "intercepted", other, distance))
                break
        return options

    def penalty(self, side: int) -> int:
        """The book: the ball on the spot, a centre forward "on one of the two central squares adjacent back
        of the ball" shoots, "all the other players must be behind or on the same line"; a stopped game
        (four pieces each, replacements) before it."""
        self.replacement_window(side)
        kicker = self.penalty_taker(side)
        spot = F.to_absolute(1 - side, *F.PENALTY_SPOT)
        keeper = self.keeper_of(1 - side)
        assert keeper is not None
        self.penalty_against = 1 - side
        try:
            self.clear_for_penalty(side, kicker)
            self.ball = kicker
            self.relocate(side, 4, spot, ())
            self.relocate(1 - side, 4, spot, ())
        finally:
            self.penalty_against = -1
        self.set_penalty_keeper(1 - side, keeper)
        goal = self.coaches[side].penalty_target(self, side, keeper)
        self.stat(kicker, "penalties_taken")
        self.log("penalty_kick", side, kicker, target=_at(side, goal))
        self.goal_scored = False
        self.next_mode = NORMAL
        self.shot_action(kicker, goal, spot, kind="shot")
        return self.next_side

    def clear_for_penalty(self, side: int, kicker: Piece) -> None:
        """The taker behind the spot, every other piece but the keeper behind or level with him."""
        defending = 1 - side
        squares = [F.to_absolute(defending, col, PENALTY_LINE) for col in F.PENALTY_TAKER_COLS]
        if kicker.pos not in squares:
            home = next((s for s in squares if self.board[s] is None), squares[0])
            occupant = self.board[home]
            if occupant is not None:
                self.step_back(occupant, defending, avoid=home)
            self.penalty_move(kicker, home)
        for each in (side, defending):
            for piece in sorted(self.field[each], key=lambda p: p.id):
                if not piece.keeper and F.REL_ROW[defending][piece.pos] < PENALTY_LINE:
                    self.step_back(piece, defending)

    def step_back(self, piece: Piece, defending: int, avoid: int = -1) -> None:
        """Put ``piece`` on the nearest free square behind the penalty taker's line."""
        allowed = ALLOWED[piece.side][False]
        square = min(
            (
                s
                for s in range(F.CELLS)
                if allowed[s] and self.board[s] is None and s != avoid and F.REL_ROW[defending][s] >= PENALTY_LINE
            ),
            key=lambda s: (F.manhattan(s, piece.pos), s),
        )
        self.penalty_move(piece, square)

    def penalty_move(self, piece: Piece, square: int) -> None:
        start = piece.pos
        self.place(piece, square)
        self.log("move", piece.side, piece, frm=_at(piece.side, start), to=_at(piece.side, square), penalty=True)

    def set_penalty_keeper(self, side: int, keeper: Piece) -> None:
        square = self.coaches[side].penalty_keeper_square(self, side, keeper)
        if square != keeper.pos:
            self.place(keeper, square)

    def penalty_taker(self, side: int) -> Piece:
        """The centre forward takes it: the strongest A on the field, else the strongest outfielder."""
        outfield = [p for p in self.field[side] if not p.keeper]
        forwards = [p for p in outfield if p.role == "A"] or outfield
        return max(forwards, key=lambda p: (p.strength, p.id))

    # ------------------------------------------------------- setups, subs

    def replacement_window(self, first: int) -> None:
        for side in (first, 1 - first):
            for out, incoming in self.coaches[side].substitutions(self, side, SUBSTITUTIONS - self.subs_used[side]):
                self.substitute(out, incoming)

    def substitute(self, out: Piece, incoming: Piece) -> None:
        side = out.side
        if self.subs_used[side] >= SUBSTITUTIONS:
            raise IllegalAction("three replacements already made")
        if out not in self.field[side] or incoming not in self.bench[side]:
            raise IllegalAction(f"cannot replace {out} by {incoming}")
        if out.keeper != incoming.keeper:
            raise IllegalAction("a goalkeeper is replaced only by a goalkeeper")
        square = out.pos
        had_ball = self.ball is out
        self.leave_field(out)
        self.bench[side].remove(incoming)
        incoming.entered = self.minute
        incoming.lane = out.lane
        self.field[side].append(incoming)
        self.place(incoming, square)
        if had_ball:
            self.ball = incoming
        self.subs_used[side] += 1
        self.log("substitution", side, incoming, out=out.id, replacements=self.subs_used[side])

    def line_up(self, side: int) -> None:
        """Choose the starting eight and put them on their formation squares."""
        starters, positions = self.coaches[side].lineup(self, side)
        for piece in starters:
            self.bench[side].remove(piece)
            self.field[side].append(piece)
        self.set_formation(side, positions)

    def set_formation(self, side: int, positions: Mapping[str, tuple[int, int]]) -> None:
        for piece in self.field[side]:
            self.lift(piece)
        for piece in self.field[side]:
            col, row = positions[piece.id]
            square = F.to_absolute(side, col, row)
            if not F.OWN_HALF[side][square] or (F.CENTRE_CIRCLE[side][square] and (col, row) not in F.KICK_OFF_SQUARES):
                raise IllegalAction(f"{piece} must set up in its own half outside the centre circle")
            self.place(piece, square)
            piece.lane = col

    def kick_off(self, side: int) -> None:
        """Both sides set up again; ``side`` puts two pieces on the centre squares and passes first."""
        for each in (side, 1 - side):
            for piece in self.field[each]:
                self.lift(piece)
        for each in (side, 1 - side):
            self.set_formation(each, self.coaches[each].formation(self, each, kicking=each == side))
        takers = [self.board[F.to_absolute(side, *square)] for square in F.KICK_OFF_SQUARES]
        if any(p is None or p.side != side for p in takers):
            raise IllegalAction("the kick-off side must fill both centre squares")
        self.ball = takers[0]
        self.won_ball = [False, False]
        self.log("kick_off", side, self.ball, score=list(self.score))
        self.next_side, self.next_mode = side, KICK_OFF

    # ----------------------------------------------------------- the match

    def match_over(self) -> bool:
        if self.goals_target:
            if self.goals_mode == "first_to":
                return max(self.score) >= self.goals_target
            return sum(self.score) >= self.goals_target
        return False

    def run(self) -> None:
        for side in (HOME_INDEX, AWAY_INDEX):
            self.line_up(side)
        first = self.possession_roll()
        self.deal(dealer=1 - first)
        self.kick_off(first)
        side, mode = self.next_side, self.next_mode
        half = self.minutes // 2 if not self.goals_target else 0
        limit = self.minutes if not self.goals_target else GOAL_TARGET_MINUTE_CAP
        while self.minute < limit:
            self.minute += 1
            self.next_mode = NORMAL
            self.next_side = -1
            following = self.moving_phase(side, mode)
            if self.goal_scored or self.next_mode != NORMAL:
                side, mode = self.next_side, self.next_mode
            else:
                side, mode = following, NORMAL
            if self.match_over():
                break
            if half and self.minute == half:
                self.log("half_time", None, None, score=list(self.score))
                self.kick_off(1 - first)
                side, mode = self.next_side, self.next_mode
        self.log("full_time", None, None, score=list(self.score))
        for each in (HOME_INDEX, AWAY_INDEX):
            for piece in list(self.field[each]):
                self.stats[piece.id]["minutes"] += self.minute - piece.entered

    def possession_roll(self) -> int:
        """Both sides roll two dice, the higher takes the ball (ties roll again)."""
        while True:
            home, away = self.roll_two(), self.roll_two()
            if sum(home) != sum(away):
                first = HOME_INDEX if sum(home) > sum(away) else AWAY_INDEX
                self.log("possession", first, None, home=list(home), away=list(away))
                return first

    def shootout(self) -> tuple[int, int]:
        """Five penalties each, home first, then sudden death in pairs; no cards, no dropped sixes."""
        goals = [0, 0]
        takers = [self.shootout_order(side) for side in (HOME_INDEX, AWAY_INDEX)]
        kick = 0
        while True:
            for side in (HOME_INDEX, AWAY_INDEX):
                kicker = takers[side][kick % len(takers[side])]
                keeper = self.keeper_of(1 - side)
                assert keeper is not None
                self.set_penalty_keeper(1 - side, keeper)
                goal = self.coaches[side].penalty_target(self, side, keeper)
                spot = F.to_absolute(1 - side, *F.PENALTY_SPOT)
                kicker_base = kicker.strength if F.AREA[side][spot] == kicker.role else 0
                keeper_base = keeper.strength if abs(F.col_of(goal) - F.col_of(keeper.pos)) <= 1 else 0
                rounds = []
                while True:
                    a, b = self.roll_two(), self.roll_two()
                    rounds.append({"first": list(a), "second": list(b)})
                    if sum(a) + kicker_base != sum(b) + keeper_base:
                        break
                scored = sum(a) + kicker_base > sum(b) + keeper_base
                goals[side] += scored
                self.log(
                    "penalty_kick",
                    side,
                    kicker,
                    shootout=True,
                    kick=kick + 1,
                    target=_at(side, goal),
                    bases=[kicker_base, keeper_base],
                    rolls=rounds,
                    scored=scored,
                    shootout_score=list(goals),
                )
                if kick < self.shootout_kicks and _shootout_settled(goals, kick, side, self.shootout_kicks):
                    return goals[0], goals[1]
            kick += 1
            if kick >= self.shootout_kicks and goals[0] != goals[1]:
                return goals[0], goals[1]

    def shootout_order(self, side: int) -> list[Piece]:
        """Forwards first (they keep their base on the spot), then by strength."""
        outfield = [p for p in self.field[side] if not p.keeper]
        return sorted(outfield, key=lambda p: (p.role != "A", -p.strength, p.id))


HOME_INDEX, AWAY_INDEX = F.HOME, F.AWAY


def _at(side: int, index: int) -> list[int]:
    """A square as absolute [col, row] (home defends row -1), for event details and messages."""
    return [F.col_of(index), F.row_of(index)] if index >= 0 else [-1, -1]


def _duel_detail(outcome: Mapping[str, Any]) -> dict[str, Any]:
    return {"cards": outcome["cards"], "bases": outcome["bases"], "rolls": outcome["rolls"]}


def _shootout_settled(goals: list[int], kick: int, side: int, kicks: int) -> bool:
    """Within the regular kicks: can the side behind no longer catch up?"""
    home_left = kicks - (kick + 1)
    away_left = kicks - (kick + 1 if side == AWAY_INDEX else kick)
    return goals[0] + home_left < goals[1] or goals[1] + away_left < goals[0]


def _shootout_kicks(settings: Mapping[str, Any]) -> int:
    kicks = settings.get("shootout_kicks", SHOOTOUT_KICKS)
    if isinstance(kicks, bool) or not isinstance(kicks, int) or kicks not in SHOOTOUT_KICKS_RANGE:
        raise CardError(f"settings shootout_kicks: {kicks!r}; allowed 1-{SHOOTOUT_KICKS_RANGE.stop - 1}")
    return kicks


def _match_length(settings: Mapping[str, Any]) -> tuple[int, str, int]:
    """(goal target or 0, goal mode, minutes) from the league settings."""
    mode = settings.get("goals_mode", "total")
    if mode not in ("total", "first_to"):
        raise CardError(f"settings goals_mode: {mode!r}; allowed 'total' or 'first_to'")
    goals = settings.get("goals")
    if goals is not None:
        return _choice(goals, GOAL_TARGETS, "goals"), mode, 0
    return 0, mode, _choice(settings.get("minutes", DEFAULT_MINUTES), MATCH_MINUTES, "minutes")


def _choice(value: Any, allowed: tuple[int, ...], key: str) -> int:
    """One of ``allowed``, given as a number or its digits ("60"); a fraction or a flag is refused."""
    number = int(value) if isinstance(value, str) and value.strip().isdigit() else value
    if isinstance(number, bool) or number not in allowed:
        raise CardError(f"settings {key}: {value!r}; allowed {', '.join(map(str, allowed))}")
    return int(number)


def play(
    home: Mapping[str, Any],
    away: Mapping[str, Any],
    dice: Dice,
    options: MatchOptions,
    coach_factory: Callable[[int, MatchOptions], Any],
) -> Match:
    """Play a whole match from validated sheets; the returned Match holds the log."""
    match = Match((home, away), dice, options, [coach_factory(side, options) for side in (0, 1)])
    match.run()
    return match


def to_result(match: Match, key: str, version: str, seed: int) -> MatchResult:
    result = MatchResult(
        engine=key,
        version=version,
        seed=seed,
        home_goals=match.score[0],
        away_goals=match.score[1],
        events=match.events,
        player_stats=match.stats,
    )
    return result
