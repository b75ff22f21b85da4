"""The league table of a season, computed from stored results.

A fixed number of queries whatever the size of the league: the season's
teams, its counted matches, its points deductions and, only when the league
breaks ties on fair play, the cards. Everything else happens in Python.

The pages and the API read tables through ``cached_standings`` and
``cached_standings_by_round`` (and the season page is cached whole): keyed by the
season's ``standings_version``, which every change to the season's matches or to
what a table is made of bumps once its transaction commits
(``standings_changed``, called by the signals in ``leagues.signals``, ``matches.signals``,
``rosters.signals`` and ``tournaments.signals``). The version is read with the season, in
the same request, so a reader gets the old table only between a change's commit and its
bump, and each web process may keep its own cache.
"""

from __future__ import annotations

import functools
import random
import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from django.db.models import Q, Sum
from django.utils import translation
from django.utils.translation import gettext, gettext_noop, pgettext

from leagues.cache import cached
from leagues.models import TIEBREAKERS, PointsDeduction, Season, Team
from matches.models import HAPPENED_AT, Match, PlayerMatchStat

FORM_LENGTH = 5


@dataclass
class Row:
    team_id: int
    name: str
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    goals_for: int = 0
    goals_against: int = 0
    away_goals: int = 0
    deducted: int = 0
    match_points: int = 0
    cards: int = 0
    form: list[str] = field(default_factory=list)
    position: int = 0

    @property
    def goal_difference(self) -> int:
        return self.goals_for - self.goals_against

    @property
    def points(self) -> int:
        return self.match_points - self.deducted

    def to_dict(self) -> dict:
        return {
            "position": self.position,
            "team": self.team_id,
            "name": self.name,
            "played": self.played,
            "won": self.won,
            "drawn": self.drawn,
            "lost": self.lost,
            "goals_for": self.goals_for,
            "goals_against": self.goals_against,
            "goal_difference": self.goal_difference,
            "points": self.points,
            "deducted": self.deducted,
            "form": "".join(self.form[-FORM_LENGTH:]),
        }


@dataclass
class Table:
    rows: list[Row]
    #: How tied teams were separated, for a footnote: "Alpha, Beta (level on points): separated
    #: by goal difference." In English (``tie_note``); shown through ``tie_note_shown``.
    notes: list[str]

    def to_list(self) -> list[dict]:
        return [row.to_dict() for row in self.rows]


@dataclass(frozen=True)
class Result:
    home: int
    away: int
    home_goals: int
    away_goals: int
    round: int = 0


def _points(league, goals_for: int, goals_against: int) -> int:
    if goals_for > goals_against:
        return league.points_win
    if goals_for == goals_against:
        return league.points_draw
    return league.points_loss


def _add(row: Row, league, goals_for: int, goals_against: int) -> None:
    row.played += 1
    row.goals_for += goals_for
    row.goals_against += goals_against
    row.match_points += _points(league, goals_for, goals_against)
    outcome = "W" if goals_for > goals_against else "D" if goals_for == goals_against else "L"
    row.won += outcome == "W"
    row.drawn += outcome == "D"
    row.lost += outcome == "L"
    row.form.append(outcome)


@dataclass
class _Inputs:
    """Everything a table is computed from, read once so that tables after each round cost no queries."""

    season: Season
    teams: dict[int, str]
    results: list[Result]
    deducted: dict[int, int]
    cards: dict[int, int]


