"""Play-offs to the letter: the sizes and options taken and refused, by field and in words,
other formats refused, a plan made again until the play-offs are drawn, and the draw on the
last league result made once (found by mutation testing)."""

import random
from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from competitions.groups import groups_draw
from competitions.playoffs import (
    knockout_stage,
    plan_playoffs,
    planned_playoffs_draw,
    playoffs_draw,
    playoffs_draw_when_league_finishes,
)
from competitions.swiss import swiss_draw
from leagues.models import Season, SeasonTeam
from matches.models import Match
from ops.demo import demo_season_create
from rosters.models import SquadMember
from tournaments.models import Playoffs

pytestmark = pytest.mark.django_db

OUT_OF_RANGE = "1 is not between 2 and the 5 teams of the season."


def league(teams=5, seed=6):
    return demo_season_create(engine="futti", teams=teams, seed=seed, double=False)


def finish(season):
    """Every league match played (by hand: no worker draws anything)."""
    Match.objects.filter(season=season).update(home_goals=1, away_goals=0, status="played")


def refused(call, **options) -> dict:
    with pytest.raises(ValidationError) as error:
        call(**options)
    return error.value.message_dict


def test_playoffs_of_two_up_to_every_team_are_drawn_with_the_options_off_by_default():
    season = league()
    finish(season)
    assert refused(playoffs_draw, season=season, top=1) == {"top": [OUT_OF_RANGE]}
    # a wrong size is the one thing said: its two-legged rounds are not checked against it
    assert refused(playoffs_draw, season=season, top=6, two_legged_rounds=[4]) == {
        "top": ["6 is not between 2 and the 5 teams of the season."]
    }
    assert set(refused(playoffs_draw, season=season, top=4, two_legged_rounds=[3])) == {"two_legged_rounds"}
    knockout = playoffs_draw(season, top=5)
    bracket = knockout.bracket
    assert (bracket.entrants.count(), bracket.third_place, bracket.away_goals) == (5, False, False)
    other = league(seed=7)
    finish(other)
    assert playoffs_draw(other, top=2).bracket.entrants.count() == 2  # another league's play-offs drawn: no matter


def test_a_league_is_planned_with_its_options_off_by_default_and_its_round_robin_made():
    season = league()
    season.matches.all().delete()
    Season.objects.filter(id=season.id).update(name="Renamed meanwhile")
    said = plan_playoffs(season, top=5)
    assert said == f"{season}: 10 league matches scheduled; the top 5 go to the play-offs."
    plan = Playoffs.objects.get(season=season)
    assert (plan.top, plan.third_place, plan.two_legged_rounds, plan.away_goals) == (5, False, [], False)
    stored = Season.objects.get(id=season.id)
    assert (stored.double_round_robin, stored.name) == (False, "Renamed meanwhile")  # only its round robin written
    # planned again while the league is on: the new plan is kept; a round robin made is kept too
    plan_playoffs(season, top=2, third_place=True, double=True, two_legged_rounds=[1, 1], away_goals=True)
    plan = Playoffs.objects.get(season=season)
    assert (plan.top, plan.third_place, plan.two_legged_rounds, plan.away_goals) == (2, True, [1], True)
    assert season.matches.count() == 10


def test_a_double_round_robin_is_made_when_asked():
    season = league()
    season.matches.all().delete()
    plan_playoffs(season, top=2, double=True)
    assert season.matches.count() == 20 and Season.objects.get(id=season.id).double_round_robin


def test_a_plan_refuses_a_size_out_of_range_by_field():
    season = league()
    assert refused(plan_playoffs, season=season, top=1) == {"top": [OUT_OF_RANGE]}
    assert set(refused(plan_playoffs, season=season, top=6)) == {"top"}
    assert set(refused(plan_playoffs, season=season, top=5, two_legged_rounds=[4])) == {"two_legged_rounds"}
    assert Playoffs.objects.count() == 0


@pytest.mark.parametrize("made_into", ["bracket", "swiss", "group stage", "group"])
def test_a_season_played_in_another_format_is_refused_play_offs(made_into):
    season = league(teams=4)
    if made_into == "bracket":
        season = demo_season_create(engine="futti", teams=4, seed=6, knockout=True)
    elif made_into == "swiss":
        swiss_draw(season, rounds=2)
    else:
        stage = groups_draw(season, groups=2, advance=1)
        season = season if made_into == "group stage" else stage.groups.first().season
    season = Season.objects.get(id=season.id)
    assert refused(plan_playoffs, season=season, top=2) == {
        "season": [f"{season} is already a {made_into}, not a league."]
    }


