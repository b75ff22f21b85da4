"""The Calciotto field as data: squares, areas, rays and the starting shape.

The rule book gives the areas in squares: a central strip ten squares wide cut
into defence (6 rows), midfield (8 rows) and attack (6 rows), a wing of 3x20
squares on each long side, and a goal area of four central squares behind each
goal line. That makes a field of 16 columns by 20 rows plus two goal rows.

Absolute coordinates: column 0..15 left to right as the home side faces,
row 0..19 from the home goal line; row -1 holds the home goal area and row 20
the away goal area (columns 6-9 only). A square is stored as one integer,
``(row + 1) * WIDTH + col``, so the hot loops index flat tuples.

Everything a side sees "from its own end" (areas, penalty box, formation) is
written in relative coordinates, where row 0 is the side's own first row and
row -1 its own goal area; the away side's frame is the home frame turned half
a circle (column 15 - c, row 19 - r).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

WIDTH = 16
LENGTH = 20
#: Cells per row of the flat board, and rows stored (the two goal rows included).
STORED_ROWS = LENGTH + 2
CELLS = WIDTH * STORED_ROWS

#: Columns of the central strip (defence, midfield, attack) and of the wings.
CENTRAL_COLS = range(3, 13)
WING_COLS = (0, 1, 2, 13, 14, 15)
#: The four squares of each goal area, "behind the first row" at the centre.
GOAL_COLS = (6, 7, 8, 9)
#: Rows of the central strip, from a side's own goal line.
DEFENCE_ROWS = range(0, 6)
MIDFIELD_ROWS = range(6, 14)
ATTACK_ROWS = range(14, 20)
#: The penalty area: the part of the defence area in front of the goal from
#: which shots are allowed. The rule book names it but gives no size; 8x4 keeps
#: it inside the 10x6 defence area with a square of margin on each side.
PENALTY_COLS = range(4, 12)
PENALTY_ROWS = range(0, 4)
#: The small area: squares "at a distance shorter than 2 squares from the goal
#: area", i.e. the two rows in front of the goal, one column wider each side.
SMALL_COLS = range(5, 11)
SMALL_ROWS = range(0, 2)
#: The penalty spot (relative square); the kicker stands behind it.
PENALTY_SPOT = (7, 3)
#: The book's penalty taker stands "on one of the two central squares adjacent back of the ball".
PENALTY_TAKER_COLS = (7, 8)
#: The centre circle (relative squares on the own half): a 4x2 block at the
#: halfway line without its two outer corners. Nobody may start inside it except
#: the two kick-off takers, who stand on KICK_OFF_SQUARES.
CENTRE_CIRCLE_OWN_HALF = frozenset({(7, 8), (8, 8), (6, 9), (7, 9), (8, 9), (9, 9)})
KICK_OFF_SQUARES = ((7, 9), (8, 9))
OWN_HALF_ROWS = range(0, 10)

#: Area letters: the role whose competence area a square is, from one side's view.
ROLE_GOAL, ROLE_DEFENCE, ROLE_MIDFIELD, ROLE_ATTACK, ROLE_WING = "P", "D", "C", "A", "T"

#: The eight straight directions a pass or shot may take (col step, row step).
DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))

HOME, AWAY = 0, 1


def cell(col: int, row: int) -> int:
    """The flat index of an absolute square."""
    return (row + 1) * WIDTH + col


def col_of(index: int) -> int:
    return index % WIDTH


def row_of(index: int) -> int:
    return index // WIDTH - 1


def to_absolute(side: int, col: int, row: int) -> int:
    """A square given in ``side``'s own frame, as a flat absolute index."""
    if side == HOME:
        return cell(col, row)
    return cell(WIDTH - 1 - col, LENGTH - 1 - row)


def to_relative(side: int, index: int) -> tuple[int, int]:
    """The (col, row) of an absolute square in ``side``'s own frame."""
    col, row = col_of(index), row_of(index)
    if side == HOME:
        return col, row
    return WIDTH - 1 - col, LENGTH - 1 - row


