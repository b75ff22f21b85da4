"""The knockout after the groups and the play-offs take the same two-legged options as a
bracket, planned with the stage and used by the worker that draws the knockout later."""

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command

from competitions.results import due_matches_play
from competitions.start import tournament_start
from ops.demo import demo_season_create
from tournaments.models import GroupStage, Playoffs, Tie

pytestmark = pytest.mark.django_db


def _every_tie_two_legged(knockout, rounds):
    ties = Tie.objects.filter(bracket=knockout.bracket, round__in=rounds, bye=False).exclude(match=None)
    assert ties.exists()
    for tie in ties.select_related("first_leg", "match"):
        assert not tie.first_leg.winner_required and tie.match.winner_required
        assert (tie.first_leg.home_id, tie.first_leg.away_id) == (tie.away_id, tie.home_id)


def test_the_knockout_after_the_groups_is_two_legged_as_planned(play_out):
    season = demo_season_create(engine="futti", teams=8, seed=21)
    tournament_start(season, "groups", groups=2, advance=2, two_legged_rounds=[1, 2], away_goals=True)
    stage = GroupStage.objects.get(season=season)
    assert (stage.two_legged_rounds, stage.away_goals) == ([1, 2], True)
    play_out()  # the groups; their last result draws the knockout
    stage.refresh_from_db()
    bracket = stage.knockout.bracket
    assert (bracket.two_legged_rounds, bracket.away_goals) == ([1, 2], True)
    _every_tie_two_legged(stage.knockout, [1])


def test_a_two_legged_round_the_groups_knockout_does_not_have_is_refused_and_nothing_drawn():
    season = demo_season_create(engine="futti", teams=8, seed=21)
    with pytest.raises(ValidationError, match="among 1 to 2: a knockout of 4 teams has 2 rounds"):
        tournament_start(season, "groups", groups=2, advance=2, two_legged_rounds=[3])
    assert not GroupStage.objects.exists()
    with pytest.raises(CommandError, match="'x' is not a round number"):
        call_command("draw_groups", str(season.id), "--two-legged-rounds", "1,x")
    call_command("draw_groups", str(season.id), "--two-legged-rounds", "2", "--away-goals")
    stage = GroupStage.objects.get(season=season)
    assert (stage.two_legged_rounds, stage.away_goals) == ([2], True)


def test_the_playoffs_planned_with_the_league_are_two_legged(play_out):
    season = demo_season_create(engine="futti", teams=5, seed=6, double=False)
    with pytest.raises(ValidationError, match="among 1 to 2"):
        tournament_start(season, "league_playoffs", top=4, two_legged_rounds=[3])
    assert not Playoffs.objects.exists()
    tournament_start(season, "league_playoffs", top=4, third_place=True, two_legged_rounds=[1, 2])
    play_out()  # the league; its last result draws the play-offs
    knockout = Playoffs.objects.get(season=season).knockout
    assert knockout.bracket.two_legged_rounds == [1, 2] and not knockout.bracket.away_goals
    _every_tie_two_legged(knockout, [1])


def test_the_playoffs_command_takes_two_legged_rounds(capsys):
    season = demo_season_create(engine="futti", teams=5, seed=6, double=False)
    due_matches_play()
    with pytest.raises(CommandError, match="two_legged_rounds: Two-legged rounds must be among 1 to 2"):
        call_command("draw_playoffs", str(season.id), "--top", "4", "--two-legged-rounds", "3")
    call_command("draw_playoffs", str(season.id), "--top", "4", "--two-legged-rounds", "1,2", "--away-goals")
    knockout = Playoffs.objects.get(season=season).knockout
    assert (knockout.bracket.two_legged_rounds, knockout.bracket.away_goals) == ([1, 2], True)
    assert Playoffs.objects.get(season=season).two_legged_rounds == [1, 2]
    _every_tie_two_legged(knockout, [1])
