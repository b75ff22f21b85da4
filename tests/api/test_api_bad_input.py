"""Input anyone can send that once made a server error: each is now a 400 naming the field,
and nothing stored changes (issue #19)."""

from datetime import timedelta

import pytest
from rest_framework.test import APIClient

from matches.models import Match
from tests.api.test_api_write import scheduled_match

pytestmark = pytest.mark.django_db

DEEP = "[" * 5000 + "]" * 5000


def nested(depth: int) -> list:
    value: list = []
    for _ in range(depth - 1):
        value = [value]
    return value


@pytest.mark.parametrize(
    "query",
    [
        "kickoff_after=2020-11-30T13:53:57-21:22",  # an offset PostgreSQL cannot store
        "kickoff_after=2020-11-30T13:53:57%2B15:00",
        "kickoff_after=9999-12-31T23:59:59-01:00",  # past the calendar once in UTC
        "kickoff_before=0001-01-01T00:00:00%2B01:00",
    ],
)
def test_a_datetime_filter_out_of_range_is_a_400_naming_it(played_season, query):
    response = APIClient().get(f"/api/matches/?{query}")
    assert response.status_code == 400, response.content[:300]
    name = query.split("=")[0]
    assert set(response.json()) == {name}
    assert "out of range" in response.json()[name][0]


def test_a_datetime_filter_in_range_still_filters(played_season):
    last = Match.objects.filter(season=played_season).order_by("kickoff").last()
    after = (last.kickoff - timedelta(seconds=1)).astimezone().isoformat().replace("+", "%2B")
    response = APIClient().get(f"/api/matches/?kickoff_after={after}")
    assert response.status_code == 200
    assert last.id in [row["id"] for row in response.json()["results"]]
    assert APIClient().get("/api/matches/?kickoff_after=2020-11-30T13:53:57-11:30").status_code == 200


@pytest.mark.parametrize(
    ("url", "field"),
    [
        ("/api/teams/{team}/ledger/?season=99999999999999999999999", "season"),
        ("/api/teams/?season=99999999999999999999999", "season"),
        ("/api/players/?season=99999999999999999999999&team=1", "season"),
        ("/api/players/?team=99999999999999999999999", "team"),
        ("/api/matches/?team=99999999999999999999999", "team"),
        ("/api/teams/{team}/cards/?season=%C2%B2", "season"),  # "²".isdigit() is true
    ],
)
def test_an_id_parameter_too_large_or_not_ascii_is_a_400(played_season, url, field):
    team = played_season.teams.first()
    response = APIClient().get(url.format(team=team.id))
    assert response.status_code == 400, response.content[:300]
    assert field in response.json()


def test_deeply_nested_json_is_a_400_not_a_recursion_error(clients, played_season):
    league = played_season.league
    commissioner = clients["commissioner"]
    body = '{"engine_settings": ' + DEEP + "}"
    response = commissioner.patch(f"/api/leagues/{league.id}/", body, content_type="application/json")
    assert response.status_code == 400, response.content[:300]
    assert "nested too deep" in response.json()["detail"]
    # nested within the parser's reach but past the limit: the field's error
    response = commissioner.patch(
        f"/api/leagues/{league.id}/", {"engine_settings": {"tie_break": nested(30)}}, format="json"
    )
    assert response.status_code == 400
    assert "Nested too deep" in response.json()["engine_settings"][0]
    league.refresh_from_db()
    assert league.engine_settings == {}


@pytest.mark.parametrize(
    ("given", "named"),
    [
        ({"tie_break": "banana"}, 'engine_settings.tie_break: "banana" is not allowed'),
        ({"tie_brake": "penalties"}, "engine_settings.tie_brake: unknown setting"),
    ],
)
def test_engine_settings_are_checked_by_the_engine_when_saved(clients, played_season, given, named):
    league = played_season.league
    response = clients["commissioner"].patch(f"/api/leagues/{league.id}/", {"engine_settings": given}, format="json")
    assert response.status_code == 400
    assert named in response.json()["engine_settings"][0]
    league.refresh_from_db()
    assert league.engine_settings == {}
    good = clients["commissioner"].patch(
        f"/api/leagues/{league.id}/", {"engine_settings": {"tie_break": "penalties"}}, format="json"
    )
    assert good.status_code == 200 and good.json()["engine_settings"] == {"tie_break": "penalties"}


def test_an_inverted_forfeit_score_is_refused_naming_both_fields(clients, played_season):
    league = played_season.league
    response = clients["commissioner"].patch(
        f"/api/leagues/{league.id}/", {"forfeit_goals_for": 0, "forfeit_goals_against": 5}, format="json"
    )
    assert response.status_code == 400
    assert {"forfeit_goals_for", "forfeit_goals_against"} <= set(response.json())
    league.refresh_from_db()
    assert (league.forfeit_goals_for, league.forfeit_goals_against) == (3, 0)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"first_kickoff": "9999-12-01T00:00:00Z"}, "first_kickoff"),
        ({"first_kickoff": "2026-01-01T00:00:00-21:22"}, "first_kickoff"),
        ({"interval": "999999999 00:00:00"}, "interval"),
    ],
)
def test_fixtures_that_would_overflow_the_calendar_are_a_400(clients, played_season, body, field):
    Match.objects.filter(season=played_season).update(status=Match.Status.SCHEDULED)
    before = list(Match.objects.filter(season=played_season).values_list("id", "kickoff"))
    response = clients["commissioner"].post(f"/api/seasons/{played_season.id}/fixtures/", body, format="json")
    assert response.status_code == 400, response.content[:300]
    assert field in response.json()
    assert list(Match.objects.filter(season=played_season).values_list("id", "kickoff")) == before


@pytest.mark.parametrize("kickoff", ["2027-01-01T00:00:00-21:22", "9999-12-31T23:00:00Z", "0001-01-01T00:00:00Z"])
def test_a_kickoff_out_of_range_is_a_400_and_the_match_keeps_its_own(clients, played_season, kickoff):
    match = scheduled_match(played_season)
    response = clients["commissioner"].patch(f"/api/matches/{match.id}/", {"kickoff": kickoff}, format="json")
    assert response.status_code == 400, response.content[:300]
    assert "kickoff" in response.json()
    assert Match.objects.get(id=match.id).kickoff == match.kickoff


@pytest.mark.parametrize(
    "url",
    [
        "/api/seasons/99999999999999999999999/bracket/",
        "/api/seasons/99999999999999999999999/standings/",
        "/api/leagues/99999999999999999999999/history/",
        "/api/teams/99999999999999999999999/ledger/",
    ],
)
def test_an_id_in_the_path_too_large_for_the_database_is_a_404(db, url):
    assert APIClient().get(url).status_code == 404
