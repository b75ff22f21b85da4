"""Reads for the pages that look back over a league's seasons: its history, all-time table,
records and players, a card's career and two teams' head-to-head.

Each returns plain data in a fixed number of queries whatever the number of seasons: the
league-wide figures come from ``competitions.history`` (cached by the league's results
version), a card's career and a head-to-head from one query over their own rows.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.db.models import Count, Q, Sum
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from competitions.careers import Career, career
from competitions.history import AllTimeRow, DivisionSeason, LeagueHistory, cached_history, history_key
from competitions.records import Record, cached_records
from competitions.standings import Row
from competitions.summaries import season_summaries
from leagues.cache import cached
from leagues.models import League, Season, Team
from matches.models import HAPPENED_AT, Match, PlayerMatchStat
from web.charts import PositionChart, history_chart
from web.selectors import label, matches_with_teams, url_maker, with_links

#: How many players each all-time leaderboard lists.
ALL_TIME_BOARD_SIZE = 10
#: The all-time leaderboards: a stat line's column (or sum of columns) and the board's title.
ALL_TIME_BOARDS = (
    ("goals", "Goals"),
    ("matches", "Matches"),
    ("shots", "Shots"),
    ("saves", "Saves"),
    ("steals", "Steals"),
    ("cards", "Cards"),
    ("injuries", "Injuries"),
)


@dataclass
class SeasonHistory:
    """One season of the league: each division's final table and outcome, top tier first."""

    season_id: int
    name: str
    divisions: list[DivisionSeason]
    #: each division with its table rendered (``rendered_tables``)
    rendered: list[tuple[DivisionSeason, SafeString]] = field(default_factory=list)


@dataclass
class HistoryPage:
    league: League
    seasons: list[SeasonHistory]
    chart: PositionChart | None


def by_season(history: LeagueHistory) -> list[SeasonHistory]:
    """The history's division tables grouped by season, oldest first."""
    seasons: dict[int, SeasonHistory] = {}
    for entry in history.seasons:
        seasons.setdefault(entry.season_id, SeasonHistory(entry.season_id, entry.season_name, [])).divisions.append(
            entry
        )
    return list(seasons.values())


def league_and_key(slug: str) -> tuple[League, str]:
    """The league and the key its history is cached under (two queries): the pages below are
    cached whole under it too."""
    league = League.objects.get(slug=slug)
    return league, history_key(league)


#: The template of a division's table, and a digest of its text: part of the key a rendered
#: table is stored under, so a changed template renders the tables again.
TABLE_TEMPLATE = "web/_table.html"
TABLE_DIGEST = hashlib.sha1(
    (Path(settings.BASE_DIR) / "templates" / TABLE_TEMPLATE).read_bytes()  # noqa: S324 - a cache key, not a secret
).hexdigest()[:12]


def season_caption(season: str, division: str) -> str:
    return _("Season %(season)s %(division)s") % {"season": season, "division": division}


def rendered_tables(seasons: list[SeasonHistory]) -> None:
    """Each season's division tables as HTML (``SeasonHistory.rendered``): a long history has
    hundreds of rows to render. Kept like the tables themselves (``season_summaries``): in the
    cache under the season's version, and stored once the season is finished, so a page on an
    empty cache renders only the running season's."""
    by_id = {season.season_id: season for season in seasons}
    language = get_language()  # each language's tables are kept apart
    keys = {
        season.season_id: f"history-html:{season.season_id}:{season.divisions[0].version}:{TABLE_DIGEST}:{language}"
        for season in seasons
    }

    def render(season_ids: list[int]) -> dict[int, list[str]]:
        return {
            season_id: [
                render_to_string(
                    TABLE_TEMPLATE,
                    {"table": entry.table, "caption": season_caption(entry.season_name, entry.division.name)},
                )
                for entry in by_id[season_id].divisions
            ]
            for season_id in season_ids
        }

    html = season_summaries(f"history-html:{language}", keys, render)
    for season in seasons:
        season.rendered = [
            (entry, mark_safe(table))  # noqa: S308 - rendered from the template above
            for entry, table in zip(season.divisions, html[season.season_id], strict=True)
        ]


def history_page(league: League, key: str) -> HistoryPage:
    """Every season with its champions, movements and play-off winners, and the chart of places."""
    seasons = by_season(cached_history(league, key))
    rendered_tables(seasons)
    played = [s for s in seasons if any(d.table.rows for d in s.divisions)]
    chart = history_chart([(s.name, [(d.division.tier, d.table) for d in s.divisions]) for s in played])
    return HistoryPage(league=league, seasons=seasons[::-1], chart=chart if played else None)


@dataclass
class AllTimePage:
    league: League
    rows: list[AllTimeRow]


def all_time_page(league: League, key: str) -> AllTimePage:
    return AllTimePage(league=league, rows=cached_history(league, key).all_time)


@dataclass
class RecordLine:
    record: Record
    url: str


@dataclass
class RecordsPage:
    league: League
    records: list[RecordLine]


def records_page(league: League, key: str) -> RecordsPage:
    """The league's records, each linked to its match (else its season)."""
    match_url, season_url = url_maker("web:match"), url_maker("web:season")
    lines = [
        RecordLine(record, match_url(record.match) if record.match else season_url(record.season))
        for record in cached_records(league, key)
    ]
    return RecordsPage(league=league, records=lines)


# --- players ----------------------------------------------------------------------------------


@dataclass
class Leader:
    player_id: int
    name: str
    value: int


@dataclass
class Board:
    title: str
    leaders: list[Leader]


