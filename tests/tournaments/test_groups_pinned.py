"""Groups given by hand, every problem word for word; and the knockout after the groups drawn
once, by the result that finishes the last group: a result before it, or one after the
knockout is drawn, draws nothing and refuses nothing (found by mutation testing)."""

import pytest
from django.core.exceptions import ValidationError

from competitions.groups import groups_draw, groups_from_lines, knockout_draw_when_groups_finish
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
