"""The head-to-head mini-table compares points, then goal difference, then goals scored, in
that order; the drawing of lots is the season's own draw, and only among the teams still level.

The teams are named so that the last resort (alphabetical order, with no lots in the league's
tie-breakers) would give the opposite order to the one each criterion gives.
"""

import random
from datetime import timedelta

import pytest
from django.db.models import Q

from competitions.standings import (
    cached_standings,
    cached_standings_by_round,
    compute_standings,
    standings_by_round,
)
from leagues.cache import standings_changed
from leagues.models import FAIR_PLAY_BEFORE, FAIR_PLAY_FIELDS, Team
from matches.models import Match, PlayerMatchStat
from rosters.models import Player
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
            # among the three: Gamma 6 points (+2), Beta 3 (+6, the most goals), Alpha 0
            "Gamma 1-0 Beta",
            "Gamma 1-0 Alpha",
            "Beta 7-0 Alpha",
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


def test_a_table_counts_its_own_seasons_results_and_cards_only(league):
    league.tiebreakers = ["points", "fair_play", "lots"]
    league.save()
    season = make_season(league, ["Alpha", "Beta"])
    other = make_season(league, ["Alpha", "Beta", "Gamma"], name="other")
    play(season, ["Alpha 1-1 Beta"])
    play(other, ["Gamma 4-0 Alpha", "Beta 2-0 Gamma"])
    book(other, "Beta", "Gamma", red=1)
    rows = compute_standings(season).rows
    assert [(r.name, r.played, r.goals_for, r.cards) for r in rows] == [("Alpha", 1, 1, 0), ("Beta", 1, 1, 0)]


def book(season, team_name, opponent_name, *, yellow=0, red=0):
    """Cards for one player of the team in its match against the opponent."""
    team = Team.objects.get(league=season.league, name=team_name)
    opponent = Team.objects.get(league=season.league, name=opponent_name)
    match = Match.objects.get(Q(home=team, away=opponent) | Q(home=opponent, away=team), season=season)
    player = Player.objects.create(league=season.league, name=f"{team_name} {yellow}{red}", role="field", attributes={})
    PlayerMatchStat.objects.create(match=match, player=player, team=team, yellow_cards=yellow, red_cards=red)


def test_fair_play_counts_a_red_card_as_three_yellows(league):
    """With the weights of the leagues that existed before they were a setting (yellow 1, red 3)."""
    league.tiebreakers = ["points", "fair_play"]
    for kind, name in FAIR_PLAY_FIELDS.items():
        setattr(league, name, FAIR_PLAY_BEFORE[kind])
    league.save()
    season = make_season(league, ["Alpha", "Beta", "Gamma", "Delta", "East"])
    play(season, ["Alpha 0-0 Beta", "Gamma 0-0 Delta", "East 1-0 Alpha"])
    play(season, ["East 0-0 Gamma"], status=Match.Status.CANCELLED)
    book(season, "Alpha", "Beta", red=1)  # 3
    book(season, "Beta", "Alpha", yellow=2)  # 2
    book(season, "Gamma", "Delta", yellow=4)  # 4
    book(season, "East", "Gamma", red=1)  # a cancelled match's cards do not count
    # Delta has no card at all; East on 3 points is above the four level on 1
    table = compute_standings(season)
    assert [(r.name, r.cards) for r in table.rows] == [
        ("East", 0),
        ("Delta", 0),
        ("Beta", 2),
        ("Alpha", 3),
        ("Gamma", 4),
    ]
    assert table.notes == [
        "Alpha, Beta, Delta, Gamma (level on points): "
        "separated by fair play (fewer card points, by the league's card weights)."
    ]


