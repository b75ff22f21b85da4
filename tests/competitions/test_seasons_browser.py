"""Issue #22's "done when": a commissioner runs three seasons of a two-division league in the
admin and follows them on the public pages, in a real browser.

The league, its teams and their drafted squads come from the demo; the commissioner makes the
divisions in the Division admin, puts the teams in them on the season's page, draws the
fixtures and starts each next season with the admin action (withdrawing and adding a team the
second time). The matches are played with ``due_matches_play`` and the new squads drafted with
``autodraft``, standing in for the worker and the draft room. Debian's Chromium driven by
Playwright against a live server (marker ``browser``; skipped without ``/usr/bin/chromium`` or
the playwright package, never ``playwright install``).
"""

from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import connections
from django.urls import reverse
from django.utils import timezone

from competitions.divisions import division_tables
from competitions.results import due_matches_play
from leagues.models import Season
from matches.models import Match
from ops.demo import demo_season_create
from rosters.drafting import autodraft

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
PASSWORD = "three-seasons-1"
#: How long an admin page may take to say what it did: a rollover draws fixtures and a draft,
#: and the machines that run the suite are shared (Playwright's default is 5 seconds).
ADMIN_MESSAGE_TIMEOUT_MS = 30_000

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


@pytest.fixture
def commissioner(chromium, live_server):
    """A superuser's page, logged in to the admin."""
    get_user_model().objects.create_superuser("boss", "boss@example.com", PASSWORD)
    return signed_in(chromium, live_server.url, "boss")


def signed_in(chromium, server_url: str, username: str, password: str = PASSWORD, **context):
    """A new page (``context``: the browser context's options, e.g. its locale) of ``username``,
    signed in through the admin's login page."""
    page = chromium.new_context(**context).new_page()
    page.goto(server_url + reverse("admin:login"))
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("input[type=submit]")
    page.wait_for_url("**/admin/")
    return page


def said(page, message: str) -> None:
    """Wait for the admin's message after an action or a save."""
    sync_api.expect(page.locator(".messagelist")).to_contain_text(message, timeout=ADMIN_MESSAGE_TIMEOUT_MS)


def play(season: Season) -> None:
    """Every match of the season played now, as the worker would at their kickoffs."""
    due_matches_play(timezone.now() + timedelta(days=3650))
    assert not season.matches.exclude(status=Match.Status.PLAYED).exists()


def final_tables(season: Season) -> dict[str, list[str]]:
    """Each division's team names, best first."""
    return {part.division.name: [row.name for row in part.table.rows] for part in division_tables(season)}


def run_action(page, live_server, season: Season, action: str) -> None:
    page.goto(live_server.url + reverse("admin:leagues_season_changelist"))
    page.check(f"input[name=_selected_action][value='{season.pk}']")
    page.select_option("select[name=action]", action)
    page.click("button[name=index]")


def add_division(page, live_server, league, name: str, tier: int, **moves: int) -> None:
    page.goto(live_server.url + reverse("admin:leagues_division_add"))
    page.select_option("#id_league", label=league.name)
    page.fill("#id_name", name)
    page.fill("#id_tier", str(tier))
    for field, number in moves.items():
        page.fill(f"#id_{field}", str(number))
    page.click("input[name=_save]")
    said(page, "was added successfully")


def page_tables(page, live_server, season: Season) -> dict[str, list[str]]:
    """Each division's table on the season's public page: its team names, top first."""
    page.goto(live_server.url + reverse("web:season", args=[season.pk]))
    tables = {}
    for division in ["Premier", "Championship"]:
        table = page.locator("table.standings", has=page.locator("caption", has_text=division))
        tables[division] = table.locator("tbody th").all_inner_texts()
    return tables


