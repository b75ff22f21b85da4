"""Hand-computed league tables: points, deductions, forfeits and every tie-breaker."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from competitions.standings import compute_standings
from leagues.models import PointsDeduction, Team
from matches.models import Match, PlayerMatchStat
from rosters.models import Player
from tests.conftest import make_season


def play(season, results, status=Match.Status.PLAYED):
    """Store results given as 'Home 2-1 Away' lines."""
    teams = {t.name: t for t in Team.objects.filter(league=season.league)}
    start = timezone.now() - timedelta(days=len(results) + 1)
    for number, line in enumerate(results):
        home, home_goals, away_goals, away = re.fullmatch(r"(.+) (\d+)-(\d+) (.+)", line).groups()
        Match.objects.create(
            season=season,
            round=number + 1,
            home=teams[home],
            away=teams[away],
            kickoff=start + timedelta(days=number),
            seed=number,
            status=status,
            home_goals=int(home_goals),
            away_goals=int(away_goals),
        )


def table_of(season):
    return [
        (r.name, r.played, r.won, r.drawn, r.lost, r.goals_for, r.goals_against, r.points)
        for r in compute_standings(season).rows
    ]


def test_basic_table_with_points_and_a_deduction(season):
    play(season, ["Alpha 2-0 Beta", "Gamma 1-1 Delta", "Alpha 1-1 Gamma", "Beta 3-1 Delta"])
    assert table_of(season) == [
        ("Alpha", 2, 1, 1, 0, 3, 1, 4),
        ("Beta", 2, 1, 0, 1, 3, 3, 3),
        ("Gamma", 2, 0, 2, 0, 2, 2, 2),
        ("Delta", 2, 0, 1, 1, 2, 4, 1),
    ]
    beta = Team.objects.get(name="Beta")
    PointsDeduction.objects.create(season=season, team=beta, points=2, reason="fielded an ineligible player")
    table = compute_standings(season)
    assert [(r.name, r.points, r.deducted) for r in table.rows] == [
        ("Alpha", 4, 0),
        ("Gamma", 2, 0),
        ("Beta", 1, 2),
        ("Delta", 1, 0),
    ]
    # Beta and Delta level on 1 point: goal difference (0 against -2) puts Beta above
    assert any("Beta, Delta" in note and "goal difference" in note for note in table.notes)


def test_league_points_are_configurable(league):
    league.points_win, league.points_draw, league.points_loss = 2, 1, 0
    league.save()
    season = make_season(league, ["Alpha", "Beta", "Gamma"])
    play(season, ["Alpha 1-0 Beta", "Beta 0-0 Gamma"])
    rows = {r.name: r.points for r in compute_standings(season).rows}
    assert rows == {"Alpha": 2, "Beta": 1, "Gamma": 1}


def test_forfeits_count_postponed_and_cancelled_do_not(season):
    play(season, ["Alpha 3-0 Beta"], status=Match.Status.FORFEITED)
    play(season, ["Gamma 5-0 Delta"], status=Match.Status.POSTPONED)
    play(season, ["Delta 5-0 Gamma"], status=Match.Status.CANCELLED)
    rows = {r.name: (r.played, r.points, r.goals_for) for r in compute_standings(season).rows}
    assert rows == {"Alpha": (1, 3, 3), "Beta": (1, 0, 0), "Gamma": (0, 0, 0), "Delta": (0, 0, 0)}


THREE_WAY = [
    # among the four leaders
    "Alpha 1-0 Beta",
    "Alpha 1-0 Gamma",
    "Alpha 0-0 Delta",
    "Beta 1-0 Gamma",
    "Delta 1-0 Beta",
    "Gamma 1-0 Delta",
    # against the rest, which brings all four leaders to 10 points
    "Alpha 0-0 East",
    "Alpha 0-0 Fern",
    "Alpha 0-0 Gale",
    "Delta 1-0 East",
    "Delta 1-0 Fern",
    "Gale 1-0 Delta",
    "Beta 1-0 East",
    "Beta 1-0 Fern",
    "Beta 0-0 Gale",
    "Gamma 3-0 East",
    "Gamma 1-0 Fern",
    "Gamma 0-0 Gale",
]


def test_head_to_head_mini_table_is_reapplied_to_the_teams_it_leaves_level(league):
    league.tiebreakers = ["points", "head_to_head", "goal_difference", "lots"]
    league.save()
    season = make_season(league, ["Alpha", "Beta", "Gamma", "Delta", "East", "Fern", "Gale"])
    play(season, THREE_WAY)
    table = compute_standings(season)
    assert [r.points for r in table.rows[:4]] == [10, 10, 10, 10]
    # Mini-table of the four: Alpha 7, Delta 4, Beta 3, Gamma 3 (Beta and Gamma level on
    # points, goal difference and goals). Re-applied to Beta and Gamma alone: Beta beat Gamma.
    # Overall goal difference would have put Gamma (+3) above Beta (+1).
    assert [r.name for r in table.rows[:4]] == ["Alpha", "Delta", "Beta", "Gamma"]
    assert table.rows[4].name == "Gale"
    # East and Fern never met: the mini-table leaves them level, goal difference (-5, -3) splits them
    assert [r.name for r in table.rows[5:]] == ["Fern", "East"]
    assert any("Alpha, Beta, Delta, Gamma" in n and "head-to-head" in n for n in table.notes)
    assert any("East, Fern" in n and "goal difference" in n for n in table.notes)


def test_goal_difference_first_orders_the_same_teams_differently(league):
    league.tiebreakers = ["points", "goal_difference", "head_to_head", "lots"]
    league.save()
    season = make_season(league, ["Alpha", "Beta", "Gamma", "Delta", "East", "Fern", "Gale"])
    play(season, THREE_WAY)
    # Overall goal difference: Gamma +3, Alpha +2, Beta and Delta +1.
    names = [r.name for r in compute_standings(season).rows[:4]]
    assert names[:2] == ["Gamma", "Alpha"]
    # Beta and Delta level on goal difference: Delta beat Beta head to head
    assert names[2:] == ["Delta", "Beta"]


def test_drawing_of_lots_is_repeatable_and_follows_the_seed(league):
    league.tiebreakers = ["points", "lots"]
    league.save()
    orders = set()
    for seed in range(8):
        season = make_season(league, ["Alpha", "Beta", "Gamma", "Delta"], name=f"s{seed}", seed=seed)
        play(season, ["Alpha 0-0 Beta", "Gamma 0-0 Delta"])
        first = [r.name for r in compute_standings(season).rows]
        assert [r.name for r in compute_standings(season).rows] == first
        orders.add(tuple(first))
    assert len(orders) > 1  # different seeds draw different lots


def test_wins_away_goals_and_fair_play(league):
    league.tiebreakers = ["points", "wins", "away_goals", "fair_play", "lots"]
    league.save()
    season = make_season(league, ["Alpha", "Beta", "Gamma", "Delta"])
    # Alpha: W L = 3 pts, 1 win. Beta: D D D = 3 pts, 0 wins.
    # Delta W D = 4; Alpha W L = 3 with one win; Beta D D D = 3 with none; Gamma L D D = 2.
    play(season, ["Alpha 2-0 Gamma", "Delta 1-0 Alpha", "Beta 0-0 Gamma", "Beta 1-1 Delta", "Gamma 2-2 Beta"])
    assert [r.name for r in compute_standings(season).rows] == ["Delta", "Alpha", "Beta", "Gamma"]

    league.tiebreakers = ["points", "away_goals", "lots"]
    league.save()
    other = make_season(league, ["Alpha", "Beta", "Gamma", "Delta"], name="away")
    play(other, ["Alpha 3-2 Beta", "Gamma 0-1 Beta", "Delta 0-2 Gamma", "Alpha 0-1 Delta"])
    # A win and a loss each (3 points). Goals scored away: Beta 3 (2 at Alpha, 1 at Gamma),
    # Gamma 2, Delta 1, Alpha 0; goals conceded away would give Beta 3 and the rest 0.
    rows = [r.name for r in compute_standings(other).rows]
    assert rows == ["Beta", "Gamma", "Delta", "Alpha"]


def test_fair_play_prefers_fewer_cards(league):
    league.tiebreakers = ["points", "fair_play", "lots"]
    league.save()
    season = make_season(league, ["Alpha", "Beta"])
    play(season, ["Alpha 1-1 Beta"])
    match = Match.objects.get(season=season)
    alpha, beta = Team.objects.get(name="Alpha"), Team.objects.get(name="Beta")
    rough = Player.objects.create(league=league, name="Rough", role="field", attributes={})
    clean = Player.objects.create(league=league, name="Clean", role="field", attributes={})
    PlayerMatchStat.objects.create(match=match, player=rough, team=alpha, yellow_cards=1)
    PlayerMatchStat.objects.create(match=match, player=clean, team=beta)
    assert [r.name for r in compute_standings(season).rows] == ["Beta", "Alpha"]


@pytest.mark.parametrize("teams", [4, 20])
def test_table_takes_a_fixed_number_of_queries(league, teams, django_assert_max_num_queries):
    league.tiebreakers = ["points", "goal_difference", "head_to_head", "fair_play", "lots"]
    league.save()
    season = make_season(league, [f"Team {i}" for i in range(teams)])
    names = [f"Team {i}" for i in range(teams)]
    play(season, [f"{names[i]} 1-1 {names[(i + 1) % teams]}" for i in range(teams)])
    with django_assert_max_num_queries(5):
        compute_standings(season)