def test_with_no_tie_breaker_left_level_teams_go_in_name_order(league):
    league.tiebreakers = ["points", "unknown-criterion", "goal_difference", "goals_for"]
    league.save()
    season = make_season(league, ["Delta", "Beta", "Alpha", "Gamma"])
    play(season, ["Delta 1-1 Beta", "Gamma 2-2 Alpha"])
    table = compute_standings(season)
    # the unknown criterion is skipped; goals scored split the four, and names each pair left
    assert [(r.position, r.name) for r in table.rows] == [(1, "Alpha"), (2, "Gamma"), (3, "Beta"), (4, "Delta")]
    assert table.notes == ["Alpha, Beta, Delta, Gamma (level on points, goal difference): separated by goals scored."]


def test_a_team_taken_out_of_the_season_keeps_its_results_in_the_table(league):
    season = make_season(league, ["Alpha", "Beta"])
    play(season, ["Alpha 2-1 Beta"])
    beta = Team.objects.get(name="Beta")
    season.teams.remove(beta)
    rows = [(r.team_id, r.name, r.played, r.points) for r in compute_standings(season).rows]
    assert rows[1] == (beta.id, f"team {beta.id}", 1, 0)


def test_a_cached_table_is_the_seasons_own_until_its_version_moves(league, django_capture_on_commit_callbacks):
    season = make_season(league, ["Alpha", "Beta"])
    other = make_season(league, ["Alpha", "Beta"], name="other")
    play(season, ["Alpha 2-1 Beta"])
    assert [r.name for r in cached_standings(season).rows] == ["Alpha", "Beta"]
    assert [r.played for r in cached_standings(other).rows] == [0, 0]  # its own table, not the first one cached
    assert [(n, [r.points for r in t.rows]) for n, t in cached_standings_by_round(season)] == [(1, [3, 0])]
    play(season, ["Beta 3-0 Alpha"])
    assert [r.points for r in cached_standings(season).rows] == [3, 0]  # not bumped yet: the cached table
    with django_capture_on_commit_callbacks(execute=True):
        standings_changed([season.id, season.id])
    season.refresh_from_db()
    other.refresh_from_db()
    assert (season.standings_version, other.standings_version) == (1, 0)
    assert [(r.name, r.points) for r in cached_standings(season).rows] == [("Beta", 3), ("Alpha", 3)]
    assert [(n, [r.points for r in t.rows]) for n, t in cached_standings_by_round(season)] == [(1, [3, 3])]


def test_no_season_changed_bumps_nothing(league, django_capture_on_commit_callbacks):
    season = make_season(league, ["Alpha", "Beta"])
    with django_capture_on_commit_callbacks() as callbacks:
        standings_changed([])
    assert callbacks == []
    season.refresh_from_db()
    assert season.standings_version == 0


def test_form_and_the_api_row_follow_the_kickoffs(league):
    season = make_season(league, ["Alpha", "Beta", "Gamma"])
    play(season, ["Alpha 2-0 Beta", "Gamma 1-1 Alpha", "Beta 3-0 Alpha"])
    first = Match.objects.filter(season=season).order_by("id").first()
    # the first match stored is moved to kick off last: the form reads by kickoff, not by id
    Match.objects.filter(id=first.id).update(kickoff=first.kickoff + timedelta(days=30))
    alpha = next(r for r in compute_standings(season).rows if r.name == "Alpha")
    assert alpha.form == ["D", "L", "W"]
    assert alpha.to_dict() == {
        "position": 1,
        "team": alpha.team_id,
        "name": "Alpha",
        "played": 3,
        "won": 1,
        "drawn": 1,
        "lost": 1,
        "goals_for": 3,
        "goals_against": 4,
        "goal_difference": -1,
        "points": 4,
        "deducted": 0,
        "form": "DLW",
    }


def test_the_table_after_each_round(league):
    season = make_season(league, ["Alpha", "Beta"])
    play(season, ["Alpha 1-0 Beta", "Beta 2-0 Alpha"])
    by_round = [(number, [(r.name, r.points) for r in table.rows]) for number, table in standings_by_round(season)]
    assert by_round == [(1, [("Alpha", 3), ("Beta", 0)]), (2, [("Beta", 3), ("Alpha", 3)])]
