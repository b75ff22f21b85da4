"""A season of divisions on its page (one table each) and in the standings API (``?division=``)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.competitions.conftest import divide, play_all

pytestmark = pytest.mark.django_db


@pytest.fixture
def divided(season):
    top, second = divide(season, relegated=2, promoted=2)
    play_all(season)
    return season, top, second


def test_the_season_page_shows_one_table_per_division(client, divided):
    season, top, second = divided
    page = client.get(f"/seasons/{season.pk}/").content.decode()
    assert f'<h2 id="table-1">{top.name}</h2>' in page
    assert f'<h2 id="table-2">{second.name}</h2>' in page
    assert page.index("table-1") < page.index("table-2")
    assert "The chart is drawn for a season of one division" in page


def test_the_standings_api_gives_a_divisions_table(divided, team_ids):
    season, top, second = divided
    api = APIClient()
    data = api.get(f"/api/seasons/{season.pk}/standings/", {"division": second.pk}).json()
    assert data["division"] == second.pk
    assert [row["team"] for row in data["standings"]] == team_ids[4:]
    whole = api.get(f"/api/seasons/{season.pk}/standings/").json()
    assert whole["division"] is None and len(whole["standings"]) == 8
    for bad in ("x", "0", str(second.pk + 100)):
        refused = api.get(f"/api/seasons/{season.pk}/standings/", {"division": bad})
        assert refused.status_code == 400 and "division" in refused.json()
