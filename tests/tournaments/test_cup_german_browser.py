"""Issue #28, in German: a manager who chose German reads a cup's bracket with German round
names ("Viertelfinale", "Halbfinale", "Finale", "Spiel um Platz 3") and a league's season page
with its tie-break note in German, from a browser set to English (the stored choice wins),
while the API keeps the English names.

Debian's Chromium driven by Playwright against a live server (marker ``browser``; skipped
without ``/usr/bin/chromium`` or the playwright package, never ``playwright install``), as
``tests/tournaments/test_cup_browser.py``.
"""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from competitions.results import due_matches_play
from notifications.languages import language_set
from ops.demo import demo_season_create
from tests.competitions.test_seasons_browser import CHROMIUM, chromium, signed_in  # noqa: F401  chromium: a fixture
from tests.conftest import make_league, make_season
from tests.leagues.test_standings import play

sync_api = pytest.importorskip("playwright.sync_api")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium: apt-get install -y chromium"),
]
PASSWORD = "cup-auf-deutsch-1"


@pytest.fixture
def german(chromium, live_server):  # noqa: F811  the fixture imported above
    """The page of a commissioner who chose German, signed in from a browser set to English."""
    user = get_user_model().objects.create_superuser("trainer", "trainer@example.com", PASSWORD)
    language_set(user, "de")
    return signed_in(chromium, live_server.url, "trainer", PASSWORD, locale="en-GB")


def test_a_german_manager_reads_the_cups_rounds_and_the_tables_notes_in_german(live_server, german):
    expect = sync_api.expect
    cup = demo_season_create(engine="futti", teams=8, seed=21, knockout=True, third_place=True)
    due_matches_play()  # the quarter-finals

    german.goto(live_server.url + reverse("web:bracket", args=[cup.pk]))
    rounds = german.locator("svg[data-chart=bracket] text.round")
    expect(rounds).to_have_text(["Viertelfinale", "Halbfinale", "Finale", "Spiel um Platz 3"])
    expect(german.locator("svg[data-chart=bracket] text.section-title")).to_have_text(
        ["Turnierbaum", "Spiel um Platz 3"]
    )
    results = german.locator("#results ~ section")
    expect(results.first.locator("h3")).to_have_text("Turnierbaum")
    expect(results.first.locator("li").first).to_contain_text("VF 1:")
    expect(results.last.locator("li").first).to_contain_text("Verlierer von HF 1")
    expect(german.locator("main")).not_to_contain_text("Semi-finals")

    # the API, asked in German, keeps its English names
    api = german.request.get(f"{live_server.url}/api/seasons/{cup.pk}/bracket/", headers={"Accept-Language": "de"})
    assert [r["name"] for r in api.json()["rounds"]] == ["Quarter-finals", "Semi-finals", "Final", "Third place"]

    league = make_league("Kreisliga", tiebreakers=["points", "goal_difference", "goals_for"])
    season = make_season(league, ["Delta", "Beta", "Alpha", "Gamma"])
    play(season, ["Delta 1-1 Beta", "Gamma 2-2 Alpha"])
    german.goto(live_server.url + reverse("web:season", args=[season.pk]))
    expect(german.locator("#table-notes li")).to_have_text(
        ["Alpha, Beta, Delta, Gamma (gleich nach Punkte, Tordifferenz): getrennt durch erzielte Tore."]
    )
    expect(german.locator("#table-notes p").first).to_have_text("Wie punktgleiche Teams getrennt wurden:")
