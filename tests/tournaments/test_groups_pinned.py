"""Groups given by hand, every problem word for word; and the knockout after the groups drawn
once, by the result that finishes the last group: a result before it, or one after the
knockout is drawn, draws nothing and refuses nothing (found by mutation testing)."""

import random
from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from competitions.groups import (
    group_knockout_draw,
    groups_draw,
    groups_from_lines,
    knockout_draw_when_groups_finish,
    pot_draw,
)
from leagues.models import Team
from matches.models import Match
from ops.demo import demo_season_create
from tournaments.models import GroupStage


@pytest.mark.django_db
def test_only_the_last_group_result_draws_the_knockout_and_only_once():
    season = demo_season_create(engine="futti", teams=4, seed=21)
    stage = groups_draw(season, groups=2, advance=1)
    knockout_draw_when_groups_finish(stage.id)  # both group matches still to play: nothing, no error
    assert GroupStage.objects.get(id=stage.id).knockout_id is None
    Match.objects.filter(season__group__stage=stage).update(home_goals=1, away_goals=0, status="played")
    knockout_draw_when_groups_finish(stage.id)
    knockout = GroupStage.objects.get(id=stage.id).knockout
    assert knockout is not None
    knockout_draw_when_groups_finish(stage.id)  # a group result corrected later: the knockout stays
    assert GroupStage.objects.get(id=stage.id).knockout_id == knockout.id


def problems(season, lines, **field) -> dict:
    with pytest.raises(ValidationError) as error:
        groups_from_lines(season, lines, **field)
    return error.value.message_dict


@pytest.mark.django_db
def test_groups_by_hand_differ_by_one_at_most_and_every_problem_is_said():
    season = demo_season_create(engine="futti", teams=7, seed=25)
    a, b, c, d, e, f, g = (team.id for team in season.teams.order_by("name"))
    assert [len(group) for group in groups_from_lines(season, [f"A: {a}, {b}, {c}, {d}", f"B: {e}, {f}, {g}"])] == [
        4,
        3,
    ]
    # an empty name is passed over, the teams after it are read
    assert [len(group) for group in groups_from_lines(season, [f"A: {a}, , {b}, {c}, {d}", f"{e}, {f}, {g}"])] == [4, 3]
    assert problems(season, [f"A: {a}, {b}, {c}", f"B: {d}", f"C: {e}, {f}, {g}"], field="by_hand") == {
        "by_hand": ["groups of 1 and 3 teams: group sizes may differ by one at most."]
    }
    assert problems(season, [f"A: {a}", f"B: {b}, {c}", f"C: {d}, {e}, {f}, {g}"]) == {
        "group": ["groups of 1 and 4 teams: group sizes may differ by one at most."]
    }
    assert problems(season, [f": {a}, {b}", f"B: {c}, {d}, {e}"]) == {
        "group": [
            "group 1 is labelled nothing: the groups are A, B, C ... in order.",
            "not in any group: Fenwick Albion, Glenholm Celtic.",
        ]
    }


@pytest.mark.django_db
def test_a_team_name_may_hold_a_colon_and_a_27th_group_has_no_letter():
    season = demo_season_create(engine="futti", teams=4, seed=25)
    first, *others = season.teams.order_by("name")
    Team.objects.filter(id=first.id).update(name="Ashford: Rovers")
    groups = groups_from_lines(
        season, ["A: Ashford: Rovers, " + str(others[0].id), ", ".join(str(t.id) for t in others[1:])]
    )
    assert [len(group) for group in groups] == [2, 2]
    lines = [str(team.id) for team in season.teams.order_by("name")] + [""] * 23
    said = problems(season, lines)["group"]
    assert said[-1] == "group ? is empty." and said[-2] == "group Z is empty."


