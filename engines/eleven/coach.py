"""The computer coach: how a side places its pieces and spends its points.

Every turn of "11" is a decision, so each side is played by a coach:

* ``novice`` makes the single best step of its turn (of those after which the
  turn may end) and stops: a weak coach, the yardstick that a better coach
  wins more often.
* ``greedy`` (the default) picks one step at a time (a run, an attack, or a
  whole pass series ending on any teammate the ball can reach, a shot at goal
  included), always the step that most improves its judgement of the
  position, and stops when no step improves it.
* ``planner`` looks further: it keeps the best few partial turns at each step
  (a beam) instead of one, and weighs "run onto a shooting space, then the
  series and the shot" as one step, so a run that only pays with the shot
  after it is found. It takes about half as long again as ``greedy`` and wins
  measurably more often (104-77 with 119 draws over 300 seeded matches), and
  weighs the opponent's reply to a shove onto his shooting spaces.

Both judge a position by ``evaluate``: possession and how far up the board the
ball is, the chance the opponent can attack the holder next turn (a d6 must
cover the run, the push and the ball), the chance a side gets a shot next turn
(a chain of passes to a teammate who is on, or a few points from, a free
shooting space), goalies at home, defenders on their own shooting spaces and
field players close to the ball. The weights are data (``STYLES``); a style
tilts them towards attack or defence.

A search weighs thousands of runs, so a run is judged on the sides' spaces
without being played, and first held against its ``Ceiling`` (an upper bound
worked out from the one piece it moves): a run that could not beat the steps
already kept is not judged at all. The choices are those of the full search.

The goalie's call at a goal shot and the shooter's hidden number are not the
coach's: both play the game's equilibrium, a uniform choice (any other mix
could be exploited, and against a uniform shooter every call saves one shot in
three), thrown with the match dice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from heapq import heappush, heapreplace
from itertools import combinations
from typing import Any

from engines.eleven.board import (
    COLUMNS,
    FIELD_SPACES,
    GOALS,
    HALF_OF_GOAL,
    NEIGHBOURS,
    NORTH_GOAL,
    PENALTY_AREA,
    RAYS,
    SHOOTING_SPACES,
    SPACE_BY_LABEL,
    SPACE_COUNT,
    TWO_HOPS,
    coordinates,
    distance_rows_to,
    half_turn,
)
from engines.eleven.rules import (
    END_ACTION,
    GOALIES,
    OFF,
    PASS,
    PIECES_PER_SIDE,
    RUN,
    SHOT,
    Action,
    Position,
    Turn,
    apply_action,
    can_shoot_at_goal,
    goalie_of,
    make_run,
    must_pass,
    pass_open,
    pass_targets,
    run_actions,
    side_pieces,
    undo_run,
)

GOAL_VALUE = 200.0
#: Chance a d6 throw is at least n points (n <= 1 is certain, beyond 6 impossible).
AT_LEAST = tuple(1.0 if n <= 1 else max(0.0, (7 - n) / 6) for n in range(0, 40))
UNREACHABLE = 39
#: Entries a cache holds before it is emptied. Small on purpose: a turn's search judges a
#: few hundred positions and hardly any come back in a later turn, and a small table stays
#: in the processor's caches (200,000 entries took 8-12% more CPU time for the same
#: instructions in the bench).
CACHE_LIMIT = 1_000


def _king_distance(a: int, b: int) -> int:
    (ac, ar), (bc, br) = coordinates(a), coordinates(b)
    return max(abs(ac - bc), abs(ar - br))


#: KING[a][b]: steps between two spaces along the lines (bends allowed).
KING = tuple(tuple(_king_distance(a, b) for b in range(SPACE_COUNT)) for a in range(SPACE_COUNT))
#: PROGRESS[goal][space]: rows the space is up the board towards ``goal`` (0-10).
PROGRESS = {goal: tuple(10 - distance_rows_to(goal, s) for s in range(SPACE_COUNT)) for goal in GOALS}


@dataclass(frozen=True)
class Weights:
    """How a coach values a position; see the README for where each number came from."""

    possession: float = 12.0  # holding the ball, before anything else
    progress: float = 1.5  # per row the ball is up the board
    reach: float = 1.0  # per row up the board the ball's series could reach
    advance: float = 0.5  # with the ball: per row each field player stands in the opponents' half
    shot_chance: float = 0.2  # share of a goal's value for a likely shot next turn
    risk: float = 0.9  # share of the ball's value lost to a likely attack on the holder
    press: float = 0.3  # share of the opponent's ball value won back by a likely attack
    keeper_home: float = 8.0  # goalie standing in goal
    blocker: float = 3.0  # each own shooting space held by a teammate
    support: float = 0.4  # per field player close to the ball (within 2 spaces)
    #: Belief that the opponent takes back a shooting space of his that a piece of the side
    #: stands on (the planner's 1.0; 0 ignores his reply): see ``shove_replies``.
    reply: float = 0.0


#: The coach styles a league or a team sheet may choose.
STYLES: dict[str, Weights] = {
    "balanced": Weights(),
    "attacking": Weights(progress=2.2, advance=0.8, shot_chance=0.25, blocker=1.5, support=0.7),
    "defensive": Weights(progress=1.0, advance=0.3, shot_chance=0.15, risk=1.1, blocker=5.0, keeper_home=12.0),
}

#: Where a style places its field players at a kick-off, best first, written for
#: the side defending the south goal (the north side uses the half turn). The
#: first entries guard the shooting spaces, the rest spread over the half.
FORMATIONS: dict[str, tuple[str, ...]] = {
    "balanced": ("d1", "c2", "e2", "d3", "b4", "f4", "c5", "e5", "d4", "a5", "g5", "b2", "f2"),
    "attacking": ("d1", "c5", "e5", "d5", "b5", "f5", "a5", "g5", "c3", "e3", "d4", "b4", "f4"),
    "defensive": ("c1", "d1", "e1", "c2", "e2", "d3", "b3", "f3", "c4", "e4", "d5", "b5", "f5"),
}

STRENGTHS = ("novice", "greedy", "planner")
DEFAULT_STRENGTH = "greedy"
DEFAULT_STYLE = "balanced"
BEAM_WIDTH = 2
#: Steps a plan may hold; no sensible turn needs more (a d6 pays for six runs at most).
MAX_STEPS = 8


def _attack_cost(target: int, attackers: int, others: int) -> int:
    """Cheapest points for the pieces on ``attackers`` to attack the piece on ``target`` (run, push, ball).

    Only attacks a d6 can pay are looked for: a run of at most four spaces.
    On each line to the target that holds an attacker, the nearest piece is
    read from a table (``LANE_LINES``); an attack starts there if he is an
    attacker. (A goalie at home cannot be attacked at all: the caller knows.)
    """
    if not attackers & LANES[target]:
        return UNREACHABLE
    occupied = attackers | others
    best = UNREACHABLE
    for line, nearest in LANE_LINES[target]:
        if attackers & line:
            bit, cost = nearest[occupied & line]
            if attackers & bit and cost < best:
                best = cost
    return best


def _reach_cost(target: int, runners: int, occupied: int) -> int:
    """Cheapest run for the pieces on ``runners`` onto the free ball's space."""
    best = UNREACHABLE
    for ray in RAY_BITS[target]:
        for steps, bit in enumerate(ray, 1):
            if steps >= best:
                break
            if occupied & bit:
                if runners & bit and not GOAL_MASK & bit:
                    best = steps
                break
    return best


