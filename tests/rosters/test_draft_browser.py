"""The draft room in a real browser: a manager logs in and picks; another is refused out of turn.

Debian's Chromium driven by Playwright against a live server (marker ``browser``;
skipped without ``/usr/bin/chromium`` or the playwright package, never ``playwright install``).
"""

import os
from pathlib import Path

import pytest
from django.db import connections
from django.urls import reverse

from notifications.models import Notification
from notifications.services import set_password_link
from rosters import ledger
from rosters.drafts.moves import draft_start, move_make
from rosters.drafts.setup import draft_create
from rosters.models import Draft, DraftPick, LedgerEntry, Player

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
    draft = draft_create(season, order_method=Draft.OrderMethod.MANUAL, order=order, seconds_per_pick=300)
    draft_start(draft.pk)
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


#: The WCAG contrast ratio of an element's text against the first opaque background under it.
CONTRAST = """(el) => {
    const rgb = (c) => c.match(/[\\d.]+/g).map(Number);
    const luminance = ([r, g, b]) => [r, g, b].map((v) => v / 255)
        .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
        .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
    let back = el;
    while (back && rgb(getComputedStyle(back).backgroundColor)[3] === 0) back = back.parentElement;
    const ground = back ? rgb(getComputedStyle(back).backgroundColor) : [255, 255, 255];
    const [a, b] = [luminance(rgb(getComputedStyle(el).color)), luminance(ground)].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
}"""

#: Whether the page scrolls sideways (wider than its window).
SIDEWAYS = "() => document.documentElement.scrollWidth > window.innerWidth"


@pytest.fixture
def room(live_server, season, cast, pool):
    """A snake draft in the order Alpha, Beta, ..., started; the URL of its room."""
    others = season.teams.exclude(pk__in=[cast["alpha"].pk, cast["beta"].pk]).values_list("pk", flat=True)
    draft = draft_create(
        season,
        order_method=Draft.OrderMethod.MANUAL,
        order=[cast["alpha"].pk, cast["beta"].pk, *others],
        seconds_per_pick=300,
    )
    draft_start(draft.pk)
    return draft, live_server.url + reverse("admin:rosters_draft_room", args=[draft.pk])


@pytest.mark.parametrize("width", [390, 1280])
def test_your_pick_is_readable_and_the_room_fits_the_screen(live_server, chromium, cast, room, width):
    _, url = room
    bruno = logged_in(chromium, live_server, cast["bruno"])
    bruno.set_viewport_size({"width": width, "height": 800})
    bruno.goto(url)
    clock = bruno.locator("#clock")
    sync_api.expect(clock).to_contain_text("Alpha on the clock (you!)")
    assert clock.evaluate(CONTRAST) >= 4.5  # WCAG AA for normal text
    bruno.emulate_media(color_scheme="dark")  # the admin's dark theme
    assert clock.evaluate(CONTRAST) >= 4.5
    bruno.emulate_media(color_scheme="light")
    assert bruno.title().startswith("Your pick")
    assert not bruno.evaluate(SIDEWAYS)
    pick = bruno.locator("#cards tr", has_text="Card 33").get_by_role("button", name="Pick")
    pick.scroll_into_view_if_needed()
    box = pick.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    if shots := os.environ.get("BOOTROOM_SCREENSHOTS"):  # the docs' pictures: see docs/drafts.md
        bruno.evaluate("window.scrollTo(0, 0)")
        bruno.screenshot(path=str(Path(shots) / f"draft-room-{width}.png"))


def test_the_room_updates_in_place_keeping_focus_and_scroll(live_server, chromium, cast, room):
    draft, url = room
    carla = logged_in(chromium, live_server, cast["carla"])
    carla.set_viewport_size({"width": 390, "height": 700})
    carla.goto(url)
    queue = carla.locator("#cards tr", has_text="Card 05").get_by_role("button", name="Queue")
    queue.focus()
    carla.evaluate("() => window.scrollBy(0, 300)")
    where = "() => Math.round(document.activeElement.getBoundingClientRect().top)"
    on_screen = carla.evaluate(where)
    move_make(draft.pk, team_id=cast["alpha"].pk, by=cast["bruno"], player_id=Player.objects.get(name="Card 33").pk)
    sync_api.expect(carla.locator("#board")).to_contain_text("Card 33")  # a poll brought the pick
    assert carla.evaluate("() => document.activeElement.closest('tr').textContent").startswith("Card 05")
    assert carla.evaluate("() => window.scrollY") > 0
    assert carla.evaluate(where) == on_screen  # the card list did not jump under the manager's eyes
    sync_api.expect(carla.locator("#clock")).to_contain_text("Beta on the clock (you!)")


def test_an_error_shows_where_the_manager_is_and_unaffordable_cards_are_refused(live_server, chromium, cast, room):
    draft, url = room
    ledger.post_one(draft.season, cast["alpha"], -7, LedgerEntry.Reason.FINE)  # 8 BC left for 6 places
    bruno = logged_in(chromium, live_server, cast["bruno"])
    bruno.set_viewport_size({"width": 390, "height": 700})
    bruno.goto(url)
    star = bruno.locator("#cards tr", has_text="Card 33")
    sync_api.expect(star.get_by_role("button", name="Pick")).to_be_disabled()
    sync_api.expect(star).to_contain_text("could not complete its squad with the 4 BC left")
    sync_api.expect(bruno.locator("#cards tr", has_text="Card 01").get_by_role("button", name="Pick")).to_be_enabled()
    # the last card of the list is far below the top of the page, where the message is
    bruno.route("**/room/act/", lambda route: route.fulfill(status=409, json={"error": "the clock ran out"}))
    last = bruno.locator("#cards tbody tr").last.get_by_role("button", name="Queue")
    last.scroll_into_view_if_needed()
    last.click()
    sync_api.expect(bruno.locator("#message")).to_have_text("the clock ran out")
    sync_api.expect(bruno.locator("#message")).to_be_in_viewport()


@pytest.mark.parametrize("width", [390, 1280])
def test_a_manager_is_invited_chooses_a_password_and_finds_their_team(live_server, chromium, cast, league, width):
    gamma = league.teams.get(name="Gamma")
    anna = logged_in(chromium, live_server, cast["anna"])
    anna.goto(live_server.url + reverse("admin:leagues_team_change", args=[gamma.pk]))
    anna.get_by_role("link", name="Invite a manager by e-mail").click()
    anna.fill("#id_email", "gina@example.com")
    anna.get_by_role("button", name="Send the invitation").click()
    sync_api.expect(anna.locator(".messagelist")).to_contain_text("now manages Gamma")
    assert Notification.objects.get(user__username="gina@example.com", kind="invitation").url == ""  # no token kept
    link = set_password_link(league.teams.get(name="Gamma").manager)  # the link its e-mail carries

    gina = chromium.new_context(viewport={"width": width, "height": 800}).new_page()
    gina.goto(live_server.url + link)
    sync_api.expect(gina.locator("main")).to_contain_text("gina@example.com")
    assert not gina.evaluate(SIDEWAYS)
    gina.fill("#id_new_password1", "a long pass phrase 42")
    gina.fill("#id_new_password2", "a long pass phrase 42")
    gina.get_by_role("button", name="Set my password").click()
    gina.get_by_role("link", name="Sign in").click()
    gina.fill("#id_username", "gina@example.com")
    gina.fill("#id_password", "a long pass phrase 42")
    gina.click("input[type=submit]")
    gina.wait_for_url("**/me/")
    sync_api.expect(gina.locator("main")).to_contain_text("Gamma")
    assert not gina.evaluate(SIDEWAYS)
