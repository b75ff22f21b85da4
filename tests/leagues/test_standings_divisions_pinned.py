"""A division's table (``compute_standings(season, division_id)``): its own teams only, their
results among themselves only (a match across divisions, as a cup tie or a hand-made fixture
would be, counts in neither division's table), its own points deductions; by round and through
the cache too, each under a key of its own; and what each kind of card costs in the fair-play count,
summed over a team's booked players."""

import pytest
from django.core.cache import cache

from competitions.standings import (
    cached_standings,
    cached_standings_by_round,
    compute_standings,
    fair_play_points,
    standings_by_round,
)
from leagues.models import FAIR_PLAY_FIFA, Division, PointsDeduction, SeasonTeam
from tests.conftest import make_season
from tests.leagues.test_standings import play
from tests.leagues.test_standings_pinned import book

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(league):
    """Two divisions of two teams; North's teams play each other twice, South's once, and a
    North team beats a South team 9-0 across the divisions; South's Delta loses 5 points."""
    season = make_season(league, ["Alpha", "Beta", "Gamma", "Delta"])
    north = Division.objects.create(league=league, name="North", tier=1)
    south = Division.objects.create(league=league, name="South", tier=2)
    for entry in SeasonTeam.objects.filter(season=season).select_related("team"):
        entry.division = north if entry.team.name in ("Alpha", "Beta") else south
        entry.save()
    play(season, ["Alpha 2-0 Beta", "Beta 1-1 Alpha", "Gamma 1-0 Delta", "Alpha 9-0 Gamma"])
    PointsDeduction.objects.create(season=season, team=season.teams.get(name="Delta"), points=5, reason="fine")
    cache.clear()
    return season, north, south


def rows(table):
    return [(r.name, r.played, r.goals_for, r.goals_against, r.points) for r in table.rows]


def test_a_divisions_table_holds_its_teams_and_their_results_among_themselves(season):
    season, north, south = season
    assert rows(compute_standings(season, north.id)) == [("Alpha", 2, 3, 1, 4), ("Beta", 2, 1, 3, 1)]
    assert rows(compute_standings(season, south.id)) == [("Gamma", 1, 1, 0, 3), ("Delta", 1, 0, 1, -5)]
    # the whole season counts everything, the match across divisions too
    assert rows(compute_standings(season))[0] == ("Alpha", 3, 12, 1, 7)


def test_a_divisions_table_by_round_and_through_the_cache(season):
    season, north, south = season
    by_round = standings_by_round(season, south.id)
    assert [number for number, _ in by_round] == [3]  # South played in round 3 only (round 4 crossed)
    assert rows(by_round[0][1]) == rows(compute_standings(season, south.id))
    assert rows(cached_standings(season, north.id)) == rows(compute_standings(season, north.id))
    assert rows(cached_standings(season, south.id)) == rows(compute_standings(season, south.id))
    assert rows(cached_standings(season)) == rows(compute_standings(season))  # each its own key
    assert [n for n, _ in cached_standings_by_round(season, south.id)] == [3]
    assert [n for n, _ in cached_standings_by_round(season, north.id)] == [1, 2]
    assert [n for n, _ in cached_standings_by_round(season)] == [1, 2, 3, 4]


def test_each_kind_of_card_costs_its_own_weight():
    weights = {**FAIR_PLAY_FIFA, "yellow": 2, "second_yellow": 5, "yellow_direct_red": 7, "direct_red": 11}
    assert fair_play_points(3, 0, weights) == 6  # three single yellows
    assert fair_play_points(2, 1, weights) == 5  # a second yellow
    assert fair_play_points(1, 1, weights) == 7  # a yellow, then a direct red
    assert fair_play_points(0, 1, weights) == 11  # a direct red
    assert fair_play_points(5, 2, weights) == 5 + 5 + 2  # two second yellows and a yellow left over


def test_a_divisions_table_holds_its_teams_of_this_season_only(season):
    season, north, south = season
    # the next season, Gamma goes up to North and Alpha down to South
    later = make_season(season.league, ["Alpha", "Beta", "Gamma"], name="later")
    for entry in SeasonTeam.objects.filter(season=later).select_related("team"):
        entry.division = south if entry.team.name == "Alpha" else north
        entry.save()
    assert [r.name for r in compute_standings(season, north.id).rows] == ["Alpha", "Beta"]
    assert [r.name for r in compute_standings(later, north.id).rows] == ["Beta", "Gamma"]


def test_a_teams_cards_are_summed_over_its_booked_players(season):
    season, _, _ = season
    season.league.tiebreakers = ["points", "fair_play"]
    season.league.save()
    season.league.fair_play_use(FAIR_PLAY_FIFA)
    book(season, "Alpha", "Gamma", yellow=1)
    book(season, "Alpha", "Gamma", red=1)  # another player of the same side
    book(season, "Delta", "Gamma", yellow=1)
    cards = {r.name: r.cards for r in compute_standings(season).rows}
    assert cards == {"Alpha": 1 + 4, "Beta": 0, "Gamma": 0, "Delta": 1}
