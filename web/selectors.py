"""Reads for the public pages: each returns plain data in a fixed number of queries.

Views stay thin (fetch one of these, render a template), and a page's query count
does not grow with its teams, matches or events: related rows come in with
``select_related`` or one query per kind of row, and grouping happens in Python.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Exists, Max, Min, OuterRef, Q, QuerySet
from django.urls import reverse
from django.utils import timezone

from competitions.cross_tables import CrossTable, cross_tables
from competitions.divisions import DivisionTable, division_tables
from competitions.leaders import Leaderboard, label, leaderboards
from competitions.parity import Parity, Strength, season_parity
from competitions.seasons import current_season, league_seasons, with_progress
from competitions.standings import Table, cached_standings, cached_standings_by_round
from competitions.swiss import swiss_standings
from leagues.models import TIEBREAKERS, League, Season, SeasonTeam, Team
from leagues.zones import local_time
from matches.absences import OutLine, team_out
from matches.models import HAPPENED_AT, Match, ResultSubmission
from matches.table_results import OPEN
from rosters.accounts import manager_name
from rosters.free_agents import MOVE_REASONS
from rosters.ledger import statements
from rosters.models import SquadMember
from tournaments.models import GroupStage, SwissBye
from web.charts import PositionChart, position_chart
from web.insight import OddsHistoryChart, OddsLine, odds_history_charts, odds_lines, waiting_previews

#: The season page lists whole rounds of fixtures and results, as many as fit in this many
#: matches (at least one round): a 20-team double round robin (380 matches) is one page.
MATCHES_PER_PAGE = 400
#: The position chart is drawn for seasons of up to this many teams: beyond it the lines
#: cannot be told apart, and the chart needs a table after every round.
CHART_MAX_TEAMS = 24


def matches_with_teams() -> QuerySet[Match]:
    """Matches with both teams, so a list of them costs one query."""
    return Match.objects.select_related("home", "away")


def url_maker(name: str) -> Callable[[int], str]:
    """``reverse`` once, then fill in ids: a 20-team season page has over a thousand links,
    and ``reverse`` (or ``{% url %}``) costs about a tenth of a millisecond each."""
    marker = 2_147_483_647
    head, _, tail = reverse(name, args=[marker]).partition(str(marker))
    return lambda pk: f"{head}{pk}{tail}"


def with_links(matches: list[Match], zones: dict[int, str] | None = None) -> list[Match]:
    """Give each match the links and kickoff text its row shows (``Match.happened_at``: a match
    played early shows when it was played), computed in Python for speed,
    and ``table_note``: a result entered at the table that waits for the other side or for
    the commissioner (one query for the whole list).

    The kickoff is in the current zone (the page's league's), or with ``zones`` (season id:
    zone name, a page of several leagues) in its own league's, with the zone's abbreviation
    when the page's zones differ ("19:30 CET" beside "13:30 EST")."""
    match_url, team_url = url_maker("web:match"), url_maker("web:team")
    waiting = [m.id for m in matches if m.status == Match.Status.SCHEDULED]
    states: dict[int, str] = {}
    if waiting:
        submitted = ResultSubmission.objects.filter(
            match_id__in=waiting, action=ResultSubmission.Action.SUBMIT, state__in=OPEN
        ).values_list("match_id", "state")
        for match_id, state in submitted:  # a dispute outweighs a submission still pending
            if states.get(match_id) != ResultSubmission.State.DISPUTED:
                states[match_id] = state
    previews = waiting_previews(waiting)
    zones_differ = zones is not None and len(set(zones.values())) > 1
    for match in matches:
        match.table_note = f"result {states[match.id]}" if match.id in states else ""
        match.preview = previews.get(match.id)
        happened = match.happened_at
        kickoff = local_time(happened, zones[match.season_id]) if zones else timezone.localtime(happened)
        match.url = match_url(match.id)
        match.home_url, match.away_url = team_url(match.home_id), team_url(match.away_id)
        match.kickoff_iso = kickoff.isoformat()
        match.kickoff_day, match.kickoff_time = f"{kickoff:%a} {kickoff.day} {kickoff:%b}", f"{kickoff:%H:%M}"
        if zones_differ:
            match.kickoff_time += f" {kickoff:%Z}"
    return matches


# --- home -------------------------------------------------------------------------------------


@dataclass
class LeagueSummary:
    league: League
    season: Season | None
    seasons: list[Season] = field(default_factory=list)
    matchday: int | None = None
    results: list[Match] = field(default_factory=list)
    next_round: int | None = None
    fixtures: list[Match] = field(default_factory=list)


