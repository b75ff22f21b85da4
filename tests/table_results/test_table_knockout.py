"""A confirmed table result moves a knockout bracket on, as a simulated one does."""

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from competitions.table_results import result_decide
from leagues.models import PlayMode
from matches.models import Match
from ops.demo import demo_season_create

from .conftest import players

pytestmark = pytest.mark.django_db


def test_confirmed_semi_finals_draw_the_final():
    season = demo_season_create(engine="futti", teams=4, seed=1, knockout=True)
    season.league.play_mode = PlayMode.TABLE
    season.league.save(update_fields=["play_mode"])
    commissioner = User.objects.create_user("commissioner")
    season.league.commissioners.add(commissioner)
    semis = list(Match.objects.filter(season=season))
    assert len(semis) == 2 and all(m.winner_required for m in semis)
    home_scorer = players(semis[0], "home")[0]
    level = {"minute": 12, "kind": "goal", "player": players(semis[1], "away")[0]}
    golden = {"home_goals": 1, "away_goals": 0, "events": [{"minute": 44, "kind": "goal", "player": home_scorer}]}
    with pytest.raises(ValidationError, match="40 minutes"):  # minute 44 is sudden death, not regulation
        result_decide(match_id=semis[0].id, user=commissioner, data=golden)
    result_decide(
        match_id=semis[0].id,
        user=commissioner,
        data=golden | {"decided_by": "sudden_death"},
    )
    result_decide(
        match_id=semis[1].id,
        user=commissioner,
        data={"home_goals": 0, "away_goals": 1, "events": [level]},
    )
    final = Match.objects.filter(season=season).exclude(id__in=[m.id for m in semis]).get()
    assert {final.home_id, final.away_id} == {semis[0].home_id, semis[1].away_id}
    assert final.status == Match.Status.SCHEDULED and final.played_at_table
