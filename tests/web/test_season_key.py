"""The season page's cache key parts (``web.season_key``): one statement written once, which must
read what the ORM's aggregate read, and change whenever a season of the league changes."""

import pytest
from django.db.models import Count, Max, Sum

from leagues.cache import standings_changed
from leagues.models import Season
from tests.conftest import make_league, make_season
from web.season_key import season_key_parts

pytestmark = pytest.mark.django_db


def orm_parts(season_id: int) -> tuple:
    return tuple(
        Season.objects.filter(id=season_id)
        .values_list(
            "standings_version",
            "league__time_zone",
            Count("league__seasons"),
            Max("league__seasons__id"),
            Sum("league__seasons__standings_version"),
        )
        .get()
    )


def test_the_key_parts_are_the_season_and_its_leagues_seasons(django_capture_on_commit_callbacks):
    league = make_league(time_zone="Europe/Rome")
    first = make_season(league, ["A", "B"], name="2025")
    make_season(make_league(name="Other League"), ["C", "D"])
    with django_capture_on_commit_callbacks(execute=True):
        standings_changed([first.id])
    first_parts = season_key_parts(first.id)
    assert tuple(first_parts) == orm_parts(first.id)
    assert first_parts[1] == "Europe/Rome" and first_parts[2] == 1 and first_parts[3] == first.id
    second = make_season(league, ["A", "B"], name="2026")
    with django_capture_on_commit_callbacks(execute=True):
        standings_changed([second.id, second.id])
    assert tuple(season_key_parts(first.id)) == orm_parts(first.id)
    assert season_key_parts(first.id)[2:4] == (2, second.id)
    assert tuple(season_key_parts(second.id)) == orm_parts(second.id)


def test_no_such_season_is_a_missing_row_and_its_page_a_404(client):
    with pytest.raises(Season.DoesNotExist):
        season_key_parts(987654)
    assert client.get("/seasons/987654/").status_code == 404


def test_a_season_id_past_the_columns_range_is_a_404(client):
    assert client.get("/seasons/99999999999999999999999/").status_code == 404
