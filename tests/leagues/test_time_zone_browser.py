"""A commissioner enters a kickoff in a Hamburg league's zone in a real browser and reads the same
time on the public match page (issue #28).

Debian's Chromium driven by Playwright against a live server (marker ``browser``; skipped
without ``/usr/bin/chromium`` or the playwright package, never ``playwright install``).
"""

from datetime import UTC, datetime

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.leagues.test_time_zone import hamburg  # noqa: F401 (the fixture)
from tests.rosters import test_draft_browser
from tests.rosters.test_draft_browser import CHROMIUM, logged_in, sync_api

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium: apt-get install -y chromium"),
]

#: The draft room's browser, and its teardown.
chromium = test_draft_browser.chromium


def test_a_kickoff_entered_in_the_leagues_zone_is_the_time_on_the_match_page(live_server, chromium, hamburg):  # noqa: F811
    boss = get_user_model().objects.create_superuser("boss", "boss@example.com")
    page = logged_in(chromium, live_server, boss)
    page.goto(live_server.url + reverse("admin:matches_match_change", args=[hamburg.pk]))
    sync_api.expect(page.locator(".field-kickoff .timezone-note")).to_have_text("Times in Europe/Berlin.")
    sync_api.expect(page.locator("#id_kickoff_1")).to_have_value("19:30:00")  # stored 18:30 UTC, in January
    page.fill("#id_kickoff_0", "2027-07-22")
    page.fill("#id_kickoff_1", "19:30")
    page.click("input[name=_save]")
    sync_api.expect(page.locator(".messagelist")).to_contain_text("was changed successfully")
    hamburg.refresh_from_db()
    assert hamburg.kickoff == datetime(2027, 7, 22, 17, 30, tzinfo=UTC)  # summer time: UTC+2

    page.goto(live_server.url + reverse("web:match", args=[hamburg.pk]))
    sync_api.expect(page.locator("main time").first).to_contain_text("22 July 2027, 19:30 CEST")
