"""Writing through the API: only a commissioner of the league (or a superuser) may, and every
refusal leaves the data as it was."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from rest_framework.test import APIClient

from leagues.models import League
from matches.models import Match, PlayByPlay
from ops.demo import demo_season_create

pytestmark = pytest.mark.django_db

#: What each role gets when it tries to change this league: 401 without credentials,
#: 403 signed in but not its commissioner (its managers included: they run a team, not the
#: league), success for its commissioner and a superuser.
REFUSED = {"anonymous": 401, "plain": 403, "manager": 403, "rival": 403, "other": 403}
ALLOWED = ("commissioner", "superuser")
ROLES = [*REFUSED, *ALLOWED]


def expect(role: str, response, ok: int = 200) -> bool:
    """Check the status a role must get; True when the change went through."""
    want = REFUSED.get(role, ok)
    assert response.status_code == want, (role, response.status_code, response.content[:300])
    return want == ok


def scheduled_match(season, **changes) -> Match:
    """A match of the season put back to scheduled, as if it had not been played."""
    match = Match.objects.filter(season=season).order_by("round", "id").last()
    PlayByPlay.objects.filter(match=match).delete()
    match.player_stats.all().delete()
    fields = {"status": Match.Status.SCHEDULED, "home_goals": None, "away_goals": None, "decided_by": ""}
    Match.objects.filter(id=match.id).update(**{**fields, **changes})
    return Match.objects.get(id=match.id)


# --- league settings --------------------------------------------------------------------------


@pytest.mark.parametrize("role", ROLES)
def test_league_settings(clients, played_season, role):
    league = played_season.league
    response = clients[role].patch(
        f"/api/leagues/{league.id}/", {"points_win": 2, "tiebreakers": ["points", "wins", "lots"]}, format="json"
    )
    league.refresh_from_db()
    if expect(role, response):
        assert (league.points_win, league.tiebreakers) == (2, ["points", "wins", "lots"])
        assert response.json()["points_win"] == 2
    else:
        assert (league.points_win, league.tiebreakers[1]) == (3, "goal_difference")


@pytest.mark.parametrize("body", [{"engine_settings": {"a": "x\u0000"}}, {"engine_settings": {"\u0000": 1}}])
def test_a_nul_character_in_json_settings_is_a_400_not_a_server_error(clients, played_season, body):
    """PostgreSQL's jsonb cannot store \\u0000: the fuzz's kind of input, found by hand."""
    response = clients["commissioner"].patch(f"/api/leagues/{played_season.league_id}/", body, format="json")
    assert response.status_code == 400 and response.json() == {
        "engine_settings": ["NUL characters (\\u0000) cannot be stored."]
    }
    response = clients["commissioner"].patch(
        f"/api/leagues/{played_season.league_id}/", {"tiebreakers": ["points", "\u0000"]}, format="json"
    )
    assert response.status_code == 400 and set(response.json()) == {"tiebreakers"}
    played_season.league.refresh_from_db()
    assert played_season.league.engine_settings == {}


def test_league_settings_are_checked_by_the_model(clients, played_season):
    url = f"/api/leagues/{played_season.league_id}/"
    commissioner = clients["commissioner"]
    response = commissioner.patch(url, {"points_draw": 5}, format="json")
    assert response.status_code == 400 and "points_draw" in response.json()
    response = commissioner.patch(url, {"tiebreakers": ["points", "coin_toss"]}, format="json")
    assert response.status_code == 400 and "coin_toss" in str(response.json()["tiebreakers"])
    assert commissioner.patch(url, {"budget": -1}, format="json").status_code == 400
    league = League.objects.get(id=played_season.league_id)
    assert (league.points_draw, league.budget) == (1, 15)


def test_engine_and_slug_cannot_change(clients, played_season):
    url = f"/api/leagues/{played_season.league_id}/"
    response = clients["commissioner"].patch(url, {"engine": "mutant", "slug": "x"}, format="json")
    assert response.status_code == 200
    league = League.objects.get(id=played_season.league_id)
    assert (league.engine, league.slug) == ("futti", played_season.league.slug)


def test_commissioner_of_this_league_cannot_touch_another(clients, played_season):
    other = League.objects.get(slug="other")
    assert clients["commissioner"].patch(f"/api/leagues/{other.id}/", {"budget": 1}).status_code == 403
    assert clients["other"].patch(f"/api/leagues/{other.id}/", {"budget": 20}, format="json").status_code == 200


@pytest.mark.parametrize("method", ["put", "delete", "post"])
def test_leagues_cannot_be_replaced_deleted_or_created(clients, played_season, method):
    url = f"/api/leagues/{played_season.league_id}/" if method != "post" else "/api/leagues/"
    assert getattr(clients["superuser"], method)(url, {}, format="json").status_code == 405


# --- fixtures: kickoff, postpone, cancel, reschedule, forfeit ---------------------------------


@pytest.mark.parametrize("role", ROLES)
def test_moving_a_kickoff(clients, played_season, role):
    match = scheduled_match(played_season, queued_at=timezone.now())
    kickoff = timezone.now() + timedelta(days=3)
    response = clients[role].patch(f"/api/matches/{match.id}/", {"kickoff": kickoff.isoformat()}, format="json")
    moved = Match.objects.get(id=match.id)
    if expect(role, response):
        assert moved.kickoff == kickoff and moved.queued_at is None
        assert response.json()["kickoff"].startswith(kickoff.strftime("%Y-%m-%dT%H:%M"))
    else:
        assert moved.kickoff == match.kickoff


def test_a_played_match_keeps_its_kickoff_and_result(clients, played_season):
    match = Match.objects.filter(season=played_season).first()
    later = (match.kickoff + timedelta(days=1)).isoformat()
    response = clients["commissioner"].patch(f"/api/matches/{match.id}/", {"kickoff": later}, format="json")
    assert response.status_code == 400 and "kickoff" in response.json()
    response = clients["commissioner"].patch(f"/api/matches/{match.id}/", {"home_goals": 9}, format="json")
    assert response.status_code == 200  # read-only fields are ignored
    assert Match.objects.get(id=match.id).kickoff == match.kickoff
    assert Match.objects.get(id=match.id).home_goals == match.home_goals


def test_a_bad_kickoff_is_a_400(clients, played_season):
    match = scheduled_match(played_season)
    response = clients["commissioner"].patch(f"/api/matches/{match.id}/", {"kickoff": "soon"}, format="json")
    assert response.status_code == 400 and "kickoff" in response.json()


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(
    "action, before, after",
    [
        ("postpone", "scheduled", "postponed"),
        ("postpone", "failed", "postponed"),
        ("cancel", "scheduled", "cancelled"),
        ("cancel", "postponed", "cancelled"),
        ("reschedule", "postponed", "scheduled"),
        ("reschedule", "failed", "scheduled"),
    ],
)
def test_status_changes(clients, played_season, role, action, before, after):
    match = scheduled_match(played_season, status=before, error="boom" if before == "failed" else "")
    response = clients[role].post(f"/api/matches/{match.id}/{action}/", {}, format="json")
    status = Match.objects.get(id=match.id).status
    if expect(role, response):
        assert status == after and response.json()["status"] == after
    else:
        assert status == before


@pytest.mark.parametrize(
    "action, before",
    [
        ("postpone", "played"),
        ("postpone", "cancelled"),
        ("cancel", "played"),
        ("cancel", "forfeited"),
        ("reschedule", "scheduled"),
        ("reschedule", "played"),
        ("reschedule", "cancelled"),
    ],
)
def test_status_changes_that_would_lose_or_fake_a_result_are_refused(clients, played_season, action, before):
    match = Match.objects.filter(season=played_season).first()
    Match.objects.filter(id=match.id).update(status=before)
    response = clients["commissioner"].post(f"/api/matches/{match.id}/{action}/", {}, format="json")
    assert response.status_code == 400 and "status" in response.json()
    assert Match.objects.get(id=match.id).status == before


def test_reschedule_at_a_new_kickoff_clears_the_error(clients, played_season):
    match = scheduled_match(played_season, status="failed", error="EngineError: boom")
    kickoff = timezone.now() + timedelta(hours=5)
    response = clients["commissioner"].post(
        f"/api/matches/{match.id}/reschedule/", {"kickoff": kickoff.isoformat()}, format="json"
    )
    assert response.status_code == 200
    match.refresh_from_db()
    assert (match.status, match.kickoff, match.error) == ("scheduled", kickoff, "")
    bad = clients["commissioner"].post(f"/api/matches/{match.id}/reschedule/", {"kickoff": "x"}, format="json")
    assert bad.status_code == 400


@pytest.mark.parametrize("role", ROLES)
def test_forfeit(clients, played_season, role):
    match = scheduled_match(played_season)
    response = clients[role].post(f"/api/matches/{match.id}/forfeit/", {"forfeited_by": "away"}, format="json")
    match.refresh_from_db()
    if expect(role, response):
        assert (match.status, match.home_goals, match.away_goals, match.forfeited_by) == ("forfeited", 3, 0, "away")
    else:
        assert match.status == "scheduled"


def test_forfeit_needs_a_side(clients, played_season):
    match = scheduled_match(played_season)
    response = clients["commissioner"].post(f"/api/matches/{match.id}/forfeit/", {"forfeited_by": "both"})
    assert response.status_code == 400 and "forfeited_by" in response.json()
    assert Match.objects.get(id=match.id).status == "scheduled"


def test_a_commissioner_of_another_league_is_refused_on_every_fixture_action(clients, played_season):
    match = scheduled_match(played_season)
    other = clients["other"]
    for action in ("postpone", "cancel", "reschedule", "forfeit"):
        assert other.post(f"/api/matches/{match.id}/{action}/", {"forfeited_by": "home"}).status_code == 403
    assert Match.objects.get(id=match.id).status == "scheduled"


@pytest.mark.parametrize("method", ["put", "delete"])
def test_matches_cannot_be_replaced_or_deleted(clients, played_season, method):
    match = Match.objects.filter(season=played_season).first()
    assert getattr(clients["superuser"], method)(f"/api/matches/{match.id}/", {}).status_code == 405
    assert clients["superuser"].post("/api/matches/", {}).status_code == 405


# --- generating fixtures ----------------------------------------------------------------------


@pytest.mark.parametrize("role", ROLES)
def test_generating_fixtures(clients, played_season, role):
    season = demo_season_create(engine="futti", teams=4, seed=5)
    season.league.commissioners.set(played_season.league.commissioners.all())
    Match.objects.filter(season=season).delete()
    start = timezone.now() + timedelta(days=1)
    response = clients[role].post(
        f"/api/seasons/{season.id}/fixtures/",
        {"first_kickoff": start.isoformat(), "interval": "1 00:00:00", "double": False},
        format="json",
    )
    if expect(role, response, ok=201):
        assert len(response.json()) == 6 and Match.objects.filter(season=season).count() == 6
        assert Match.objects.filter(season=season, round=3).first().kickoff == start + timedelta(days=2)
    else:
        assert not Match.objects.filter(season=season).exists()


def test_fixtures_cannot_be_regenerated_after_a_result(clients, played_season):
    response = clients["commissioner"].post(f"/api/seasons/{played_season.id}/fixtures/", {}, format="json")
    assert response.status_code == 400 and "season" in response.json()
    assert Match.objects.filter(season=played_season, status="played").count() == 12


def test_bad_fixture_input_is_a_400(clients, played_season):
    url = f"/api/seasons/{played_season.id}/fixtures/"
    assert clients["commissioner"].post(url, {"interval": "often"}, format="json").status_code == 400


@pytest.mark.parametrize("path", ["seasons", "teams", "players"])
def test_read_only_resources_refuse_writes(clients, played_season, path):
    assert clients["superuser"].post(f"/api/{path}/", {}).status_code == 405


# --- authentication ---------------------------------------------------------------------------


def test_a_session_write_needs_the_csrf_token(played_season, clients):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(get_user_model().objects.get(username="carla"))
    url = f"/api/leagues/{played_season.league_id}/"
    response = client.patch(url, {"budget": 20}, format="json")
    assert response.status_code == 403 and "CSRF" in response.json()["detail"]
    assert League.objects.get(id=played_season.league_id).budget == 15


def test_anonymous_gets_a_token_challenge(clients, played_season):
    response = clients["anonymous"].patch(f"/api/leagues/{played_season.league_id}/", {"budget": 20})
    assert response.status_code == 401 and response["WWW-Authenticate"] == "Token"
