"""The position and the complete move generator of "11".

A turn is a sequence of actions bought with the points of one d6 throw:

* ``RUN``: one piece runs straight along one line, a point a space. Each piece
  runs at most once a turn (otherwise "may not change direction" would mean
  nothing: two runs make a bend). A run that enters the space of the free ball
  takes it for the step alone and may carry it on. A run whose last step enters
  an opponent's space is an attack: +1 point to push him to a free space next
  to it (the attacker chooses), +1 point more to take the ball if he had it.
* ``PASS``: the ball holder shoots the ball one or two spaces (two may curve)
  to a teammate or a vacant space, never over or onto an opponent. Passes to
  teammates may follow one another (a series); any run closes the series and
  no second series may start. A teammate is also the own goalie in his goal
  space (the book lets a goalie "get the ball from a friendly football
  player"); an empty goal space takes no pass.
* ``SHOT``: the holder on one of the three shooting spaces shoots into the
  opponents' goal; the turn ends there (the match resolves the parry).
* ``END``: the remaining points are discarded.

Goalies inside their own penalty area (or goal) cannot be attacked, may attack
but not once the turn's shot is used, and may hold the ball only while a shot
is still open to them: they must pass it on before the turn ends (and while a
series rests in their hands no teammate may run, since that would close it).

Pieces are numbered 0-10 for home (0 the goalie) and 11-21 for away (11 the
goalie); ``side`` 0 is home, 1 away.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engines.eleven.board import (
    CENTRAL_AREA,
    FIELD_SPACES,
    GOALS,
    HALF_OF_GOAL,
    NEIGHBOURS,
    NORTH_GOAL,
    PENALTY_AREA,
    RAYS,
    SHOOTING_SPACES,
    SOUTH_GOAL,
    SPACE_COUNT,
    TWO_HOPS,
)

PIECES_PER_SIDE = 11
PIECE_COUNT = 2 * PIECES_PER_SIDE
GOALIES = (0, PIECES_PER_SIDE)
OFF = -1

RUN, PASS, SHOT, END = 0, 1, 2, 3

#: (kind, piece, direction, steps, push_to): a run (an attack when push_to >= 0),
#: (PASS, target, 0, 0, -1), (SHOT, goal, 0, 0, -1) or (END, 0, 0, 0, -1).
Action = tuple[int, int, int, int, int]
END_ACTION: Action = (END, 0, 0, 0, -1)


def side_of(piece: int) -> int:
    return 0 if piece < PIECES_PER_SIDE else 1


def goalie_of(side: int) -> int:
    return GOALIES[side]


def side_pieces(side: int) -> range:
    start = side * PIECES_PER_SIDE
    return range(start, start + PIECES_PER_SIDE)


@dataclass
class Position:
    """Where the pieces and the ball are, and which goal each side defends.

    ``occupant[space]`` is the piece on a space or OFF; ``ball`` is the space of
    the ball (its holder is whoever stands there). ``defends[side]`` is the
    goal that side keeps (south or north), which swaps at half time.
    """

    places: list[int] = field(default_factory=lambda: [OFF] * PIECE_COUNT)
    occupant: list[int] = field(default_factory=lambda: [OFF] * SPACE_COUNT)
    ball: int = OFF
    defends: tuple[int, int] = (SOUTH_GOAL, NORTH_GOAL)
    masks: list[int] = field(default_factory=lambda: [0, 0])  # each side's spaces as bits

    def copy(self) -> Position:
        return Position(self.places[:], self.occupant[:], self.ball, self.defends, self.masks[:])

    def put(self, piece: int, space: int) -> None:
        side = 0 if piece < PIECES_PER_SIDE else 1
        old = self.places[piece]
        if old != OFF:
            self.occupant[old] = OFF
            self.masks[side] &= ~(1 << old)
        self.places[piece] = space
        if space != OFF:
            self.occupant[space] = piece
            self.masks[side] |= 1 << space

    def holder(self) -> int:
        return OFF if self.ball == OFF else self.occupant[self.ball]

    def attacks(self, side: int) -> int:
        """The goal ``side`` shoots at."""
        return self.defends[1 - side]

    def goalie_protected(self, piece: int) -> bool:
        """A goalie in his own penalty area or goal: no one may attack him."""
        if piece not in GOALIES:
            return False
        own_goal = self.defends[side_of(piece)]
        space = self.places[piece]
        return space == own_goal or space in PENALTY_AREA[own_goal]

    def in_attack_half(self, piece: int) -> bool:
        """On the opponents' half or in the central area (taken off after a goal)."""
        space = self.places[piece]
        return space in CENTRAL_AREA or space in HALF_OF_GOAL[self.attacks(side_of(piece))]