def _bits(mask: int) -> list[int]:
    spaces = []
    while mask:
        low = mask & -mask
        spaces.append(low.bit_length() - 1)
        mask ^= low
    return spaces


def _mask(spaces: Any) -> int:
    result = 0
    for space in spaces:
        result |= 1 << space
    return result


GOAL_MASK = _mask(GOALS)
OTHER_GOAL = {GOALS[0]: GOALS[1], GOALS[1]: GOALS[0]}
#: PASS_REACH[space]: spaces a shot of one or two spaces can reach (goals excluded).
PASS_REACH = tuple(_mask((set(NEIGHBOURS[s]) | set(TWO_HOPS[s])) - set(GOALS) - {s}) for s in range(SPACE_COUNT))
SHOOTING_MASK = {goal: _mask(SHOOTING_SPACES[goal]) for goal in GOALS}
#: NEAR[space]: spaces within two steps, where a field player supports or presses the ball.
NEAR = tuple(_mask(t for t in range(SPACE_COUNT) if KING[s][t] <= 2) for s in range(SPACE_COUNT))
#: LANES[space]: spaces up to four steps along the lines from ``space`` (where attacks on it start).
LANES = tuple(_mask(t for ray in RAYS[s] for t in ray[:4]) for s in range(SPACE_COUNT))
#: BOX[goal]: the goal space and its penalty area, where defenders block shots.
BOX = {goal: _mask((goal, *PENALTY_AREA[goal])) for goal in GOALS}
#: RAY_BITS[space]: for each line, the bits of its spaces.
RAY_BITS = tuple(tuple(tuple(1 << t for t in ray) for ray in RAYS[s]) for s in range(SPACE_COUNT))
#: PATHS[space][d][n]: the first n spaces of the line from ``space`` in direction d.
PATHS = tuple(tuple(tuple(_mask(ray[:n]) for n in range(len(ray) + 1)) for ray in RAYS[s]) for s in range(SPACE_COUNT))


def _lane_line(ray: tuple[int, ...]) -> tuple[int, dict[int, tuple[int, int]]]:
    """The first four spaces of a line as bits, and for each set of them that holds pieces the
    nearest piece's bit with the cost of an attack from there (its steps, the push, the ball)."""
    spaces = ray[:4]
    nearest = {}
    for pattern in range(1, 1 << len(spaces)):
        steps = (pattern & -pattern).bit_length()
        nearest[_mask(s for i, s in enumerate(spaces) if pattern >> i & 1)] = (1 << spaces[steps - 1], steps + 2)
    return _mask(spaces), nearest


#: LANE_LINES[space]: for each line, ``_lane_line``: where attacks on a piece there start.
LANE_LINES = tuple(tuple(_lane_line(ray) for ray in RAYS[s] if ray) for s in range(SPACE_COUNT))
#: REACH[space][n]: spaces a run of at most n steps could end on, ignoring other pieces.
REACH = tuple(tuple(_mask(t for ray in RAYS[s] for t in ray[:n]) for n in range(7)) for s in range(SPACE_COUNT))
#: APPROACH[goal]: the spaces up to two steps from that goal's shooting spaces.
APPROACH = {
    goal: _mask(t for t in range(SPACE_COUNT) if min(KING[t][s] for s in SHOOTING_SPACES[goal]) <= 2) for goal in GOALS
}
#: AHEAD[goal][n]: the spaces more than n rows up the board towards ``goal``.
AHEAD = {
    goal: tuple(_mask(s for s in range(SPACE_COUNT) if PROGRESS[goal][s] > n) for n in range(11)) for goal in GOALS
}


def _near_within(open_mask: int) -> tuple[int, ...]:
    """Masks of the spaces at most 0, 1, 2 ... 5 steps from the nearest space of ``open_mask``."""
    targets = _bits(open_mask)
    return tuple(_mask(t for t in range(SPACE_COUNT) if min(KING[t][g] for g in targets) <= d) for d in range(6))


