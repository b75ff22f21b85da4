"""A league's past: every season's final table per division, its champion, who went up and
down and who won the play-offs; the all-time table; the records.

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
from leagues.cache import cached, cached_many
from leagues.models import League, PointsDeduction, Season, SeasonTeam
from matches.models import Match, PlayerMatchStat
from rosters.models import Player
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
class Record:
    """One record and who holds it: the first to reach it, linked to its match or season."""

    key: str
    title: str
    value: int
    holder: str
    team: int | None = None
    player: int | None = None
    season: int | None = None
    match: int | None = None
    detail: str = ""

    def to_dict(self) -> dict:
        return {
            "title": self.title,
            "value": self.value,
            "holder": self.holder,
            "team": self.team,
            "player": self.player,
            "season": self.season,
            "match": self.match,
            "detail": self.detail,
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
        .order_by("kickoff", "id")
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
    """Each season's division tables: from the cache where its version has them, the others
    computed from one query per kind of row over those seasons only (and stored)."""
    by_id = {season.id: season for season in seasons}
    keys = {season.id: f"history-season:{season.id}:{season.standings_version}" for season in seasons}
    return cached_many(keys, lambda season_ids: make_season_tables(league, [by_id[i] for i in season_ids]))


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


class Run(NamedTuple):
    """An unbroken series of one team's results: where it began, and the match (and its place:
    season, then match in the season) where it reached its length."""

    team: int
    length: int
    first: Played | None
    last: Played | None
    reached: tuple[int, int]


@dataclass
class TeamRuns:
    """One team's series in one season: from its first result, to its last, the longest inside."""

    played: int
    prefix: Run
    suffix: Run
    best: Run


@dataclass
class SeasonMarks:
    """What one season brings to the records, kept in the cache under its version: its biggest
    win and highest-scoring match, its teams' series, its best scorer in a match and in the season."""

    biggest_win: Played | None
    highest_scoring: Played | None
    #: by least margin (1: wins, 0: unbeaten), then team
    runs: dict[int, dict[int, TeamRuns]]
    #: (player, team, match, goals)
    scorer_in_match: tuple[int, int, int, int] | None
    #: (player, goals)
    scorer_in_season: tuple[int, int] | None


RUNS = (("winning_run", "Longest winning run", 1), ("unbeaten_run", "Longest unbeaten run", 0))


def first_best(matches: list[Played], measure) -> Played | None:
    """The first match (in the order given) with the highest ``measure``."""
    best = None
    for match in matches:
        if best is None or measure(match) > measure(best):
            best = match
    return best


def win_margin(match: Played) -> tuple[int, int]:
    return abs(match.home_goals - match.away_goals), max(match.home_goals, match.away_goals)


def match_goals(match: Played) -> int:
    return match.home_goals + match.away_goals


def season_runs(results: list[Played], least_margin: int, position: int) -> dict[int, TeamRuns]:
    """Each team's series of results won by at least ``least_margin`` goals (1: wins, 0: unbeaten)
    in a season's results (kickoff order), the season being ``position``-th in the league."""
    lines: dict[int, list[tuple[int, Played, bool]]] = defaultdict(list)
    for index, match in enumerate(results):
        margin = match.home_goals - match.away_goals
        lines[match.home].append((index, match, margin >= least_margin))
        lines[match.away].append((index, match, -margin >= least_margin))
    summaries = {}
    for team, own in lines.items():
        spans, start = [], None
        for k, (_, _, kept) in enumerate(own):
            if kept and start is None:
                start = k
            elif not kept and start is not None:
                spans.append((start, k - 1))
                start = None
        if start is not None:
            spans.append((start, len(own) - 1))
        runs = [Run(team, b - a + 1, own[a][1], own[b][1], (position, own[b][0])) for a, b in spans]
        none = Run(team, 0, None, None, (position, -1))
        summaries[team] = TeamRuns(
            played=len(own),
            prefix=runs[0] if spans and spans[0][0] == 0 else none,
            suffix=runs[-1] if spans and spans[-1][1] == len(own) - 1 else none,
            best=min(runs, key=lambda run: (-run.length, run.reached), default=none),
        )
    return summaries


