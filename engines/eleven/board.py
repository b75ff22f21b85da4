"""The "11" board, written down as data.

The rule book prints the field only as a picture, so this module designs it:
a grid of 7 columns (a-g) by 11 rows (1-11) of spaces, each joined to its
eight neighbours by straight lines (across, along and the two diagonals of
every square), plus one goal space behind each end line, joined to the three
spaces in front of it. Row 6 is the halfway row; all seven of its spaces are
the dark central area, with the kick-off space d6 in the middle. The south
half is rows 1-5, the north half rows 7-11. Each penalty area has four dark
spaces: the three shooting spaces joined to the goal (c1 d1 e1, c11 d11 e11)
and the penalty space in front of them (d2, d10)::

                    d12
                   / | \\
     11  o---o---S---S---S---o---o
         | X | X | X | X | X | X |
     10  o---o---o---P---o---o---o
         | X | X | X | X | X | X |
      9  o---o---o---o---o---o---o
         | X | X | X | X | X | X |
      8  o---o---o---o---o---o---o
         | X | X | X | X | X | X |
      7  o---o---o---o---o---o---o
         | X | X | X | X | X | X |
      6  C---C---C---K---C---C---C
         | X | X | X | X | X | X |
      5  o---o---o---o---o---o---o
         | X | X | X | X | X | X |
      4  o---o---o---o---o---o---o
         | X | X | X | X | X | X |
      3  o---o---o---o---o---o---o
         | X | X | X | X | X | X |
      2  o---o---o---P---o---o---o
         | X | X | X | X | X | X |
      1  o---o---S---S---S---o---o
                   \\ | /
                    d0
         a   b   c   d   e   f   g

    S shooting space, P penalty space (both dark: the penalty area),
    C central area (dark), K kick-off space, d0 / d12 the south / north goal.

Four lines cross at every space (its row, its column, its two diagonals), and
the two diagonals of a square also cross in its middle (the X), where there is
no space. The rule book forbids a change of direction where lines cross, so a
piece's run follows one line (the README quotes the book and argues the
reading). The board is symmetric under the half turn about d6 (south and
north swap) and under the mirror a<->g; tests check both.

Spaces are numbered ``row * 7 + column`` (a1 = 0, g11 = 76); the south goal is
77 and the north goal 78. Everything the engine asks of the board (neighbours,
straight rays, two-space shots) is precomputed here into plain lists.
"""

from __future__ import annotations

COLUMNS = 7
ROWS = 11
FIELD_SPACES = COLUMNS * ROWS
SOUTH_GOAL = FIELD_SPACES  # 77, "d0"
NORTH_GOAL = FIELD_SPACES + 1  # 78, "d12"
SPACE_COUNT = FIELD_SPACES + 2
CENTRE_ROW = ROWS // 2  # row index 5, printed as row 6
MIDDLE_COLUMN = COLUMNS // 2  # column d

#: The eight line directions as (column step, row step).
DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))


def coordinates(space: int) -> tuple[int, int]:
    """(column, row) of a space; the goals sit one row beyond each end line."""
    if space == SOUTH_GOAL:
        return MIDDLE_COLUMN, -1
    if space == NORTH_GOAL:
        return MIDDLE_COLUMN, ROWS
    return space % COLUMNS, space // COLUMNS


def space_at(column: int, row: int) -> int | None:
    """The space at (column, row), or None off the board."""
    if 0 <= column < COLUMNS and 0 <= row < ROWS:
        return row * COLUMNS + column
    if column == MIDDLE_COLUMN and row == -1:
        return SOUTH_GOAL
    if column == MIDDLE_COLUMN and row == ROWS:
        return NORTH_GOAL
    return None


def label(space: int) -> str:
    """The printed name of a space: column letter and row number (goals: d0, d12)."""
    column, row = coordinates(space)
    return f"{'abcdefg'[column]}{row + 1}"


LABELS = tuple(label(space) for space in range(SPACE_COUNT))
SPACE_BY_LABEL = {name: space for space, name in enumerate(LABELS)}


def _step(space: int, direction: tuple[int, int]) -> int | None:
    column, row = coordinates(space)
    target = space_at(column + direction[0], row + direction[1])
    if target is None:
        return None
    # The goal is joined only to the three shooting spaces in front of it, so a
    # line may reach it only from those (or leave it towards them).
    if space in (SOUTH_GOAL, NORTH_GOAL) or target in (SOUTH_GOAL, NORTH_GOAL):
        goal_row = -1 if SOUTH_GOAL in (space, target) else ROWS
        other_row = row + direction[1] if space in (SOUTH_GOAL, NORTH_GOAL) else row
        if abs(goal_row - other_row) != 1:
            return None
    return target