#: NEAR_WITHIN[open_mask]: ``_near_within`` for every set of open shooting spaces of either goal.
NEAR_WITHIN = {
    _mask(spaces): _near_within(_mask(spaces))
    for goal in GOALS
    for n in (1, 2, 3)
    for spaces in combinations(SHOOTING_SPACES[goal], n)
}
#: The spaces of the field (the goal spaces left out).
FIELD_MASK = (1 << FIELD_SPACES) - 1


_chains: dict[int, list[int]] = {}


def chain_mask(ball: int, mine: int) -> int:
    """The ball's space and every teammate a series of passes reaches from it.

    For judging positions only: a two-space shot is taken as possible whatever
    lies between (the move generator checks the real lines). Between field
    spaces a pass reaches both ways, so a side's field players split into
    chains and every holder in one has the same: remembered by the side's
    spaces (a search passes the ball along a chain again and again).
    """
    bit = 1 << ball
    if ball >= FIELD_SPACES or not mine & bit:
        return flood(bit, bit, mine)  # the goal: its passes do not reach back
    chains = _chains.get(mine)
    if chains is None:
        if len(_chains) > CACHE_LIMIT:
            _chains.clear()
        chains = _chains[mine] = []
    else:
        for chain in chains:
            if chain & bit:
                return chain
    chain = flood(bit, bit, mine)
    chains.append(chain)
    return chain


def flood(reached: int, frontier: int, mine: int) -> int:
    """``reached`` grown by every piece of ``mine`` a series of passes from ``frontier`` reaches."""
    while frontier:  # a round of passes from every teammate the last round reached
        around = 0
        while frontier:
            low = frontier & -frontier
            around |= PASS_REACH[low.bit_length() - 1]
            frontier ^= low
        frontier = around & mine & ~reached
        reached |= frontier
    return reached


def pass_chain(position: Position, side: int) -> dict[int, int]:
    """Every teammate's space the holder's series can reach: {space: space passed from}.

    Exact, for choosing the passes: no shot flies over or onto an opponent.
    """
    start = position.ball
    parents = {start: OFF}
    frontier = [start]
    mine = position.masks[side]
    while frontier:
        space = frontier.pop()
        for target in _bits(PASS_REACH[space] & mine):
            if target not in parents and pass_open(position, space, target, side):
                parents[target] = space
                frontier.append(target)
    return parents


def series_to(parents: dict[int, int], ball: int, end: int) -> Step:
    """The passes of a series from the ball to ``end``, from ``pass_chain``'s answer."""
    path = [end]
    while parents[path[-1]] != ball:
        path.append(parents[path[-1]])
    return [(PASS, space, 0, 0, OFF) for space in reversed(path)]


#: Chance of a shot next turn for a teammate d steps from a free shooting space.
STEP_CHANCE = tuple(1.0 if d == 0 else AT_LEAST[d + 1] for d in range(6))


_outlooks: dict[tuple[int, int, int, int], tuple[float, int]] = {}
#: PROGRESS_ROWS[goal][n]: the spaces n rows up the board towards ``goal``.
PROGRESS_ROWS = {
    goal: tuple(_mask(s for s in range(SPACE_COUNT) if PROGRESS[goal][s] == n) for n in range(11)) for goal in GOALS
}
#: ADVANCE_ROW[goal][space]: what a field player there adds to ``advance`` (rows 6-10 up the board).
ADVANCE_ROW = {goal: tuple(n if n >= 6 else 0 for n in PROGRESS[goal]) for goal in GOALS}
#: A run's ceiling is compared with this margin on top, so float rounding never prunes a run wrongly.
CEILING_MARGIN = 1e-10


def outlook(ball: int, mine: int, open_mask: int, goal: int) -> tuple[float, int]:
    """For the side on ``mine`` holding the ball: the chance of a shot next turn, and how far up it can pass.

    The chance is the best, over the teammates its series reaches, of a throw
    covering the steps to ``open_mask`` (the shooting spaces no opponent
    holds); the reach is the furthest row such a teammate stands on.
    Remembered by (ball, side's spaces, open shooting spaces): a search asks
    the same again and again.
    """
    key = (ball, mine, open_mask, goal)
    known = _outlooks.get(key)
    if known is None:
        if len(_outlooks) > CACHE_LIMIT:
            _outlooks.clear()
        known = _outlooks[key] = team_outlook(chain_mask(ball, mine) & mine, open_mask, goal)
    return known


def team_outlook(team: int, open_mask: int, goal: int) -> tuple[float, int]:
    """``outlook`` for a series that reaches every piece of ``team``."""
    chance = 0.0
    if open_mask:
        within = NEAR_WITHIN[open_mask]
        if team & within[5]:  # the nearest teammate's steps, found by halving
            if team & within[2]:
                steps = 0 if team & within[0] else 1 if team & within[1] else 2
            else:
                steps = 3 if team & within[3] else 4 if team & within[4] else 5
            chance = STEP_CHANCE[steps]
    # the furthest row a teammate stands on (the goalie in his goal counts as none)
    field = team & FIELD_MASK
    if not field:
        return chance, 0
    if goal == NORTH_GOAL:
        return chance, PROGRESS[goal][field.bit_length() - 1]
    return chance, PROGRESS[goal][(field & -field).bit_length() - 1]


def score_chance(position: Position, shooting_side: int) -> float:
    """Chance a shot scores: certain into an empty goal, else two in three."""
    keeper = goalie_of(1 - shooting_side)
    return 2 / 3 if position.places[keeper] == position.attacks(shooting_side) else 1.0


_judgements: dict[Weights, dict[tuple[int, ...], float]] = {}


