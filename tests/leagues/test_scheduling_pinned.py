"""The circle method's exact rounds and orientation, who rests, the refusals by field, and
what generating fixtures stores on the season."""

import random
from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from competitions.round_robin import byes, fixtures_generate, round_robin
from leagues.models import Team
from matches.models import Match
from tests.conftest import make_league, make_season

A, B, C, D, E = "abcde"


def test_four_teams_rotate_around_the_first():
    assert round_robin([A, B, C, D]) == [[(A, D), (C, B)], [(C, A), (B, D)], [(A, B), (D, C)]]


def test_five_teams_rest_in_turn_last_first():
    rounds = round_robin([A, B, C, D, E])
    assert rounds == [
        [(D, A), (B, C)],
        [(C, E), (A, B)],
        [(B, D), (E, A)],
        [(A, C), (D, E)],
        [(E, B), (C, D)],
    ]
    assert byes([A, B, C, D, E], rounds) == [[E], [D], [C], [B], [A]]


def test_two_teams_meet_once_a_leg():
    assert round_robin([A, B], double=True) == [[(A, B)], [(B, A)]]


@pytest.mark.django_db
def test_every_missing_setting_is_named(league):
    season = make_season(league, ["Alpha"], name="alone")
    with pytest.raises(ValidationError) as caught:
        fixtures_generate(season, first_kickoff=None, interval=-timedelta(days=1))
    season.first_kickoff = None
    with pytest.raises(ValidationError) as unset:
        fixtures_generate(season, interval=timedelta(days=1))
    assert caught.value.message_dict == {
        "round_interval": ["The interval between rounds must be positive."],
        "teams": ["A season needs at least two teams."],
    }
    assert unset.value.message_dict["first_kickoff"] == ["Set the season's first kickoff first."]
    season.round_interval = None
    with pytest.raises(ValidationError) as no_interval:
        fixtures_generate(season, first_kickoff=timezone.now())
    assert "round_interval" in no_interval.value.message_dict


@pytest.mark.django_db
def test_a_foreign_team_is_named_with_the_league(season):
    season.teams.add(Team.objects.create(league=make_league("Other League"), name="Stranger"))
    with pytest.raises(ValidationError) as caught:
        fixtures_generate(season)
    assert caught.value.message_dict == {"teams": [f"Not in {season.league}: Stranger."]}


@pytest.mark.django_db
def test_the_settings_given_are_stored_and_the_seeds_follow_the_seasons_seed(season):
    start = timezone.now().replace(microsecond=0) + timedelta(days=2)
    matches = fixtures_generate(season, first_kickoff=start, interval=timedelta(hours=6), double=False)
    season.refresh_from_db()
    assert (season.first_kickoff, season.round_interval, season.double_round_robin) == (
        start,
        timedelta(hours=6),
        False,
    )
    teams = list(season.teams.order_by("id"))
    expected = [(n, h.id, a.id) for n, pairs in enumerate(round_robin(teams), start=1) for h, a in pairs]
    assert [(m.round, m.home_id, m.away_id) for m in matches] == expected
    assert [m.kickoff for m in matches] == [start + timedelta(hours=6) * (n - 1) for n, _, _ in expected]
    draw = random.Random(season.seed)
    assert [m.seed for m in matches] == [draw.randrange(2**31) for _ in matches]
    assert Match.objects.filter(season=season).count() == 6


@pytest.mark.django_db
def test_regenerating_is_refused_by_name_and_only_for_a_result_of_this_season(season, league):
    other = make_season(league, ["Alpha", "Beta"], name="other")
    fixtures_generate(other)
    Match.objects.filter(season=other).update(status=Match.Status.PLAYED, home_goals=1, away_goals=0)
    fixtures_generate(season)
    assert len(fixtures_generate(season)) == 12
    Match.objects.filter(id=Match.objects.filter(season=season).first().id).update(
        status=Match.Status.FORFEITED, home_goals=3, away_goals=0
    )
    with pytest.raises(ValidationError) as caught:
        fixtures_generate(season)
    assert caught.value.message_dict == {"season": ["Fixtures cannot be regenerated once a match has been played."]}


def test_boards_alternate_home_and_away_down_the_circle():
    """The circle's own first round of eight is (1, 8), (7, 2), (3, 6), (5, 4); an even field
    of six or more starts at the circle's fourth round, so that the mirrored second leg
    gives nobody a third home or away match in a row across the seam, and that round
    alternates down the boards the same way."""
    rounds = round_robin(list(range(1, 9)))
    assert rounds[0] == [(5, 1), (4, 6), (7, 3), (2, 8)]
    assert rounds[-3] == [(1, 8), (7, 2), (3, 6), (5, 4)]


def test_round_robin_refusals_say_why():
    with pytest.raises(ValueError, match="^a round robin needs at least two teams$"):
        round_robin([A])
    with pytest.raises(ValueError, match="^a team is listed twice$"):
        round_robin([A, B, A])


@pytest.mark.django_db
def test_a_second_is_interval_enough_and_every_foreign_team_is_named(season):
    assert len(fixtures_generate(season, interval=timedelta(seconds=1))) == 12
    other = make_league("Other League")
    season.teams.add(
        Team.objects.create(league=other, name="Stranger"), Team.objects.create(league=other, name="Tourist")
    )
    with pytest.raises(ValidationError) as caught:
        fixtures_generate(season)
    assert caught.value.message_dict == {"teams": [f"Not in {season.league}: Stranger, Tourist."]}
