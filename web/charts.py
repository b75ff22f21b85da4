"""Geometry of the league-positions chart and the odds chart, drawn as SVG by templates.

The chart is computed here and rendered server-side so that it needs no script
and prints; the template escapes every team name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
class Frame:
    """A chart's size and its plot's edges, in the SVG's units."""

    width: int
    height: int
    left: float
    right: float
    top: float
    bottom: float


@dataclass(frozen=True)
class PositionChart(Frame):
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


#: The odds chart: the plot's height (0 % to 100 %), its left margin (room for "100%") and the
#: step between the legend's entries (in the right margin, one per team).
ODDS_PLOT_HEIGHT = 240
ODDS_LEFT = 48
LEGEND_STEP = 18


@dataclass(frozen=True)
class OddsLine:
    team: str
    colour: str
    dashed: bool
    points: str
    #: the team's chance after each of the chart's rounds, in percent (None: not in that round's odds)
    percents: tuple[float | None, ...]
    legend_y: float


@dataclass(frozen=True)
class OddsChart(Frame):
    rounds: tuple[int, ...]
    lines: tuple[OddsLine, ...]
    round_ticks: tuple[Tick, ...]
    percent_ticks: tuple[Tick, ...]
    legend_x: int


def odds_chart(rounds: Sequence[int], chances: Mapping[int, tuple[str, Sequence[float | None]]]) -> OddsChart | None:
    """Each team's chance (0 to 1) after each of ``rounds`` (ascending round numbers) as a
    polyline, from ``chances``: team id to (name, a chance or None per round). x is the round
    number, so a round the odds were not computed after is a gap between points; y runs from
    0 % at the bottom to 100 % at the top. None with fewer than two rounds: no line to draw.
    Colours go by name, as in the positions chart; the legend names the teams in that order."""
    if len(rounds) < 2:
        return None
    right = WIDTH - RIGHT
    bottom = TOP + ODDS_PLOT_HEIGHT
    first, span = rounds[0], max(rounds[-1] - rounds[0], 1)

    def x(number: int) -> float:
        return round(ODDS_LEFT + (right - ODDS_LEFT) * (number - first) / span, 1)

    def y(chance: float) -> float:
        return round(bottom - ODDS_PLOT_HEIGHT * chance, 1)

    lines = []
    for index, (name, values) in enumerate(sorted(chances.values(), key=lambda item: item[0])):
        lines.append(
            OddsLine(
                team=name,
                colour=PALETTE[index % len(PALETTE)],
                dashed=index >= len(PALETTE),
                points=" ".join(f"{x(n)},{y(v)}" for n, v in zip(rounds, values, strict=True) if v is not None),
                percents=tuple(None if v is None else round(100 * v, 1) for v in values),
                legend_y=TOP + LEGEND_STEP * index,
            )
        )
    step = max(1, len(rounds) // 12)
    return OddsChart(
        width=WIDTH,
        height=TOP + BOTTOM + max(ODDS_PLOT_HEIGHT, LEGEND_STEP * len(lines)),
        left=ODDS_LEFT,
        right=right,
        top=TOP,
        bottom=bottom,
        rounds=tuple(rounds),
        lines=tuple(lines),
        round_ticks=tuple(Tick(n, x(n)) for i, n in enumerate(rounds) if i % step == 0 or i == len(rounds) - 1),
        percent_ticks=tuple(Tick(f"{p}%", y(p / 100)) for p in (0, 25, 50, 75, 100)),
        legend_x=right + 16,
    )