def judge(
    mine: int,
    theirs: int,
    ball: int,
    my_keeper: int,
    their_keeper: int,
    own_goal: int,
    weights: Weights,
    memo: dict[tuple[int, ...], float],
) -> float:
    """``judgement``, remembered in ``memo`` by everything it reads (one memo per weights)."""
    key = (mine, theirs, ball, my_keeper, their_keeper, own_goal)
    value = memo.get(key)
    if value is None:
        if len(memo) > CACHE_LIMIT:
            memo.clear()
        value = memo[key] = judgement(mine, theirs, ball, my_keeper, their_keeper, own_goal, weights)
    return value


def evaluate(position: Position, side: int, weights: Weights) -> float:
    """How good the position is for ``side`` with the opponent to move next."""
    masks, places = position.masks, position.places
    keepers = places[GOALIES[side]], places[GOALIES[1 - side]]
    return judgement(masks[side], masks[1 - side], position.ball, *keepers, position.defends[side], weights)


def advance_rows(mine: int, goal: int) -> int:
    """The rows up the board towards ``goal`` of the side's pieces in the opponents' half (6-10 each)."""
    six, seven, eight, nine, ten = PROGRESS_ROWS[goal][6:]
    return (
        6 * (mine & six).bit_count()
        + 7 * (mine & seven).bit_count()
        + 8 * (mine & eight).bit_count()
        + 9 * (mine & nine).bit_count()
        + 10 * (mine & ten).bit_count()
    )


def judgement(mine: int, theirs: int, ball: int, my_keeper: int, their_keeper: int, own_goal: int, w: Weights) -> float:
    """``evaluate`` on the side's and the opponent's spaces, the ball and the goalies' spaces."""
    their_goal = OTHER_GOAL[own_goal]
    value = w.blocker * (
        (mine & SHOOTING_MASK[own_goal]).bit_count() - (theirs & SHOOTING_MASK[their_goal]).bit_count()
    )
    if my_keeper == own_goal:
        value += w.keeper_home
    if their_keeper == their_goal:
        value -= w.keeper_home
    ball_bit = 1 << ball
    if mine & ball_bit:
        holder, other, goal, keeper_home = mine, theirs, their_goal, their_keeper == their_goal
        # a goalie at home with the ball cannot be attacked
        safe = my_keeper == ball and BOX[own_goal] & ball_bit
    elif theirs & ball_bit:
        holder, other, goal, keeper_home = theirs, mine, own_goal, my_keeper == own_goal
        safe = their_keeper == ball and BOX[their_goal] & ball_bit
    else:
        occupied = mine | theirs
        mine_cost = _reach_cost(ball, mine, occupied)
        their_chance = AT_LEAST[_reach_cost(ball, theirs, occupied)]
        return value + w.possession * ((1 - their_chance) * AT_LEAST[mine_cost] - their_chance)
    holding = holder == mine
    open_mask = SHOOTING_MASK[goal] & ~other
    # The side's pieces on the opponents' shooting spaces (with ``reply``): he moves first
    # and may push them off, so they count apart from the free spaces.
    shoved = mine & SHOOTING_MASK[their_goal] & ~ball_bit if w.reply else 0
    if shoved and holding:
        open_mask &= ~shoved
    chance, reach = outlook(ball, holder, open_mask, goal)
    if shoved:
        retaken, shove_chance = shove_replies(ball, mine, theirs, shoved, holding, w)
        value -= retaken
        if shove_chance > chance:
            chance = shove_chance
    ball_value = w.possession + w.progress * PROGRESS[goal][ball] + w.reach * reach
    if chance:
        ball_value += w.shot_chance * GOAL_VALUE * chance * (2 / 3 if keeper_home else 1.0)
    value += w.support * (mine & NEAR[ball]).bit_count()
    if holding and w.advance:
        # With the ball the field players push up, so that passing chains reach forward.
        value += w.advance * advance_rows(mine, their_goal)
    # If the holder is attacked, the other side has the ball right there.
    stolen_value = w.possession + w.progress * PROGRESS[own_goal if holding else their_goal][ball]
    attack = 0.0 if safe else AT_LEAST[_attack_cost(ball, other, holder)]
    if holding:
        lost = w.risk * attack
        return value + (1 - lost) * ball_value - lost * stolen_value
    won = w.press * attack
    return value - (1 - won) * ball_value + won * stolen_value


def shove_replies(ball: int, mine: int, theirs: int, shoved: int, holding: bool, w: Weights) -> tuple[float, float]:
    """What the side loses in blockers when the opponent answers a shove, and the chance of a shot it keeps.

    ``shoved``: the opponents' shooting spaces the side's pieces stand on (the ball's
    left out: the risk to the holder counts it). The opponent moves next, so each such
    piece is pushed off again with the chance a d6 pays the cheapest attack on him, times
    ``w.reply``: then the opponent's guard is back (the blocker the side counted as gone),
    and a shot from there next turn survives only with the rest. The chance is that of
    the best such space a teammate in the holder's series stands on (0 without the ball);
    the judgement takes it when it beats the free shooting spaces.

    Never above the judgement without the reply (a run's ceiling relies on it): the
    blockers lost are at least 0 and a shoved space's chance at most 1.
    """
    chain = chain_mask(ball, mine) if holding else 0
    retaken = chance = 0.0
    for space in _bits(shoved):
        taken = w.reply * AT_LEAST[_attack_cost(space, theirs, mine)]
        retaken += w.blocker * taken
        if chain >> space & 1 and 1 - taken > chance:
            chance = 1 - taken
    return retaken, chance