def _ray(space: int, direction: tuple[int, int]) -> tuple[int, ...]:
    spaces: list[int] = []
    current = _step(space, direction)
    while current is not None:
        spaces.append(current)
        current = _step(current, direction)
    return tuple(spaces)


#: RAYS[space][d]: the spaces met running straight from ``space`` in direction d.
RAYS = tuple(tuple(_ray(space, d) for d in DIRECTIONS) for space in range(SPACE_COUNT))
#: NEIGHBOURS[space]: the spaces one line away.
NEIGHBOURS = tuple(tuple(ray[0] for ray in rays if ray) for rays in RAYS)


def _two_space_shots(space: int) -> dict[int, tuple[int, ...]]:
    """Spaces a ball reaches in two hops, with the spaces it may fly over.

    The rule book lets a shot of two spaces curve, so any neighbour of a
    neighbour counts; the ball never flies over a goal space.
    """
    shots: dict[int, list[int]] = {}
    for middle in NEIGHBOURS[space]:
        if middle in (SOUTH_GOAL, NORTH_GOAL):
            continue
        for target in NEIGHBOURS[middle]:
            if target != space and target not in NEIGHBOURS[space]:
                shots.setdefault(target, []).append(middle)
    return {target: tuple(middles) for target, middles in sorted(shots.items())}


#: TWO_HOPS[space]: {target: (spaces the ball may fly over)} for shots of two spaces
#: that cannot be made in one.
TWO_HOPS = tuple(_two_space_shots(space) for space in range(SPACE_COUNT))

SOUTH_HALF = frozenset(range(0, CENTRE_ROW * COLUMNS))
NORTH_HALF = frozenset(range((CENTRE_ROW + 1) * COLUMNS, FIELD_SPACES))
CENTRAL_AREA = frozenset(range(CENTRE_ROW * COLUMNS, (CENTRE_ROW + 1) * COLUMNS))
KICK_OFF = CENTRE_ROW * COLUMNS + MIDDLE_COLUMN  # d6

#: The three dark spaces joined to each goal: the only places a goal is shot from.
SHOOTING_SPACES = {
    SOUTH_GOAL: (2, 3, 4),  # c1 d1 e1
    NORTH_GOAL: (72, 73, 74),  # c11 d11 e11
}
#: The space in front of each goal, where shoot-out kicks are taken.
PENALTY_SPACE = {SOUTH_GOAL: 10, NORTH_GOAL: 66}  # d2, d10
#: The four dark spaces of each penalty area (the goal space is the goalie's too).
PENALTY_AREA = {goal: frozenset((*SHOOTING_SPACES[goal], PENALTY_SPACE[goal])) for goal in (SOUTH_GOAL, NORTH_GOAL)}
HALF_OF_GOAL = {SOUTH_GOAL: SOUTH_HALF, NORTH_GOAL: NORTH_HALF}
GOALS = (SOUTH_GOAL, NORTH_GOAL)

#: The dark spaces of the picture: the central area and both penalty areas.
DARK_SPACES = CENTRAL_AREA | PENALTY_AREA[SOUTH_GOAL] | PENALTY_AREA[NORTH_GOAL]


def half_turn(space: int) -> int:
    """The space opposite through d6: the board seen from the other end."""
    column, row = coordinates(space)
    result = space_at(COLUMNS - 1 - column, ROWS - 1 - row)
    assert result is not None
    return result


def mirror(space: int) -> int:
    """The space mirrored left to right (a<->g)."""
    column, row = coordinates(space)
    result = space_at(COLUMNS - 1 - column, row)
    assert result is not None
    return result


def distance_rows_to(goal: int, space: int) -> int:
    """How many rows ``space`` is from the end line in front of ``goal`` (0 on it)."""
    row = coordinates(space)[1]
    if space in GOALS:
        return 0 if space == goal else ROWS
    return row if goal == SOUTH_GOAL else ROWS - 1 - row


def draw() -> str:
    """The board as text, north at the top, with dark spaces marked."""
    lines = [" " * 16 + LABELS[NORTH_GOAL], " " * 15 + "/ | \\"]
    for row in range(ROWS - 1, -1, -1):
        marks = []
        for column in range(COLUMNS):
            space = row * COLUMNS + column
            if space == KICK_OFF:
                marks.append("K")
            elif space in CENTRAL_AREA:
                marks.append("C")
            elif space in SHOOTING_SPACES[SOUTH_GOAL] or space in SHOOTING_SPACES[NORTH_GOAL]:
                marks.append("S")
            elif space in PENALTY_SPACE.values():
                marks.append("P")
            else:
                marks.append("o")
        lines.append(f"{row + 1:>3}  " + "---".join(marks))
        if row:
            lines.append("     " + " X ".join("|" * COLUMNS))
    lines += [" " * 15 + "\\ | /", " " * 16 + LABELS[SOUTH_GOAL], "     " + "   ".join("abcdefg")]
    return "\n".join(lines)
