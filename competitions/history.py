"""A league's past: every season's final table per division, its champion, who went up and
down and who won the play-offs; the all-time table (the records are in ``competitions.records``).

Computed from stored results in a fixed number of queries whatever the number of seasons
(the seasons, their teams, their matches, the deductions, the cards when fair play breaks
ties, the play-off finals and two aggregates over the player stat lines); the tables are
ranked in Python by ``competitions.standings.table_of`` under the league's tie-breakers.
``cached_history`` keeps the result under a key made of the league's seasons and their
``standings_version``, which every change to their results bumps.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from dataclasses import dataclass, field
from typing import NamedTuple

from django.db.models import Q, QuerySet, Sum

from competitions.knockout import final_tie
from competitions.seasons import league_seasons
from competitions.standings import Result, Table, fair_play_points, table_of
from competitions.summaries import season_summaries
from leagues.cache import cached
from leagues.models import League, PointsDeduction, Season, SeasonTeam
from matches.models import HAPPENED_AT, Match, PlayerMatchStat
from tournaments.models import Tie


@dataclass(frozen=True)
class Division:
    """Where a team played in a season: ``id`` None is the league's single default division."""

    id: int | None
    name: str
    tier: int


DEFAULT_DIVISION = Division(id=None, name="", tier=1)


@dataclass
class DivisionSeason:
    """One division's season: its final (or current) table and what it decided."""

    season_id: int
    season_name: str
    division: Division
    table: Table
    finished: bool
    champion: int | None = None
    champion_name: str = ""
    promoted: list[int] = field(default_factory=list)
    relegated: list[int] = field(default_factory=list)
    playoff_winner: int | None = None
    playoff_winner_name: str = ""
    #: the season's ``standings_version`` the table was made at: the key of its rendered table
    version: int = 0

    def to_dict(self) -> dict:
        return {
            "id": self.season_id,
            "name": self.season_name,
            "division": self.division.name or None,
            "tier": self.division.tier,
            "champion": self.champion,
            "promoted": self.promoted,
            "relegated": self.relegated,
            "standings": [
                {
                    "team": row.team_id,
                    "played": row.played,
                    "won": row.won,
                    "drawn": row.drawn,
                    "lost": row.lost,
                    "goals_for": row.goals_for,
                    "goals_against": row.goals_against,
                    "points": row.points,
                }
                for row in self.table.rows
            ],
        }


@dataclass
class AllTimeRow:
    team_id: int
    name: str
    seasons: int = 0
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    goals_for: int = 0
    goals_against: int = 0
    points: int = 0
    titles: int = 0
    promotions: int = 0
    relegations: int = 0
    position: int = 0

    @property
    def goal_difference(self) -> int:
        return self.goals_for - self.goals_against

    def to_dict(self) -> dict:
        """The figures ``manage.py history --json`` prints (the API adds the position, name and movements)."""
        return {
            "team": self.team_id,
            "seasons": self.seasons,
            "played": self.played,
            "won": self.won,
            "drawn": self.drawn,
            "lost": self.lost,
            "goals_for": self.goals_for,
            "goals_against": self.goals_against,
            "points": self.points,
            "titles": self.titles,
        }


@dataclass
class LeagueHistory:
    league: League
    seasons: list[DivisionSeason]
    all_time: list[AllTimeRow]


class Played(NamedTuple):
    """A stored match as the history reads it (a tuple: thousands are read at once)."""

    id: int
    season_id: int
    home: int
    away: int
    home_goals: int | None
    away_goals: int | None
    status: str
    round: int


def history_seasons(league: League) -> QuerySet[Season]:
    """The league's own seasons (``league_seasons``), oldest first."""
    return league_seasons(Season.objects.filter(league=league)).order_by("created_at", "id")


def memberships(season_ids: list[int]) -> dict[int, dict[int, tuple[str, Division]]]:
    """Each season's teams with their names and divisions (one query)."""
    teams: dict[int, dict[int, tuple[str, Division]]] = defaultdict(dict)
    rows = SeasonTeam.objects.filter(season_id__in=season_ids).values_list(
        "season_id", "team_id", "team__name", "division_id", "division__name", "division__tier"
    )
    for season_id, team_id, name, division_id, division_name, tier in rows:
        division = DEFAULT_DIVISION if division_id is None else Division(division_id, division_name, tier)
        teams[season_id][team_id] = (name, division)
    return teams