class Keep:
    """The steps of one level of the search that beat their floor, and the bar a new one must clear.

    Only the best ``width`` steps go on, so once that many are known a step
    must beat the worst of them (``cut``) to matter.
    """

    def __init__(self, width: int) -> None:
        self.width = width
        self.grown: list[tuple[float, int, Step]] = []
        self.best: list[float] = []  # the best values so far, a heap of at most ``width``
        self.floor = float("-inf")
        self.cut = self.floor

    def start(self, floor: float) -> None:
        """Begin a position's steps: they count when they beat ``floor``."""
        self.floor = floor
        self.cut = max(floor, self.best[0]) if len(self.best) == self.width else floor

    def offer(self, value: float, index: int, step: Step) -> None:
        """Keep ``step`` (of the partial turn ``index``) if it beats the floor, and raise the bar."""
        if value <= self.floor:
            return
        self.grown.append((value, index, step))
        if len(self.best) < self.width:
            heappush(self.best, value)
        elif value > self.best[0]:
            heapreplace(self.best, value)
        else:
            return
        if len(self.best) == self.width:
            self.cut = max(self.floor, self.best[0])


_gains: dict[tuple[Weights, int, int, bool], tuple[float, ...]] = {}


def _gain(w: Weights, own_goal: int, ball: int, holding: bool) -> tuple[float, ...]:
    """GAIN[space]: what a teammate there adds to the judgement's counted part.

    The own shooting spaces he blocks, support near the ball and, with the
    ball, his ``advance``; remembered by weights, end and ball (a few hundred
    tables at most).
    """
    key = (w, own_goal, ball, holding)
    table = _gains.get(key)
    if table is None:
        shooting, near = SHOOTING_MASK[own_goal], NEAR[ball]
        rows = ADVANCE_ROW[OTHER_GOAL[own_goal]] if holding else (0,) * SPACE_COUNT
        table = _gains[key] = tuple(
            w.blocker * (shooting >> s & 1) + w.support * (near >> s & 1) + w.advance * rows[s]
            for s in range(SPACE_COUNT)
        )
    return table


class Ceiling:
    """An upper bound on ``judgement`` after a plain run (no attack) of the side on turn.

    Worked out once for a position and then per run from a few table
    look-ups: the run moves one piece, so the counts (shooting spaces held,
    support, advance) change by that piece alone (``_gain``). The search skips
    a run whose ceiling cannot reach the steps it keeps: its choice is the
    same, the judgement is saved. A subclass bounds the ball's part.
    """

    holding = False

    def __init__(self, position: Position, side: int, w: Weights) -> None:
        mine, theirs = position.masks[side], position.masks[1 - side]
        places, ball = position.places, position.ball
        own_goal, their_goal = position.defends[side], position.defends[1 - side]
        self.mine, self.theirs, self.ball, self.own_goal, self.their_goal = mine, theirs, ball, own_goal, their_goal
        self.goalie = GOALIES[side]
        self.weights = w
        self.own_shooting = SHOOTING_MASK[own_goal]
        self.keeper_home = places[self.goalie] == own_goal
        self.lanes = LANES[ball]
        self.gain = _gain(w, own_goal, ball, self.holding)
        # The counted part now: shooting spaces held on both sides, goalies at home, and
        # the sum of the side's gains (support, and with the ball advance).
        value = (
            w.blocker * ((mine & self.own_shooting).bit_count() - (theirs & SHOOTING_MASK[their_goal]).bit_count())
            + w.support * (mine & NEAR[ball]).bit_count()
        )
        if self.holding:
            value += w.advance * advance_rows(mine, their_goal)
        if self.keeper_home:
            value += w.keeper_home
        if places[GOALIES[1 - side]] == their_goal:
            value -= w.keeper_home
        self.counted = value


class HoldingCeiling(Ceiling):
    """``Ceiling`` for a run of the side holding the ball, by a piece other than the holder.

    The chance of a shot and the reach are bounded by every teammate the
    series could reach after the run; an attack on the holder is worked out
    exactly when the run enters a lane to him.
    """

    holding = True

    def __init__(self, position: Position, side: int, w: Weights) -> None:
        super().__init__(position, side, w)
        mine, ball, own_goal, their_goal = self.mine, self.ball, self.own_goal, self.their_goal
        self.open_mask = SHOOTING_MASK[their_goal] & ~self.theirs
        # A run from outside the series' chain to a space no pass from it reaches leaves the chain as it is.
        self.chain = chain_mask(ball, mine)
        self.loose = mine & ~self.chain  # teammates the series does not reach now
        self.zone = self.chain
        for space in _bits(self.chain):
            self.zone |= PASS_REACH[space]
        self.joins: dict[int, int] = {}
        self.values: dict[int, float] = {}
        self.base = w.possession + w.progress * PROGRESS[their_goal][ball]
        their_keeper_home = position.places[GOALIES[1 - side]] == their_goal
        self.shot = w.shot_chance * GOAL_VALUE * (2 / 3 if their_keeper_home else 1.0)
        self.stolen = w.possession + w.progress * PROGRESS[own_goal][ball]
        self.safe = position.places[self.goalie] == ball and BOX[own_goal] >> ball & 1
        self.lost = 0.0 if self.safe else w.risk * AT_LEAST[_attack_cost(ball, self.theirs, mine)]
        self.unchanged = self.ball_value(self.chain)

    def joined(self, target: int) -> int:
        """The chain with a teammate added on ``target``: no smaller than after any run there."""
        bit = 1 << target
        if not PASS_REACH[target] & self.loose:
            return self.chain | bit  # no new teammate within a pass of it
        known = self.joins.get(target)
        if known is None:
            known = self.joins[target] = flood(self.chain | bit, bit, self.mine | bit)
        return known

    def ball_value(self, team: int) -> float:
        """The ball's value (before the risk) if the series reached every piece of ``team``.

        The chance of a shot next turn from the nearest of them to an open
        shooting space, the reach from the furthest up the board.
        """
        value = self.values.get(team)
        if value is None:
            chance, reach = team_outlook(team, self.open_mask, self.their_goal)
            value = self.values[team] = self.base + self.weights.reach * reach + self.shot * chance
        return value

    def of(self, piece: int, start: int, target: int) -> float:
        """The ceiling of the judgement after ``piece`` runs from ``start`` to ``target``."""
        w = self.weights
        gain = self.gain
        value = self.counted + gain[target] - gain[start]
        if piece == self.goalie:
            value += w.keeper_home * ((target == self.own_goal) - self.keeper_home)
        bit = 1 << target
        chain = self.chain
        if not self.zone & bit:  # the chain can only lose the runner
            ball_value = self.ball_value(chain & ~(1 << start)) if chain >> start & 1 else self.unchanged
        else:
            team = (chain | bit if not PASS_REACH[target] & self.loose else self.joined(target)) & ~(1 << start)
            ball_value = self.values.get(team) or self.ball_value(team)
        if self.lanes & bit and not self.safe:
            lost = w.risk * AT_LEAST[_attack_cost(self.ball, self.theirs, self.mine ^ (1 << start) ^ bit)]
        else:  # leaving a lane to the holder can only make an attack on him cheaper
            lost = self.lost
        if lost > 1:
            ball_value = self.base
        return value + (1 - lost) * ball_value - lost * self.stolen + CEILING_MARGIN


