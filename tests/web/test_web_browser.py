"""The public pages in a real browser: Debian's Chromium driven by Playwright against a live server.

Marked ``browser``; skipped where ``/usr/bin/chromium`` or the playwright package is
missing (CI installs both: ``apt-get install -y chromium`` and requirements.txt).
Never ``playwright install``: it downloads a browser of its own.
"""

from pathlib import Path

import pytest
from django.db.models import Q

from competitions.results import due_matches_play, matches_play
from matches import services
from matches.models import Match, PlayerMatchStat
from ops.demo import demo_season_create

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

sync_api = pytest.importorskip("playwright.sync_api")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium: apt-get install -y chromium"),
]


@pytest.fixture
def browser():
    # Playwright's sync API runs an event loop in this thread: the ORM must not be used while
    # it runs (Django refuses, and a connection opened there would outlive the test database),
    # so the fixtures read everything the tests need before the browser starts.
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def season(transactional_db):
    season = demo_season_create(engine="futti", teams=4, seed=1)
    due_matches_play()
    season.first_team_id = season.teams.order_by("id").values_list("id", flat=True).first()
    return season


def test_a_fan_follows_home_to_table_to_match_report_and_downloads_the_scoresheet(season, live_server, browser):
    page = browser.new_page(accept_downloads=True)
    page.goto(live_server.url + "/")
    assert page.locator("h1").inner_text() == "Leagues"
    page.get_by_role("link", name=f"Season {season.name}: table and fixtures").click()

    page.wait_for_url(f"**/seasons/{season.id}/")
    rows = page.locator("table.standings tbody tr")
    assert rows.count() == 4
    chart = page.locator('svg[data-chart="positions"]')
    box = chart.bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 50
    lines = chart.locator("polyline")
    assert lines.count() == 4
    for i in range(4):
        line = lines.nth(i).bounding_box()
        assert line is not None and line["width"] > 100  # drawn across the rounds

    page.locator("#round-1 + div a[aria-label^='Match report']").first.click()
    page.wait_for_url("**/matches/*/")
    assert " v " in page.locator("h1").inner_text()
    assert page.get_by_role("heading", name="Play-by-play").is_visible()
    with page.expect_download() as download:
        page.get_by_role("link", name="Download the scoresheet (PDF)").click()
    pdf = Path(download.value.path()).read_bytes()
    assert pdf.startswith(b"%PDF") and download.value.suggested_filename.endswith(".pdf")


def test_pages_fit_a_phone(season, live_server, browser):
    page = browser.new_page(viewport={"width": 375, "height": 740})
    for path in ["/", f"/seasons/{season.id}/", f"/teams/{season.first_team_id}/", "/games/mutant/"]:
        page.goto(live_server.url + path)
        # Wide tables scroll inside their own box; the page itself never scrolls sideways.
        assert page.evaluate("document.documentElement.scrollWidth") <= 375, path


@pytest.fixture
def season_with_fixtures(transactional_db):
    """A season whose last round is still to play, so the home page lists next fixtures."""
    season = demo_season_create(engine="futti", teams=4, seed=2, double=False)
    last = Match.objects.filter(season=season).order_by("-round").values_list("round", flat=True).first()
    future = Match.objects.filter(season=season, round=last).first().kickoff.replace(year=2099)
    Match.objects.filter(season=season, round=last).update(kickoff=future)
    due_matches_play()
    return season


