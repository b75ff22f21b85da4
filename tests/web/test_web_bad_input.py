"""Query parameters of the public pages: a bad one is a 404 naming it, never a server error."""

import pytest

from tests.conftest import make_league, make_season

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("season", ["%C2%B2", "99999999999999999999999", "x"])
def test_a_team_page_with_a_season_that_is_no_id_is_a_404(client, season):
    team = make_season(make_league(), ["Alpha", "Beta"]).teams.first()
    assert client.get(f"/teams/{team.id}/?season={season}").status_code == 404
    assert client.get(f"/teams/{team.id}/").status_code == 200