@pytest.mark.django_db
def test_a_team_twice_or_outside_the_season_is_named_word_for_word():
    season = demo_season_create(engine="futti", teams=5, seed=25)
    outsider = season.teams.order_by("name").last()
    season.teams.remove(outsider)
    a, b, c, d = season.teams.order_by("name")
    assert problems(season, [f"A: {a.id}, {b.id}, {b.id}", f"B: {c.id}, {d.id}, {outsider.id}"]) == {
        "group": [f"{b} is twice in group A.", f"group B: {outsider} is not in {season}."]
    }


def test_the_pots_are_drawn_the_same_for_the_same_seed():
    ranking = list(range(40))
    assert pot_draw(ranking, 8, seed=3) == pot_draw(ranking, 8, seed=3)
    assert pot_draw(ranking, 8, seed=3) != pot_draw(ranking, 8, seed=4)


@pytest.mark.django_db
def test_the_number_of_groups_is_asked_for_and_two_teams_of_each_go_through_unless_told():
    season = demo_season_create(engine="futti", teams=4, seed=26)
    with pytest.raises(ValidationError) as refused:
        groups_draw(season)
    assert refused.value.message_dict == {"groups": ["0 groups: a group stage needs 2 to 26 groups."]}
    stage = groups_draw(season, groups=2)  # groups of two: both go through
    assert (stage.advance, stage.third_place, stage.away_goals) == (2, False, False)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("options", "said"),
    [
        # 26 groups are allowed, but four teams leave groups empty; the knockout's rounds are
        # not judged while the groups are wrong
        (
            {"groups": 26, "advance": 1, "two_legged_rounds": [6]},
            {"groups": ["Every group needs at least 2 teams."]},
        ),
        ({"groups": 2, "advance": 0}, {"advance": ["At least one team of each group goes through."]}),
        (
            {"groups": 2, "advance": 2, "two_legged_rounds": [3]},
            {"two_legged_rounds": ["Two-legged rounds must be among 1 to 2: a knockout of 4 teams has 2 rounds."]},
        ),
        ({"by_hand": "three teams"}, {"groups": ["The groups must hold every team of the season once."]}),
        (
            {"groups": 2, "ranking": "three teams"},
            {"ranking": ["The ranking must list every team of the season once."]},
        ),
        (
            {"groups": 2, "first_kickoff": None},
            {"first_kickoff": ["Set the season's first kickoff and round interval before drawing the groups."]},
        ),
    ],
)
def test_every_refusal_of_a_group_draw_is_said_word_for_word(options, said):
    season = demo_season_create(engine="futti", teams=4, seed=26)
    three = list(season.teams.order_by("id"))[:3]
    if "first_kickoff" in options:
        season.first_kickoff = options.pop("first_kickoff")
        season.save(update_fields=["first_kickoff"])
    if options.get("by_hand") == "three teams":
        options["by_hand"] = [three[:2], three[2:]]
    if options.get("ranking") == "three teams":
        options["ranking"] = three
    with pytest.raises(ValidationError) as refused:
        groups_draw(season, **options)
    assert refused.value.message_dict == said
    assert not GroupStage.objects.filter(season=season).exists()


@pytest.mark.django_db
def test_groups_drawn_by_lot_follow_the_seasons_seed():
    season = demo_season_create(engine="futti", teams=4, seed=29)
    season.teams.add(*(Team.objects.create(league=season.league, name=f"Extra {n}") for n in range(12)))
    stage = groups_draw(season, groups=8, advance=1)
    ranking = list(season.teams.order_by("id"))
    random.Random(f"{season.seed}:ranking").shuffle(ranking)
    expected = [set(group) for group in pot_draw(ranking, 8, season.seed)]
    assert [set(g.season.teams.all()) for g in stage.groups.order_by("label")] == expected


def finished_groups(*, teams: int, first_kickoff=None, **options) -> GroupStage:
    season = demo_season_create(engine="futti", teams=teams, seed=27)
    if first_kickoff is not None:
        season.first_kickoff = first_kickoff
        season.save(update_fields=["first_kickoff"])
    stage = groups_draw(season, groups=2, **options)
    Match.objects.filter(season__group__stage=stage).update(home_goals=1, away_goals=0, status="played")
    return stage


