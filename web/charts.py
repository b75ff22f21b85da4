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
class PositionChart:
    width: int
    height: int
    left: float
    right: float
    top: float
    bottom: float
    lines: tuple[Line, ...]
    round_ticks: tuple[Tick, ...]
    position_ticks: tuple[Tick, ...]


def position_chart(tables: Sequence[tuple[int, Table]]) -> PositionChart:
    """Each team's league position after each round, as polylines (first place at the top)."""
    rounds = [number for number, _ in tables]
    teams = sorted({row.team_id: row.name for _, table in tables for row in table.rows}.items(), key=lambda t: t[1])
    count = max(len(table.rows) for _, table in tables)
    height = TOP + BOTTOM + ROW_HEIGHT * max(count - 1, 1)
    right = WIDTH - RIGHT
    span = max(len(rounds) - 1, 1)

    def x(index: int) -> float:
        return round(LEFT + (right - LEFT) * index / span, 1)

    def y(position: int) -> float:
        return round(TOP + ROW_HEIGHT * (position - 1), 1)

    by_round = [{row.team_id: row.position for row in table.rows} for _, table in tables]
    lines = []
    for index, (team_id, name) in enumerate(teams):
        positions = tuple(positions_then[team_id] for positions_then in by_round)
        lines.append(
            Line(
                team=name,
                colour=PALETTE[index % len(PALETTE)],
                dashed=index >= len(PALETTE),
                points=" ".join(f"{x(i)},{y(p)}" for i, p in enumerate(positions)),
                positions=positions,
                label_x=x(len(rounds) - 1) + 8,
                label_y=y(positions[-1]) + 4,
            )
        )
    step = max(1, len(rounds) // 12)
    return PositionChart(
        width=WIDTH,
        height=height,
        left=LEFT,
        right=right,
        top=TOP,
        bottom=height - BOTTOM,
        lines=tuple(lines),
        round_ticks=tuple(Tick(n, x(i)) for i, n in enumerate(rounds) if i % step == 0 or i == len(rounds) - 1),
        position_ticks=tuple(Tick(p, y(p)) for p in range(1, count + 1)),
    )


@dataclass(frozen=True)
class TierBand:
    label: str
    at: float


@dataclass(frozen=True)
class HistoryChart:
    width: int
    height: int
    left: float
    right: float
    top: float
    bottom: float
    lines: tuple[Line, ...]
    season_ticks: tuple[Tick, ...]
    position_ticks: tuple[Tick, ...]
    #: where each tier below the first begins (a rule across the chart), and its name
    bands: tuple[TierBand, ...]


def history_chart(seasons: Sequence[tuple[str, Sequence[tuple[int, Table]]]]) -> HistoryChart:
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
    count = max(above, 1)
    height = TOP + BOTTOM + ROW_HEIGHT * max(count - 1, 1)
    right = WIDTH - RIGHT
    span = max(len(seasons) - 1, 1)

    def x(index: int) -> float:
        return round(LEFT + (right - LEFT) * index / span, 1)

    def y(place: int) -> float:
        return round(TOP + ROW_HEIGHT * (place - 1), 1)

    places: dict[int, list[tuple[int, int]]] = {}
    names: dict[int, str] = {}
    for index, (_, tables) in enumerate(seasons):
        for tier, table in tables:
            for row in table.rows:
                names[row.team_id] = row.name
                places.setdefault(row.team_id, []).append((index, offset[tier] + row.position))
    lines = []
    for index, (team_id, name) in enumerate(sorted(names.items(), key=lambda item: item[1])):
        marks = places[team_id]
        last_index, last_place = marks[-1]
        lines.append(
            Line(
                team=name,
                colour=PALETTE[index % len(PALETTE)],
                dashed=index >= len(PALETTE),
                points=" ".join(f"{x(i)},{y(p)}" for i, p in marks),
                positions=tuple(p for _, p in marks),
                label_x=x(last_index) + 8,
                label_y=y(last_place) + 4,
            )
        )
    return HistoryChart(
        width=WIDTH,
        height=height,
        left=LEFT,
        right=right,
        top=TOP,
        bottom=height - BOTTOM,
        lines=tuple(lines),
        season_ticks=tuple(Tick(name, x(i)) for i, (name, _) in enumerate(seasons)),
        position_ticks=tuple(Tick(p, y(p)) for p in range(1, count + 1)),
        bands=tuple(TierBand(f"tier {tier}", y(offset[tier] + 1) - ROW_HEIGHT / 2) for tier in sorted(offset)[1:]),
    )