@dataclass
class PlayersPage:
    league: League
    boards: list[Board]


def player_totals() -> dict:
    """Aggregates of stat lines: their count and the sums a leaderboard shows."""
    return {
        "matches": Count("id"),
        "goals": Sum("goals"),
        "shots": Sum("shots"),
        "saves": Sum("saves"),
        "steals": Sum("steals"),
        "yellow_cards": Sum("yellow_cards"),
        "red_cards": Sum("red_cards"),
        "injuries": Sum("injuries"),
    }


def season_player_totals(season_ids: list[int]) -> dict[int, dict[int, dict]]:
    """Each player's totals (``player_totals``) in each of the seasons, by season (one query)."""
    by_season: dict[int, dict[int, dict]] = {season_id: {} for season_id in season_ids}
    rows = (
        PlayerMatchStat.objects.filter(match__season_id__in=season_ids, match__status__in=Match.RESULT_STATUSES)
        .values("match__season_id", "player_id", "player__name")
        .annotate(**player_totals())
    )
    for row in rows:
        by_season[row.pop("match__season_id")][row["player_id"]] = row
    return by_season


def all_time_boards(league: League) -> list[Board]:
    """The league's leaders in each stat over every season: each season's totals from the cache
    where its version has them, the others in one aggregate query (and stored)."""
    keys = {
        season_id: f"player-totals:{season_id}:{version}"
        for season_id, version in Season.objects.filter(league=league).values_list("id", "standings_version")
    }
    seasons = season_summaries("players", keys, season_player_totals)
    totals: dict[int, dict] = {}
    for season in seasons.values():
        for player_id, row in season.items():
            total = totals.setdefault(player_id, {"player_id": player_id, "player__name": row["player__name"]})
            for name in player_totals():
                total[name] = total.get(name, 0) + row[name]
    for total in totals.values():
        total["cards"] = total["yellow_cards"] + total["red_cards"]
    boards = []
    for key, title in ALL_TIME_BOARDS:
        ranked = sorted(totals.values(), key=lambda t, key=key: (-t[key], t["player__name"], t["player_id"]))
        leaders = [Leader(t["player_id"], t["player__name"], t[key]) for t in ranked if t[key] > 0]
        if leaders:
            boards.append(Board(title, leaders[:ALL_TIME_BOARD_SIZE]))
    return boards


def all_time_players_page(league: League, key: str) -> PlayersPage:
    boards = cached(f"players:{key}", lambda: all_time_boards(league))
    return PlayersPage(league=league, boards=boards)


@dataclass
class PlayerPage:
    career: Career
    #: the game's own counters as column headings
    extra_labels: list[str]


def player_page(player_id: int) -> PlayerPage:
    found = career(player_id)
    return PlayerPage(career=found, extra_labels=[label(key) for key in found.extra_columns])


# --- teams ------------------------------------------------------------------------------------


@dataclass
class TeamSeason:
    """A team's line in one season's final (or current) table and what the season meant for it."""

    entry: DivisionSeason
    row: Row
    outcome: str


@dataclass
class TeamHistory:
    #: newest first
    record: list[TeamSeason]
    #: the league's other teams that ever played a season, by name: (id, name)
    opponents: list[tuple[int, str]]


def team_history(team: Team) -> TeamHistory:
    """The team's season-by-season record and its possible opponents, from the league's cached history."""
    history = cached_history(team.league)
    others = ((row.team_id, row.name) for row in history.all_time if row.team_id != team.id)
    return TeamHistory(record=team_record(team, history), opponents=sorted(others, key=lambda item: item[1]))


def team_record(team: Team, history: LeagueHistory) -> list[TeamSeason]:
    """The team's line in each season of ``history``, newest first."""
    record = []
    for entry in history.seasons:
        row = next((row for row in entry.table.rows if row.team_id == team.id), None)
        if row is None:
            continue
        outcome = [
            text
            for text, held in (
                (_("champion"), entry.champion == team.id),
                (_("play-off winner"), entry.playoff_winner == team.id),
                (_("promoted"), team.id in entry.promoted),
                (_("relegated"), team.id in entry.relegated),
            )
            if held
        ]
        record.append(TeamSeason(entry, row, ", ".join(outcome)))
    return record[::-1]


@dataclass
class HeadToHead:
    team: Team
    opponent: Team
    played: int
    won: int
    drawn: int
    lost: int
    goals_for: int
    goals_against: int
    matches: list[Match]


def head_to_head(team_id: int, opponent_id: int) -> HeadToHead:
    """Every result between two teams of a league across its seasons, from the first team's side
    (three queries). Teams of different leagues have never met: ``Team.DoesNotExist``."""
    team = Team.objects.select_related("league").get(id=team_id)
    opponent = Team.objects.get(id=opponent_id, league_id=team.league_id)
    meetings = matches_with_teams().filter(
        Q(home=team, away=opponent) | Q(home=opponent, away=team), status__in=Match.RESULT_STATUSES
    )
    matches = with_links(list(meetings.select_related("season").order_by(HAPPENED_AT, "id")))
    summary = HeadToHead(team, opponent, len(matches), 0, 0, 0, 0, 0, matches)
    for match in matches:
        scored, conceded = (
            (match.home_goals, match.away_goals) if match.home_id == team.id else (match.away_goals, match.home_goals)
        )
        summary.goals_for += scored
        summary.goals_against += conceded
        summary.won += scored > conceded
        summary.drawn += scored == conceded
        summary.lost += scored < conceded
    return summary