def load_matches(season_ids: list[int]) -> list[Played]:
    """Every match of the seasons, results and fixtures alike, in the order they were played."""
    rows = (
        Match.objects.filter(season_id__in=season_ids)
        .order_by(HAPPENED_AT, "id")
        .values_list("id", "season_id", "home_id", "away_id", "home_goals", "away_goals", "status", "round")
    )
    return [Played._make(row) for row in rows]


def playoff_winners(season_ids: list[int]) -> dict[tuple[int, int | None], tuple[int, str]]:
    """The winner of each play-off of the seasons, by (season, division): a division's promotion
    play-off under its division, the league's play-offs (``Playoffs``) under None (one query)."""
    ties = Tie.objects.filter(
        Q(bracket__season__playoffs_of__season_id__in=season_ids)
        | Q(bracket__season__division_playoff_of__season_id__in=season_ids)
    ).select_related("bracket__season__playoffs_of", "bracket__season__division_playoff_of", "winner")
    by_bracket: dict[int, list[Tie]] = defaultdict(list)
    for tie in ties:
        by_bracket[tie.bracket_id].append(tie)
    winners = {}
    for bracket_ties in by_bracket.values():
        bracket = bracket_ties[0].bracket
        final = final_tie(bracket, bracket_ties)
        if final is None or final.winner is None:
            continue
        knockout = bracket.season
        of_division = getattr(knockout, "division_playoff_of", None)
        key = (
            (of_division.season_id, of_division.division_id) if of_division else (knockout.playoffs_of.season_id, None)
        )
        winners[key] = (final.winner_id, final.winner.name)
    return winners


def season_cards(league: League, season_ids: list[int]) -> dict[int, dict[int, int]]:
    """Fair-play points per season and team, read only when the league breaks ties on them."""
    cards: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    if "fair_play" not in league.tiebreakers:
        return cards
    weights = league.fair_play_weights
    lines = (
        PlayerMatchStat.objects.filter(match__season_id__in=season_ids, match__status__in=Match.RESULT_STATUSES)
        .filter(Q(yellow_cards__gt=0) | Q(red_cards__gt=0))
        .values_list("match__season_id", "team_id", "yellow_cards", "red_cards")
    )
    for season_id, team_id, yellows, reds in lines:
        cards[season_id][team_id] += fair_play_points(yellows, reds, weights)
    return cards


def compute_history(league: League) -> LeagueHistory:
    """Every season of the league by division and the all-time table.

    A season's tables are kept in the cache under its ``standings_version`` (``season_tables``):
    after a result only that season's are made again, and only its rows read."""
    seasons = list(history_seasons(league))
    for season in seasons:
        season.league = league
    tables = season_tables(league, seasons)
    winners = playoff_winners([season.id for season in seasons])
    entries: list[DivisionSeason] = []
    for season in seasons:
        for entry in tables[season.id]:
            won = winners.get((season.id, entry.division.id)) or winners.get((season.id, None), (None, ""))
            entry.playoff_winner, entry.playoff_winner_name = won
            entries.append(entry)
    mark_movements(entries, following_seasons(seasons))
    return LeagueHistory(league=league, seasons=entries, all_time=all_time_table(entries))


def season_tables(league: League, seasons: list[Season]) -> dict[int, list[DivisionSeason]]:
    """Each season's division tables: from the cache where its version has them, else from its
    stored summary when finished (``competitions.summaries``), the others computed from one
    query per kind of row over those seasons only (and stored)."""
    by_id = {season.id: season for season in seasons}
    keys = {season.id: f"history-season:{season.id}:{season.standings_version}" for season in seasons}
    return season_summaries("tables", keys, lambda ids: make_season_tables(league, [by_id[i] for i in ids]))


def make_season_tables(league: League, seasons: list[Season]) -> dict[int, list[DivisionSeason]]:
    """The seasons' division tables, from their teams, matches, deductions and cards."""
    season_ids = [season.id for season in seasons]
    teams = memberships(season_ids)
    deducted: dict[int, dict[int, int]] = defaultdict(dict)
    for season_id, team_id, total in (
        PointsDeduction.objects.filter(season_id__in=season_ids)
        .values("season_id", "team_id")
        .annotate(total=Sum("points"))
        .values_list("season_id", "team_id", "total")
    ):
        deducted[season_id][team_id] = total
    cards = season_cards(league, season_ids)
    by_season: dict[int, list[Played]] = defaultdict(list)
    for match in load_matches(season_ids):
        by_season[match.season_id].append(match)
    return {
        season.id: division_seasons(
            season, teams[season.id], by_season[season.id], deducted[season.id], cards[season.id]
        )
        for season in seasons
    }


