"""The season's transactions page and the moves on the team page: public, newest first."""

from datetime import timedelta

import pytest
from django.utils import timezone

from rosters import free_agents
from rosters.free_agents import release, sign
from rosters.models import Player, SquadMember, TransferWindow
from tests.conftest import make_league, make_season


@pytest.fixture(autouse=True)
def settlements(monkeypatch):
    monkeypatch.setattr(free_agents, "settlement_send", lambda args, eta: None)


@pytest.fixture
def moved(db):
    """A season whose window's claims are settled: Alpha signs Star, then releases Old."""
    league = make_league()
    season = make_season(league, ["Alpha", "Beta"])
    now = timezone.now()
    TransferWindow.objects.create(
        season=season,
        opens_at=now - timedelta(hours=2),
        claims_deadline=now - timedelta(hours=1),
        closes_at=now + timedelta(days=1),
        after_round=3,
    )
    alpha = season.teams.get(name="Alpha")
    star, old = (
        Player.objects.create(league=league, name=n, role="field", attributes={"role": "field"}, price=p)
        for n, p in (("Star", 3), ("Old", 2))
    )
    SquadMember.objects.create(season=season, team=alpha, player=old, price=2)
    sign(season.pk, team_id=alpha.pk, player_id=star.pk)
    release(season.pk, team_id=alpha.pk, player_id=old.pk)
    return season


def test_the_transactions_page_lists_the_windows_and_every_move_newest_first(client, moved):
    page = client.get(f"/seasons/{moved.pk}/transactions/").content.decode()
    assert "after round 3" in page and "(settled)" in page
    assert page.index("release refund") < page.index("signing") < page.index("Star")
    assert client.get(f"/seasons/{moved.pk}/").content.decode().count(f"/seasons/{moved.pk}/transactions/") == 1
    assert client.get("/seasons/999999/transactions/").status_code == 404


def test_the_team_page_shows_its_moves(client, moved):
    alpha = moved.teams.get(name="Alpha")
    page = client.get(f"/teams/{alpha.pk}/?season={moved.pk}").content.decode()
    moves = page[page.index('id="moves"') : page.index('id="matches"')]
    assert "signing: Star" in moves and "release refund: Old" in moves and "(+1 BC" in moves
    assert moves.index("release refund") < moves.index("signing")
    beta = moved.teams.get(name="Beta")
    assert "No signing, release or trade" in client.get(f"/teams/{beta.pk}/?season={moved.pk}").content.decode()