def home_summaries() -> list[LeagueSummary]:
    """Every league with its current season's matchday and next fixtures (three queries).

    The current season is ``competitions.seasons.current_season``; the current matchday is
    the last round with a result; the next fixtures are the lowest round that still has a
    scheduled match. Only those two rounds' matches are read, so a long season costs no
    more than a short one.
    """
    leagues = list(League.objects.all())
    seasons = with_progress(league_seasons(Season.objects.filter(league__in=leagues))).annotate(
        matchday=Max("matches__round", filter=Q(matches__status__in=Match.RESULT_STATUSES)),
        next_round=Min("matches__round", filter=Q(matches__status=Match.Status.SCHEDULED)),
    )
    by_league: dict[int, list[Season]] = defaultdict(list)
    for season in seasons.order_by("-created_at", "-id"):
        by_league[season.league_id].append(season)
    now = timezone.now()
    latest = {league_id: current_season(candidates, now) for league_id, candidates in by_league.items()}
    wanted = Q(pk__in=[])
    for season in latest.values():
        rounds = [r for r in (season.matchday, season.next_round) if r is not None]
        if rounds:
            wanted |= Q(season_id=season.id, round__in=rounds)
    by_season: dict[int, list[Match]] = defaultdict(list)
    zone_of = {league.id: league.time_zone for league in leagues}
    zones = {season.id: zone_of[season.league_id] for season in latest.values()}
    shown = list(matches_with_teams().filter(wanted).order_by("round", "kickoff", "id"))
    for match in with_links(shown, zones):
        by_season[match.season_id].append(match)
    summaries = []
    for league in leagues:
        season = latest.get(league.id)
        summary = LeagueSummary(league=league, season=season, seasons=by_league[league.id])
        if season is not None:
            matches = by_season[season.id]
            summary.matchday, summary.next_round = season.matchday, season.next_round
            summary.results = [m for m in matches if m.round == summary.matchday]
            summary.fixtures = [m for m in matches if m.round == summary.next_round]
        summaries.append(summary)
    return summaries


# --- league and season ------------------------------------------------------------------------


@dataclass
class LeaguePage:
    league: League
    tiebreakers: list[str]
    seasons: list[Season]
    season: Season | None
    table: Table | None


def chosen_season(seasons: Sequence[Season], season_id: int | None) -> Season | None:
    """The season asked for (``Season.DoesNotExist`` if it is not among ``seasons``), else the current one."""
    if season_id is None:
        return current_season(seasons, timezone.now())
    for season in seasons:
        if season.id == season_id:
            return season
    raise Season.DoesNotExist(f"season: no season {season_id} here")


def league_page(slug: str, season_id: int | None = None) -> LeaguePage:
    """A league's settings, its seasons and the table of one: the current one unless asked."""
    league = League.objects.get(slug=slug)
    seasons = list(with_progress(league_seasons(league.seasons.all())).order_by("-created_at", "-id"))
    for season in seasons:
        season.league = league
    season = chosen_season(seasons, season_id)
    return LeaguePage(
        league=league,
        tiebreakers=[TIEBREAKERS.get(name, name) for name in league.tiebreakers],
        seasons=seasons,
        season=season,
        table=cached_standings(season) if season else None,
    )


@dataclass
class Round:
    number: int
    matches: list[Match]
    bye: Team | None = None  # a Swiss round's bye (an odd number of teams)


@dataclass
class SwissLine:
    position: int
    team_id: int
    name: str
    wins: int
    byes: int
    buchholz: int
    goal_difference: int


def swiss_lines(season: Season, names: dict[int, str]) -> list[SwissLine]:
    """A Swiss season's own ranking (wins, Buchholz ...), when it is one."""
    if not hasattr(season, "swiss"):
        return []
    return [
        SwissLine(pos, row.team, names.get(row.team, "?"), row.score, row.byes, row.buchholz, row.goal_difference)
        for pos, row in enumerate(swiss_standings(season.swiss), start=1)
    ]


def swiss_byes(season: Season, first: int, last: int) -> dict[int, Team]:
    """Who had the bye in each Swiss round from ``first`` to ``last``, when the season is one."""
    if not hasattr(season, "swiss"):
        return {}
    byes = SwissBye.objects.filter(swiss=season.swiss, round__gte=first, round__lte=last).select_related("team")
    return {bye.round: bye.team for bye in byes}


