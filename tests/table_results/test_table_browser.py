"""In a real browser: a manager enters a table result in the admin and the other confirms it.

Marked ``browser``; skipped without Debian's Chromium or the playwright package (see
tests/web/test_web_browser.py). The ORM is read before the browser starts and after it stops.
"""

from pathlib import Path

import pytest
from django.contrib.auth.models import User

from leagues.models import PlayMode
from matches.models import Match
from ops.demo import demo_season_create

from .conftest import players

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
PASSWORD = "table-pass-1"

sync_api = pytest.importorskip("playwright.sync_api")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium: apt-get install -y chromium"),
]


@pytest.fixture
def table_match(transactional_db) -> dict:
    season = demo_season_create(engine="futti", teams=4, seed=1)
    season.league.play_mode = PlayMode.TABLE
    season.league.save(update_fields=["play_mode"])
    match = Match.objects.filter(season=season).select_related("home", "away").first()
    for side in (match.home, match.away):
        side.manager = User.objects.create_user(f"manager-{side.pk}", password=PASSWORD, is_staff=True)
        side.save(update_fields=["manager"])
    return {
        "id": match.id,
        "home": match.home.manager.username,
        "away": match.away.manager.username,
        "scorer": str(players(match, "home")[0]),
    }


def log_in(browser, url: str, username: str):
    page = browser.new_context().new_page()
    page.goto(url + "/admin/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("input[type=submit]")
    page.wait_for_url(url + "/admin/")
    return page


def test_a_manager_enters_the_result_and_the_other_confirms(table_match, live_server):
    entry = f"{live_server.url}/admin/matches/resultsubmission/enter/{table_match['id']}/"
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = log_in(browser, live_server.url, table_match["home"])
        page.goto(entry)
        page.fill("#id_score-home_goals", "1")
        page.fill("#id_score-away_goals", "0")
        page.fill("#id_events-0-minute", "12")
        page.select_option("#id_events-0-kind", "goal")
        page.select_option("#id_events-0-player", table_match["scorer"])
        page.click("input[name=submit]")
        assert "pending" in page.locator("ul.messagelist").inner_text()
        assert "pending" in page.locator("#table-state").inner_text()

        page = log_in(browser, live_server.url, table_match["away"])
        page.goto(entry)
        page.click("input[name=confirm]")
        assert "Confirmed" in page.locator("ul.messagelist").inner_text()
        assert "confirmed (1-0)" in page.locator("#table-state").inner_text()
        browser.close()
    match = Match.objects.get(id=table_match["id"])
    assert (match.status, match.home_goals, match.away_goals) == ("played", 1, 0)