#: REL_COL[side][i], REL_ROW[side][i]: square i in ``side``'s own frame, as tables for the hot loops.
REL_COL = tuple(tuple(i % WIDTH if side == HOME else WIDTH - 1 - i % WIDTH for i in range(CELLS)) for side in (0, 1))
REL_ROW = tuple(tuple(i // WIDTH - 1 if side == HOME else LENGTH - i // WIDTH for i in range(CELLS)) for side in (0, 1))


def _exists(col: int, row: int) -> bool:
    if not 0 <= col < WIDTH:
        return False
    if 0 <= row < LENGTH:
        return True
    return row in (-1, LENGTH) and col in GOAL_COLS


def _relative_area(col: int, row: int) -> str | None:
    """Whose competence area a relative square is (None: the opponent's goal)."""
    if row == -1:
        return ROLE_GOAL
    if row == LENGTH:
        return None
    if col in WING_COLS:
        return ROLE_WING
    if row in DEFENCE_ROWS:
        return ROLE_DEFENCE
    if row in MIDFIELD_ROWS:
        return ROLE_MIDFIELD
    return ROLE_ATTACK


def _cells_where(side: int, test: Callable[[int, int], bool]) -> tuple[bool, ...]:
    flags = [False] * CELLS
    for index in SQUARES:
        if test(*to_relative(side, index)):
            flags[index] = True
    return tuple(flags)


SQUARES: tuple[int, ...] = tuple(cell(c, r) for r in range(-1, LENGTH + 1) for c in range(WIDTH) if _exists(c, r))
EXISTS: tuple[bool, ...] = tuple(_exists(i % WIDTH, i // WIDTH - 1) for i in range(CELLS))
#: GOAL_OF[i]: HOME or AWAY when i is in that side's goal area, else -1.
GOAL_OF: tuple[int, ...] = tuple(
    (HOME if row_of(i) == -1 else AWAY) if EXISTS[i] and row_of(i) in (-1, LENGTH) else -1 for i in range(CELLS)
)
#: AREA[side][i]: the role letter whose competence area square i is for ``side``.
AREA: tuple[tuple[str | None, ...], ...] = tuple(
    tuple(_relative_area(*to_relative(side, i)) if EXISTS[i] else None for i in range(CELLS)) for side in (HOME, AWAY)
)
#: IN_AREA[side][role][i]: square i is the competence area of ``role`` for ``side``.
IN_AREA: tuple[dict[str, tuple[bool, ...]], ...] = tuple(
    {role: tuple(AREA[side][i] == role for i in range(CELLS)) for role in "PDCAT"} for side in (HOME, AWAY)
)
#: PENALTY_AREA[side][i]: square i is in the penalty area ``side`` defends.
PENALTY_AREA = tuple(_cells_where(side, lambda c, r: c in PENALTY_COLS and r in PENALTY_ROWS) for side in (HOME, AWAY))
#: SMALL_AREA[side][i]: square i is in the small area ``side`` defends.
SMALL_AREA = tuple(_cells_where(side, lambda c, r: c in SMALL_COLS and r in SMALL_ROWS) for side in (HOME, AWAY))
#: OWN_HALF[side][i]: where ``side`` may set up (goal area included).
OWN_HALF = tuple(_cells_where(side, lambda c, r: r == -1 or r in OWN_HALF_ROWS) for side in (HOME, AWAY))
CENTRE_CIRCLE = tuple(_cells_where(side, lambda c, r: (c, r) in CENTRE_CIRCLE_OWN_HALF) for side in (HOME, AWAY))


def _neighbours(index: int) -> tuple[int, ...]:
    col, row = col_of(index), row_of(index)
    return tuple(cell(col + dc, row + dr) for dc, dr in ORTHOGONAL if _exists(col + dc, row + dr))


def _ray(index: int, dc: int, dr: int) -> tuple[int, ...]:
    col, row = col_of(index), row_of(index)
    squares: list[int] = []
    while True:
        col, row = col + dc, row + dr
        if not _exists(col, row):
            return tuple(squares)
        squares.append(cell(col, row))


#: NEIGHBOURS[i]: the orthogonal neighbours of i (a move step, a tackle contact).
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) if EXISTS[i] else () for i in range(CELLS))
#: RAYS[i]: for each of the eight directions, the squares a ball would cross in order.
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(r for r in (_ray(i, dc, dr) for dc, dr in DIRECTIONS) if r) if EXISTS[i] else () for i in range(CELLS)
)


def _shot_lines(attacker: int, index: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Straight lines from ``index`` into the goal ``attacker`` attacks: (goal square, squares crossed)."""
    target_goal = AWAY if attacker == HOME else HOME
    lines = []
    for ray in RAYS[index]:
        end = ray[-1]
        if GOAL_OF[end] == target_goal:
            lines.append((end, ray[:-1]))
    return tuple(lines)


#: SHOT_LINES[attacker][i]: every legal shot from square i, when i is in the
#: penalty area ``attacker`` attacks; empty elsewhere.
SHOT_LINES = tuple(
    tuple(_shot_lines(side, i) if PENALTY_AREA[1 - side][i] else () for i in range(CELLS)) for side in (HOME, AWAY)
)
#: FREE_KICK_LINES[attacker][i]: the same lines from anywhere on the field, since a
#: free kick that reaches the goal area is a shot whatever its distance.
FREE_KICK_LINES = tuple(
    tuple(_shot_lines(side, i) if EXISTS[i] and GOAL_OF[i] < 0 else () for i in range(CELLS)) for side in (HOME, AWAY)
)


_COLS = tuple(i % WIDTH for i in range(CELLS))
_ROWS = tuple(i // WIDTH for i in range(CELLS))


def manhattan(a: int, b: int) -> int:
    """Orthogonal steps from a to b on an empty board."""
    return abs(_COLS[a] - _COLS[b]) + abs(_ROWS[a] - _ROWS[b])


_WITHIN: dict[tuple[int, int], tuple[int, ...]] = {}


def within(index: int, steps: int) -> tuple[int, ...]:
    """Existing squares at most ``steps`` orthogonal steps from ``index`` (cached)."""
    key = (index, steps)
    found = _WITHIN.get(key)
    if found is None:
        col, row = col_of(index), row_of(index)
        found = _WITHIN[key] = tuple(
            cell(c, r)
            for r in range(row - steps, row + steps + 1)
            for c in range(col - steps + abs(r - row), col + steps - abs(r - row) + 1)
            if _exists(c, r)
        )
    return found


def chebyshev(a: int, b: int) -> int:
    return max(abs(col_of(a) - col_of(b)), abs(row_of(a) - row_of(b)))


#: The starting shape every computer coach sets up in (relative squares): one
#: slot per role of the eight, filled by the coach's pick for that role. Two
#: defenders in front of the small area, two wing-backs, two midfielders and a
#: forward just outside the centre circle.
FORMATION: tuple[tuple[str, tuple[int, int]], ...] = (
    ("P", (7, -1)),
    ("D", (5, 3)),
    ("D", (10, 3)),
    ("T", (1, 6)),
    ("T", (14, 6)),
    ("C", (5, 7)),
    ("C", (10, 7)),
    ("A", (5, 9)),
)
#: Spare squares for pieces whose role slot is taken (a fourth midfielder after a
#: substitution, say), in order of preference.
SPARE_SQUARES: tuple[tuple[int, int], ...] = ((7, 5), (8, 5), (3, 4), (12, 4), (10, 9), (3, 8), (12, 8), (7, 2))


def draw(marks: Iterable[tuple[int, str]] = ()) -> str:
    """The field as text, one character per square (used for the README and debugging).

    ``P`` goal area, ``s`` small area, ``p`` penalty area, ``o`` centre circle,
    ``*`` penalty spot, ``d`` defence, ``c`` midfield, ``a`` attack, ``t`` wing,
    all from the home side's view; ``marks`` overrides squares with a letter.
    """
    overrides = dict(marks)
    lines = []
    for row in range(LENGTH, -2, -1):
        chars = []
        for col in range(WIDTH):
            index = cell(col, row)
            if not EXISTS[index]:
                chars.append(" ")
                continue
            if index in overrides:
                chars.append(overrides[index])
                continue
            home_rel = (col, row)
            away_rel = to_relative(AWAY, index)
            if SMALL_AREA[HOME][index] or SMALL_AREA[AWAY][index]:
                chars.append("s")
            elif home_rel == PENALTY_SPOT or away_rel == PENALTY_SPOT:
                chars.append("*")
            elif PENALTY_AREA[HOME][index] or PENALTY_AREA[AWAY][index]:
                chars.append("p")
            elif CENTRE_CIRCLE[HOME][index] or CENTRE_CIRCLE[AWAY][index]:
                chars.append("o")
            else:
                chars.append({"P": "P", "D": "d", "C": "c", "A": "a", "T": "t"}[AREA[HOME][index] or "P"])
        lines.append(f"{row:>3} " + "".join(chars))
    lines.append("    " + "".join(str(c % 10) for c in range(WIDTH)))
    return "\n".join(lines)