@dataclass
class RoundsPage:
    """One page of a season's fixtures and results: rounds ``first`` to ``last``."""

    number: int
    first: int
    last: int
    current: bool = False


@dataclass
class SeasonPage:
    season: Season
    table: Table
    rounds: list[Round]
    chart: PositionChart | None
    leaderboards: list[Leaderboard]
    stages: list[tuple[str, str]] = field(default_factory=list)
    #: the league's own seasons, for the switcher
    seasons: list[Season] = field(default_factory=list)
    swiss: list[SwissLine] = field(default_factory=list)
    pages: list[RoundsPage] = field(default_factory=list)
    chart_left_out: bool = False
    chart_max_teams: int = CHART_MAX_TEAMS
    #: One table per division, top tier first; empty for a season of one division.
    divisions: list[DivisionTable] = field(default_factory=list)
    #: Each division's position chart (its name and chart), of the divisions with a result.
    division_charts: list[tuple[str, PositionChart]] = field(default_factory=list)
    #: The season's odds (``competitions.odds``) while matches remain, once the workers made them.
    odds: list[OddsLine] = field(default_factory=list)
    odds_completions: int = 0
    odds_columns: list[str] = field(default_factory=list)
    #: The odds kept after each round, charted (title, relegation): ``web.insight.odds_history_charts``.
    odds_charts: list[OddsHistoryChart] = field(default_factory=list)
    #: Every team against every team, per division (none for a knockout or a Swiss).
    cross_tables: list[CrossTable] = field(default_factory=list)


def rounds_pages(counts: Sequence[tuple[int, int]]) -> list[RoundsPage]:
    """Whole rounds to a page, as many as ``MATCHES_PER_PAGE`` matches hold (at least one),
    from (round, matches) in round order."""
    pages: list[RoundsPage] = []
    held = 0
    for number, matches in counts:
        if not pages or held + matches > MATCHES_PER_PAGE:
            pages.append(RoundsPage(len(pages) + 1, number, number))
            held = 0
        pages[-1].last = number
        held += matches
    return pages


def season_page(season_id: int, page: int | None = None) -> SeasonPage:
    """The table, fixtures and results by round, the position chart and the leaderboards.

    Long seasons come in pages of whole rounds (``rounds_pages``); without ``page``, the one
    with the next round to play (the last once all are played). A page past the last is
    ``Match.DoesNotExist``. The chart is left out above ``CHART_MAX_TEAMS`` teams."""
    season = (
        Season.objects.select_related("league", "bracket", "group_stage", "group__stage", "playoffs", "draft", "swiss")
        .annotate(divided=Exists(SeasonTeam.objects.filter(season=OuterRef("pk"), division__isnull=False)))
        .get(id=season_id)
    )
    counts = (
        Match.objects.filter(season=season)
        .values_list("round")
        .annotate(matches=Count("id"), open=Count("id", filter=Q(status=Match.Status.SCHEDULED)))
        .order_by("round")
    )
    counts = list(counts)
    pages = rounds_pages([(number, matches) for number, matches, _ in counts])
    if page is None:
        next_round = next((number for number, _, open_ in counts if open_), None)
        page = next((p.number for p in pages if next_round is not None and p.first <= next_round <= p.last), None)
        page = page or len(pages)
    elif not 1 <= page <= max(len(pages), 1):
        raise Match.DoesNotExist(f"page: the fixtures have {len(pages)} pages")
    shown = pages[page - 1] if pages else RoundsPage(1, 0, 0)
    shown.current = True
    rounds: dict[int, list[Match]] = defaultdict(list)
    on_page = matches_with_teams().filter(season=season, round__gte=shown.first, round__lte=shown.last)
    for match in with_links(list(on_page.order_by("round", "kickoff", "id"))):
        rounds[match.round].append(match)
    divisions = division_tables(season, cache=True) if season.divided else []
    if divisions:
        chart_left_out = max(len(part.table.rows) for part in divisions) > CHART_MAX_TEAMS
    else:  # two teams to a match: the busiest round tells the teams without counting them
        chart_left_out = 2 * max((matches for _, matches, _ in counts), default=0) > CHART_MAX_TEAMS
    tables = [] if chart_left_out or divisions else cached_standings_by_round(season)
    division_charts = [] if chart_left_out else division_position_charts(season, divisions)
    table = tables[-1][1] if tables else cached_standings(season)
    byes = swiss_byes(season, shown.first, shown.last)
    # a knockout or a Swiss has no table to finish in (both read with the season: no query)
    open_matches = any(open_ for _, _, open_ in counts) and not hasattr(season, "bracket")
    open_matches = open_matches and not hasattr(season, "swiss")
    names = {row.team_id: row.name for part in divisions for row in part.table.rows} or {
        row.team_id: row.name for row in table.rows
    }
    odds, completions, odds_columns = odds_lines(season, names) if open_matches else ([], 0, [])
    return SeasonPage(
        season=season,
        table=table,
        swiss=swiss_lines(season, {row.team_id: row.name for row in table.rows}),
        rounds=[Round(number, matches, byes.get(number)) for number, matches in sorted(rounds.items())],
        chart=position_chart(tables) if tables else None,
        leaderboards=leaderboards(season),
        stages=tournament_links(season),
        seasons=list(league_seasons(season.league.seasons.all()).order_by("-created_at", "-id")),
        pages=pages if len(pages) > 1 else [],
        chart_left_out=chart_left_out,
        divisions=divisions,
        division_charts=division_charts,
        odds=odds,
        odds_completions=completions,
        odds_columns=odds_columns,
        odds_charts=odds_history_charts(season, [(part.division.pk, part.division.name) for part in divisions]),
        cross_tables=cross_tables(season, team_url=url_maker("web:team"), match_url=url_maker("web:match")),
    )


