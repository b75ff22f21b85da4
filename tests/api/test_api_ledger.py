"""A team's BootCoin ledger: public (the team page shows it), per season, with the balance."""

import pytest
from rest_framework.test import APIClient

from leagues.models import Team
from rosters import ledger
from rosters.drafts.moves import draft_start, move_make
from rosters.drafts.setup import draft_create
from rosters.models import Draft, Player
from tests.api.conftest import token_client
from tests.conftest import make_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def spent(season, cast, pool):
    """Alpha's budget opened by the draft's start, a star picked, a fine; a later season not opened yet."""
    order = [Team.objects.get(league=season.league, name=n).pk for n in ("Alpha", "Beta", "Gamma", "Delta")]
    draft = draft_create(season, order_method=Draft.OrderMethod.MANUAL, order=order)
    draft_start(draft.pk)
    star = Player.objects.get(name="Card 33")
    move_make(draft.pk, team_id=cast["alpha"].pk, by=cast["bruno"], player_id=star.pk)
    ledger.post_one(season, cast["alpha"], -2, ledger.Reason.FINE, note="late sheet", by=cast["anna"])
    return make_season(season.league, ["Alpha", "Beta"], name="2027")


@pytest.mark.parametrize("who", ["anonymous", "bruno", "carla", "anna", "dino"])
def test_anyone_reads_a_teams_ledger(cast, season, spent, who, django_assert_max_num_queries):
    client = APIClient() if who == "anonymous" else token_client(cast[who])
    alpha = cast["alpha"]
    with django_assert_max_num_queries(4):  # the token, the team, its seasons, the entries
        response = client.get(f"/api/teams/{alpha.pk}/ledger/")
    assert response.status_code == 200
    body = response.json()
    assert body["team"] == alpha.pk
    later, first = body["seasons"]
    assert (later["season"], later["name"], later["balance"], later["entries"]) == (spent.pk, "2027", 15, [])
    assert first["season"] == season.pk and first["balance"] == 9 == ledger.balance(season, alpha)
    lines = [(e["amount"], e["reason"], e["player_name"], e["note"]) for e in first["entries"]]
    assert lines == [
        (15, "budget", None, "budget"),
        (-4, "draft_pick", "Card 33", f"pick 1 of the {season} draft"),
        (-2, "fine", None, "late sheet"),
    ]


def test_one_season_a_season_it_does_not_play_and_a_bad_id(cast, season, spent):
    api, alpha = APIClient(), cast["alpha"]
    only = api.get(f"/api/teams/{alpha.pk}/ledger/", {"season": season.pk}).json()["seasons"]
    assert [s["season"] for s in only] == [season.pk]
    assert api.get(f"/api/teams/{alpha.pk}/ledger/", {"season": cast["other_season"].pk}).status_code == 404
    assert api.get(f"/api/teams/{alpha.pk}/ledger/", {"season": "x"}).status_code == 400
    assert api.get("/api/teams/9999/ledger/").status_code == 404


def test_the_ledger_is_read_only(cast, spent):
    response = token_client(cast["anna"]).post(f"/api/teams/{cast['alpha'].pk}/ledger/", {})
    assert response.status_code == 405
