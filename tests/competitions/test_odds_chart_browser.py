"""Issue #26: the season page's chart of each team's title odds over the rounds renders in a
real browser (Debian's Chromium driven by Playwright against a live server; marker ``browser``,
skipped without ``/usr/bin/chromium`` or the playwright package, never ``playwright install``)."""

from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import timezone

from leagues.models import SeasonOdds
from ops.demo import demo_season_create

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]

sync_api = pytest.importorskip("playwright.sync_api")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium: apt-get install -y chromium"),
]

#: Each team's title chances after rounds 0, 1 and 2, by team (in id order).
TITLES = [[0.25, 0.4, 0.7], [0.25, 0.3, 0.2], [0.25, 0.2, 0.1], [0.25, 0.1, 0.0]]


@pytest.fixture
def season(transactional_db):
    """A season with its odds kept after three rounds; read before the browser starts (the ORM
    must not run inside Playwright's event loop)."""
    season = demo_season_create(engine="futti", teams=4, seed=7, double=False)
    ids = sorted(season.teams.values_list("id", flat=True))
    for number in range(3):
        teams = [{"team": t, "title": TITLES[i][number], "expected_points": 3.0} for i, t in enumerate(ids)]
        SeasonOdds.objects.create(season=season, round=number, computed_at=timezone.now(), completions=10, teams=teams)
    season.names = sorted(season.teams.values_list("name", flat=True))
    return season


@pytest.fixture
def browser():
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=[*FLAGS, "--disable-sync"])
        yield browser
        browser.close()


def test_the_title_odds_chart_renders_one_line_per_team(season, live_server, browser):
    page = browser.new_page()
    page.goto(live_server.url + reverse("web:season", args=[season.id]))
    chart = page.locator('svg[data-chart="odds-title"]')
    sync_api.expect(chart).to_have_count(1)
    box = chart.bounding_box()
    assert box is not None and box["width"] > 100 and box["height"] > 100
    lines = chart.locator("polyline")
    assert lines.count() == 4
    for index in range(4):  # each line drawn: a box of its own, as wide as the rounds
        line_box = lines.nth(index).bounding_box()
        assert line_box is not None and line_box["width"] > 100
    assert chart.locator(".legend text").all_text_contents() == season.names  # SVG text has no innerText
    title = chart.locator("title").first.text_content()
    assert chart.get_attribute("role") == "img" and "title after each round" in title
    figures = page.locator("figure", has=chart).locator("details table tbody tr")
    assert figures.count() == 4