def division_position_charts(season: Season, divisions: Sequence[DivisionTable]) -> list[tuple[str, PositionChart]]:
    """Each division's positions after each of its rounds, top tier first (a division with no
    result yet has no chart)."""
    charts = []
    for part in divisions:
        tables = cached_standings_by_round(season, part.division.pk)
        if tables:
            charts.append((part.division.name, position_chart(tables)))
    return charts


def tournament_links(season: Season) -> list[tuple[str, str]]:
    """Links to the tournament pages this season has or belongs to (read from the season's
    one-to-one relations, loaded with it)."""
    links = []
    if hasattr(season, "draft"):
        links.append(("Draft board", reverse("web:draft", args=[season.id])))
    if hasattr(season, "bracket"):
        links.append(("Bracket", reverse("web:bracket", args=[season.id])))
    if hasattr(season, "group_stage"):
        links.append(("Groups", reverse("web:groups", args=[season.id])))
    if hasattr(season, "group"):
        links.append(("All groups of the tournament", reverse("web:groups", args=[season.group.stage.season_id])))
    if hasattr(season, "playoffs") and season.playoffs.knockout_id:
        links.append(("Play-offs", reverse("web:bracket", args=[season.playoffs.knockout_id])))
    return links


@dataclass
class GroupTable:
    label: str
    season: Season
    table: Table


@dataclass
class GroupsPage:
    season: Season
    groups: list[GroupTable]
    advance: int
    knockout: Season | None


def groups_page(season_id: int) -> GroupsPage:
    """Every group's table of a group stage, and the knockout once it is drawn."""
    stage = GroupStage.objects.select_related("season__league", "knockout").get(season_id=season_id)
    groups = stage.groups.select_related("season").order_by("label")
    return GroupsPage(
        season=stage.season,
        groups=[GroupTable(g.label, g.season, cached_standings(g.season)) for g in groups],
        advance=stage.advance,
        knockout=stage.knockout,
    )


# --- team -------------------------------------------------------------------------------------


@dataclass
class SquadCard:
    player_id: int
    name: str
    role: str
    values: list[Any]
    price: int


@dataclass
class TeamPage:
    team: Team
    season: Season | None
    seasons: list[Season]
    squad: list[SquadCard]
    attribute_columns: list[str]
    spent: int
    matches: list[Match]
    ledger: list[LedgerLine] = field(default_factory=list)
    #: the manager's public name (``rosters.accounts.manager_name``), never the e-mail address
    manager: str | None = None
    #: How strong the squad is against the rest of its league (``competitions.parity``), once
    #: the workers made every pairing's preview.
    parity: Parity | None = None
    strength: tuple[int, Strength] | None = None
    #: who is out of the team's next matches (suspended, injured), why and until when
    out: list[OutLine] = field(default_factory=list)

    @property
    def moves(self) -> list[LedgerLine]:
        """The season's signings, claims, releases and trades of the team, newest first."""
        return [line for line in reversed(self.ledger) if line.is_move]


