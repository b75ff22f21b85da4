"""The draft room in a real browser: a manager logs in and picks; another is refused out of turn.

Debian's Chromium driven by Playwright against a live server (marker ``browser``;
skipped without ``/usr/bin/chromium`` or the playwright package, never ``playwright install``).
"""

from pathlib import Path

import pytest
from django.db import connections
from django.urls import reverse

from rosters.drafts.moves import start_draft
from rosters.drafts.setup import create_draft
from rosters.models import Draft, DraftPick, Player

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]

FORCE_PICK = """async ([team, player]) => {
    const room = document.getElementById("draft-room");
    const response = await fetch(room.dataset.actUrl, {
        method: "POST", credentials: "same-origin",
        headers: {"X-CSRFToken": room.querySelector("[name=csrfmiddlewaretoken]").value},
        body: new URLSearchParams({action: "pick", team, player, pick_number: "0"}),
    });
    return [response.status, await response.json()];
}"""

sync_api = pytest.importorskip("playwright.sync_api")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium: apt-get install -y chromium"),
]


@pytest.fixture
def chromium(monkeypatch):
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # the test's own ORM calls, beside Playwright's loop
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=[*FLAGS, "--disable-sync"])
        yield browser
        browser.close()
        # The test's ORM calls ran in Playwright's context, on a connection of their own that
        # the database teardown cannot see: close it here, or the test database cannot be dropped.
        connections.close_all()


def logged_in(chromium, live_server, user):
    user.set_password("draft-night-1")
    user.save()
    page = chromium.new_context().new_page()
    page.goto(live_server.url + reverse("admin:login"))
    page.fill("#id_username", user.username)
    page.fill("#id_password", "draft-night-1")
    page.click("input[type=submit]")
    page.wait_for_url("**/admin/")
    return page


def test_a_manager_picks_in_the_room_and_another_is_refused_out_of_turn(live_server, chromium, season, cast, pool):
    order = [
        cast["alpha"].pk,
        cast["beta"].pk,
        *season.teams.exclude(pk__in=[cast["alpha"].pk, cast["beta"].pk]).values_list("pk", flat=True),
    ]
    draft = create_draft(season, order_method=Draft.OrderMethod.MANUAL, order=order, seconds_per_pick=300)
    start_draft(draft.pk)
    room = live_server.url + reverse("admin:rosters_draft_room", args=[draft.pk])

    carla = logged_in(chromium, live_server, cast["carla"])
    carla.goto(room)
    sync_api.expect(carla.locator("#clock")).to_contain_text("Alpha on the clock")
    star = carla.locator("#cards tr", has_text="Card 33")
    sync_api.expect(star.get_by_role("button", name="Pick")).to_be_disabled()
    # Forcing the request from her page anyway: the server refuses it, with the reason
    answer = carla.evaluate(FORCE_PICK, [cast["beta"].pk, Player.objects.get(name="Card 33").pk])
    assert answer == [409, {"error": "it is Alpha's turn, not Beta's"}]
    assert not DraftPick.objects.exists()

    bruno = logged_in(chromium, live_server, cast["bruno"])
    bruno.goto(room)
    sync_api.expect(bruno.locator("#clock")).to_contain_text("Alpha on the clock (you!)")
    bruno.locator("#cards tr", has_text="Card 33").get_by_role("button", name="Pick").click()
    sync_api.expect(bruno.locator("#board")).to_contain_text("Card 33")
    sync_api.expect(bruno.locator("#my-squad")).to_contain_text("Card 33")
    sync_api.expect(bruno.locator("#my-coins")).to_have_text("11")
    assert DraftPick.objects.get().player.name == "Card 33"

    # Carla's room catches up by itself (polling)
    sync_api.expect(carla.locator("#clock")).to_contain_text("Beta on the clock (you!)")
    sync_api.expect(carla.locator("#board")).to_contain_text("Card 33")
