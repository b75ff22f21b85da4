"""The public draft board: who is on the clock, the picks so far, every team's coins and
squad; read-only, for anyone. And the BootCoin ledger on the team page."""

import pytest
from django.contrib.auth.models import AnonymousUser

from rosters.drafts.moves import move_make
from rosters.drafts.room import room_state
from rosters.models import Player

pytestmark = pytest.mark.django_db


def test_the_board_shows_the_clock_and_every_pick(client, draft, cast, season):
    url = f"/seasons/{season.id}/draft/"
    html = client.get(url).content.decode()
    assert "On the clock: <strong>Alpha</strong>" in html and "No picks yet." in html
    assert '<meta http-equiv="refresh" content="5">' in html
    star = Player.objects.get(name="Card 32")
    move_make(draft.pk, team_id=cast["alpha"].pk, by=cast["bruno"], player_id=star.pk)
    html = client.get(url).content.decode()
    assert "On the clock: <strong>Beta</strong>" in html
    assert '<td>Alpha</td><td>pick</td><td>Card 32</td><td class="num">4</td>' in html
    assert "11 BC left · 1 card" in html  # Alpha paid 4 of 15
    assert (
        f'href="/seasons/{season.id}/draft/">Draft board</a>' in client.get(f"/seasons/{season.id}/").content.decode()
    )
    # read-only: no form, and nothing but GET and HEAD
    assert (
        html.count("<form") == 1 and "set_language" not in html and "i18n/setlang" in html
    )  # the language switcher only
    assert client.post(url, {"player": star.pk}).status_code == 405


def test_a_season_without_a_draft_has_no_board(client, season):
    assert client.get(f"/seasons/{season.id}/draft/").status_code == 404


def test_the_team_page_shows_the_ledger_with_a_running_balance(client, draft, cast, season):
    for name in ("Card 32", "Card 33"):
        team = cast["alpha"] if name == "Card 32" else cast["beta"]
        user = cast["bruno"] if team == cast["alpha"] else cast["carla"]
        move_make(draft.pk, team_id=team.pk, by=user, player_id=Player.objects.get(name=name).pk)
    html = client.get(f"/teams/{cast['alpha'].pk}/?season={season.id}").content.decode()
    assert "11 BC left" in html
    assert '<td class="num">-4</td><td class="num">11</td>' in html
    assert "Card 33" not in html.split('id="ledger"')[1].split('id="matches"')[0]  # Beta's pick is not Alpha's


def test_the_public_board_claims_no_team_for_an_anonymous_visitor(draft, season):
    season.teams.update(manager=None)  # an anonymous user's pk is None too
    state = room_state(draft, AnonymousUser())
    assert state["me"] is None


def test_the_board_counts_the_pick_on_the_clock_from_one(client, draft, cast, season):
    total = 4 * season.league.squad_rules.size
    url = f"/seasons/{season.id}/draft/"
    assert f"· pick 1 of {total}" in client.get(url).content.decode()
    move_make(draft.pk, team_id=cast["alpha"].pk, by=cast["bruno"], player_id=Player.objects.get(name="Card 32").pk)
    assert f"· pick 2 of {total}" in client.get(url).content.decode()
