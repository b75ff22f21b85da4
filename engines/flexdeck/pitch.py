"""The pitch of Flexdeck Futbol as tables: columns, ranks and where the ball goes.

The rule book's sample game names the columns A to H. The visitors (red/green)
keep goal in column A and attack towards H; the home side (blue/gold) keeps goal
in column H and attacks towards A. Each side deals its eleven cards as keeper,
four defenders, four midfielders and two forwards:

====== ========= ========= ===========
column side      rank      slots
====== ========= ========= ===========
A      away      keeper    0
B      away      defenders 1-4  (B1-B4)
C      home      forwards  9-10 (C1-C2)
D      away      midfield  5-8  (D1-D4)
E      home      midfield  5-8  (E1-E4)
F      away      forwards  9-10 (F1-F2)
G      home      defenders 1-4  (G1-G4)
H      home      keeper    0
====== ========= ========= ===========

Ball positions are half-columns: column ``c`` is position ``2c`` and the centre
spot between the midfield lines (D and E) is position 7.
"""

from __future__ import annotations

HOME, AWAY = 0, 1
SIDE_NAMES = ("home", "away")

KEEPER = 0
DEFENDERS = (1, 2, 3, 4)
MIDFIELDERS = (5, 6, 7, 8)
FORWARDS = (9, 10)
PITCH_SIZE = 11
FIELD_SLOTS = DEFENDERS + MIDFIELDERS + FORWARDS
RANKS = (DEFENDERS, MIDFIELDERS, FORWARDS)
RANK_NAMES = ("keeper", "defender", "midfielder", "forward")

CENTRE = 7
COLUMN_LETTERS = "ABCDEFGH"

#: The column of each rank (keeper, defenders, midfielders, forwards) per side.
RANK_COLUMNS = ((7, 6, 4, 2), (0, 1, 3, 5))

#: Which rank (0 keeper .. 3 forwards) each slot belongs to.
SLOT_RANK = (0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3)
#: The row number printed after the column letter (G1, E4, F2...).
SLOT_ROW = (0, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2)
RANK_SLOTS = ((KEEPER,), DEFENDERS, MIDFIELDERS, FORWARDS)

#: Attack direction: home moves the ball towards A (down), away towards H (up).
DIRECTION = (-1, 1)


def _ranks_ahead(attacker: int, position: int) -> list[tuple[int, int]]:
    """The defenders' field ranks (distance, rank) ahead of the ball, nearest first."""
    defender = 1 - attacker
    found = []
    for rank in (1, 2, 3):
        column = RANK_COLUMNS[defender][rank] * 2
        distance = (column - position) * DIRECTION[attacker]
        if distance > 0:
            found.append((distance, rank))
    return sorted(found)


def _build_next_rank() -> tuple[tuple[int | None, ...], ...]:
    """NEXT_RANK[attacker][position]: the opposing rank the next move must beat."""
    table = []
    for attacker in (HOME, AWAY):
        row = []
        for position in range(15):
            ahead = _ranks_ahead(attacker, position)
            row.append(ahead[0][1] if ahead else None)
        table.append(tuple(row))
    return tuple(table)


def _build_retreat(ranks_of_offender: bool) -> tuple[tuple[int, ...], ...]:
    """RETREAT[offender][position]: where a referee call sends the ball back.

    ``ranks_of_offender`` picks whose ranks the ball falls back to: the
    offender's own nearest rank behind the ball (what the sample game's first
    half does) or the other side's nearest rank behind it (its second half).
    With no such rank the ball stays where it is.
    """
    table = []
    for offender in (HOME, AWAY):
        owner = offender if ranks_of_offender else 1 - offender
        row = []
        for position in range(15):
            behind = [
                RANK_COLUMNS[owner][rank] * 2
                for rank in (1, 2, 3)
                if (RANK_COLUMNS[owner][rank] * 2 - position) * DIRECTION[offender] < 0
            ]
            row.append(min(behind, key=lambda column: abs(column - position)) if behind else position)
        table.append(tuple(row))
    return tuple(table)


NEXT_RANK = _build_next_rank()
RETREAT_OWN = _build_retreat(True)
RETREAT_OPPONENT = _build_retreat(False)
#: Per reading of "the ball is moved back to the opposing team's nearest rank" (README
#: decision 1): the table a call uses when the ball lies on one of the offender's own cards,
#: and the one it uses otherwise (on the other side's card, on a column or at the centre).
#: ``card``: the nearest rank of the team opposing the card the ball lies on, on no card the
#: offender's own (the one reading under which the rule book's whole sample game replays).
RetreatRule = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]
RETREAT_RULES: dict[str, RetreatRule] = {
    "card": (RETREAT_OPPONENT, RETREAT_OWN),
    "opponent": (RETREAT_OPPONENT, RETREAT_OPPONENT),
    "own": (RETREAT_OWN, RETREAT_OWN),
}


def slot_label(side: int, slot: int) -> str:
    """The sample game's name of a card's place: 'H' for a keeper, 'G1', 'F2'..."""
    rank = SLOT_RANK[slot]
    letter = COLUMN_LETTERS[RANK_COLUMNS[side][rank]]
    return letter if rank == 0 else f"{letter}{SLOT_ROW[slot]}"


SLOT_LABELS = tuple(tuple(slot_label(side, slot) for slot in range(PITCH_SIZE)) for side in (HOME, AWAY))


def position_label(position: int, side: int, slot: int) -> str:
    """Where the ball is: 'centre', a column ('D') or a card ('E2')."""
    if slot >= 0:
        return SLOT_LABELS[side][slot]
    if position == CENTRE:
        return "centre"
    return COLUMN_LETTERS[position // 2]
