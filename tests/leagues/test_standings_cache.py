"""The cached table: served without recomputing, and fresh as soon as anything that
changes a table commits (real commits here, so the on-commit bumps run as in production)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from competitions.results import match_forfeit, match_play
from leagues.models import PointsDeduction, Team
from matches.fixtures import match_set_status
from matches.models import Match, PlayerMatchStat
from matches.services import match_fail
from ops.demo import demo_season_create

pytestmark = pytest.mark.django_db(transaction=True)


def standings(client, season):
    with CaptureQueriesContext(connection) as queries:
        body = client.get(f"/api/seasons/{season.id}/standings/").json()
    return {row["team"]: row for row in body["standings"]}, len(queries)


def test_a_cached_table_is_served_with_one_query_and_bumped_by_every_change(client):
    season = demo_season_create(engine="futti", teams=4, seed=31, double=False)
    first, second, third = Match.objects.filter(season=season).order_by("id")[:3]
    rows, _ = standings(client, season)
    again, queries = standings(client, season)
    assert again == rows and queries == 1  # the season (with its version); the table from the cache

    match_play(match_id=first.id)
    rows, queries = standings(client, season)
    assert queries > 1 and rows[first.home_id]["played"] == 1

    match_forfeit(Match.objects.get(id=second.id), forfeited_by="home")
    rows, _ = standings(client, season)
    assert rows[second.away_id]["goals_for"] >= 3

    PointsDeduction.objects.create(season=season, team_id=first.home_id, points=2, reason="late fee")
    rows, _ = standings(client, season)
    assert rows[first.home_id]["deducted"] == 2

    match_set_status(match_id=third.id, status=Match.Status.POSTPONED)
    match_forfeit(Match.objects.get(id=third.id), forfeited_by="away")
    rows, _ = standings(client, season)
    assert rows[third.home_id]["won"] >= 1

    league = season.league
    league.points_win = 2
    league.save()
    rows, _ = standings(client, season)
    for row in rows.values():
        assert row["points"] == 2 * row["won"] + row["drawn"] - row["deducted"]

    team = season.teams.get(id=first.away_id)
    team.name = "Renamed Rovers"
    team.save()
    rows, _ = standings(client, season)
    assert rows[first.away_id]["name"] == "Renamed Rovers"

    newcomer = Team.objects.create(league=league, name="Newcomers")
    season.teams.add(newcomer)
    rows, _ = standings(client, season)
    assert rows[newcomer.id]["played"] == 0


def test_the_season_page_uses_the_same_versioned_cache(client):
    season = demo_season_create(engine="futti", teams=4, seed=32, double=False)
    match = Match.objects.filter(season=season).first()
    assert "No results yet." in client.get(f"/seasons/{season.id}/").content.decode()
    match_play(match_id=match.id)
    html = client.get(f"/seasons/{season.id}/").content.decode()
    assert "No results yet." not in html and 'data-chart="positions"' in html


def test_the_season_page_is_cached_whole_until_its_season_changes(client):
    season = demo_season_create(engine="futti", teams=4, seed=33, double=False)
    match = Match.objects.filter(season=season).select_related("home").first()
    url = f"/seasons/{season.id}/"
    with CaptureQueriesContext(connection) as queries:
        first = client.get(url).content
    with CaptureQueriesContext(connection) as cached_queries:
        assert client.get(url).content == first
    assert len(cached_queries) == 1 < len(queries)  # the version only
    match.home.name = "Renamed Rovers"
    match.home.save()
    assert b"Renamed Rovers" in client.get(url).content
    match_set_status(match_id=match.id, status=Match.Status.POSTPONED)
    assert b"Postponed" in client.get(url).content or b"postponed" in client.get(url).content
    season.name = "Season of change"
    season.save()
    assert b"Season of change" in client.get(url).content
    played = match_play(match_id=Match.objects.filter(season=season, status="scheduled").first().id)
    shooter = PlayerMatchStat.objects.filter(match=played, shots__gt=0).select_related("player").first().player
    assert shooter.name.encode() in client.get(url).content  # on the shots leaderboard
    shooter.name = "Renamed Striker"
    shooter.save()
    assert b"Renamed Striker" in client.get(url).content
    assert client.get("/seasons/999999/").status_code == 404


def test_saving_a_season_read_before_a_bump_keeps_the_newer_version(client):
    season = demo_season_create(engine="futti", teams=4, seed=34, double=False)
    stale = type(season).objects.get(id=season.id)  # read before the result is stored
    match = Match.objects.filter(season=season).first()
    match_play(match_id=match.id)
    rows, _ = standings(client, season)
    assert rows[match.home_id]["played"] == 1
    stale.name = "Renamed after the result"
    stale.save()  # must not write the old version back (its table, with no result, is cached)
    season.refresh_from_db()
    assert season.standings_version > stale.standings_version
    rows, _ = standings(client, season)
    assert rows[match.home_id]["played"] == 1


def test_a_failed_match_and_a_team_leaving_its_seasons_show_on_the_season_page(client):
    season = demo_season_create(engine="futti", teams=4, seed=35, double=False)
    match = Match.objects.filter(season=season).first()
    url = f"/seasons/{season.id}/"
    before = client.get(url).content.decode()
    match_fail(match_id=match.id, error="engine broke")
    after = client.get(url).content.decode()
    assert after != before and "failed" in after.lower()

    team = season.teams.get(id=match.away_id)
    rows, _ = standings(client, season)
    assert team.id in rows
    team.seasons.clear()  # the reverse side of the m2m: the seasons are known only before the clear
    rows, _ = standings(client, season)
    assert team.id not in rows