def longest_run(seasons: list[dict[int, TeamRuns]]) -> Run | None:
    """The longest series over the seasons (in order; a season a team missed does not break its
    series), joining a season's last series to the next one's first; the first to reach the
    length (by the match it was reached at) holds it."""
    current: dict[int, Run] = {}
    candidates = []
    for summaries in seasons:
        for team, runs in summaries.items():
            before = current.get(team)
            joined = runs.prefix
            if before is not None and before.length and runs.prefix.length:
                joined = Run(
                    team, before.length + runs.prefix.length, before.first, runs.prefix.last, runs.prefix.reached
                )
                candidates.append(joined)
            candidates.append(runs.best)
            if runs.prefix.length == runs.played:  # kept all season: the series goes on
                current[team] = joined
            else:
                current[team] = runs.suffix
    return min((run for run in candidates if run.length), key=lambda run: (-run.length, run.reached), default=None)


def season_marks(season_ids: list[int], positions: dict[int, int]) -> dict[int, SeasonMarks]:
    """``SeasonMarks`` of the seasons, from their matches and their scoring stat lines (two queries)."""
    by_season: dict[int, list[Played]] = defaultdict(list)
    for match in load_matches(season_ids):
        if match.status in Match.RESULT_STATUSES:
            by_season[match.season_id].append(match)
    scorers: dict[int, list[tuple[int, int, int, int]]] = defaultdict(list)
    lines = (
        PlayerMatchStat.objects.filter(match__season_id__in=season_ids, match__status=Match.Status.PLAYED, goals__gt=0)
        .order_by("match__kickoff", "match_id")
        .values_list("match__season_id", "player_id", "team_id", "match_id", "goals")
    )
    for season_id, *line in lines:
        scorers[season_id].append(tuple(line))
    marks = {}
    for season_id in season_ids:
        results = by_season[season_id]
        played = [m for m in results if m.status == Match.Status.PLAYED]
        totals: dict[int, int] = defaultdict(int)
        in_match = None
        for line in scorers[season_id]:
            totals[line[0]] += line[3]
            if in_match is None or line[3] > in_match[3]:
                in_match = line
        marks[season_id] = SeasonMarks(
            biggest_win=first_best(played, win_margin),
            highest_scoring=first_best(played, match_goals),
            runs={margin: season_runs(results, margin, positions[season_id]) for _, _, margin in RUNS},
            scorer_in_match=in_match,
            scorer_in_season=min(totals.items(), key=lambda item: (-item[1], item[0]), default=None),
        )
    return marks


def compute_records(league: League, history: LeagueHistory) -> list[Record]:
    """The league's records: each season's marks (``SeasonMarks``, from the cache where its version
    has them, else made from its rows) put together, with the season tables of ``history``."""
    seasons = list(history_seasons(league).values_list("id", "name", "standings_version"))
    positions = {season_id: index for index, (season_id, _, _) in enumerate(seasons)}
    keys = {
        season_id: f"history-marks:{season_id}:{version}:{positions[season_id]}" for season_id, _, version in seasons
    }
    marks = cached_many(keys, lambda season_ids: season_marks(season_ids, positions))
    ordered = [marks[season_id] for season_id, _, _ in seasons]
    return assemble_records(history, ordered, {season_id: name for season_id, name, _ in seasons})


