"""Trades through the API: a manager proposes for their own team and answers trades addressed to
it; commissioners approve and veto; a trade still proposed is seen only by its two teams and the
league's commissioners. Every refusal names its reason and changes nothing.

The cast of the roster tests: Anna runs the Test League, Bruno manages Alpha, Carla manages
Beta, Dino runs another league; ``trading`` fills the squads and opens a window.
"""

import pytest
from rest_framework.test import APIClient

from rosters import ledger
from rosters.models import Trade
from tests.api.conftest import token_client
from tests.rosters.conftest import card
from tests.rosters.test_trades import holder, proposal, propose

pytestmark = pytest.mark.django_db

State = Trade.State


@pytest.fixture
def as_(trading):
    clients = {name: token_client(trading[name]) for name in ("anna", "bruno", "carla", "dino")}
    clients["anonymous"] = APIClient()
    return clients


def test_a_manager_proposes_and_the_receiver_accepts(as_, trading):
    made = as_["bruno"].post(
        "/api/trades/", proposal(trading, offered=["Card 01"], asked=["Card 09"], coins_offered=2), format="json"
    )
    assert made.status_code == 201, made.json()
    trade = made.json()
    assert (trade["state"], trade["coins_offered"], trade["proposer"]) == ("proposed", 2, trading["alpha"].pk)
    assert {(c["player"], c["from_team"]) for c in trade["cards"]} == {
        (card("Card 01").pk, trading["alpha"].pk),
        (card("Card 09").pk, trading["beta"].pk),
    }
    assert as_["bruno"].post(f"/api/trades/{trade['id']}/accept/").status_code == 403
    done = as_["carla"].post(f"/api/trades/{trade['id']}/accept/")
    assert done.status_code == 200 and done.json()["state"] == "executed"
    again = as_["carla"].post(f"/api/trades/{trade['id']}/accept/")
    assert again.status_code == 400
    assert again.json() == {
        "non_field_errors": [f"Trade #{trade['id']} is executed; it can be accepted only while proposed."]
    }
    assert holder(trading["season"], "Card 09") == "Alpha"
    assert ledger.balance(trading["season"], trading["alpha"]) == 13


@pytest.mark.parametrize(
    ("who", "kwargs", "code", "answer"),
    [
        ("anonymous", {"asked": ["Card 09"]}, 401, None),
        ("carla", {"asked": ["Card 09"]}, 403, "You may propose trades for your own team only, not for Alpha."),
        ("dino", {"asked": ["Card 09"]}, 403, None),
        ("bruno", {"offered": ["Card 09"]}, 400, {"offered": ["Card 09 is not in Alpha's squad of Test League 2026."]}),
        (
            "bruno",
            {},
            400,
            {"non_field_errors": ["Nothing is traded: offer or ask for at least one card or some BootCoins."]},
        ),
        ("bruno", {"asked": ["Card 09"], "coins_offered": 99}, 400, None),
        ("bruno", {"receiver": "alpha", "asked": ["Card 09"]}, 400, None),
    ],
)
def test_a_proposal_refused_changes_nothing(as_, trading, who, kwargs, code, answer):
    response = as_[who].post("/api/trades/", proposal(trading, **kwargs), format="json")
    assert response.status_code == code, response.json()
    if isinstance(answer, dict):
        assert response.json() == answer
    elif answer:
        assert response.json()["detail"] == answer
    assert not Trade.objects.exists()


def test_an_unknown_season_or_card_is_a_400_naming_the_field(as_, trading):
    response = as_["bruno"].post(
        "/api/trades/", {**proposal(trading, asked=["Card 09"]), "season": 999999}, format="json"
    )
    assert response.status_code == 400 and "season" in response.json()
    response = as_["bruno"].post("/api/trades/", {**proposal(trading), "asked": [999999]}, format="json")
    assert response.json() == {"asked": ["No card with id 999999."]}


def test_a_proposed_trade_is_seen_by_its_teams_and_the_commissioner_an_executed_one_by_all(as_, trading):
    trade = propose(trading, asked=["Card 09"])
    for who, sees in (("bruno", True), ("carla", True), ("anna", True), ("dino", False), ("anonymous", False)):
        assert (as_[who].get(f"/api/trades/{trade.pk}/").status_code == 200) is sees, who
        assert len(as_[who].get("/api/trades/").json()["results"]) == int(sees), who
    assert as_["dino"].post(f"/api/trades/{trade.pk}/decline/").status_code == 404
    as_["carla"].post(f"/api/trades/{trade.pk}/accept/")
    assert as_["anonymous"].get(f"/api/trades/{trade.pk}/").json()["state"] == "executed"


def test_trades_are_listed_by_season_team_and_state(as_, trading):
    to_beta = propose(trading, asked=["Card 09"])
    to_gamma = propose(trading, asked=["Card 17"], receiver="gamma")
    client = as_["anna"]

    def ids(query):
        return {t["id"] for t in client.get(f"/api/trades/?{query}").json()["results"]}

    assert ids(f"season={trading['season'].pk}") == {to_beta.pk, to_gamma.pk}
    assert ids(f"team={trading['beta'].pk}") == {to_beta.pk}
    assert ids(f"team={trading['alpha'].pk}&state=proposed") == {to_beta.pk, to_gamma.pk}
    assert ids("state=executed") == set()
    assert client.get("/api/trades/?team=x").status_code == 400


def test_decline_withdraw_approve_and_veto(as_, trading, league):
    declined = propose(trading, asked=["Card 09"])
    answer = as_["carla"].post(f"/api/trades/{declined.pk}/decline/", {"reason": "no thanks"}, format="json")
    assert (answer.json()["state"], answer.json()["reason"]) == ("declined", "no thanks")
    withdrawn = propose(trading, asked=["Card 10"])
    assert as_["carla"].post(f"/api/trades/{withdrawn.pk}/withdraw/").status_code == 403
    assert as_["bruno"].post(f"/api/trades/{withdrawn.pk}/withdraw/").json()["state"] == "withdrawn"
    league.trades_need_approval = True
    league.save()
    approved, vetoed = propose(trading, asked=["Card 09"]), propose(trading, asked=["Card 10"])
    for trade in (approved, vetoed):
        assert as_["carla"].post(f"/api/trades/{trade.pk}/accept/").json()["state"] == "accepted"
    assert as_["carla"].post(f"/api/trades/{approved.pk}/approve/").status_code == 403
    assert as_["anna"].post(f"/api/trades/{approved.pk}/approve/").json()["state"] == "executed"
    veto = as_["anna"].post(f"/api/trades/{vetoed.pk}/veto/", {"reason": "collusion"}, format="json")
    assert (veto.json()["state"], veto.json()["reason"]) == ("vetoed", "collusion")
    assert (holder(trading["season"], "Card 09"), holder(trading["season"], "Card 10")) == ("Alpha", "Beta")


def test_a_retried_proposal_with_the_same_key_makes_one_trade(as_, trading):
    headers = {"HTTP_IDEMPOTENCY_KEY": "propose-1"}
    first = as_["bruno"].post("/api/trades/", proposal(trading, asked=["Card 09"]), format="json", **headers)
    second = as_["bruno"].post("/api/trades/", proposal(trading, asked=["Card 09"]), format="json", **headers)
    assert first.status_code == second.status_code == 201
    assert second.headers["Idempotent-Replayed"] == "true"
    assert Trade.objects.count() == 1
