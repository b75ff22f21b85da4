"""Trades in a real browser: a manager proposes on the admin's form, the other accepts with the
trade page's button; a commissioner vetoes another trade in its veto period.

Debian's Chromium driven by Playwright against a live server (marker ``browser``; skipped
without ``/usr/bin/chromium`` or the playwright package).
"""

import pytest
from django.urls import reverse

from rosters import ledger
from rosters.models import Trade
from tests.rosters import test_draft_browser
from tests.rosters.test_draft_browser import CHROMIUM, logged_in, sync_api
from tests.rosters.test_trades import holder, propose

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium: apt-get install -y chromium"),
]

#: The draft room's browser, and its teardown.
chromium = test_draft_browser.chromium


def test_a_trade_proposed_and_accepted_and_one_vetoed_in_the_admin(live_server, chromium, trading, league):
    bruno = logged_in(chromium, live_server, trading["bruno"])
    bruno.goto(live_server.url + reverse("admin:rosters_trade_add"))
    bruno.select_option("#id_season", str(trading["season"].pk))
    bruno.select_option("#id_proposer", str(trading["alpha"].pk))
    bruno.select_option("#id_receiver", str(trading["beta"].pk))
    bruno.select_option("#id_offered", label="Card 01 (field, 1 BC)")
    bruno.select_option("#id_asked", label="Card 33 (field, 4 BC)")
    bruno.fill("#id_coins_offered", "3")
    bruno.fill("#id_coins_asked", "0")
    bruno.click("input[name=_save]")
    sync_api.expect(bruno.locator(".messagelist")).to_contain_text("was added successfully")
    trade = Trade.objects.get()
    assert trade.state == "proposed"

    carla = logged_in(chromium, live_server, trading["carla"])
    carla.goto(live_server.url + reverse("admin:rosters_trade_change", args=[trade.pk]))
    sync_api.expect(carla.locator("#trade-actions")).to_contain_text("Decline")
    carla.get_by_role("button", name="Accept").click()
    sync_api.expect(carla.locator(".messagelist")).to_contain_text(f"Trade #{trade.pk} is executed.")
    assert (holder(trading["season"], "Card 01"), holder(trading["season"], "Card 33")) == ("Beta", "Alpha")
    assert ledger.balance(trading["season"], trading["alpha"]) == 12

    league.trade_veto_hours = 24
    league.save()
    second = propose(trading, asked=["Card 09"], offered=["Card 02"])
    carla.goto(live_server.url + reverse("admin:rosters_trade_change", args=[second.pk]))
    carla.get_by_role("button", name="Accept").click()
    sync_api.expect(carla.locator(".messagelist")).to_contain_text(f"Trade #{second.pk} is accepted.")
    anna = logged_in(chromium, live_server, trading["anna"])
    anna.goto(live_server.url + reverse("admin:rosters_trade_change", args=[second.pk]))
    anna.fill("#trade-actions input[name=reason]", "lopsided")
    anna.get_by_role("button", name="Veto").click()
    sync_api.expect(anna.locator(".messagelist")).to_contain_text(f"Trade #{second.pk} is vetoed: lopsided")
    assert holder(trading["season"], "Card 09") == "Beta"
