"""A league's engine settings can change what a squad holds (Flexdeck's squad_size)."""

import pytest

from competitions.results import due_matches_play
from competitions.round_robin import fixtures_generate
from leagues.models import Season, Team
from matches.models import Match
from rosters.drafting import autodraft, load_sample_pool
from rosters.models import SquadMember
from tests.conftest import make_league, make_season

pytestmark = pytest.mark.django_db


def test_a_smaller_flexdeck_squad_is_drafted_and_played():
    league = make_league("Short Decks", engine="flexdeck", engine_settings={"squad_size": 16})
    assert league.squad_rules.size == 16
    season = make_season(league, ["Alpha", "Beta"], double=False)
    load_sample_pool(league, teams=2, seed=1)
    autodraft(season)
    for team in Team.objects.filter(league=league):
        assert SquadMember.objects.filter(season=season, team=team).count() == 16

    fixtures_generate(season)
    due_matches_play()
    match = Match.objects.get(season=season)
    assert match.status == Match.Status.PLAYED, match.error
    assert Season.objects.filter(league=league).count() == 1