def _load(season: Season, division_id: int | None = None) -> _Inputs:
    """The season's inputs; with ``division_id``, only that division's teams and their matches
    among themselves (a division's fixtures never leave it)."""
    if division_id is None:
        entries = season.teams.all()
    else:
        entries = Team.objects.filter(season_entries__season=season, season_entries__division_id=division_id)
    teams = {t["id"]: t["name"] for t in entries.values("id", "name")}
    matches = Match.objects.filter(season=season, status__in=Match.RESULT_STATUSES)
    deductions = PointsDeduction.objects.filter(season=season)
    if division_id is not None:
        matches = matches.filter(home_id__in=teams, away_id__in=teams)
        deductions = deductions.filter(team_id__in=teams)
    results = [
        Result(*values)
        for values in matches.order_by(HAPPENED_AT, "id").values_list(
            "home_id", "away_id", "home_goals", "away_goals", "round"
        )
    ]
    deducted = {d["team_id"]: d["total"] for d in deductions.values("team_id").annotate(total=Sum("points"))}
    cards: dict[int, int] = {}
    if "fair_play" in season.league.tiebreakers:
        weights = season.league.fair_play_weights
        for team_id, yellows, reds in (
            PlayerMatchStat.objects.filter(match__in=matches)
            .filter(Q(yellow_cards__gt=0) | Q(red_cards__gt=0))
            .values_list("team_id", "yellow_cards", "red_cards")
        ):
            cards[team_id] = cards.get(team_id, 0) + fair_play_points(yellows, reds, weights)
    return _Inputs(season=season, teams=teams, results=results, deducted=deducted, cards=cards)


