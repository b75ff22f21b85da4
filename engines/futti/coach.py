"""The Fütti computer coach: the starting lineup of a sheet that names none, and the
order in which reserves go on. The coach reads the rules' cards and the charts' die
indicators; the match never calls the coach (it plays the lineup and bench it is given).

A field player is weighed in a box by how often the die indicators pick that box (attack
boxes: offence faces and defence faces) times the player's rating there (6 counts as 5:
a six always fails).
"""

from __future__ import annotations

from itertools import permutations

from engines.core import TeamSheet
from engines.futti.cards import FIELD, GOALKEEPER
from engines.futti.charts import GOALKEEPER_SLOT
from engines.futti.team import BoxWeights, Card, Team, read_cards, sheet_lineup

#: The field boxes: attacker 1, attacker 2, defender 1, defender 2.
FIELD_BOXES = range(GOALKEEPER_SLOT)


def build_team(sheet: TeamSheet, side_index: int, weights: BoxWeights) -> Team:
    """A side as the coach sends it out: the sheet's lineup (or the coach's own), the
    better goaltender starting, and for each field box the reserves best first;
    ``weights`` are the die-indicator faces of each box (``Charts.box_weights``)."""
    cards = read_cards(sheet, side_index)
    field = [card for card in cards if card.role == FIELD]
    keepers = [card for card in cards if card.role == GOALKEEPER]
    if sheet.lineup:
        starters, keeper = sheet_lineup(sheet.lineup, {card.id: card for card in cards})
    else:
        starters = coach_lineup(field, weights)
        keeper = max(keepers, key=lambda card: (card.goaltending, -card.order))
    reserve = keepers[1] if keeper is keepers[0] else keepers[0]
    lineup = (*starters, keeper)
    reserves = [card for card in field if card not in lineup]
    field_bench = tuple(
        tuple(sorted(reserves, key=lambda card: bench_rank(card, slot, weights))) for slot in FIELD_BOXES
    )
    return Team(sheet.name, tuple(cards), lineup, (keeper, reserve), field_bench)


def box_value(card: Card, slot: int, weights: BoxWeights) -> int:
    """What a field player is worth in a box: how often the dice pick the box
    as key offensive player and as key defender (the die indicators), times
    the chance the player's check succeeds (a rating above 5 still fails on a
    six, so it counts as 5)."""
    offence_faces, defence_faces = weights[slot]
    return offence_faces * min(card.offence, 5) + defence_faces * min(card.defence, 5)


def bench_rank(card: Card, slot: int, weights: BoxWeights) -> tuple[int, int, int]:
    """How the coach ranks a reserve for an open box: its worth there, then
    the box's own rating (offence up front, defence at the back), then the
    sheet order."""
    main_rating = card.offence if slot < 2 else card.defence
    return (-box_value(card, slot, weights), -main_rating, card.order)


def coach_lineup(field: list[Card], weights: BoxWeights) -> tuple[Card, ...]:
    """The four starters, box by box, with the most worth (``box_value``);
    more control stars break a tie, then the stronger player in the first box
    of a pair, then the sheet order."""
    worth = [[box_value(card, slot, weights) for slot in FIELD_BOXES] for card in field]
    best: tuple[int, ...] = ()
    best_score: tuple[int, int, tuple[int, ...]] = (-1, -1, ())
    for a1, a2, d1, d2 in permutations(range(len(field)), 4):
        total = worth[a1][0] + worth[a2][1] + worth[d1][2] + worth[d2][3]
        if total < best_score[0]:
            continue
        score = (
            total,
            field[a1].stars + field[a2].stars + field[d1].stars + field[d2].stars,
            (field[a1].offence, field[a2].offence, field[d1].defence, field[d2].defence),
        )
        if score > best_score:
            best_score, best = score, (a1, a2, d1, d2)
    return tuple(field[index] for index in best)
