"""The Mutant Soccer pitch as data: rows, columns, halves, adjacency and sight lines.

The rule book shows the 60x40 cm board only as a picture. What the text fixes:

* a long-range shot needs the opponents' half, the example shoots "from 2nd row",
  and the player-coach "can shoot from the 3rd row (one more than usual)". So a half
  has two rows: four rows of play in all, counted 1st..4th from the opposing goal;
* the shot at goal is taken from the row directly in front of the goalkeeper;
* a pass reaches at most two rows; the kick-off ball goes to the forward line.

We lay the cards out on a 4 x 5 grid (five cards fit across the 40 cm width); each
goalkeeper stands outside the grid behind the middle column. Squares are numbered
``row * COLS + col``. Home defends row 0 and attacks towards row 3; away the other
way round. Two squares are *adjacent* when they touch at an edge or a corner
(the pass example lets two different cards attack the receiver, which a plain
edge neighbourhood on five columns rarely allows).
"""

from __future__ import annotations

ROWS = 4
COLS = 5
SQUARES = ROWS * COLS
GOAL_COLUMN = COLS // 2

HOME_SIDE = 0
AWAY_SIDE = 1


def square(row: int, col: int) -> int:
    return row * COLS + col


def row_of(sq: int) -> int:
    return sq // COLS


def col_of(sq: int) -> int:
    return sq % COLS


def rank(side: int, sq: int) -> int:
    """How far forward a square is for a side: 0 = own back row, 3 = in front of the opposing keeper."""
    row = sq // COLS
    return row if side == HOME_SIDE else ROWS - 1 - row


def opponents_row_number(side: int, sq: int) -> int:
    """The rule book's row count from the opposing goal: 1 = the shot-at-goal row."""
    return ROWS - rank(side, sq)


#: ``RANK[side][square]``, the table form of ``rank`` for the hot path.
RANK: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(rank(HOME_SIDE, sq) for sq in range(SQUARES)),
    tuple(rank(AWAY_SIDE, sq) for sq in range(SQUARES)),
)

ADJACENT: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        square(r, c)
        for r in range(row_of(sq) - 1, row_of(sq) + 2)
        for c in range(col_of(sq) - 1, col_of(sq) + 2)
        if 0 <= r < ROWS and 0 <= c < COLS and (r, c) != (row_of(sq), col_of(sq))
    )
    for sq in range(SQUARES)
)


#: ``AHEAD_FIRST[side][square]``: the adjacent squares, those nearest the opposing goal
#: first, then left to right. The computer coach walks them in this order, so home
#: and away break ties the same way (the plain ``ADJACENT`` order would favour one side).
def _ahead_first(side: int, sq: int) -> tuple[int, ...]:
    return tuple(sorted(ADJACENT[sq], key=lambda n: (-RANK[side][n], n % COLS)))


AHEAD_FIRST: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_ahead_first(side, sq) for sq in range(SQUARES)) for side in (HOME_SIDE, AWAY_SIDE)
)

#: Squares beside a square in the same row (the partner of a strike duo or a chain).
BESIDE: tuple[tuple[int, ...], ...] = tuple(
    tuple(square(row_of(sq), c) for c in (col_of(sq) - 1, col_of(sq) + 1) if 0 <= c < COLS) for sq in range(SQUARES)
)

#: Squares of a side's own half, back row first (where substitutes come on).
OWN_HALF: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(range(0, 2 * COLS)),
    tuple(range(SQUARES - 1, SQUARES - 1 - 2 * COLS, -1)),
)

#: Each side's forward line: the row of its own half nearest the halfway line.
FORWARD_LINE: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(square(1, c) for c in range(COLS)),
    tuple(square(2, c) for c in range(COLS)),
)

#: The rows a side's goalkeeper can pass to (up to two rows from the goal line).
KEEPER_PASS_SQUARES: tuple[tuple[int, ...], tuple[int, ...]] = OWN_HALF

#: Squares next to the goalkeeper (the row in front of each goal).
NEXT_TO_KEEPER: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(square(0, c) for c in range(COLS)),
    tuple(square(ROWS - 1, c) for c in range(COLS)),
)


def _sight_line(side: int, sq: int) -> tuple[int, ...]:
    """Squares between a shooter of ``side`` on ``sq`` and the opposing goal.

    The goal sits one row beyond the last row, in the middle column. From farther
    back we walk the straight line row by row and round the column to the nearest
    square (halves towards the middle). From the row in front of the keeper no row
    lies between, so the squares between the shooter's column and the goal mouth in
    that same row stand in the way instead (at most one defender bonus there).
    """
    shooter_row, shooter_col = row_of(sq), col_of(sq)
    goal_row = ROWS if side == HOME_SIDE else -1
    step = 1 if side == HOME_SIDE else -1
    if rank(side, sq) == ROWS - 1:
        if shooter_col == GOAL_COLUMN:
            return ()
        direction = 1 if shooter_col < GOAL_COLUMN else -1
        cols = range(shooter_col + direction, GOAL_COLUMN + direction, direction)
        return tuple(square(shooter_row, c) for c in cols)
    line = []
    distance = abs(goal_row - shooter_row)
    for row in range(shooter_row + step, goal_row, step):
        fraction = abs(row - shooter_row) / distance
        exact = shooter_col + (GOAL_COLUMN - shooter_col) * fraction
        low = int(exact)
        fraction_part = exact - low
        if fraction_part > 0.5 or (fraction_part == 0.5 and exact < GOAL_COLUMN):
            low += 1
        line.append(square(row, low))
        continue
    return tuple(line)


#: ``SIGHT_LINES[side][square]``: the squares a defender can block a shot from.
SIGHT_LINES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_sight_line(side, sq) for sq in range(SQUARES)) for side in (HOME_SIDE, AWAY_SIDE)
)

#: Squares a side may shoot from: the 1st row (shot at goal) and 2nd row (long range).
SHOT_RANKS = (ROWS - 1, ROWS - 2)
#: The player-coach shoots from one row farther back.
PLAYER_COACH_SHOT_RANKS = (ROWS - 1, ROWS - 2, ROWS - 3)

#: Squares of each side's formation at kick-off: three in the forward line,
#: two behind, the computer coach's default set-up.
FORMATION: tuple[tuple[int, ...], tuple[int, ...]] = (
    (square(1, 0), square(1, 2), square(1, 4), square(0, 1), square(0, 3)),
    (square(2, 0), square(2, 2), square(2, 4), square(3, 1), square(3, 3)),
)


def towards(side: int, sq: int) -> tuple[int, ...]:
    """Adjacent squares one rank nearer the opposing goal."""
    here = rank(side, sq)
    return tuple(n for n in ADJACENT[sq] if rank(side, n) == here + 1)
