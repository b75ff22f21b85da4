"""The knockout after the groups is drawn once, by the result that finishes the last group:
a result before it, or one after the knockout is drawn, draws nothing and refuses nothing
(found by mutation testing)."""

import pytest

from competitions.groups import groups_draw, knockout_draw_when_groups_finish
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