def division_seasons(
    season: Season,
    teams: dict[int, tuple[str, Division]],
    matches: list[Played],
    deducted: dict[int, int],
    cards: dict[int, int],
) -> list[DivisionSeason]:
    """The season's table in each of its divisions, top tier first."""
    finished = season.closed_at is not None or (
        bool(matches) and all(m.status in Match.CLOSED_STATUSES for m in matches)
    )
    divisions = sorted({division for _, division in teams.values()}, key=lambda d: (d.tier, d.name, d.id or 0))
    results = [
        Result(m.home, m.away, m.home_goals, m.away_goals, m.round)
        for m in matches
        if m.status in Match.RESULT_STATUSES
    ]
    entries = []
    for division in divisions:
        members = {team_id: name for team_id, (name, d) in teams.items() if d == division}
        own = [r for r in results if r.home in members and r.away in members]
        table = table_of(season, members, own, deducted, cards)
        entry = DivisionSeason(season.id, season.name, division, table, finished, version=season.standings_version)
        if finished and table.rows:
            entry.champion, entry.champion_name = table.rows[0].team_id, table.rows[0].name
        entries.append(entry)
    return entries


def following_seasons(seasons: list[Season]) -> dict[int, int]:
    """The season after each (oldest first): the one rolled over from it, else the next created."""
    order = [season.id for season in seasons]
    following = dict(zip(order, order[1:], strict=False))
    following.update({season.previous_id: season.id for season in seasons if season.previous_id is not None})
    return following


def mark_movements(entries: list[DivisionSeason], following: dict[int, int]) -> None:
    """Who went up and who went down: the teams whose tier is higher (or lower) in the season
    that follows. The last season has moved nobody yet."""
    tiers: dict[int, dict[int, int]] = defaultdict(dict)
    for entry in entries:
        for row in entry.table.rows:
            tiers[entry.season_id][row.team_id] = entry.division.tier
    for entry in entries:
        after = tiers.get(following.get(entry.season_id), {})
        for row in entry.table.rows:
            tier = after.get(row.team_id)
            if tier is not None and tier < entry.division.tier:
                entry.promoted.append(row.team_id)
            elif tier is not None and tier > entry.division.tier:
                entry.relegated.append(row.team_id)


def all_time_table(entries: list[DivisionSeason]) -> list[AllTimeRow]:
    """Every season's table added up, by points, goal difference, goals scored, then name."""
    rows: dict[int, AllTimeRow] = {}
    for entry in entries:
        for line in entry.table.rows:
            row = rows.setdefault(line.team_id, AllTimeRow(line.team_id, line.name))
            row.name = line.name
            row.seasons += 1
            row.played += line.played
            row.won += line.won
            row.drawn += line.drawn
            row.lost += line.lost
            row.goals_for += line.goals_for
            row.goals_against += line.goals_against
            row.points += line.points
        if entry.champion is not None and entry.division.tier == 1:
            rows[entry.champion].titles += 1
        for team_id in entry.promoted:
            rows[team_id].promotions += 1
        for team_id in entry.relegated:
            rows[team_id].relegations += 1
    ordered = sorted(rows.values(), key=lambda r: (-r.points, -r.goal_difference, -r.goals_for, r.name))
    for position, row in enumerate(ordered, start=1):
        row.position = position
    return ordered


def history_key(league: League) -> str:
    """The cache key of a league's history: every season of the league and its results version
    (one query), the knockouts of its play-offs included, so a final's result names the winner."""
    versions = list(Season.objects.filter(league=league).order_by("id").values_list("id", "standings_version"))
    digest = hashlib.sha1(repr(versions).encode()).hexdigest()[:16]
    return f"history:{league.id}:{digest}"


def cached_history(league: League, key: str | None = None) -> LeagueHistory:
    """``compute_history`` through the cache, keyed by ``history_key`` (given when already read)."""
    key = key or history_key(league)
    return cached(key, lambda: compute_history(league))