def fair_play_points(yellows: int, reds: int, weights: dict[str, int]) -> int:
    """What one player's cards in one match cost in the fair-play count (fewer is better).

    The stats hold the yellows and the reds; a sending-off for a second yellow is stored as both
    yellows and the red (by every engine, and by a ``second_yellow`` entered at the table), so a
    red goes with two yellows where it has them (a second yellow), else with one (a yellow and
    then a direct red), else alone (a direct red). As FIFA counts it, each player in a match has
    one of these; a line with more (Flexdeck's goaltender takes his whole team's cards) counts
    each sending-off that way and the yellows left over one each.
    """
    second = min(reds, yellows // 2)
    direct, single = reds - second, yellows - 2 * second
    with_yellow = min(direct, single)
    return (
        second * weights["second_yellow"]
        + with_yellow * weights["yellow_direct_red"]
        + (direct - with_yellow) * weights["direct_red"]
        + (single - with_yellow) * weights["yellow"]
    )


def _table(inputs: _Inputs, results: list[Result]) -> Table:
    league = inputs.season.league
    rows = {team_id: Row(team_id=team_id, name=name) for team_id, name in inputs.teams.items()}
    for r in results:
        for team_id in (r.home, r.away):
            rows.setdefault(team_id, Row(team_id=team_id, name=f"team {team_id}"))
        _add(rows[r.home], league, r.home_goals, r.away_goals)
        _add(rows[r.away], league, r.away_goals, r.home_goals)
        rows[r.away].away_goals += r.away_goals
    for team_id, row in rows.items():
        row.deducted = inputs.deducted.get(team_id, 0)
        row.cards = inputs.cards.get(team_id, 0)
    criteria = ranking_criteria(league)
    notes: list[str] = []
    ordered = _rank(list(rows.values()), criteria, 0, results, league, inputs.season.seed, notes)
    for position, row in enumerate(ordered, start=1):
        row.position = position
    return Table(rows=ordered, notes=notes)


def ranking_criteria(league) -> list[str]:
    """What orders the league's table: points, then its tie-breakers in its order."""
    return ["points"] + [c for c in league.tiebreakers if c != "points" and c in TIEBREAKERS]


def table_inputs(season: Season, division_id: int | None = None) -> _Inputs:
    """What the season's table (or one division's) is made of, read once: for callers that
    make many tables from it (``competitions.odds``)."""
    return _load(season, division_id)


def table_from(inputs: _Inputs) -> Table:
    """The table of what ``table_inputs`` read."""
    return _table(inputs, inputs.results)


def rank_tied(rows: list[Row], index: int, results: list[Result], season: Season) -> list[Row]:
    """Order rows level on the first ``index`` criteria of ``ranking_criteria`` by the rest, as
    the table does (head-to-head over ``results``, the lots drawn with the season's seed)."""
    league = season.league
    return _rank(rows, ranking_criteria(league), index, results, league, season.seed, [])


def compute_standings(season: Season, division_id: int | None = None) -> Table:
    """The season's table (or one division's), ordered by points and then the league's tie-breakers."""
    inputs = _load(season, division_id)
    return _table(inputs, inputs.results)


def standings_by_round(season: Season, division_id: int | None = None) -> list[tuple[int, Table]]:
    """The table (or one division's) after each round that has a result, for a chart of
    positions over the season.

    The same queries as ``compute_standings`` whatever the number of rounds. Points
    deductions and fair-play cards are not dated, so every round's table carries the
    season's totals of them.
    """
    inputs = _load(season, division_id)
    rounds = sorted({r.round for r in inputs.results})
    return [(number, _table(inputs, [r for r in inputs.results if r.round <= number])) for number in rounds]


def table_of(
    season: Season, teams: dict[int, str], results: list[Result], deducted: dict[int, int], cards: dict[int, int]
) -> Table:
    """The table of given teams and results under the season's league and seed: for callers that
    read many seasons' results at once (``competitions.history``) and rank each without a query."""
    return _table(_Inputs(season=season, teams=teams, results=results, deducted=deducted, cards=cards), results)


def _rank(group, criteria, index, results, league, seed, notes) -> list[Row]:
    """Order a group of teams level on every criterion before ``index``."""
    if len(group) < 2:
        return group
    if index >= len(criteria):
        return sorted(group, key=lambda row: row.name)
    name = criteria[index]
    key = _criterion_key(name, group, results, league, seed)
    buckets: dict[tuple, list[Row]] = defaultdict(list)
    for row in group:
        buckets[key(row)].append(row)
    if len(buckets) == 1:
        return _rank(group, criteria, index + 1, results, league, seed, notes)
    if index > 0:
        names = ", ".join(sorted(row.name for row in group))
        notes.append(tie_note(names, criteria[:index], name))
    ordered: list[Row] = []
    for bucket_key in sorted(buckets, reverse=True):
        bucket = buckets[bucket_key]
        # Head-to-head is re-applied to a smaller tied group: its mini-table changes.
        next_index = index if name == "head_to_head" else index + 1
        ordered += _rank(bucket, criteria, next_index, results, league, seed, notes)
    return ordered


#: A tie-break note: which teams were level on what, and what separated them.
TIE_NOTE = gettext_noop("%(teams)s (level on %(level)s): separated by %(criterion)s.")
TIE_NOTE_FORM = re.compile(r"(?P<teams>.+) \(level on (?P<level>.+)\): separated by (?P<criterion>.+)\.", re.S)


def tie_note(teams: str, level: Iterable[str], criterion: str) -> str:
    """The note in English, whatever the language of the request that computed the table: the
    table is cached and the API and ``manage.py standings --json`` give its notes as they are.
    ``tie_note_shown`` words it in the reader's language."""
    english = _english_labels()
    return TIE_NOTE % {"teams": teams, "level": ", ".join(english[n] for n in level), "criterion": english[criterion]}


@functools.cache
def _english_labels() -> dict[str, str]:
    """The tie-breakers' labels as written (their msgids), read once: the odds rank thousands of
    simulated tables, and a translation looked up for each of their notes would show."""
    with translation.override(None):
        return {name: str(label) for name, label in TIEBREAKERS.items()}


@functools.cache
def _criteria_by_label() -> dict[str, str]:
    """The tie-breakers by their English label, longest first (one label holds a comma)."""
    labels = {label: name for name, label in _english_labels().items()}
    return dict(sorted(labels.items(), key=lambda item: -len(item[0])))


def _criteria(text: str) -> list[str] | None:
    """The tie-breakers a note's ", "-joined English labels name, None if one is unknown."""
    found: list[str] = []
    while text:
        label = next((label for label in _criteria_by_label() if text.startswith(label)), None)
        if label is None:
            return None
        found.append(_criteria_by_label()[label])
        text = text[len(label) :].removeprefix(", ")
    return found


def tie_note_shown(note: str) -> str:
    """A table's tie-break note (``Table.notes``, English) in the reader's language: the note's
    form and the tie-breakers' labels translated, the teams' names as they are. A note of
    another form is shown as it is."""
    match = TIE_NOTE_FORM.fullmatch(note)
    level = _criteria(match["level"]) if match else None
    criterion = _criteria(match["criterion"]) if match else None
    if match is None or level is None or criterion is None or len(criterion) != 1:
        return note
    return gettext(TIE_NOTE) % {
        "teams": match["teams"],
        "level": ", ".join(str(TIEBREAKERS[n]) for n in level),
        "criterion": str(TIEBREAKERS[criterion[0]]),
    }


def _criterion_key(name, group, results, league, seed) -> Callable[[Row], tuple]:
    """A key where a larger value ranks higher."""
    if name == "head_to_head":
        mini = _mini_table(group, results, league)
        return lambda row: mini[row.team_id]
    if name == "lots":
        order = sorted(row.team_id for row in group)
        random.Random(f"{seed}:lots").shuffle(order)
        drawn = {team_id: -position for position, team_id in enumerate(order)}
        return lambda row: (drawn[row.team_id],)
    if name == "fair_play":
        return lambda row: (-row.cards,)
    attribute = {"wins": "won"}.get(name, name)
    return lambda row: (getattr(row, attribute),)


def _mini_table(group, results, league) -> dict[int, tuple[int, int, int]]:
    """Points, goal difference and goals scored in the matches among exactly these teams."""
    ids = {row.team_id for row in group}
    table = {team_id: [0, 0, 0] for team_id in ids}
    for r in results:
        if r.home in ids and r.away in ids:
            for team, gf, ga in ((r.home, r.home_goals, r.away_goals), (r.away, r.away_goals, r.home_goals)):
                table[team][0] += _points(league, gf, ga)
                table[team][1] += gf - ga
                table[team][2] += gf
    return {team_id: tuple(values) for team_id, values in table.items()}


def cached_standings(season: Season, division_id: int | None = None) -> Table:
    """``compute_standings`` through the cache (``season`` read in this request)."""
    key = f"standings:{season.id}:{season.standings_version}" + (f":{division_id}" if division_id else "")
    return cached(key, lambda: compute_standings(season, division_id))


def cached_standings_by_round(season: Season, division_id: int | None = None) -> list[tuple[int, Table]]:
    """``standings_by_round`` through the cache (``season`` read in this request)."""
    key = f"standings-by-round:{season.id}:{season.standings_version}" + (f":{division_id}" if division_id else "")
    return cached(key, lambda: standings_by_round(season, division_id))


def format_table(table: Table) -> str:
    """The table as text, for the commands and the demo (its heading in the active language)."""
    header = (
        f"{pgettext('position', 'Pos'):>3}  {gettext('Team'):<24} {pgettext('played', 'P'):>3}"
        f" {pgettext('won', 'W'):>3} {pgettext('drawn', 'D'):>3} {pgettext('lost', 'L'):>3}"
        f" {pgettext('goals for', 'GF'):>4} {pgettext('goals against', 'GA'):>4}"
        f" {pgettext('goal difference', 'GD'):>4} {pgettext('points', 'Pts'):>4}  {gettext('Form')}"
    )
    lines = [header, "-" * len(header)]
    for row in table.rows:
        deducted = f" (-{row.deducted})" if row.deducted else ""
        lines.append(
            f"{row.position:>3}  {row.name[:24]:<24} {row.played:>3} {row.won:>3} {row.drawn:>3} {row.lost:>3}"
            f" {row.goals_for:>4} {row.goals_against:>4} {row.goal_difference:>+4} {row.points:>4}"
            f"  {''.join(row.form[-5:])}{deducted}"
        )
    lines += [f"* {note}" for note in table.notes]
    return "\n".join(lines)
