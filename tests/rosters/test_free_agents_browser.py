"""The market in a real browser: a manager claims a free agent on the admin's free agents page,
signs another after the settlement releasing a card, releases one from the squad list, and the
season's transactions page shows every move.

Debian's Chromium driven by Playwright against a live server (marker ``browser``; skipped
without ``/usr/bin/chromium`` or the playwright package).
"""

import pytest
from django.urls import reverse

from rosters import ledger
from rosters.free_agents import claims_settle
from rosters.models import Claim, LedgerEntry, SquadMember
from tests.rosters.test_draft_browser import CHROMIUM, SIDEWAYS, chromium, logged_in  # noqa: F401 (the fixture)
from tests.rosters.test_free_agents import card, deadline_passes, open_window, settlements  # noqa: F401

sync_api = pytest.importorskip("playwright.sync_api")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium: apt-get install -y chromium"),
]


def test_a_manager_claims_signs_and_releases_in_the_admin(live_server, chromium, season, league, cast):  # noqa: F811
    alpha = cast["alpha"]
    window = open_window(season)
    card(league, "Wanted", price=2)
    card(league, "Later", price=3)
    old, spare = card(league, "Old"), card(league, "Spare", price=4)
    SquadMember.objects.create(season=season, team=alpha, player=old, price=1)
    SquadMember.objects.create(season=season, team=alpha, player=spare, price=4)
    page_url = live_server.url + reverse("admin:rosters_claim_free_agents") + f"?season={season.pk}"

    bruno = logged_in(chromium, live_server, cast["bruno"])
    bruno.set_viewport_size({"width": 390, "height": 800})
    bruno.goto(page_url)
    sync_api.expect(bruno.locator("#window")).to_contain_text("Claims are open until")
    sync_api.expect(bruno.locator("#window")).to_contain_text("Alpha has 15 BC")
    assert not bruno.evaluate(SIDEWAYS)  # a phone never scrolls the page sideways
    bruno.locator("#free-agents tr", has_text="Wanted").get_by_role("button", name="Claim").click()
    sync_api.expect(bruno.locator(".messagelist")).to_contain_text("Alpha claims Wanted: claimed for 2 BC")
    assert Claim.objects.get().state == Claim.State.PENDING

    deadline_passes(window)
    claims_settle(window.pk)
    bruno.goto(page_url)
    sync_api.expect(bruno.locator("#window")).to_contain_text("Claims are settled")
    later = bruno.locator("#free-agents tr", has_text="Later")
    later.locator("select[name=release]").select_option(label="Old (field)")
    later.get_by_role("button", name="Sign").click()
    sync_api.expect(bruno.locator(".messagelist")).to_contain_text("Later signed by Alpha for 3 BC")

    bruno.goto(live_server.url + reverse("admin:rosters_squadmember_changelist") + f"?season__id__exact={season.pk}")
    bruno.locator("tr", has_text="Spare").locator("input[name=_selected_action]").check()
    bruno.select_option("select[name=action]", "release_action")
    bruno.get_by_role("button", name="Go").click()
    sync_api.expect(bruno.locator(".messagelist")).to_contain_text("Spare released by Alpha: 2 BC back")

    assert sorted(SquadMember.objects.filter(team=alpha).values_list("player__name", flat=True)) == ["Later", "Wanted"]
    assert ledger.balance(season, alpha) == 15 - 2 - 3 + 0 + 2
    assert ledger.balance(season, alpha) == sum(LedgerEntry.objects.filter(team=alpha).values_list("amount", flat=True))

    bruno.goto(live_server.url + reverse("web:transactions", args=[season.pk]))
    moves = bruno.locator("table", has_text="Signings, claims won")
    for text in ("Spare", "Later", "Old", "Wanted"):
        sync_api.expect(moves).to_contain_text(text)
