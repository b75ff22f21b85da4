"""The results grid of a season (its page, its printed summary): every team against every team
of a division, the home side down the rows and the away side across the columns, each cell the
match (its score, or a mark while it is to play), linked where the caller gives the links. A
double round robin fills both cells of a pair, one leg in each (the second leg swaps home and
away); a single one fills one of the two.

Read in two queries whatever the number of teams (the season's teams with their divisions,
then its matches), for league seasons only: a knockout or a Swiss has no every-against-every.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext, gettext_noop, pgettext

from leagues.models import Season, SeasonTeam
from matches.models import Match

#: Links of a grid's teams and matches by id: the web's pages, or none on paper.
UrlOf = Callable[[int], str]


def no_url(_pk: int) -> str:
    return ""


#: A division with more teams is left out of the grid (its table has the results' sum): 24
#: teams are 552 cells, which a phone still scrolls through.
CROSS_TABLE_MAX_TEAMS = 24
#: What a cell says of a match without a result: its short mark and, on hover, the word.
OPEN_MARKS: dict[str, tuple[str, str]] = {
    Match.Status.SCHEDULED: ("v", gettext_noop("to play")),
    Match.Status.FAILED: ("v", gettext_noop("to play again (the engine failed)")),
    Match.Status.POSTPONED: ("P", gettext_noop("postponed")),
    Match.Status.CANCELLED: ("C", gettext_noop("cancelled")),
}


@dataclass
class CrossEntry:
    """One match in a cell: "2–1" or a mark, the link to its page and a note for the hover
    (in English; ``cross_note_shown`` words it from the match's round, kickoff and status in
    the reader's language)."""

    text: str
    url: str
    note: str
    round: int = 0
    kickoff: datetime | None = None
    status: str = ""
    forfeited_by: str = ""


def cross_note_shown(entry: CrossEntry) -> str:
    """The cell's note in the reader's language: "round 3, Sat 28 Nov 2026", with how a
    forfeit was awarded or what a match without a result waits for."""
    if entry.kickoff is None:
        return entry.note
    day = date_format(timezone.localtime(entry.kickoff), pgettext("date format", "D j M Y"))
    where = gettext("round %(round)s, %(day)s") % {"round": entry.round, "day": day}
    if entry.status == Match.Status.FORFEITED:
        if entry.forfeited_by == Match.Side.AWAY:
            return gettext("%(where)s, awarded: the away side forfeited") % {"where": where}
        return gettext("%(where)s, awarded: the home side forfeited") % {"where": where}
    if entry.status in OPEN_MARKS:
        return gettext("%(where)s: %(word)s") % {"where": where, "word": gettext(OPEN_MARKS[entry.status][1])}
    return where


@dataclass
class CrossTeam:
    team_id: int
    name: str
    #: The team's number in its grid (1 the first row), before its name.
    number: int
    #: The column's heading: the team's short name, else its number (narrow on a phone).
    short: str
    url: str


@dataclass
class CrossTable:
    """One division's grid ("" for a season without divisions). A row is its home team and one
    cell per away team in ``teams`` order: the matches between them, None on the diagonal.
    ``left_out``: more teams than ``CROSS_TABLE_MAX_TEAMS``, so no rows."""

    title: str
    teams: list[CrossTeam]
    rows: list[tuple[CrossTeam, list[list[CrossEntry] | None]]] = field(default_factory=list)
    left_out: bool = False
    max_teams: int = CROSS_TABLE_MAX_TEAMS


def cross_tables(season: Season, *, team_url: UrlOf = no_url, match_url: UrlOf = no_url) -> list[CrossTable]:
    """The season's grids, one per division (top tier first), teams by name; none for a
    knockout or a Swiss (read with the season, as ``web.selectors.season_page`` loads it)."""
    if hasattr(season, "bracket") or hasattr(season, "swiss"):
        return []
    entries = (
        SeasonTeam.objects.filter(season=season)
        .order_by("division__tier", "team__name", "team_id")
        .values_list("division__name", "team_id", "team__name", "team__short_name")
    )
    divisions: dict[str, list[CrossTeam]] = defaultdict(list)
    for division, team_id, name, short in entries:
        teams = divisions[division or ""]
        number = len(teams) + 1
        teams.append(CrossTeam(team_id, name, number, short or str(number), team_url(team_id)))
    tables = [
        CrossTable(title, teams, left_out=len(teams) > CROSS_TABLE_MAX_TEAMS) for title, teams in divisions.items()
    ]
    if all(table.left_out for table in tables):
        return tables
    cells = match_cells(season, match_url)
    for table in tables:
        if not table.left_out:
            table.rows = [(home, [cell(cells, home, away) for away in table.teams]) for home in table.teams]
    return tables


def cell(cells: dict[tuple[int, int], list[CrossEntry]], home: CrossTeam, away: CrossTeam) -> list[CrossEntry] | None:
    return None if home.team_id == away.team_id else cells.get((home.team_id, away.team_id), [])


def match_cells(season: Season, match_url: UrlOf) -> dict[tuple[int, int], list[CrossEntry]]:
    """The season's matches by (home, away), in round order: one query."""
    matches = (
        Match.objects.filter(season=season)
        .order_by("round", "kickoff", "id")
        .values_list(
            "id", "home_id", "away_id", "status", "home_goals", "away_goals", "forfeited_by", "round", "kickoff"
        )
    )
    cells: dict[tuple[int, int], list[CrossEntry]] = defaultdict(list)
    for match_id, home, away, status, home_goals, away_goals, forfeited_by, number, kickoff in matches:
        day = f"{timezone.localtime(kickoff):%a %d %b %Y}"
        if status in Match.RESULT_STATUSES:
            text, note = f"{home_goals}–{away_goals}", f"round {number}, {day}"
            if status == Match.Status.FORFEITED:
                note += f", awarded: the {forfeited_by} side forfeited"
        else:
            text, word = OPEN_MARKS[status]
            note = f"round {number}, {day}: {word}"
        cells[(home, away)].append(
            CrossEntry(text, match_url(match_id), note, number, kickoff, status, forfeited_by or "")
        )
    return cells