def test_a_finished_league_gets_its_play_offs_at_once_and_then_no_plan():
    season = league()
    other = league(seed=7)
    finish(other)
    plan_playoffs(other, top=2)  # another league's play-offs, drawn
    finish(season)
    said = plan_playoffs(season, top=4, third_place=True, away_goals=True, two_legged_rounds=[1])
    plan = Playoffs.objects.get(season=season)
    assert said == f"{season} is over: its top 4 go to {plan.knockout}, whose round one is scheduled."
    bracket = plan.knockout.bracket
    assert (bracket.third_place, bracket.away_goals, bracket.two_legged_rounds) == (True, True, [1])
    assert refused(plan_playoffs, season=season, top=4) == {"season": [f"The play-offs of {season} are already drawn."]}
    assert refused(planned_playoffs_draw, playoffs_id=plan.id) == {
        "knockout": [f"The play-offs of {season} are already drawn."]
    }


def test_the_draw_on_a_league_result_draws_once_the_league_is_over_and_only_once():
    season = league()
    plan_playoffs(season, top=4)
    plan = Playoffs.objects.get(season=season)
    playoffs_draw_when_league_finishes(plan.id)  # matches still to play: nothing, no error
    assert Playoffs.objects.get(id=plan.id).knockout_id is None
    finish(season)
    playoffs_draw_when_league_finishes(plan.id)
    knockout = Playoffs.objects.get(id=plan.id).knockout_id
    assert knockout is not None
    playoffs_draw_when_league_finishes(plan.id)  # a league result corrected later: nothing, no error
    assert Playoffs.objects.get(id=plan.id).knockout_id == knockout


def test_the_play_offs_season_is_the_leagues_own_seeded_from_it_with_its_settings_tactics_and_squads():
    season = league()
    finish(season)
    Season.objects.filter(id=season.id).update(engine_settings={"tie_break": "penalties"})
    season.refresh_from_db()
    top = season.teams.order_by("name")
    first, second = top[0], top[1]
    SeasonTeam.objects.filter(season=season, team=first).update(tactics={"press": "high"})
    SquadMember.objects.filter(season=season, team=first).update(price=7)
    earlier = Season.objects.create(league=season.league, name="Earlier", seed=1)
    earlier.teams.set([first])
    SeasonTeam.objects.filter(season=earlier, team=first).update(tactics={"press": "low"})
    knockout = playoffs_draw(season, top=5)
    assert knockout.seed == random.Random(f"{season.seed}:playoffs").randrange(2**31)
    assert (knockout.double_round_robin, knockout.engine_settings) == (False, {"tie_break": "penalties"})
    tactics = dict(SeasonTeam.objects.filter(season=knockout).values_list("team_id", "tactics"))
    assert (tactics[first.id], tactics[second.id]) == ({"press": "high"}, {})  # each team its own
    assert SeasonTeam.objects.get(season=earlier, team=first).tactics == {"press": "low"}  # other seasons kept
    prices = dict(SquadMember.objects.filter(season=knockout, team=first).values_list("player_id", "price"))
    assert set(prices.values()) == {7} and len(prices) == SquadMember.objects.filter(season=season, team=first).count()


def test_the_play_offs_start_a_round_after_the_last_league_match_or_when_asked():
    season = league()
    finish(season)
    last = timezone.now() + timedelta(days=30)
    Match.objects.filter(id=season.matches.order_by("-kickoff").first().id).update(kickoff=last)
    assert playoffs_draw(season, top=2).first_kickoff == last + season.round_interval
    other = league(seed=7)
    finish(other)
    asked = timezone.now() + timedelta(days=3)
    assert playoffs_draw(other, top=2, first_kickoff=asked).first_kickoff == asked


def test_a_knockout_stage_has_no_third_place_and_no_away_goals_unless_asked():
    season = league(teams=4)
    seeds = list(season.teams.order_by("name"))
    knockout = knockout_stage(season, name="Cup", key="cup", seeds=seeds, after=timezone.now())
    assert (knockout.bracket.third_place, knockout.bracket.away_goals) == (False, False)