@dataclass
class Turn:
    """The bookkeeping of one turn: points left, who has run, the shot series."""

    side: int
    points: int
    roll: int = 0
    ran: int = 0  # bit mask of pieces that have run
    shot_used: bool = False
    series_open: bool = False  # the ball just landed on a teammate by a pass

    def copy(self) -> Turn:
        return Turn(self.side, self.points, self.roll, self.ran, self.shot_used, self.series_open)

    def can_pass(self) -> bool:
        return not self.shot_used or self.series_open


def push_spaces(position: Position, victim_space: int) -> list[int]:
    """Free spaces a pushed piece may be moved to (no piece, no ball, no goal)."""
    occupant = position.occupant
    ball = position.ball
    return [s for s in NEIGHBOURS[victim_space] if occupant[s] == OFF and s != ball and s not in GOALS]


def run_actions(position: Position, turn: Turn, piece: int, ends: int = -1, victims: int = -1) -> list[Action]:
    """Every run (and attack) ``piece`` can make with the points left.

    ``ends`` and ``victims`` (bit masks of spaces) leave out the runs that end
    elsewhere and the attacks on pieces elsewhere (a coach's filter; all by default).
    """
    if turn.ran >> piece & 1:
        return []
    places = position.places
    start = places[piece]
    if start == OFF:
        return []
    side = side_of(piece)
    occupant = position.occupant
    points = turn.points
    is_goalie = piece in GOALIES
    if turn.series_open and not is_goalie and holds_in_area(position, goalie_of(side)):
        return []  # a run would close the series with the ball stuck in the goalie's hands
    own_goal = position.defends[side]
    protected_start = is_goalie and position.goalie_protected(piece)
    may_attack = not (protected_start and turn.shot_used)
    own_area = PENALTY_AREA[own_goal]
    ball = position.ball
    carrying_from_start = ball == start
    limit_goalie_ball = is_goalie and turn.shot_used
    actions: list[Action] = []
    for direction, ray in enumerate(RAYS[start]):
        carrying = carrying_from_start
        steps = 0
        for space in ray:
            steps += 1
            if steps > points:
                break
            if space >= FIELD_SPACES and not (is_goalie and space == own_goal):
                break
            other = occupant[space]
            if other == OFF:
                if space == ball:
                    carrying = True
                if carrying and limit_goalie_ball and (space == own_goal or space in own_area):
                    # A goalie may not hold the ball in his area once the shot is used.
                    continue
                if ends >> space & 1:
                    actions.append((RUN, piece, direction, steps, OFF))
                continue
            if (
                (other < PIECES_PER_SIDE) == (side == 0)
                or carrying
                or not may_attack
                or (other in GOALIES and position.goalie_protected(other))
            ):
                break
            victim_has_ball = ball == space
            if steps + 1 + victim_has_ball > points or not victims >> space & 1:
                break
            if victim_has_ball and limit_goalie_ball and space in own_area:
                break
            # The attacker's own space is vacated by the run, so pushes may go there.
            occupant[start] = OFF
            targets = push_spaces(position, space)
            occupant[start] = piece
            actions.extend((RUN, piece, direction, steps, target) for target in targets)
            break
    return actions


def pass_targets(position: Position, holder: int) -> list[int]:
    """Spaces the holder can shoot the ball to: one or two spaces, no opponent in the way."""
    return pass_targets_from(position, position.places[holder], side_of(holder))


def pass_targets_from(position: Position, start: int, side: int) -> list[int]:
    """Spaces a ball on ``start`` can be shot to by ``side``."""
    occupant = position.occupant
    targets = []
    for space in NEIGHBOURS[start]:
        other = occupant[space]
        if other == OFF:
            if space not in GOALS:
                targets.append(space)
        elif side_of(other) == side:  # a teammate, or the own goalie in his goal
            targets.append(space)
    for space in TWO_HOPS[start]:
        if pass_open(position, start, space, side):
            targets.append(space)
    return targets


def pass_open(position: Position, start: int, target: int, side: int) -> bool:
    """Whether ``side`` may shoot from ``start`` to ``target`` (one or two spaces away)."""
    occupant = position.occupant
    other = occupant[target]
    if other == OFF:
        if target in GOALS:  # an empty goal space: only the shot at goal enters it
            return False
    elif side_of(other) != side:
        return False
    if target in NEIGHBOURS[start]:
        return True
    for middle in TWO_HOPS[start].get(target, ()):
        over = occupant[middle]
        if over == OFF or side_of(over) == side:
            return True
    return False


def holds_in_area(position: Position, goalie: int) -> bool:
    """The goalie has the ball inside his own penalty area (or goal)."""
    return position.holder() == goalie and position.goalie_protected(goalie)


def can_shoot_at_goal(position: Position, holder: int) -> bool:
    return position.places[holder] in SHOOTING_SPACES[position.attacks(side_of(holder))]


