"""A league's records, each linked to its match or season: biggest win, highest-scoring match,
most points and goals in a season, longest winning and unbeaten runs, most goals by a player
in a match and in a season. Each season's marks are cached under its own results version, so
a new result reads only its season again; the league's records are assembled from them.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import NamedTuple

from django.utils.translation import gettext, gettext_noop

from competitions.history import LeagueHistory, Played, cached_history, history_key, history_seasons, load_matches
from competitions.summaries import season_summaries
from leagues.cache import cached
from leagues.models import League
from matches.models import Match, PlayerMatchStat
from rosters.models import Player


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
    #: how ``detail`` was written: its key in ``RECORD_DETAILS`` and the values put in (so a page
    #: words it in the reader's language; "" and None in a record cached before they were kept)
    detail_form: str = ""
    detail_values: dict | None = None

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


#: Each record's title by its key: English in the record (``Record.title``, which the API and
#: ``manage.py history --json`` give as it is), shown through ``record_title_shown``.
RECORD_TITLES = {
    "biggest_win": gettext_noop("Biggest win"),
    "highest_scoring": gettext_noop("Highest-scoring match"),
    "most_points": gettext_noop("Most points in a season"),
    "most_goals": gettext_noop("Most goals in a season"),
    "winning_run": gettext_noop("Longest winning run"),
    "unbeaten_run": gettext_noop("Longest unbeaten run"),
    "player_goals_match": gettext_noop("Most goals by a player in a match"),
    "player_goals_season": gettext_noop("Most goals by a player in a season"),
}
RUNS = (("winning_run", RECORD_TITLES["winning_run"], 1), ("unbeaten_run", RECORD_TITLES["unbeaten_run"], 0))


def record_title_shown(record: Record) -> str:
    """The record's title in the reader's language (a key of no known title: as it is)."""
    return gettext(RECORD_TITLES[record.key]) if record.key in RECORD_TITLES else record.title


#: Each form of a record's details: English in the record (``Record.detail``, given as it is by
#: the API and ``manage.py history --json``), shown through ``record_detail_shown``.
RECORD_DETAILS = {
    "match": gettext_noop("%(home)s %(home_goals)s-%(away_goals)s %(away)s, season %(season)s"),
    "season": gettext_noop("season %(season)s"),
    "season_division": gettext_noop("season %(season)s, %(division)s"),
    "run": gettext_noop("from season %(first)s round %(first_round)s to season %(last)s round %(last_round)s"),
    "team_season": gettext_noop("for %(team)s, season %(season)s"),
}


def record_detail(form: str, **values: object) -> dict:
    """A record's ``detail`` (in English) with what a page needs to word it again."""
    return {"detail": RECORD_DETAILS[form] % values, "detail_form": form, "detail_values": values}


def record_detail_shown(record: Record) -> str:
    """The record's details in the reader's language (a record of no known form: as written)."""
    form, values = getattr(record, "detail_form", ""), getattr(record, "detail_values", None)
    if form not in RECORD_DETAILS or values is None:
        return record.detail
    return gettext(RECORD_DETAILS[form]) % values


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
    marks = season_summaries("marks", keys, lambda season_ids: season_marks(season_ids, positions))
    ordered = [marks[season_id] for season_id, _, _ in seasons]
    return assemble_records(history, ordered, {season_id: name for season_id, name, _ in seasons})


def assemble_records(history: LeagueHistory, marks: list[SeasonMarks], season_names: dict[int, str]) -> list[Record]:
    """The records from each season's marks (oldest first: an earlier season keeps a record it ties)."""
    names = {row.team_id: row.name for row in history.all_time}
    records: list[Record] = []
    for key, title, measure in (
        ("biggest_win", RECORD_TITLES["biggest_win"], win_margin),
        ("highest_scoring", RECORD_TITLES["highest_scoring"], match_goals),
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
                    **record_detail(
                        "match",
                        home=names.get(match.home, "?"),
                        home_goals=match.home_goals,
                        away_goals=match.away_goals,
                        away=names.get(match.away, "?"),
                        season=season_names[match.season_id],
                    ),
                )
            )
    for key, title, attribute in (
        ("most_points", RECORD_TITLES["most_points"], "points"),
        ("most_goals", RECORD_TITLES["most_goals"], "goals_for"),
    ):
        best = None
        for entry in history.seasons:
            for row in entry.table.rows:
                if row.played and (best is None or getattr(row, attribute) > getattr(best[1], attribute)):
                    best = (entry, row)
        if best is not None:
            entry, row = best
            where = (
                record_detail("season_division", season=entry.season_name, division=entry.division.name)
                if entry.division.name
                else record_detail("season", season=entry.season_name)
            )
            records.append(
                Record(
                    key,
                    title,
                    getattr(row, attribute),
                    row.name,
                    team=row.team_id,
                    season=entry.season_id,
                    **where,
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
                    **record_detail(
                        "run",
                        first=season_names[first.season_id],
                        first_round=first.round,
                        last=season_names[last.season_id],
                        last_round=last.round,
                    ),
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
            RECORD_TITLES["player_goals_match"],
            goals,
            names[scorer],
            team=team_id,
            player=scorer,
            season=match_season,
            match=match_id,
            **record_detail("team_season", team=team_names.get(team_id, "?"), season=season_names[match_season]),
        ),
        Record(
            "player_goals_season",
            RECORD_TITLES["player_goals_season"],
            total,
            names[player_id],
            player=player_id,
            season=season_id,
            **record_detail("season", season=season_names[season_id]),
        ),
    ]


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