@pytest.mark.django_db
def test_the_knockout_starts_a_round_after_the_last_group_match_with_the_stages_options():
    # groups of three and two: group A plays three rounds, group B one, every kickoff to come
    stage = finished_groups(
        teams=5,
        first_kickoff=timezone.now() + timedelta(days=30),
        advance=1,
        two_legged_rounds=[1],
        away_goals=True,
    )
    season = stage.season
    last = Match.objects.filter(season__group__stage=stage).order_by("-kickoff")[0].kickoff
    knockout = group_knockout_draw(stage)
    assert knockout.first_kickoff == last + season.round_interval
    assert knockout.seed == random.Random(f"{season.seed}:knockout").randrange(2**31)
    bracket = knockout.bracket
    assert (bracket.two_legged_rounds, bracket.away_goals, bracket.third_place) == ([1], True, False)


@pytest.mark.django_db
def test_the_knockout_takes_the_kickoff_and_third_place_it_is_given():
    stage = finished_groups(teams=8, advance=2)
    kickoff = timezone.now() + timedelta(days=3)
    knockout = group_knockout_draw(stage, third_place=True, first_kickoff=kickoff)
    assert knockout.first_kickoff == kickoff
    assert knockout.bracket.third_place and not stage.third_place


@pytest.mark.django_db
def test_the_knockout_is_refused_word_for_word_before_the_groups_finish_and_once_drawn():
    season = demo_season_create(engine="futti", teams=4, seed=28)
    stage = groups_draw(season, groups=2, advance=1)
    with pytest.raises(ValidationError) as refused:
        group_knockout_draw(stage)
    assert refused.value.message_dict == {"groups": ["2 group matches are not finished yet."]}
    Match.objects.filter(season__group__stage=stage).update(home_goals=1, away_goals=0, status="played")
    stale = GroupStage.objects.get(id=stage.id)
    group_knockout_draw(stage)
    drawn = [f"The knockout of {stage} is already drawn."]
    with pytest.raises(ValidationError) as refused:
        group_knockout_draw(GroupStage.objects.get(id=stage.id))
    assert refused.value.message_dict == {"knockout": drawn}
    # a stage read before another drew its knockout: found drawn under the stage's lock
    with pytest.raises(ValidationError) as refused:
        group_knockout_draw(stale)
    assert refused.value.message_dict == {"knockout": drawn}


@pytest.mark.django_db
def test_each_group_plays_home_and_away_when_asked_with_a_seed_of_its_own():
    season = demo_season_create(engine="futti", teams=4, seed=30)
    before = timezone.now()
    stage = groups_draw(season, groups=2, advance=1, double=True, two_legged_rounds=[1, 1])
    assert before <= stage.drawn_at <= timezone.now()
    assert stage.two_legged_rounds == [1]
    groups = list(stage.groups.order_by("label"))
    assert [g.season.matches.count() for g in groups] == [2, 2]
    assert [g.season.seed for g in groups] == [
        random.Random(f"{season.seed}:group:{label}").randrange(2**31) for label in "AB"
    ]


@pytest.mark.django_db
def test_a_result_of_another_season_does_not_stop_a_redraw_and_one_of_its_groups_does():
    other = demo_season_create(engine="futti", teams=4, seed=31)
    Match.objects.filter(id=other.matches.first().id).update(home_goals=1, away_goals=0, status="played")
    season = demo_season_create(engine="futti", teams=4, seed=31)
    stage = groups_draw(season, groups=2, advance=1)
    stage = groups_draw(season, groups=2, advance=1)  # nothing of its own played: drawn again
    Match.objects.filter(season__group__stage=stage).update(home_goals=1, away_goals=0, status="played")
    with pytest.raises(ValidationError) as refused:
        groups_draw(season, groups=2, advance=1)
    assert refused.value.message_dict == {"season": ["The groups cannot be drawn again once a match has been played."]}
