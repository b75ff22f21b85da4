"""The season summary for the notice board: the table of each division, the results grid and
the leaders, read into frozen rows that ``printing.season_reports`` draws with no database
access (the season page reads the same three: ``division_tables``, ``cross_tables``,
``leaderboards``)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from competitions.cross_tables import cross_tables
from competitions.divisions import division_tables
from competitions.leaders import leaderboards
from competitions.swiss import swiss_standings
from leagues.models import Season, Team
from leagues.zones import zone_time_text
from matches.models import Match

#: A table's columns as printed, after the position and the team.
TABLE_COLUMNS = ("P", "W", "D", "L", "GF", "GA", "GD", "Pts")
SWISS_COLUMNS = ("Score", "Byes", "Buchholz", "GD")


@dataclass(frozen=True)
class ReportTable:
    """A table as printed: its title ("" for a season of one division), the headings after
    position and team, and each row as (position, team, figures ...); its tie-break notes."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class ReportGrid:
    """One division's results grid: numbered teams down, their numbers across, each cell the
    results of that pairing ("2–1", "v" to play, "P" postponed ...), "" on the diagonal."""

    title: str
    teams: tuple[str, ...]
    cells: tuple[tuple[str, ...], ...]
    left_out: bool = False


@dataclass(frozen=True)
class ReportBoard:
    title: str
    lines: tuple[tuple[str, str, str], ...]  # (player, team, value with its detail)


@dataclass(frozen=True)
class SeasonReport:
    title: str
    #: "Final table" or how far the season is ("24 of 30 matches played"), in the reader's language.
    progress: str
    tables: tuple[ReportTable, ...]
    grids: tuple[ReportGrid, ...]
    boards: tuple[ReportBoard, ...]
    #: A knockout's table is its bracket, printed on its own.
    bracket: bool
    printed_at: str


def season_report(season_id: int) -> SeasonReport:
    """The season's summary as it stands now (``Season.DoesNotExist`` for an unknown id)."""
    season = Season.objects.select_related("league", "bracket", "swiss").get(id=season_id)
    counts = Match.objects.filter(season=season).aggregate(
        total=Count("id"), done=Count("id", filter=Q(status__in=Match.CLOSED_STATUSES))
    )
    progress = (
        gettext("Final table")
        if counts["total"] and counts["done"] == counts["total"]
        else ngettext("%(done)s of %(total)s match played", "%(done)s of %(total)s matches played", counts["total"])
        % {"done": counts["done"], "total": counts["total"]}
    )
    bracket = hasattr(season, "bracket")
    return SeasonReport(
        title=str(season),
        progress=progress,
        tables=() if bracket else _tables(season),
        grids=tuple(
            ReportGrid(
                grid.title,
                tuple(f"{team.number}. {team.name}" for team in grid.teams),
                tuple(
                    tuple("" if cell is None else " ".join(entry.text for entry in cell) for cell in row)
                    for _, row in grid.rows
                ),
                grid.left_out,
            )
            for grid in cross_tables(season)
        ),
        boards=tuple(
            ReportBoard(
                board.title,
                tuple(
                    (leader.name, leader.team, f"{leader.value}" + (f" ({leader.detail})" if leader.detail else ""))
                    for leader in board.leaders
                ),
            )
            for board in leaderboards(season)
        ),
        bracket=bracket,
        printed_at=zone_time_text(timezone.now(), season.league.time_zone),
    )


def _tables(season: Season) -> tuple[ReportTable, ...]:
    if hasattr(season, "swiss"):
        names = dict(Team.objects.filter(id__in=season.swiss.ranking).values_list("id", "name"))
        rows = tuple(
            (
                str(position),
                names[row.team],
                str(row.score),
                str(row.byes),
                str(row.buchholz),
                f"{row.goal_difference:+d}",
            )
            for position, row in enumerate(swiss_standings(season.swiss), start=1)
        )
        return (ReportTable("", SWISS_COLUMNS, rows),)
    return tuple(
        ReportTable(
            part.division.name if part.division else "",
            TABLE_COLUMNS,
            tuple(
                (
                    str(row.position),
                    row.name,
                    *map(str, (row.played, row.won, row.drawn, row.lost, row.goals_for, row.goals_against)),
                    f"{row.goal_difference:+d}",
                    str(row.points),
                )
                for row in part.table.rows
            ),
            tuple(part.table.notes),
        )
        for part in division_tables(season, cache=True)
    )
