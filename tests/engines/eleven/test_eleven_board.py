"""The board as data: its areas, its lines and its symmetry."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.eleven import board
from engines.eleven.board import (
    CENTRAL_AREA,
    DARK_SPACES,
    GOALS,
    KICK_OFF,
    LABELS,
    NEIGHBOURS,
    NORTH_GOAL,
    NORTH_HALF,
    PENALTY_AREA,
    PENALTY_SPACE,
    RAYS,
    SHOOTING_SPACES,
    SOUTH_GOAL,
    SOUTH_HALF,
    SPACE_COUNT,
    TWO_HOPS,
    half_turn,
    mirror,
)


def names(spaces) -> set[str]:
    return {LABELS[s] for s in spaces}


def test_the_areas_the_rules_name():
    assert SPACE_COUNT == 79
    assert LABELS[KICK_OFF] == "d6" and KICK_OFF in CENTRAL_AREA and len(CENTRAL_AREA) == 7
    assert len(DARK_SPACES) == 7 + 4 + 4
    assert len(SOUTH_HALF) == len(NORTH_HALF) == 35
    assert not (SOUTH_HALF | NORTH_HALF) & CENTRAL_AREA
    assert names(PENALTY_AREA[SOUTH_GOAL]) == {"c1", "d1", "e1", "d2"}
    assert names(SHOOTING_SPACES[NORTH_GOAL]) == {"c11", "d11", "e11"}
    assert LABELS[PENALTY_SPACE[SOUTH_GOAL]] == "d2"
    for goal in GOALS:
        assert set(NEIGHBOURS[goal]) == set(SHOOTING_SPACES[goal])


@pytest.mark.parametrize("transform", [half_turn, mirror])
def test_the_board_is_symmetric(transform):
    for space in range(SPACE_COUNT):
        assert transform(transform(space)) == space
        assert {transform(n) for n in NEIGHBOURS[space]} == set(NEIGHBOURS[transform(space)])
        assert {transform(t) for t in TWO_HOPS[space]} == set(TWO_HOPS[transform(space)])
        assert sorted(len(ray) for ray in RAYS[space]) == sorted(len(ray) for ray in RAYS[transform(space)])
    assert {transform(s) for s in CENTRAL_AREA} == set(CENTRAL_AREA)
    assert transform(KICK_OFF) == KICK_OFF


def test_the_half_turn_swaps_the_ends():
    assert half_turn(SOUTH_GOAL) == NORTH_GOAL
    assert {half_turn(s) for s in SOUTH_HALF} == set(NORTH_HALF)
    assert {half_turn(s) for s in PENALTY_AREA[SOUTH_GOAL]} == set(PENALTY_AREA[NORTH_GOAL])
    assert half_turn(PENALTY_SPACE[SOUTH_GOAL]) == PENALTY_SPACE[NORTH_GOAL]


def test_lines_join_neighbours_both_ways():
    for space in range(SPACE_COUNT):
        for neighbour in NEIGHBOURS[space]:
            assert space in NEIGHBOURS[neighbour]


def test_the_drawing_is_in_the_docstring_and_the_readme():
    drawing = board.draw()
    assert drawing.count("K") == 1 and drawing.count("S") == 6 and drawing.count("P") == 2
    readme = (Path(board.__file__).parent / "README.md").read_text()
    for line in drawing.splitlines():
        assert line.rstrip() in readme
        assert line.replace("\\", "\\").rstrip() in (board.__doc__ or "")