class DefendingCeiling(Ceiling):
    """``Ceiling`` for a run of the side without the ball (the opponent holds it).

    The holder's series does not change with the run, so only the spaces the
    run enters or leaves can change the judgement: the shooting spaces it
    guards, the lanes an attack on the holder takes, the goalie's place. The
    judgement is worked out from those, so the bound is tight.
    """

    def __init__(self, position: Position, side: int, w: Weights) -> None:
        super().__init__(position, side, w)
        ball, own_goal, their_goal = self.ball, self.own_goal, self.their_goal
        self.outlook = outlook(ball, self.theirs, self.own_shooting & ~self.mine, own_goal)
        self.base = w.possession + w.progress * PROGRESS[own_goal][ball]
        self.stolen = w.possession + w.progress * PROGRESS[their_goal][ball]
        self.safe = position.places[GOALIES[1 - side]] == ball and BOX[their_goal] >> ball & 1
        self.won = 0.0 if self.safe else w.press * AT_LEAST[_attack_cost(ball, self.mine, self.theirs)]

    def of(self, piece: int, start: int, target: int) -> float:
        """The ceiling of the judgement after ``piece`` runs from ``start`` to ``target``."""
        w = self.weights
        gain = self.gain
        value = self.counted + gain[target] - gain[start]
        keeper_home = self.keeper_home
        if piece == self.goalie:
            keeper_home = target == self.own_goal
            value += w.keeper_home * (keeper_home - self.keeper_home)
        moved = (1 << start) | (1 << target)
        if moved & self.own_shooting:
            chance, reach = outlook(self.ball, self.theirs, self.own_shooting & ~(self.mine ^ moved), self.own_goal)
        else:
            chance, reach = self.outlook
        ball_value = self.base + w.reach * reach
        if chance:
            ball_value += w.shot_chance * GOAL_VALUE * chance * (2 / 3 if keeper_home else 1.0)
        if moved & self.lanes and not self.safe:
            won = w.press * AT_LEAST[_attack_cost(self.ball, self.mine ^ moved, self.theirs)]
        else:
            won = self.won
        return value - (1 - won) * ball_value + won * self.stolen + CEILING_MARGIN


Step = list[Action]


