"""The free-agent market through the API: free agents and transactions are public; a manager
claims, signs and releases for his own team only, the league's commissioner for any; a refusal
is a 400 naming its field and changes nothing.

The cast of the roster tests: Anna runs the Test League, Bruno manages Alpha, Carla manages
Beta, Dino runs another league.
"""

import pytest
from rest_framework.test import APIClient

from rosters import ledger
from rosters.models import Claim, LedgerEntry, SquadMember
from tests.api.conftest import token_client
from tests.rosters.test_free_agents import card, deadline_passes, open_window, settlements  # noqa: F401

pytestmark = pytest.mark.django_db

ROLES = ["bruno", "carla", "anna", "dino"]
#: What each role gets when it moves for Alpha.
FOR_ALPHA = {"anonymous": 401, "bruno": 201, "carla": 403, "anna": 201, "dino": 403}


@pytest.fixture
def as_(cast):
    clients = {name: token_client(cast[name]) for name in ROLES}
    clients["anonymous"] = APIClient()
    return clients


def window(season, *, claims_open=True):
    made = open_window(season)
    if not claims_open:
        deadline_passes(made)
    return made


def test_free_agents_are_public_filtered_ordered_and_say_what_a_team_affords(season, league, cast, as_):
    card(league, "Keeper", "goalkeeper", price=2)
    card(league, "Dear", price=20)
    SquadMember.objects.create(season=season, team=cast["beta"], player=card(league, "Held"))
    url = f"/api/seasons/{season.pk}/free-agents/"
    body = as_["anonymous"].get(url, {"ordering": "-price", "team": cast["alpha"].pk}).json()
    rows = [(r["name"], r["affordable"], r["fits"]) for r in body["results"]]
    assert rows == [("Dear", False, True), ("Keeper", True, True)]
    assert [r["name"] for r in as_["anonymous"].get(url, {"role": "goalkeeper"}).json()["results"]] == ["Keeper"]
    assert [r["name"] for r in as_["anonymous"].get(url, {"max_price": 5}).json()["results"]] == ["Keeper"]
    assert as_["anonymous"].get(url, {"ordering": "attributes"}).status_code == 400
    assert as_["anonymous"].get(url, {"team": cast["other_season"].teams.first().pk}).status_code == 400
    assert as_["anonymous"].get("/api/seasons/999999/free-agents/").status_code == 404


@pytest.mark.parametrize("role", ["anonymous", *ROLES])
def test_only_the_manager_or_the_commissioner_claims_for_a_team(season, league, cast, as_, role):
    window(season)
    free = card(league, "Free")
    answer = as_[role].post(
        f"/api/seasons/{season.pk}/claims/", {"team": cast["alpha"].pk, "player": free.pk}, format="json"
    )
    assert answer.status_code == FOR_ALPHA[role], answer.content
    assert Claim.objects.count() == (1 if FOR_ALPHA[role] == 201 else 0)


def test_a_claim_refused_names_its_field_and_a_claim_is_withdrawn(season, league, cast, as_):
    window(season)
    held = card(league, "Held")
    SquadMember.objects.create(season=season, team=cast["beta"], player=held)
    url = f"/api/seasons/{season.pk}/claims/"
    refused = as_["bruno"].post(url, {"team": cast["alpha"].pk, "player": held.pk}, format="json")
    assert refused.status_code == 400 and "Held is in Beta's squad" in refused.json()["player"][0]
    made = as_["bruno"].post(url, {"team": cast["alpha"].pk, "player": card(league, "Free").pk}, format="json")
    assert made.status_code == 201 and made.json()["state"] == "pending"
    mine = as_["bruno"].get(url).json()["results"]
    assert [c["id"] for c in mine] == [made.json()["id"]]
    assert as_["carla"].get(url).json()["results"] == []  # a rival never sees the claim
    assert as_["anna"].get(url).json()["results"] == []  # sealed until settled, from the commissioner too
    withdraw = f"/api/claims/{made.json()['id']}/withdraw/"
    assert as_["carla"].post(withdraw).status_code == 403
    assert as_["bruno"].post(withdraw).json()["state"] == "withdrawn"
    assert as_["bruno"].post(withdraw).status_code == 400


def test_signing_and_releasing_move_cards_and_coins(season, league, cast, as_):
    window(season, claims_open=False)
    alpha, star, old = cast["alpha"], card(league, "Star", price=3), card(league, "Old")
    SquadMember.objects.create(season=season, team=alpha, player=old, price=3)
    signings, releases = f"/api/seasons/{season.pk}/signings/", f"/api/seasons/{season.pk}/releases/"
    assert as_["carla"].post(signings, {"team": alpha.pk, "player": star.pk}, format="json").status_code == 403
    signed = as_["bruno"].post(signings, {"team": alpha.pk, "player": star.pk}, format="json")
    assert signed.status_code == 201 and signed.json()["price"] == 3
    again = as_["anna"].post(signings, {"team": cast["beta"].pk, "player": star.pk}, format="json")
    assert again.status_code == 400 and "Star is in Alpha's squad" in again.json()["player"][0]
    assert as_["anonymous"].post(releases, {"team": alpha.pk, "player": old.pk}, format="json").status_code == 401
    released = as_["bruno"].post(releases, {"team": alpha.pk, "player": old.pk}, format="json")
    assert released.json() == {"team": alpha.pk, "player": old.pk, "refund": 1}
    assert ledger.balance(season, alpha) == 15 - 3 + 1
    moves = as_["anonymous"].get(f"/api/seasons/{season.pk}/transactions/").json()["results"]
    assert [(m["team_name"], m["reason"], m["amount"], m["player_name"]) for m in moves] == [
        ("Alpha", "release_refund", 1, "Old"),
        ("Alpha", "signing", -3, "Star"),
    ]


def test_a_signing_retried_with_its_idempotency_key_signs_once(season, league, cast, as_):
    window(season, claims_open=False)
    star = card(league, "Star", price=3)
    body = {"team": cast["alpha"].pk, "player": star.pk}
    url = f"/api/seasons/{season.pk}/signings/"
    first = as_["bruno"].post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="sign-star")
    retry = as_["bruno"].post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="sign-star")
    assert first.status_code == retry.status_code == 201 and retry["Idempotent-Replayed"] == "true"
    assert LedgerEntry.objects.filter(reason="signing").count() == 1


def test_the_transactions_leave_out_what_is_not_a_move(season, league, cast, as_):
    ledger.post_one(season, cast["alpha"], -2, "fine")
    assert as_["anonymous"].get(f"/api/seasons/{season.pk}/transactions/").json()["results"] == []


def test_the_schema_documents_the_market(as_):
    paths = as_["anonymous"].get("/api/schema/?format=json").json()["paths"]
    for path in ("free-agents", "transactions", "claims", "signings", "releases"):
        assert f"/api/seasons/{{season_id}}/{path}/" in paths
    assert "/api/claims/{claim_id}/withdraw/" in paths
