"""Geometry of the league-positions chart, drawn as SVG by a template.

The chart is computed here and rendered server-side so that it needs no script
and prints; the template escapes every team name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from competitions.standings import Table

#: Colours with at least 3:1 contrast on white, told apart by hue; a 13th team reuses one, dashed.
PALETTE = (
    "#1f5fa8",
    "#c0392b",
    "#1e7d32",
    "#8e44ad",
    "#b35900",
    "#00796b",
    "#ad1457",
    "#5d4037",
    "#37474f",
    "#6a5acd",
    "#827717",
    "#0277bd",
)
WIDTH = 720
LEFT, RIGHT, TOP, BOTTOM = 36, 190, 20, 36
ROW_HEIGHT = 26


@dataclass(frozen=True)
class Line:
    team: str
    colour: str
    dashed: bool
    points: str
    positions: tuple[int, ...]
    label_x: float
    label_y: float


@dataclass(frozen=True)
class Tick:
    value: int | str
    at: float


@dataclass(frozen=True)
class TierBand:
    label: str
    at: float


@dataclass(frozen=True)
class PositionChart:
    width: int
    height: int
    left: float
    right: float
    top: float
    bottom: float
    lines: tuple[Line, ...]
    #: the x axis: rounds of a season, or seasons of a league's history
    round_ticks: tuple[Tick, ...]
    position_ticks: tuple[Tick, ...]
    #: a league's history: where each tier below the first begins (a rule across the chart)
    bands: tuple[TierBand, ...] = ()


def draw_lines(
    columns: Sequence[int | str],
    count: int,
    marks: dict[int, tuple[str, list[tuple[int, int]]]],
    bands: Sequence[tuple[str, int]] = (),
) -> PositionChart:
    """Polylines through each team's (column index, position) marks, first place at the top,
    for ``columns`` (their labels) and ``count`` positions; ``bands`` rule off the positions from
    which each lower tier begins (label, first position)."""
    height = TOP + BOTTOM + ROW_HEIGHT * max(count - 1, 1)
    right = WIDTH - RIGHT
    span = max(len(columns) - 1, 1)

    def x(index: int) -> float:
        return round(LEFT + (right - LEFT) * index / span, 1)

    def y(position: int) -> float:
        return round(TOP + ROW_HEIGHT * (position - 1), 1)

    lines = []
    for index, (name, team_marks) in enumerate(sorted(marks.values(), key=lambda item: item[0])):
        last_index, last_position = team_marks[-1]
        lines.append(
            Line(
                team=name,
                colour=PALETTE[index % len(PALETTE)],
                dashed=index >= len(PALETTE),
                points=" ".join(f"{x(i)},{y(p)}" for i, p in team_marks),
                positions=tuple(p for _, p in team_marks),
                label_x=x(last_index) + 8,
                label_y=y(last_position) + 4,
            )
        )
    step = max(1, len(columns) // 12)
    return PositionChart(
        width=WIDTH,
        height=height,
        left=LEFT,
        right=right,
        top=TOP,
        bottom=height - BOTTOM,
        lines=tuple(lines),
        round_ticks=tuple(Tick(n, x(i)) for i, n in enumerate(columns) if i % step == 0 or i == len(columns) - 1),
        position_ticks=tuple(Tick(p, y(p)) for p in range(1, count + 1)),
        bands=tuple(TierBand(label, y(first) - ROW_HEIGHT / 2) for label, first in bands),
    )


def position_chart(tables: Sequence[tuple[int, Table]]) -> PositionChart:
    """Each team's league position after each round, as polylines (first place at the top)."""
    marks: dict[int, tuple[str, list[tuple[int, int]]]] = {}
    for index, (_, table) in enumerate(tables):
        for row in table.rows:
            marks.setdefault(row.team_id, (row.name, []))[1].append((index, row.position))
    return draw_lines([number for number, _ in tables], max(len(table.rows) for _, table in tables), marks)


def history_chart(seasons: Sequence[tuple[str, Sequence[tuple[int, Table]]]]) -> PositionChart:
    """Each team's finishing place over the seasons, tier by tier: from (season name, [(tier,
    final table)]) oldest first. The first tier's places come first, then the second's below
    them (each tier as tall as its largest season), so going down a division goes down the
    chart. A season a team missed is skipped by its line."""
    tier_size: dict[int, int] = {}
    for _, tables in seasons:
        for tier, table in tables:
            tier_size[tier] = max(tier_size.get(tier, 0), len(table.rows))
    offset, above = {}, 0
    for tier in sorted(tier_size):
        offset[tier], above = above, above + tier_size[tier]
    marks: dict[int, tuple[str, list[tuple[int, int]]]] = {}
    for index, (_, tables) in enumerate(seasons):
        for tier, table in tables:
            for row in table.rows:
                marks.setdefault(row.team_id, (row.name, []))[1].append((index, offset[tier] + row.position))
    bands = [(f"tier {tier}", offset[tier] + 1) for tier in sorted(offset)[1:]]
    return draw_lines([name for name, _ in seasons], max(above, 1), marks, bands)
