"""Issue #28: a cup follows a league in three clicks, in a real browser. The commissioner adds
the cup's season with the league's teams, opens "Start a tournament" from it, chooses "copy
squads" from the league's season and a format, and the cup is drawn with no second draft.

The league and its drafted squads come from the demo. Debian's Chromium driven by Playwright
against a live server (marker ``browser``; skipped without ``/usr/bin/chromium`` or the
playwright package, never ``playwright install``), as ``tests/competitions/test_seasons_browser.py``.
"""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from leagues.models import Season
from ops.demo import demo_season_create
from rosters.models import SquadMember
from tests.competitions.test_seasons_browser import (  # noqa: F401  the logged-in admin page and its browser
    ADMIN_MESSAGE_TIMEOUT_MS,
    CHROMIUM,
    chromium,
    commissioner,
)
from tournaments.models import Bracket

sync_api = pytest.importorskip("playwright.sync_api")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium: apt-get install -y chromium"),
]


def test_a_cup_follows_the_league_in_three_clicks(live_server, commissioner):  # noqa: F811  the fixture imported
    page = commissioner
    league_season = demo_season_create(engine="futti", teams=4, seed=5)
    league = league_season.league
    expect = sync_api.expect

    # 1. The cup's season, with the league's teams
    page.goto(live_server.url + reverse("admin:leagues_season_add"))
    page.select_option("#id_league", label=league.name)
    page.fill("#id_name", "Cup")
    page.click("#id_teams_add_all")
    kickoff = timezone.localtime(timezone.now() + timedelta(days=1))
    page.fill("#id_first_kickoff_0", kickoff.strftime("%Y-%m-%d"))
    page.fill("#id_first_kickoff_1", "18:00:00")
    page.fill("#id_round_interval", "7 00:00:00")
    page.evaluate("document.querySelectorAll('select[name=teams] option').forEach(o => { o.selected = true; })")
    page.click("input[name=_continue]")
    expect(page.locator(".messagelist")).to_contain_text("was added successfully", timeout=ADMIN_MESSAGE_TIMEOUT_MS)
    cup = Season.objects.get(league=league, name="Cup")
    assert cup.teams.count() == 4 and not SquadMember.objects.filter(season=cup).exists()

    # 2. Start a tournament, from the season's page
    page.click("text=Start a tournament with these teams")
    expect(page.locator("h1")).to_have_text("Start a tournament")
    # only the chosen format's options show, and the season to copy from only when copying
    page.check("input[name=format][value=swiss]")
    expect(page.locator("#id_rounds")).to_be_visible()
    expect(page.locator("#id_bracket_reset")).to_be_hidden()
    expect(page.locator("#id_squads_from")).to_be_hidden()
    page.check("input[name=format][value=knockout]")
    expect(page.locator("#id_third_place")).to_be_visible()
    expect(page.locator("#id_rounds")).to_be_hidden()
    expect(page.locator("#format-help")).to_contain_text("a defeat ends a team's tournament")

    # 3. Copy the squads from the league's season, and start
    page.check("input[name=squads][value=copy]")
    page.select_option("#id_squads_from", label=f"{league.name}: {league_season.name}")
    page.check("#id_third_place")
    page.click("input[type=submit][value='Start the tournament']")
    page.wait_for_url(f"**/seasons/{cup.pk}/", timeout=ADMIN_MESSAGE_TIMEOUT_MS)  # the cup's page, its round one
    expect(page.locator("main")).to_contain_text("Castlegate United")

    copied = set(SquadMember.objects.filter(season=cup).values_list("team_id", "player_id"))
    assert copied == set(SquadMember.objects.filter(season=league_season).values_list("team_id", "player_id"))
    bracket = Bracket.objects.get(season=cup)
    assert bracket.third_place and bracket.entrants.count() == 4 and cup.matches.count() == 2


def test_a_club_site_frames_the_widgets_but_not_the_other_pages(live_server, chromium):  # noqa: F811
    season = demo_season_create(engine="futti", teams=4, seed=6, knockout=True)
    page = chromium.new_context().new_page()
    widget = f"{live_server.url}/embed/seasons/{season.pk}/bracket/"
    other = f"{live_server.url}/seasons/{season.pk}/"
    page.set_content(f'<iframe name="widget" src="{widget}"></iframe><iframe name="other" src="{other}"></iframe>')
    page.wait_for_load_state("load")
    framed = page.frame(name="widget")
    sync_api.expect(framed.locator("svg[data-chart=bracket]")).to_be_visible()
    assert framed.locator("base").get_attribute("target") == "_blank"  # its links open a new tab
    refused = page.frame(name="other")
    assert refused.url.startswith("chrome-error://")  # X-Frame-Options: DENY: Chromium refused to show it