def test_a_commissioner_runs_three_seasons_of_two_divisions(live_server, commissioner):
    page = commissioner
    first = demo_season_create(engine="futti", teams=8, seed=3)
    league = first.league
    names = sorted(first.teams.values_list("name", flat=True))
    top_names = set(names[:4])

    # The divisions, and the teams put in them on the season's page
    add_division(page, live_server, league, "Premier", 1, relegated=1)
    add_division(page, live_server, league, "Championship", 2, promoted=1)
    page.goto(live_server.url + reverse("admin:leagues_season_change", args=[first.pk]))
    for index in range(8):
        team = page.locator(f"#entries-{index} td.field-team").inner_text().strip()
        division = "Premier (tier 1)" if team in top_names else "Championship (tier 2)"
        page.select_option(f"#id_entries-{index}-division", label=division)
    # The season's teams stay chosen: the chooser's script selects them all on submit, but it
    # may not have hooked the form yet when a test saves at once (seen in the full suite).
    page.evaluate("document.querySelectorAll('select[name=teams] option').forEach(o => { o.selected = true; })")
    page.click("input[name=_save]")
    said(page, "was changed successfully")
    run_action(page, live_server, first, "generate_fixtures_action")
    said(page, "24 matches scheduled")
    play(first)

    # Season one: one table per division on its page, as the standings have them
    before = final_tables(first)
    assert set(before["Premier"]) == top_names
    assert page_tables(page, live_server, first) == before
    charts = page.locator('svg[data-chart="positions"]')
    assert charts.count() == 2 and charts.first.locator("polyline").count() == 4  # one per division

    # Rolled over: the bottom of the Premier and the top of the Championship swap
    run_action(page, live_server, first, "next_season_action")
    page.click("input[name=apply]")
    said(page, f"follows {first}")
    second = Season.objects.get(previous=first)
    autodraft(second)
    play(second)
    tables = page_tables(page, live_server, second)
    up, down = before["Championship"][0], before["Premier"][-1]
    assert up in tables["Premier"] and down in tables["Championship"]
    assert set(tables["Premier"]) == set(before["Premier"][:3]) | {up}
    assert tables == final_tables(second)

    # The second rollover withdraws the Championship's last team and adds a newcomer
    leaving = tables["Championship"][-1]
    run_action(page, live_server, second, "next_season_action")
    page.get_by_label(leaving).check()
    page.fill("#id_add", "Newcomers FC")
    page.click("input[name=apply]")
    said(page, f"follows {second}")
    third = Season.objects.get(previous=second)
    autodraft(third)
    play(third)
    last = page_tables(page, live_server, third)
    assert "Newcomers FC" in last["Championship"] and leaving not in last["Premier"] + last["Championship"]
    assert tables["Championship"][0] in last["Premier"] and tables["Premier"][-1] in last["Championship"]
    final = final_tables(third)
    assert last == final

    # The league's history: three seasons, each with its champions and who went up and down
    page.goto(live_server.url + reverse("web:history", args=[league.slug]))
    seasons = page.locator("section[aria-labelledby^=season-]")
    assert seasons.count() == 3
    history = {s.name: page.locator(f"#season-{s.pk}").locator("xpath=..") for s in [first, second, third]}
    story = history[first.name].inner_text()
    assert f"champion {before['Premier'][0]}" in story and f"champion {before['Championship'][0]}" in story
    assert f"down: {down}" in story and f"up: {up}" in story
    story = history[third.name].inner_text()
    assert f"champion {final['Premier'][0]}" in story and f"champion {final['Championship'][0]}" in story

    # The all-time table counts the three seasons of the teams that played them all
    page.goto(live_server.url + reverse("web:all-time", args=[league.slug]))
    rows = page.locator("table tbody tr")
    assert rows.count() == 9
    newcomer = rows.filter(has_text="Newcomers FC").locator("td").nth(1).inner_text()
    assert newcomer == "1"
    champion_row = rows.filter(has_text=before["Premier"][0]).locator("td").nth(1).inner_text()
    assert champion_row == "3"

    page.goto(live_server.url + reverse("web:records", args=[league.slug]))
    assert page.locator("h1").inner_text().endswith("records")
    assert page.locator("table tbody tr", has_text="Biggest win").count() == 1
