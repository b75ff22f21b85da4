"""A long season's page comes in pages of whole rounds, and the position chart is left out
for a field too large to draw: 500 teams once made a 91 MB page in 81 s (issue #19)."""

import re

import pytest

from competitions.round_robin import fixtures_generate
from leagues.cache import standings_changed
from matches.models import Match
from tests.conftest import make_league, make_season
from web import selectors
from web.selectors import CHART_MAX_TEAMS, MATCHES_PER_PAGE

pytestmark = pytest.mark.django_db


@pytest.fixture
def long_season():
    """30 teams, home and away: 58 rounds of 15 matches, 870 in all."""
    season = make_season(make_league(), [f"Team {n:02d}" for n in range(30)])
    fixtures_generate(season)
    return season


def rounds_shown(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<h3 id="round-(\d+)">', html)]


def test_the_fixtures_come_in_pages_of_whole_rounds(client, long_season):
    assert MATCHES_PER_PAGE == 400  # 26 rounds of 15 matches to a page
    html = client.get(f"/seasons/{long_season.id}/").content.decode()
    assert rounds_shown(html) == list(range(1, 27))
    assert '<strong aria-current="page">1–26</strong>' in html
    assert '<a href="?page=2#rounds">27–52</a>' in html and '<a href="?page=3#rounds">53–58</a>' in html
    assert html.count('<a href="/matches/') == 26 * 15
    assert rounds_shown(client.get(f"/seasons/{long_season.id}/?page=3").content.decode()) == list(range(53, 59))
    for page in ("4", "0", "x", "%C2%B2"):
        assert client.get(f"/seasons/{long_season.id}/?page={page}").status_code == 404


def test_the_default_page_has_the_next_round_to_play(client, long_season, django_capture_on_commit_callbacks):
    Match.objects.filter(season=long_season, round__lte=30).update(status="played", home_goals=1, away_goals=0)
    html = client.get(f"/seasons/{long_season.id}/").content.decode()
    assert rounds_shown(html) == list(range(27, 53))
    Match.objects.filter(season=long_season).update(status="played", home_goals=1, away_goals=0)
    with django_capture_on_commit_callbacks(execute=True):
        standings_changed([long_season.id])  # as every bulk change of matches does
    assert rounds_shown(client.get(f"/seasons/{long_season.id}/").content.decode()) == list(range(53, 59))


def test_the_chart_is_left_out_above_its_limit_and_the_table_stays_whole(client, long_season):
    Match.objects.filter(season=long_season, round=1).update(status="played", home_goals=2, away_goals=1)
    html = client.get(f"/seasons/{long_season.id}/").content.decode()
    assert 'data-chart="positions"' not in html
    assert f"The chart is drawn for seasons of up to {CHART_MAX_TEAMS} teams" in html
    assert all(f">Team {n:02d}</a>" in html for n in range(30))


def test_a_short_season_is_one_page_with_its_chart(client):
    season = make_season(make_league(), ["Alpha", "Beta", "Gamma", "Delta"])
    fixtures_generate(season)
    Match.objects.filter(season=season, round=1).update(status="played", home_goals=2, away_goals=1)
    html = client.get(f"/seasons/{season.id}/").content.decode()
    assert rounds_shown(html) == [1, 2, 3, 4, 5, 6]
    assert 'aria-label="Pages of rounds"' not in html and 'data-chart="positions"' in html


def test_the_home_page_reads_only_the_matchday_and_the_next_round(client, long_season, monkeypatch):
    Match.objects.filter(season=long_season, round=1).update(status="played", home_goals=2, away_goals=1)
    read = []
    real = selectors.with_links
    monkeypatch.setattr(
        selectors, "with_links", lambda matches, zones=None: read.append(len(matches)) or real(matches, zones)
    )
    html = client.get("/").content.decode()
    assert read == [30]  # rounds 1 and 2, not the season's 870 matches
    assert html.count('<a href="/matches/') == 30


def test_a_season_without_fixtures_has_one_page_and_no_other(client):
    """Every page number is cached once rendered: only pages that exist may be."""
    season = make_season(make_league(), ["Alpha", "Beta"])
    assert client.get(f"/seasons/{season.id}/?page=1").status_code == 200
    assert client.get(f"/seasons/{season.id}/?page=2").status_code == 404