def test_fixture_lists_keep_the_kickoff_day_and_time_on_a_phone(season_with_fixtures, live_server, browser):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    for path in ["/", f"/seasons/{season_with_fixtures.id}/"]:
        page.goto(live_server.url + path)
        kickoffs = page.locator("td.when time")
        assert kickoffs.count() >= 2, path
        for i in range(kickoffs.count()):
            kickoff = kickoffs.nth(i)
            assert kickoff.is_visible(), path
            day, time = kickoff.locator("span").all_inner_texts()
            assert day.count(" ") >= 2 and len(time) == 5 and time[2] == ":", (path, day, time)
            box = kickoff.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, path
    page.goto(live_server.url + "/")
    fixtures = page.locator("table", has=page.locator("caption", has_text="Next fixtures"))
    assert (
        fixtures.locator("td.when time")
        .first.inner_text()
        .replace("\n", " ")
        .startswith(tuple(f"{d} " for d in ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")))
    )


@pytest.fixture
def long_named_bracket(transactional_db):
    """A played knockout whose teams have names too long for their boxes."""
    season = demo_season_create(engine="futti", teams=4, seed=5, knockout=True)
    for number, team in enumerate(season.teams.order_by("id")):
        team.name = f"Dunmore Wanderers Athletic Football Club {number}"
        team.save(update_fields=["name"])
    due_matches_play()
    due_matches_play()  # the final, drawn when the semi-finals were stored
    return season


def test_long_names_in_the_bracket_stay_inside_their_box_and_clear_of_the_score(
    long_named_bracket, live_server, browser
):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/seasons/{long_named_bracket.id}/bracket/")
    measured = page.evaluate(
        """() => [...document.querySelectorAll('svg[data-chart="bracket"] g.entry')].map(entry => {
            const box = entry.closest('g.tie').querySelector('rect').getBoundingClientRect();
            const name = entry.querySelector('svg.name text').getBoundingClientRect();
            const score = entry.querySelector('text.goals');
            return {box: [box.left, box.right], name: [name.left, name.right],
                    score: score.textContent ? score.getBoundingClientRect().left : null};
        })"""
    )
    assert len(measured) == 6 and sum(m["score"] is not None for m in measured) == 6
    for entry in measured:
        assert entry["box"][0] < entry["name"][0] < entry["name"][1] < entry["score"] < entry["box"][1], entry


@pytest.fixture
def twelve_teams(transactional_db):
    """A played season of twelve teams: a results grid wider than a phone."""
    season = demo_season_create(engine="futti", teams=12, seed=4, double=False)
    due_matches_play()
    return season


def test_the_results_grid_scrolls_in_its_box_on_a_phone(twelve_teams, live_server, browser):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{live_server.url}/seasons/{twelve_teams.id}/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    box = page.locator("div.scroll:has(table.cross)")
    assert box.evaluate("el => el.scrollWidth > el.clientWidth")  # it scrolls, inside its box
    assert page.locator("table.cross tbody tr").count() == 12
    # The home team stays in view while the grid scrolls to the last column.
    box.evaluate("el => el.scrollLeft = el.scrollWidth")
    name = page.locator("table.cross th.home").first.bounding_box()
    assert name is not None and 0 <= name["x"] < 390


@pytest.fixture
def sent_off(transactional_db):
    """A Fütti season whose league suspends for one match: round 1 played, then a player of
    the first team shown a red card in it (as the engine would have stored it)."""
    season = demo_season_create(engine="futti", teams=4, seed=2, double=False)
    season.league.suspension_matches = 1
    season.league.save()
    first = Match.objects.filter(season=season, round=1).order_by("id").first()
    matches_play([first.id])
    team = first.home
    stat = PlayerMatchStat.objects.filter(match=first, team=team).select_related("player").order_by("player_id").first()
    PlayerMatchStat.objects.filter(pk=stat.pk).update(red_cards=1)
    nxt = Match.objects.filter(season=season, round__gt=1).filter(Q(home=team) | Q(away=team)).order_by("round").first()
    sheet = services.match_setup(nxt)[1 if nxt.home_id == team.id else 2]  # what the engine will play
    return {
        "team": team.id,
        "name": stat.player.name,
        "next": nxt.id,
        "on_the_sheet": [card["id"] for card in sheet.players],
        "player": str(stat.player_id),
    }


def test_a_suspension_is_shown_and_applied(sent_off, live_server, browser):
    page = browser.new_page(viewport={"width": 390, "height": 800})
    page.goto(f"{live_server.url}/teams/{sent_off['team']}/")
    out = page.locator("#out + .scroll table")
    sync_api.expect(out).to_contain_text(sent_off["name"])
    sync_api.expect(out).to_contain_text("sent off")
    page.goto(f"{live_server.url}/matches/{sent_off['next']}/")
    sync_api.expect(page.locator("main")).to_contain_text(f"{sent_off['name']} (sent off)")
    assert sent_off["player"] not in sent_off["on_the_sheet"] and len(sent_off["on_the_sheet"]) == 7