def legal_actions(position: Position, turn: Turn) -> list[Action]:
    """The complete list of actions open to the side on turn, END included when allowed."""
    side = turn.side
    actions: list[Action] = []
    for piece in side_pieces(side):
        actions.extend(run_actions(position, turn, piece))
    holder = position.holder()
    passes_open = holder != OFF and side_of(holder) == side and turn.can_pass()
    if passes_open:
        actions.extend((PASS, target, 0, 0, OFF) for target in pass_targets(position, holder))
        if can_shoot_at_goal(position, holder):
            actions.append((SHOT, position.attacks(side), 0, 0, OFF))
    if not must_pass(position, turn, actions):
        actions.append(END_ACTION)
    return actions


def must_pass(position: Position, turn: Turn, actions: list[Action] | None = None) -> bool:
    """True when the side's goalie holds the ball in his area and can still pass it on.

    When no pass is possible (every line out blocked by opponents) the goalie
    keeps the ball: the rule book does not say what happens then, and a turn
    must be able to end.
    """
    goalie = goalie_of(turn.side)
    if not holds_in_area(position, goalie) or not turn.can_pass():
        return False
    if actions is None:
        return bool(pass_targets(position, goalie)) or can_shoot_at_goal(position, goalie)
    return any(action[0] in (PASS, SHOT) for action in actions)


def apply_action(position: Position, turn: Turn, action: Action) -> None:
    """Play one action on the position and the turn in place (SHOT only spends the turn)."""
    kind = action[0]
    if kind == RUN:
        record = make_run(position, action)
        turn.points -= record[5]
        turn.ran |= 1 << action[1]
        turn.series_open = False
    elif kind == PASS:
        position.ball = action[1]
        receiver = position.occupant[action[1]]
        turn.shot_used = True
        turn.series_open = receiver != OFF
    elif kind == SHOT:
        turn.shot_used = True
        turn.series_open = False
        turn.points = 0
    else:
        turn.points = 0


#: What ``make_run`` changed: (piece, start, target, victim, ball before, points spent).
RunRecord = tuple[int, int, int, int, int, int]


def make_run(position: Position, action: Action) -> RunRecord:
    """Move the runner (and push his victim); ``undo_run`` takes it back."""
    _, piece, direction, steps, push_to = action
    places, occupant, masks = position.places, position.occupant, position.masks
    start = places[piece]
    ray = RAYS[start][direction]
    target = ray[steps - 1]
    ball = position.ball
    cost = steps
    carrying = ball == start or ball in ray[: steps - (push_to != OFF)]
    victim = OFF
    side = 0 if piece < PIECES_PER_SIDE else 1
    occupant[start] = OFF
    if push_to != OFF:
        victim = occupant[target]
        places[victim] = push_to
        occupant[push_to] = victim
        masks[1 - side] ^= (1 << target) | (1 << push_to)
        cost += 1 + (ball == target)
    places[piece] = target
    occupant[target] = piece
    masks[side] ^= (1 << start) | (1 << target)
    if carrying:
        position.ball = target
    return piece, start, target, victim, ball, cost


def undo_run(position: Position, record: RunRecord) -> None:
    piece, start, target, victim, ball, _ = record
    places, occupant, masks = position.places, position.occupant, position.masks
    side = 0 if piece < PIECES_PER_SIDE else 1
    if victim != OFF:
        push_to = places[victim]
        occupant[push_to] = OFF
        places[victim] = target
        occupant[target] = victim
        masks[1 - side] ^= (1 << target) | (1 << push_to)
    else:
        occupant[target] = OFF
    places[piece] = start
    occupant[start] = piece
    masks[side] ^= (1 << start) | (1 << target)
    position.ball = ball


def position_problems(position: Position) -> list[str]:
    """What is wrong with a position between turns (empty when it is legal)."""
    problems = []
    for piece, space in enumerate(position.places):
        if space == OFF:
            problems.append(f"piece {piece} is off the board")
            continue
        if position.occupant[space] != piece:
            problems.append(f"piece {piece} on space {space} but the space holds {position.occupant[space]}")
        if space in GOALS and not (piece in GOALIES and space == position.defends[side_of(piece)]):
            problems.append(f"piece {piece} stands in goal space {space}")
    if sum(1 for p in position.occupant if p != OFF) != PIECE_COUNT:
        problems.append("occupied spaces do not match the pieces")
    for side in (0, 1):
        expected = sum(1 << position.places[p] for p in side_pieces(side) if position.places[p] != OFF)
        if position.masks[side] != expected:
            problems.append(f"the space mask of side {side} is out of date")
    if position.ball == OFF or position.ball in GOALS and position.holder() not in GOALIES:
        problems.append(f"ball on space {position.ball}")
    return problems