@dataclass
class LedgerLine:
    when: Any
    reason: str
    player: str
    note: str
    amount: int
    balance: int
    #: the entry's reason as stored (``reason`` is its label): the moves are picked out by it
    code: str = ""

    @property
    def is_move(self) -> bool:
        """A signing, claim, release or trade: the team page lists these as its moves."""
        return self.code in MOVE_REASONS


def ledger_lines(team: Team, season: Season) -> list[LedgerLine]:
    """The team's BootCoin entries in the season, oldest first, with the running balance
    (from what ``rosters.ledger`` counts before the first entry)."""
    statement = statements(team, season.id)[0]
    balance = statement.balance - sum(entry.amount for entry in statement.entries)
    lines = []
    for entry in statement.entries:
        balance += entry.amount
        player = entry.player.name if entry.player else ""
        lines.append(
            LedgerLine(
                entry.created_at, entry.get_reason_display(), player, entry.note, entry.amount, balance, entry.reason
            )
        )
    return lines


def team_page(team_id: int, season_id: int | None = None) -> TeamPage:
    """A team's squad (card attributes and prices) and matches in a season, by default the current one."""
    team = Team.objects.select_related("league", "manager").get(id=team_id)
    seasons = list(with_progress(team.seasons.all()).order_by("-created_at", "-id"))
    season = chosen_season(seasons, season_id)
    members: list[SquadMember] = []
    matches: list[Match] = []
    ledger: list[LedgerLine] = []
    parity = None
    out: list[OutLine] = []
    if season is not None:
        season.league = team.league
        members = list(
            SquadMember.objects.filter(team=team, season=season)
            .select_related("player")
            .order_by("player__role", "player__name")
        )
        of_team = matches_with_teams().filter(Q(home=team) | Q(away=team), season=season)
        matches = with_links(list(of_team.order_by("round", HAPPENED_AT, "id")), {season.id: team.league.time_zone})
        ledger = ledger_lines(team, season)
        parity = season_parity(season) if members and matches else None
        out = team_out(season, team.id)
    columns = attribute_columns(m.player.attributes for m in members)
    return TeamPage(
        team=team,
        season=season,
        seasons=seasons,
        squad=[
            SquadCard(
                player_id=m.player_id,
                name=m.player.name,
                role=m.player.role,
                values=[m.player.attributes.get(key, "") for key in columns],
                price=m.price,
            )
            for m in members
        ],
        attribute_columns=[label(key) for key in columns],
        spent=sum(m.price for m in members),
        matches=matches,
        ledger=ledger,
        manager=manager_name(team),
        parity=parity if parity and parity.complete else None,
        strength=parity.of(team.id) if parity and parity.complete else None,
        out=out,
    )


def attribute_columns(cards: Iterable[dict[str, Any]]) -> list[str]:
    """The card attributes worth a column: every key but the role, in first-seen order."""
    columns: dict[str, None] = {}
    for attributes in cards:
        for key in attributes:
            if key != "role":
                columns.setdefault(key, None)
    return list(columns)


# --- calendars --------------------------------------------------------------------------------


def season_fixtures(season_id: int) -> tuple[Season, Sequence[Match]]:
    """A season and all its matches, for its calendar feed."""
    season = Season.objects.select_related("league").get(id=season_id)
    matches = list(matches_with_teams().filter(season=season).order_by("kickoff", "id"))
    for match in matches:
        match.season = season
    return season, matches


def league_fixtures(slug: str) -> tuple[League, Sequence[Match]]:
    """A league and its current season's matches (``current_season``), for the league's feed:
    a subscription follows the league from season to season."""
    league = League.objects.get(slug=slug)
    season = current_season(with_progress(league_seasons(league.seasons.all())), timezone.now())
    if season is None:
        return league, []
    return league, season_fixtures(season.id)[1]


def team_fixtures(team_id: int) -> tuple[Team, Sequence[Match]]:
    """A team and its matches in its current season (and that season's play-offs, groups and
    knockouts), for its calendar feed: a subscription follows the team into the next season."""
    team = Team.objects.select_related("league").get(id=team_id)
    season = current_season(with_progress(league_seasons(team.seasons.all())), timezone.now())
    if season is None:
        return team, []
    matches = matches_with_teams().select_related("season__league").filter(Q(home=team) | Q(away=team))
    in_season = (
        Q(season=season)
        | Q(season__playoffs_of__season=season)
        | Q(season__group__stage__season=season)
        | Q(season__group_stage_of__season=season)
        | Q(season__division_playoff_of__season=season)
    )
    return team, list(matches.filter(in_season).order_by("kickoff", "id"))