def assemble_records(history: LeagueHistory, marks: list[SeasonMarks], season_names: dict[int, str]) -> list[Record]:
    """The records from each season's marks (oldest first: an earlier season keeps a record it ties)."""
    names = {row.team_id: row.name for row in history.all_time}
    records: list[Record] = []
    for key, title, measure in (
        ("biggest_win", "Biggest win", win_margin),
        ("highest_scoring", "Highest-scoring match", match_goals),
    ):
        match = first_best([m for mark in marks if (m := getattr(mark, key)) is not None], measure)
        if match is not None:
            winner = match.home if match.home_goals >= match.away_goals else match.away
            records.append(
                Record(
                    key,
                    title,
                    measure(match) if key == "highest_scoring" else win_margin(match)[0],
                    names.get(winner, "?"),
                    team=winner,
                    season=match.season_id,
                    match=match.id,
                    detail=f"{names.get(match.home, '?')} {match.home_goals}-{match.away_goals} "
                    f"{names.get(match.away, '?')}, season {season_names[match.season_id]}",
                )
            )
    for key, title, attribute in (
        ("most_points", "Most points in a season", "points"),
        ("most_goals", "Most goals in a season", "goals_for"),
    ):
        best = None
        for entry in history.seasons:
            for row in entry.table.rows:
                if row.played and (best is None or getattr(row, attribute) > getattr(best[1], attribute)):
                    best = (entry, row)
        if best is not None:
            entry, row = best
            division = f", {entry.division.name}" if entry.division.name else ""
            records.append(
                Record(
                    key,
                    title,
                    getattr(row, attribute),
                    row.name,
                    team=row.team_id,
                    season=entry.season_id,
                    detail=f"season {entry.season_name}{division}",
                )
            )
    for key, title, margin in RUNS:
        run = longest_run([mark.runs[margin] for mark in marks])
        if run is not None:
            first, last = run.first, run.last
            records.append(
                Record(
                    key,
                    title,
                    run.length,
                    names.get(run.team, "?"),
                    team=run.team,
                    season=first.season_id,
                    match=first.id,
                    detail=f"from season {season_names[first.season_id]} round {first.round} "
                    f"to season {season_names[last.season_id]} round {last.round}",
                )
            )
    return records + player_records(marks, season_names, names)


def player_records(marks: list[SeasonMarks], season_names: dict[int, str], team_names: dict[int, str]) -> list[Record]:
    """Most goals by a player in a match and in a season, from the seasons' marks (one query for
    the holders' names)."""
    in_match, in_season = None, None
    for mark, season_id in zip(marks, season_names, strict=True):  # both oldest first
        if mark.scorer_in_match and (in_match is None or mark.scorer_in_match[3] > in_match[0][3]):
            in_match = (mark.scorer_in_match, season_id)
        if mark.scorer_in_season and (in_season is None or mark.scorer_in_season[1] > in_season[1]):
            in_season = (*mark.scorer_in_season, season_id)
    if in_match is None:
        return []
    (scorer, team_id, match_id, goals), match_season = in_match
    player_id, total, season_id = in_season
    names = dict(Player.objects.filter(id__in=[scorer, player_id]).values_list("id", "name"))
    return [
        Record(
            "player_goals_match",
            "Most goals by a player in a match",
            goals,
            names[scorer],
            team=team_id,
            player=scorer,
            season=match_season,
            match=match_id,
            detail=f"for {team_names.get(team_id, '?')}, season {season_names[match_season]}",
        ),
        Record(
            "player_goals_season",
            "Most goals by a player in a season",
            total,
            names[player_id],
            player=player_id,
            season=season_id,
            detail=f"season {season_names[season_id]}",
        ),
    ]


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


def cached_records(league: League, key: str | None = None) -> list[Record]:
    """``compute_records`` through the cache, under the history's key (given when already read)."""
    key = key or history_key(league)
    return cached(f"records:{key}", lambda: compute_records(league, cached_history(league, key)))


def history_document(league: League) -> dict:
    """What ``manage.py history --json`` prints and the API's history answers."""
    key = history_key(league)
    history = cached_history(league, key)
    return {
        "league": {"id": league.id, "name": league.name, "slug": league.slug},
        "seasons": [entry.to_dict() for entry in history.seasons],
        "all_time": [row.to_dict() for row in history.all_time],
        "records": {record.key: record.to_dict() for record in cached_records(league, key)},
    }
