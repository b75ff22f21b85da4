"""Issue #28's widgets and CORS: the table, the fixtures and the bracket of a season as small
pages a club frames on its own site (the only pages that may be framed), and the read-only API
readable from any origin, without credentials, while writes and the admin get no CORS header."""

from datetime import UTC, datetime

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache

from competitions.results import due_matches_play, match_play
from competitions.standings import cached_standings
from leagues.models import League
from matches.models import Match
from ops.demo import demo_season_create

pytestmark = pytest.mark.django_db
ORIGIN = "https://www.ashford-rovers.example"


@pytest.fixture
def half_played():
    """A season of four teams with its first round played and the rest to come."""
    season = demo_season_create(engine="futti", teams=4, seed=1)
    for match in season.matches.filter(round=1):
        match_play(match_id=match.id)
    return season


def test_the_table_widget_is_framable_and_bare(client, played_season):
    response = client.get(f"/embed/seasons/{played_season.id}/table/")
    html = response.content.decode()
    assert response.status_code == 200 and "X-Frame-Options" not in response
    assert '<base target="_blank">' in html and "<nav" not in html and 'class="standings"' in html
    names = [row.name for row in cached_standings(played_season).rows]
    assert [html.index(f">{name}</a>") for name in names] == sorted(html.index(f">{name}</a>") for name in names)
    assert f'href="/seasons/{played_season.id}/"' in html


def test_every_other_page_still_refuses_to_be_framed(client, played_season):
    for url in [f"/seasons/{played_season.id}/", "/", "/admin/login/", "/api/seasons/"]:
        assert client.get(url)["X-Frame-Options"] == "DENY", url


def test_the_fixtures_widget_lists_what_is_next_and_the_latest_results(client, half_played):
    html = client.get(f"/embed/seasons/{half_played.id}/fixtures/").content.decode()
    upcoming, results = html.split("Latest results")
    for match in half_played.matches.filter(round=2).select_related("home"):
        assert f'href="/matches/{match.id}/"' in upcoming
    for match in half_played.matches.filter(round=1):
        assert f"{match.home_goals}–{match.away_goals}" in results and f'href="/matches/{match.id}/"' in results


def test_the_fixtures_widget_is_cached_until_a_result_changes_it(
    client, half_played, django_assert_max_num_queries, django_capture_on_commit_callbacks
):
    url = f"/embed/seasons/{half_played.id}/fixtures/"
    cache.clear()
    first = client.get(url).content
    with django_assert_max_num_queries(2):  # the version, then the page from the cache
        assert client.get(url).content == first
    with django_capture_on_commit_callbacks(execute=True):  # the version is bumped once the results commit
        due_matches_play()
    assert "No fixtures to play." in client.get(url).content.decode()


def test_the_bracket_widget_draws_the_bracket_and_a_season_without_one_is_404(client, played_season):
    knockout = demo_season_create(engine="futti", teams=4, seed=8, knockout=True)
    response = client.get(f"/embed/seasons/{knockout.id}/bracket/")
    html = response.content.decode()
    assert response.status_code == 200 and "X-Frame-Options" not in response
    assert 'data-chart="bracket"' in html and "<nav" not in html
    assert client.get(f"/embed/seasons/{played_season.id}/bracket/").status_code == 404
    assert client.get("/embed/seasons/999999/table/").status_code == 404


def test_the_widgets_answer_reads_only(client, played_season):
    assert client.post(f"/embed/seasons/{played_season.id}/table/").status_code == 405


def test_the_api_is_readable_from_any_origin_without_credentials(client, played_season):
    response = client.get(f"/api/seasons/{played_season.id}/standings/", HTTP_ORIGIN=ORIGIN)
    assert response.status_code == 200
    assert response["Access-Control-Allow-Origin"] == "*"
    assert "Access-Control-Allow-Credentials" not in response
    assert client.head("/api/seasons/", HTTP_ORIGIN=ORIGIN)["Access-Control-Allow-Origin"] == "*"


def test_a_preflight_for_a_read_is_answered_and_one_for_a_write_is_not(client, played_season):
    read = client.options("/api/seasons/", HTTP_ORIGIN=ORIGIN, HTTP_ACCESS_CONTROL_REQUEST_METHOD="GET")
    assert read["Access-Control-Allow-Origin"] == "*"
    assert read["Access-Control-Allow-Methods"] == "GET, HEAD, OPTIONS"
    write = client.options("/api/seasons/", HTTP_ORIGIN=ORIGIN, HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST")
    assert "Access-Control-Allow-Origin" not in write and "Access-Control-Allow-Methods" not in write


def test_writes_the_admin_and_the_pages_get_no_cors_header(client, played_season):
    User.objects.create_user("manager", password="pw-for-tests-only")
    client.login(username="manager", password="pw-for-tests-only")
    post = client.post("/api/auth/token/", {"username": "manager", "password": "pw-for-tests-only"}, HTTP_ORIGIN=ORIGIN)
    assert post.status_code < 500 and "Access-Control-Allow-Origin" not in post
    for url in ["/admin/", f"/seasons/{played_season.id}/", f"/embed/seasons/{played_season.id}/table/"]:
        assert "Access-Control-Allow-Origin" not in client.get(url, HTTP_ORIGIN=ORIGIN), url


def test_the_fixtures_widget_shows_kickoffs_in_the_leagues_zone(client, half_played):
    League.objects.filter(pk=half_played.league_id).update(time_zone="Europe/Berlin")
    match = half_played.matches.filter(round=2).order_by("kickoff", "id").first()
    Match.objects.filter(pk=match.pk).update(kickoff=datetime(2027, 1, 14, 18, 30, tzinfo=UTC))
    html = client.get(f"/embed/seasons/{half_played.id}/fixtures/").content.decode()
    assert "<span>19:30</span>" in html  # 18:30 UTC is 19:30 in Hamburg in winter
