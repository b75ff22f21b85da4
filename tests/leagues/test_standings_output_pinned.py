"""What the standings module gives its other callers: the table as text (the commands, the demo,
a group stage's summary), a tie-break note in the reader's language (the season page, its PDF),
the ranking of teams the odds find level (``rank_tied``), a table of given results (the history)
and the inputs the odds read once (``table_inputs``, ``table_from``)."""

import pytest
from django.utils import translation

from competitions.standings import (
    Result,
    Row,
    Table,
    compute_standings,
    format_table,
    rank_tied,
    table_from,
    table_inputs,
    table_of,
    tie_note,
    tie_note_shown,
)
from leagues.models import Division, SeasonTeam
from tests.conftest import make_season
from tests.leagues.test_standings import play


def printed_rows():
    """A name longer than the column (cut at 24 characters), six results (the last five shown), a deduction."""
    lines = [
        # name, won, drawn, lost, goals for, against, match points, deducted, form
        ("Borussia Mönchengladbach II", 4, 1, 1, 12, 5, 13, 0, "LWWDWW"),
        ("Alpha", 1, 2, 3, 4, 9, 5, 2, "WDLLDL"),
    ]
    keys = ("name", "won", "drawn", "lost", "goals_for", "goals_against", "match_points", "deducted", "form")
    rows = [Row(team_id=n, position=n, **dict(zip(keys, line, strict=True))) for n, line in enumerate(lines, start=1)]
    for row in rows:
        row.played, row.form = row.won + row.drawn + row.lost, list(row.form)
    return Table(rows=rows, notes=["Alpha, Beta (level on points): separated by goal difference."])


def test_a_table_printed_in_english():
    assert format_table(printed_rows()).split("\n") == [
        "Pos  Team                       P   W   D   L   GF   GA   GD  Pts  Form",
        "-" * 71,
        "  1  Borussia Mönchengladbach   6   4   1   1   12    5   +7   13  WWDWW",
        "  2  Alpha                      6   1   2   3    4    9   -5    3  DLLDL (-2)",
        "* Alpha, Beta (level on points): separated by goal difference.",
    ]


def test_a_tables_heading_is_printed_in_the_active_language():
    with translation.override("de"):
        heading = format_table(Table(rows=[], notes=[])).split("\n")
    assert heading == ["Pos  Team                      Sp   S   U   N    T   GT Diff  Pkt  Form", "-" * 71]
    with translation.override("it"):
        heading = format_table(Table(rows=[], notes=[])).split("\n")[0]
    assert heading == "Pos  Squadra                    G   V   N   P   GF   GS   DR   Pt  Forma"


def test_a_note_naming_two_levels_is_shown_in_german():
    note = tie_note("Alpha, Beta", ["points", "wins"], "away_goals")
    assert note == "Alpha, Beta (level on points, matches won): separated by goals scored away."
    with translation.override("de"):
        shown = tie_note_shown(note)
    assert shown == "Alpha, Beta (gleich nach Punkte, gewonnene Spiele): getrennt durch auswärts erzielte Tore."


@pytest.mark.parametrize(
    "note",
    [
        # not of the note's form at all
        "Alpha, Beta: separated by goals scored.",
        # two criteria after "separated by": no note the table makes, shown as it is
        "Alpha, Beta (level on points): separated by goal difference, goals scored.",
        # an unknown label where the levels are, then where the criterion is
        "Alpha, Beta (level on points, luck): separated by goals scored.",
        "Alpha, Beta (level on points): separated by luck.",
        # the levels' labels not joined by ", "
        "Alpha, Beta (level on points; goal difference): separated by goals scored.",
    ],
)
def test_a_note_the_labels_do_not_read_back_is_shown_as_it_is(note):
    with translation.override("de"):
        assert tie_note_shown(note) == note


@pytest.fixture
def lots_league(league):
    league.tiebreakers = ["points", "goal_difference", "lots"]
    league.save()
    return league


def test_teams_level_on_points_are_ranked_by_the_rest_of_the_leagues_criteria(lots_league):
    season = make_season(lots_league, [], seed=11)
    rows = [
        Row(team_id=team_id, name=name, match_points=4, goals_for=goals)
        for team_id, name, goals in [(1, "Alpha", 1), (2, "Beta", 5), (3, "Gamma", 5), (4, "Delta", 5), (5, "East", 5)]
    ]
    ranked = [row.name for row in rank_tied(rows, 1, [], season)]
    # Alpha's goal difference puts it last; the four level on it as the season's seed draws them
    # (random.Random("11:lots") shuffling their ids in order, the first out ranking first)
    assert ranked == ["East", "Delta", "Gamma", "Beta", "Alpha"]
    season.seed = 12
    assert [row.name for row in rank_tied(rows, 1, [], season)] == ["Delta", "Beta", "Gamma", "East", "Alpha"]


def test_rank_tied_reads_the_head_to_head_results_it_is_given(league):
    league.tiebreakers = ["points", "head_to_head"]
    league.save()
    season = make_season(league, [])
    rows = [Row(team_id=1, name="Alpha", match_points=3), Row(team_id=2, name="Beta", match_points=3)]
    assert [row.name for row in rank_tied(rows, 1, [Result(2, 1, 1, 0)], season)] == ["Beta", "Alpha"]
    assert [row.name for row in rank_tied(rows, 1, [Result(1, 2, 1, 0)], season)] == ["Alpha", "Beta"]


def test_a_table_of_given_results_deductions_and_cards(lots_league):
    lots_league.tiebreakers = ["points", "fair_play"]
    lots_league.save()
    season = make_season(lots_league, [])
    teams = {1: "Alpha", 2: "Beta", 3: "Gamma"}
    results = [Result(1, 2, 2, 0), Result(3, 1, 1, 1), Result(4, 3, 0, 3)]  # team 4 is no team given
    table = table_of(season, teams, results, {1: 4}, {2: 3, 3: 5})
    assert [(r.name, r.played, r.points, r.deducted, r.cards) for r in table.rows] == [
        ("Gamma", 2, 4, 0, 5),
        ("Alpha", 2, 0, 4, 0),
        ("team 4", 1, 0, 0, 0),  # level with Alpha on no card: then by name
        ("Beta", 1, 0, 0, 3),
    ]
    assert table.notes == [
        "Alpha, Beta, team 4 (level on points): "
        "separated by fair play (fewer card points, by the league's card weights)."
    ]


@pytest.mark.django_db
def test_the_inputs_read_once_make_the_divisions_table(league):
    season = make_season(league, ["Alpha", "Beta", "Gamma"])
    north = Division.objects.create(league=league, name="North", tier=1)
    SeasonTeam.objects.filter(season=season).exclude(team__name="Gamma").update(division=north)
    play(season, ["Alpha 1-0 Beta", "Gamma 5-0 Alpha"])
    inputs = table_inputs(season, north.id)
    assert inputs.teams == {team.id: team.name for team in season.teams.exclude(name="Gamma")}
    table = table_from(inputs)
    assert [(r.name, r.played, r.points) for r in table.rows] == [("Alpha", 1, 3), ("Beta", 1, 0)]
    whole = compute_standings(season)
    assert [(r.name, r.played) for r in table_from(table_inputs(season)).rows] == [
        (r.name, r.played) for r in whole.rows
    ]