@dataclass
class Coach:
    """A side's computer coach: a strength (how far it looks) and a style (what it values)."""

    strength: str = DEFAULT_STRENGTH
    style: str = DEFAULT_STYLE

    def __post_init__(self) -> None:
        if self.strength not in STRENGTHS:
            raise ValueError(f"coach strength {self.strength!r}: allowed are {', '.join(STRENGTHS)}")
        if self.style not in STYLES:
            raise ValueError(f"coach style {self.style!r}: allowed are {', '.join(STYLES)}")
        # The planner looks one reply ahead at a shove onto the opponents' shooting spaces.
        self.weights = replace(STYLES[self.style], reply=1.0) if self.strength == "planner" else STYLES[self.style]
        self.memo = _judgements.setdefault(self.weights, {})
        south = tuple(SPACE_BY_LABEL[name] for name in FORMATIONS[self.style])
        self.formation = {GOALS[0]: south, GOALS[1]: tuple(half_turn(s) for s in south)}

    # -- set pieces -----------------------------------------------------------------

    def kick_off_piece(self, position: Position, side: int) -> int:
        """The field player who takes the kick-off: the first one off the board, else on it."""
        pieces = [p for p in side_pieces(side) if p not in GOALIES]
        waiting = [p for p in pieces if position.places[p] == OFF]
        return (waiting or pieces)[0]

    def placement_space(self, position: Position, side: int) -> int:
        """The next free space of the formation in the own half (else the first free one there)."""
        own_goal = position.defends[side]
        occupant = position.occupant
        for space in self.formation[own_goal]:
            if occupant[space] == OFF:
                return space
        half = sorted(HALF_OF_GOAL[own_goal], key=lambda s: (distance_rows_to(own_goal, s), abs(s % COLUMNS - 3)))
        return next(space for space in half if occupant[space] == OFF)

    def penalty_takers(self, side: int) -> list[int]:
        """Shoot-out order: the field players in sheet order, round again if needed."""
        return [p for p in side_pieces(side) if p not in GOALIES]

    # -- a turn -------------------------------------------------------------------

    def runs(self, position: Position, turn: Turn) -> list[Action]:
        """The runs worth weighing.

        Runs ending far from the ball, the lanes to it and both goal areas
        change nothing ``evaluate`` sees, so they are left out; an attack is
        weighed with one push, the one that sends the victim furthest from the
        ball.
        """
        runs: list[Action] = []
        if not turn.points:
            return runs
        ball = position.ball
        holder = position.holder()
        side = turn.side
        holding = holder != OFF and holder // PIECES_PER_SIDE == side
        own_goal, their_goal = position.defends[side], position.defends[1 - side]
        # Where a run can change the judgement: next to the ball; with the ball, up the
        # board and around the shooting spaces (and the goalie's way home); without it,
        # the lanes an attack on the holder starts from and the own penalty area.
        if holding:
            hot = NEAR[ball] | APPROACH[their_goal] | AHEAD[their_goal][PROGRESS[their_goal][ball]] | 1 << own_goal
        else:
            hot = NEAR[ball] | LANES[ball] | BOX[own_goal]
        # Attacks worth a look: on pieces near the ball or on shooting spaces.
        victims = position.masks[1 - side] & (NEAR[ball] | SHOOTING_MASK[own_goal] | SHOOTING_MASK[their_goal])
        places = position.places
        distances = KING[ball]
        reach = min(turn.points, 6)
        wanted = hot | victims
        ran = turn.ran
        for piece in side_pieces(side):
            start = places[piece]
            if start == OFF or ran >> piece & 1 or (piece != holder and not REACH[start][reach] & wanted):
                continue
            pushes: dict[tuple[int, int], Action] = {}
            for action in run_actions(position, turn, piece, -1 if piece == holder else hot, victims):
                push_to = action[4]
                if push_to == OFF:
                    runs.append(action)
                    continue
                key = (action[2], action[3])
                chosen = pushes.get(key)
                if chosen is None or distances[push_to] > distances[chosen[4]]:
                    pushes[key] = action
            runs.extend(pushes.values())
        return runs

    def weigh_runs(self, position: Position, side: int, runs: list[Action], keep: Keep, index: int) -> None:
        """Judge ``runs`` (of ``side``, on turn) and keep those that beat the floor.

        A run is judged on the spaces it leaves, without playing it. A plain
        run that does not move the ball is first held against its ``Ceiling``:
        when that cannot beat the floor or the steps already kept, the run
        could not be chosen and is not judged at all.
        """
        ball = position.ball
        places = position.places
        mine, theirs = position.masks[side], position.masks[1 - side]
        my_goalie = GOALIES[side]
        my_keeper, their_keeper = places[my_goalie], places[GOALIES[1 - side]]
        own_goal = position.defends[side]
        weights, memo = self.weights, self.memo
        holder = position.occupant[ball]
        if mine >> ball & 1:
            kind: type[HoldingCeiling] | type[DefendingCeiling] | None = HoldingCeiling
        elif theirs >> ball & 1:
            kind = DefendingCeiling
        else:
            kind = None
        ceiling: HoldingCeiling | DefendingCeiling | None = None  # worked out at the first plain run
        for action in runs:
            _, piece, direction, steps, push_to = action
            if push_to != OFF:
                keep.offer(self.run_value(position, side, action), index, [action])
                continue
            start = places[piece]
            target = RAYS[start][direction][steps - 1]
            if kind is not None and piece != holder:
                if ceiling is None:
                    ceiling = kind(position, side, weights)
                if ceiling.of(piece, start, target) <= keep.cut:
                    continue
            keep.offer(
                judge(
                    mine ^ (1 << start) ^ (1 << target),
                    theirs,
                    target if ball == start or PATHS[start][direction][steps] >> ball & 1 else ball,
                    target if piece == my_goalie else my_keeper,
                    their_keeper,
                    own_goal,
                    weights,
                    memo,
                ),
                index,
                [action],
            )

    def steps_with_ball(self, position: Position, turn: Turn, runs: list[Action]) -> list[Step]:
        """The steps of the side holding the ball, besides its runs: the shot and the series.

        Pass series are weighed by the teammate they end on; the planner also
        weighs its shooting combinations, built on ``runs``.
        """
        holder = position.holder()
        if holder == OFF or holder // PIECES_PER_SIDE != turn.side or not turn.can_pass():
            return []
        steps: list[Step] = []
        ball = position.ball
        goal = position.attacks(turn.side)
        if can_shoot_at_goal(position, holder):
            steps.append([(SHOT, goal, 0, 0, OFF)])
        parents = pass_chain(position, turn.side)
        keeper = goalie_of(turn.side)
        for end, parent in parents.items():
            if parent == OFF or position.occupant[end] == keeper:
                continue
            series = series_to(parents, ball, end)
            if end in SHOOTING_SPACES[goal]:
                steps.append([*series, (SHOT, goal, 0, 0, OFF)])
            steps.append(series)
        if must_pass(position, turn):
            # A goalie who must pass on and has no teammate to find plays it into space.
            steps.extend([(PASS, target, 0, 0, OFF)] for target in pass_targets(position, holder))
        if self.strength == "planner":
            steps.extend(self.shooting_combinations(position, turn, runs))
        return steps

    def shooting_combinations(self, position: Position, turn: Turn, runs: list[Action]) -> list[Step]:
        """Run onto a shooting space (or push its guard off it), then the series and the shot.

        The run alone may look poor (it can open a lane to the holder), so
        the planner weighs the whole combination as one step.
        """
        if turn.shot_used:
            return []  # a run would close the open series: no shot after it
        goal = position.attacks(turn.side)
        targets = SHOOTING_MASK[goal]
        combos = []
        for action in runs:
            end = RAYS[position.places[action[1]]][action[2]][action[3] - 1]
            if not targets >> end & 1:
                continue
            record = make_run(position, action)
            if position.ball == end:
                combos.append([action, (SHOT, goal, 0, 0, OFF)])
            else:
                parents = pass_chain(position, turn.side)
                if end in parents:
                    combos.append([action, *series_to(parents, position.ball, end), (SHOT, goal, 0, 0, OFF)])
            undo_run(position, record)
        return combos

    def value_of(self, position: Position, side: int, step: Step) -> float:
        """What the position is worth after ``step``, tried in place and taken back.

        A shot at goal is worth its expectation: the goal, or the position with
        the ball in the goalie's hands.
        """
        first = step[0]
        if first[0] == RUN:
            if len(step) == 1:
                return self.run_value(position, side, first)
            record = make_run(position, first)
            value = self.value_of(position, side, step[1:])
            undo_run(position, record)
            return value
        ball = position.ball
        last = step[-1]
        position.ball = last[1]
        value = self.judge_position(position, side)
        position.ball = ball
        if last[0] == SHOT:
            chance = score_chance(position, side)
            return chance * (GOAL_VALUE - self.weights.possession) + (1 - chance) * value
        return value

    def judge_position(self, position: Position, side: int) -> float:
        masks, places = position.masks, position.places
        keepers = places[GOALIES[side]], places[GOALIES[1 - side]]
        return judge(
            masks[side], masks[1 - side], position.ball, *keepers, position.defends[side], self.weights, self.memo
        )

    def run_value(self, position: Position, side: int, action: Action) -> float:
        """``value_of`` a single run or attack, worked out on the spaces without playing it."""
        _, piece, direction, steps, push_to = action
        places = position.places
        start = places[piece]
        target = RAYS[start][direction][steps - 1]
        mine, theirs = position.masks[side], position.masks[1 - side]
        my_keeper, their_keeper = places[GOALIES[side]], places[GOALIES[1 - side]]
        mine ^= (1 << start) | (1 << target)
        if piece == GOALIES[side]:
            my_keeper = target
        ball = position.ball
        if push_to != OFF:
            theirs ^= (1 << target) | (1 << push_to)
            if position.occupant[target] == GOALIES[1 - side]:
                their_keeper = push_to
        elif ball == start or PATHS[start][direction][steps] >> ball & 1:
            ball = target  # carried, or the free ball taken on the way
        return judge(mine, theirs, ball, my_keeper, their_keeper, position.defends[side], self.weights, self.memo)

    def plan_turn(self, position: Position, turn: Turn) -> list[Action]:
        """The actions of a whole turn, ending with a shot at goal or END.

        A beam of partial turns grows a step at a time; only steps that raise
        the value are kept, and the best turn that may end is the answer.
        """
        width = BEAM_WIDTH if self.strength == "planner" else 1
        depth = 1 if self.strength == "novice" else MAX_STEPS
        side = turn.side
        start_value = float("-inf") if must_pass(position, turn) else evaluate(position, side, self.weights)
        beam: list[tuple[float, Position, Turn, list[Action]]] = [(start_value, position.copy(), turn.copy(), [])]
        best_value, best_plan = start_value, [END_ACTION]
        for _ in range(depth):
            if not beam:
                break
            keep = Keep(width)
            for index, (value, here, here_turn, _) in enumerate(beam):
                # A goalie who must still pass on accepts any step (a turn must end legally).
                keep.start(float("-inf") if must_pass(here, here_turn) else value + 1e-9)
                runs = self.runs(here, here_turn)
                # The series and shots first: the bar they set spares judging many runs.
                # They are listed after the runs, as the order settles ties.
                before = len(keep.grown)
                for step in self.steps_with_ball(here, here_turn, runs):
                    keep.offer(self.value_of(here, side, step), index, step)
                with_ball = keep.grown[before:]
                del keep.grown[before:]
                self.weigh_runs(here, side, runs, keep, index)
                keep.grown.extend(with_ball)
            grown = keep.grown
            grown.sort(key=lambda entry: entry[0], reverse=True)

            # The novice's one step must let the turn end: with a goalie who must pass on
            # (no turn that may end yet), the best step after which it may, not merely the best.
            last_step = depth == 1 and best_value == float("-inf")
            next_beam = []
            for new_value, index, step in grown if last_step else grown[:width]:
                _, here, here_turn, plan = beam[index]
                after, after_turn = here.copy(), here_turn.copy()
                for action in step:
                    apply_action(after, after_turn, action)
                over = step[-1][0] == SHOT
                if (over or not must_pass(after, after_turn)) and new_value > best_value + 1e-9:
                    best_value = new_value
                    best_plan = [*plan, *step] + ([] if over else [END_ACTION])
                    if last_step:
                        break
                if not over:
                    next_beam.append((new_value, after, after_turn, [*plan, *step]))
            beam = next_beam
        return best_plan


def coach_for(settings: Mapping[str, Any], lineup: Mapping[str, Any] | None, side: str) -> Coach:
    """The coach of one side: the team sheet's lineup wins over the league's settings."""
    lineup = lineup or {}
    strength = lineup.get("coach") or settings.get(f"{side}_coach") or settings.get("coach") or DEFAULT_STRENGTH
    style = lineup.get("style") or settings.get(f"{side}_style") or settings.get("style") or DEFAULT_STYLE
    return Coach(strength=str(strength), style=str(style))


__all__ = ["STRENGTHS", "STYLES", "Coach", "coach_for", "evaluate"]
