"""The head-to-head mini-table compares points, then goal difference, then goals scored, in
that order; the drawing of lots is the season's own draw, and only among the teams still level.

The teams are named so that the last resort (alphabetical order, with no lots in the league's
tie-breakers) would give the opposite order to the one each criterion gives.
"""

import random

import pytest

from leagues.models import Team
from leagues.standings import compute_standings
from tests.conftest import make_season
from tests.leagues.test_standings import play


@pytest.fixture
def head_to_head_only(league):
    league.tiebreakers = ["points", "head_to_head"]
    league.save()
    return league


def names(season, count=3):
    return [r.name for r in compute_standings(season).rows[:count]]


def test_head_to_head_points_come_before_goal_difference(head_to_head_only):
    season = make_season(head_to_head_only, ["Alpha", "Beta", "Gamma", "One", "Two", "Three"])
    play(
        season,
        [
            # among the three: Gamma 6 points (+2), Beta 3 (+4, the most goals), Alpha 0
            "Gamma 1-0 Beta",
            "Gamma 1-0 Alpha",
            "Beta 5-0 Alpha",
            # against the rest, which brings all three to 6 points
            "Beta 1-0 One",
            "Alpha 1-0 Two",
            "Alpha 1-0 Three",
        ],
    )
    assert {r.points for r in compute_standings(season).rows[:3]} == {6}
    assert names(season) == ["Gamma", "Beta", "Alpha"]


def test_head_to_head_goal_difference_comes_before_goals_scored(head_to_head_only):
    season = make_season(head_to_head_only, ["Alpha", "Beta", "Gamma"])
    # a win each; goal difference Gamma +1, Beta 0, Alpha -1; goals Alpha 4, Beta 4, Gamma 2
    play(season, ["Alpha 4-3 Beta", "Beta 1-0 Gamma", "Gamma 2-0 Alpha"])
    assert names(season) == ["Gamma", "Beta", "Alpha"]


def test_head_to_head_goals_scored_separate_teams_level_on_points_and_goal_difference(head_to_head_only):
    season = make_season(head_to_head_only, ["Alpha", "Beta", "Gamma"])
    # a win each, goal difference 0 each; goals Gamma 4, Beta 3, Alpha 2
    play(season, ["Gamma 3-2 Beta", "Beta 1-0 Alpha", "Alpha 2-1 Gamma"])
    assert names(season) == ["Gamma", "Beta", "Alpha"]
    table = compute_standings(season)
    assert any("Alpha, Beta, Gamma" in note and "head-to-head" in note for note in table.notes)


def test_level_teams_are_ordered_as_the_seasons_lots_fall(league):
    league.tiebreakers = ["points", "lots"]
    league.save()
    for seed in range(6):
        season = make_season(league, ["Alpha", "Beta", "Gamma", "Delta", "East"], name=f"s{seed}", seed=seed)
        # East wins its match and stays top; the other four are level on a point each
        play(season, ["Alpha 0-0 Beta", "Gamma 0-0 Delta", "East 1-0 Alpha"])
        level = sorted(Team.objects.filter(league=league).exclude(name="East").values_list("id", flat=True))
        drawn = list(level)
        random.Random(f"{seed}:lots").shuffle(drawn)  # the draw the league's rules describe: first out ranks first
        rows = compute_standings(season).rows
        assert rows[0].name == "East"
        assert [r.team_id for r in rows[1:]] == drawn
