"""The language switcher in Chromium: a fan switches the season page to Italiano and reads it
in Italian, and the choice stays for the next page (the language cookie).

Marked ``browser``; skipped where ``/usr/bin/chromium`` or playwright is missing.
"""

import pytest

from ops.demo import demo_season_create
from tests.web.test_web_browser import CHROMIUM, browser  # noqa: F401  browser is a fixture (Chromium, Playwright)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium: apt-get install -y chromium"),
]


@pytest.fixture
def season(transactional_db):
    return demo_season_create(engine="futti", teams=4, seed=1)


def test_a_fan_switches_the_season_page_to_italian(season, live_server, browser):  # noqa: F811  the fixture imported above
    page = browser.new_page(locale="en-GB")
    page.goto(f"{live_server.url}/seasons/{season.id}/")
    assert page.locator("#table").inner_text() == "Table"
    page.get_by_label("Language").select_option("it")  # the form is sent on change

    page.wait_for_function("document.documentElement.lang === 'it'")
    assert page.url.endswith(f"/seasons/{season.id}/")  # back to the page it was sent from
    assert page.locator("#table").inner_text() == "Classifica"
    assert page.locator("#rounds").inner_text() == "Partite e risultati"
    assert page.locator("table thead th", has_text="Calcio d'inizio").count() > 0
    assert page.get_by_label("Lingua").input_value() == "it"

    page.get_by_role("link", name="Leghe").click()  # the next page keeps the choice
    page.wait_for_url(f"{live_server.url}/")
    assert page.locator("h1").inner_text() == "Leghe"
