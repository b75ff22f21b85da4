"""The card values in the draft room, in Chromium: the EP/BC column, sorted by a click.

Marker ``browser``; Debian's Chromium through Playwright, as ``test_draft_browser``.
"""

import os
from pathlib import Path

import pytest

from competitions.card_values import card_values_store
from rosters.drafts.values import fresh_values
from tests.rosters.test_draft_browser import CHROMIUM, SIDEWAYS, chromium, logged_in, room  # noqa: F401

sync_api = pytest.importorskip("playwright.sync_api")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium: apt-get install -y chromium"),
]


@pytest.mark.parametrize("width", [390, 1024, 1280])  # a phone, a tablet beside the admin's menu, a laptop
def test_the_room_shows_each_cards_value_and_sorts_by_it(live_server, chromium, cast, room, sent, width):  # noqa: F811
    draft, url = room
    bruno = logged_in(chromium, live_server, cast["bruno"])
    bruno.set_viewport_size({"width": width, "height": 800})
    bruno.goto(url)
    note = bruno.locator("#values-note")
    sync_api.expect(note).to_contain_text("The workers are measuring what each card would add to Alpha")

    card_values_store(draft.pk, cast["alpha"].pk, samples=16)  # what the worker does
    values = fresh_values(draft, cast["alpha"].pk)
    best = max(values.values(), key=lambda v: (v.per_coin, v.gain, -v.player_id))
    sync_api.expect(note).to_contain_text("16 simulated matches each")
    header = bruno.get_by_role("columnheader", name="EP/BC")
    sync_api.expect(header).to_be_visible()
    header.click()  # the most points per BootCoin first
    first = bruno.locator("#cards tbody tr").first
    sync_api.expect(first).to_contain_text(best.player.name)
    sync_api.expect(first.locator("td").nth(4)).to_have_text(f"{round(best.per_coin, 4):.3f}")
    sync_api.expect(first.locator("td").nth(3)).to_have_text(f"+{best.gain:.2f}± {best.stderr:.2f}")
    assert not bruno.evaluate(SIDEWAYS)
    if (shots := os.environ.get("BOOTROOM_SCREENSHOTS")) and width == 1280:  # the docs' picture: docs/drafts.md
        bruno.evaluate("window.scrollTo(0, 0)")
        bruno.screenshot(path=str(Path(shots) / f"draft-room-values-{width}.png"))
