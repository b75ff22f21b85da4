"""Drafts through the API: the board is public; a manager moves for his own team only, the
league's commissioner for any; every refusal is a 400 naming its field and changes nothing.

The cast of the roster tests: Anna runs the Test League, Bruno manages Alpha, Carla
manages Beta, Dino runs another league. A squad is six field players and two keepers
within 15 BC; the pool has 32 cards at 1 BC and 8 stars (Card 32 to 39) at 4 BC.
"""

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone
from rest_framework.test import APIClient

from api.models import IdempotencyKey
from api.tasks import purge_old_idempotency_keys
from leagues.models import Team
from rosters import ledger
from rosters.drafting import load_engine_pool
from rosters.drafts.moves import draft_pause, draft_start, move_make
from rosters.drafts.setup import draft_create
from rosters.drafts.state import board_for, on_the_clock
from rosters.models import Draft, DraftPick, LedgerEntry, Player, QueuedCard
from tests.api.conftest import token_client
from tests.conftest import make_league, make_season

pytestmark = pytest.mark.django_db

#: anonymous has no credentials; bruno manages Alpha (on the clock first); carla manages
#: Beta; anna is the league's commissioner; dino the commissioner of another league.
ROLES = ["anonymous", "bruno", "carla", "anna", "dino"]
#: What each role gets when it moves for Alpha.
FOR_ALPHA = {"anonymous": 401, "bruno": 201, "carla": 403, "anna": 201, "dino": 403}
#: How a move for Alpha names who made it: Bruno's username is his e-mail address, Anna's is not.
MADE_BY = {"bruno": "Manager of Alpha", "anna": "anna"}


def start(season, cast, format=Draft.Format.SNAKE) -> Draft:
    order = [Team.objects.get(league=season.league, name=n).pk for n in ("Alpha", "Beta", "Gamma", "Delta")]
    made = draft_create(season, format=format, order_method=Draft.OrderMethod.MANUAL, order=order, seconds_per_pick=60)
    return draft_start(made.pk, by=cast["anna"])


@pytest.fixture
def draft(season, cast, pool):
    return start(season, cast)


@pytest.fixture
def auction(season, cast, pool):
    return start(season, cast, Draft.Format.AUCTION)


@pytest.fixture
def as_(cast):
    clients = {name: token_client(cast[name]) for name in ROLES[1:]}
    clients["anonymous"] = APIClient()
    return clients


def card(name: str) -> Player:
    return Player.objects.get(name=name)


def post_pick(client, draft, team, name, **extra):
    """A pick for the pick on the clock now (``pick_number`` given when a retry must send the same body)."""
    extra.setdefault("pick_number", Draft.objects.get(pk=draft.pk).pick_number)
    return client.post(
        f"/api/drafts/{draft.pk}/picks/", {"team": team.pk, "player": card(name).pk, **extra}, format="json"
    )


def errors(response, status=400) -> dict:
    assert response.status_code == status, (response.status_code, response.content[:300])
    return response.json()


# --- reading ------------------------------------------------------------------------------------


def test_drafts_and_picks_are_public(draft, cast, season, django_assert_max_num_queries):
    move_make(draft.pk, team_id=cast["alpha"].pk, by=cast["bruno"], player_id=card("Card 33").pk)
    api = APIClient()
    listed = api.get("/api/drafts/", {"season": season.pk}).json()
    assert [d["id"] for d in listed["results"]] == [draft.pk] and listed["results"][0]["state"] == "running"
    assert api.get("/api/drafts/", {"state": "done"}).json()["count"] == 0
    one = api.get(f"/api/drafts/{draft.pk}/").json()
    assert one["on_the_clock"] == cast["beta"].pk and one["pick_number"] == 1 and one["display"] is None
    assert one["order"][0] == cast["alpha"].pk
    with django_assert_max_num_queries(4):
        picks = api.get(f"/api/drafts/{draft.pk}/picks/").json()
    assert picks["count"] == 1
    assert picks["results"][0] | {"id": 0, "created_at": ""} == {
        "id": 0,
        "number": 0,
        "kind": "pick",
        "team": cast["alpha"].pk,
        "player": card("Card 33").pk,
        "price": 4,
        "auto": False,
        "auto_by": "",
        "made_by": "Manager of Alpha",  # his username is his e-mail address: never shown
        "created_at": "",
    }


def test_an_unknown_draft_is_a_404(db):
    assert APIClient().get("/api/drafts/999/").status_code == 404
    assert APIClient().get("/api/drafts/999/picks/").status_code == 404


# --- picks --------------------------------------------------------------------------------------


@pytest.mark.parametrize("role", ROLES)
def test_who_may_pick_for_alpha(as_, draft, cast, role):
    response = post_pick(as_[role], draft, cast["alpha"], "Card 33")
    assert response.status_code == FOR_ALPHA[role], response.content[:300]
    if response.status_code == 201:
        body = response.json()
        assert body["pick"]["player"] == card("Card 33").pk and body["pick"]["made_by"] == MADE_BY[role]
        assert body["draft"]["pick_number"] == 1 and body["draft"]["on_the_clock"] == cast["beta"].pk
        assert ledger.balance(draft.season, cast["alpha"]) == 11
    else:
        assert not DraftPick.objects.exists() and ledger.balance(draft.season, cast["alpha"]) == 15


def test_a_manager_may_not_pick_out_of_turn(as_, draft, cast):
    body = errors(post_pick(as_["carla"], draft, cast["beta"], "Card 33"))
    assert body == {"team": ["it is Alpha's turn, not Beta's"]}


def test_a_card_already_taken_is_refused_under_player(as_, draft, cast):
    assert post_pick(as_["bruno"], draft, cast["alpha"], "Card 33").status_code == 201
    body = errors(post_pick(as_["carla"], draft, cast["beta"], "Card 33"))
    assert body == {"player": ["Card 33 is no longer available"]}


def test_a_stale_pick_number_is_refused_and_charges_once(as_, draft, cast):
    assert post_pick(as_["bruno"], draft, cast["alpha"], "Card 33", pick_number=0).status_code == 201
    body = errors(post_pick(as_["anna"], draft, cast["alpha"], "Card 34", pick_number=0))
    assert body == {"pick_number": ["pick 1 has already been made; pick 2 is on now"]}
    assert DraftPick.objects.count() == 1 and ledger.balance(draft.season, cast["alpha"]) == 11


def pick_cheap_for_whoever_is_on(draft, cast, times: int) -> None:
    for _ in range(times):
        fresh = Draft.objects.get(pk=draft.pk)
        cheap = next(p for p in reversed(board_for(fresh).free) if p.role == "field")
        move_make(draft.pk, team_id=on_the_clock(fresh), by=cast["anna"], player_id=cheap.pk)


def test_the_budget_rule_refuses_under_player(as_, draft, cast):
    move_make(draft.pk, team_id=cast["alpha"].pk, by=cast["bruno"], player_id=card("Card 33").pk)
    pick_cheap_for_whoever_is_on(draft, cast, 6)  # Beta, Gamma, Delta, Delta, Gamma, Beta
    assert post_pick(as_["bruno"], draft, cast["alpha"], "Card 34").status_code == 201  # 7 BC left, 6 places
    body = errors(post_pick(as_["bruno"], draft, cast["alpha"], "Card 35"))
    assert body == {"player": ["after Card 35 the team could not complete its squad with the 3 BC left"]}
    assert ledger.balance(draft.season, cast["alpha"]) == 7


def test_a_card_of_another_league_and_a_team_of_another_season(as_, draft, cast):
    other = Player.objects.create(league=cast["other"], name="Outsider", role="field", attributes={}, price=1)
    response = as_["bruno"].post(
        f"/api/drafts/{draft.pk}/picks/",
        {"team": cast["alpha"].pk, "player": other.pk, "pick_number": 0},
        format="json",
    )
    assert errors(response) == {"player": ["that card is not in this league's pool"]}
    omega = cast["other_season"].teams.get(name="Omega")
    response = as_["dino"].post(
        f"/api/drafts/{draft.pk}/picks/",
        {"team": omega.pk, "player": card("Card 01").pk, "pick_number": 0},
        format="json",
    )
    assert "team" in errors(response)


def test_malformed_input_names_the_field(as_, draft, cast):
    url = f"/api/drafts/{draft.pk}/picks/"
    assert set(errors(as_["bruno"].post(url, {"player": 1, "pick_number": 0}, format="json"))) == {"team"}
    assert set(errors(as_["bruno"].post(url, {"team": "x", "pick_number": 0}, format="json"))) == {"team"}
    response = as_["bruno"].post(url, {"team": cast["alpha"].pk, "kind": "steal", "pick_number": 0}, format="json")
    assert set(errors(response)) == {"kind"}
    response = as_["bruno"].post(url, {"team": cast["alpha"].pk, "kind": "check", "pick_number": 0}, format="json")
    assert set(errors(response)) == {"kind"}  # a snake draft has no checks
    assert not DraftPick.objects.exists()


def test_a_paused_draft_refuses_every_move(as_, draft, cast):
    draft_pause(draft.pk, by=cast["anna"])
    body = errors(post_pick(as_["bruno"], draft, cast["alpha"], "Card 33"))
    assert body == {"non_field_errors": ["the draft is paused"]}


# --- auction: nominations and bids --------------------------------------------------------------


def bid(client, draft, team, amount):
    return client.post(f"/api/drafts/{draft.pk}/bids/", {"team": team.pk, "amount": amount}, format="json")


def test_a_nomination_needs_an_opening_bid(as_, auction, cast):
    body = errors(post_pick(as_["bruno"], auction, cast["alpha"], "Card 33"))
    assert body == {"amount": ["an auction's nomination needs an opening bid"]}
    response = post_pick(as_["bruno"], auction, cast["alpha"], "Card 33", amount=2)
    assert response.status_code == 201 and response.json()["pick"] is None
    assert response.json()["draft"]["lot"]["bid"] == 2


#: What each role gets when it bids for Beta on a card Alpha put up.
FOR_BETA = {"anonymous": 401, "bruno": 403, "carla": 200, "anna": 200, "dino": 403}


@pytest.mark.parametrize("role", ROLES)
def test_who_may_bid_for_beta(as_, auction, cast, role):
    move_make(auction.pk, team_id=cast["alpha"].pk, by=cast["bruno"], player_id=card("Card 33").pk, amount=2)
    response = bid(as_[role], auction, cast["beta"], 3)
    assert response.status_code == FOR_BETA[role], response.content[:300]
    lot = Draft.objects.get(pk=auction.pk).lot
    if response.status_code == 200:
        assert (lot["team"], lot["bid"]) == (cast["beta"].pk, 3) and response.json()["draft"]["lot"] == lot
    else:
        assert (lot["team"], lot["bid"]) == (cast["alpha"].pk, 2)


def test_bid_refusals_name_the_field(as_, auction, cast):
    assert errors(bid(as_["carla"], auction, cast["beta"], 2)) == {
        "kind": ["no card is up for auction: the team on the clock nominates one"]
    }
    move_make(auction.pk, team_id=cast["alpha"].pk, by=cast["bruno"], player_id=card("Card 33").pk, amount=2)
    assert errors(bid(as_["carla"], auction, cast["beta"], 2)) == {"amount": ["bid more than 2 BC"]}
    assert errors(bid(as_["bruno"], auction, cast["alpha"], 3)) == {"team": ["your team already holds the highest bid"]}
    assert errors(bid(as_["carla"], auction, cast["beta"], 9)) == {
        "amount": ["a bid of 9 BC would leave 6 BC for 7 places still to fill (1 BC each)"]
    }
    assert set(errors(bid(as_["carla"], auction, cast["beta"], 0))) == {"amount"}


def test_bids_in_a_snake_draft_are_refused(as_, draft, cast):
    assert errors(bid(as_["carla"], draft, cast["beta"], 2)) == {"team": ["it is Alpha's turn, not Beta's"]}


# --- the market (Mutant Soccer) -----------------------------------------------------------------


def test_the_market_shows_its_display_and_takes_checks_and_picks_on_display(django_user_model):
    league = make_league("Mutants", engine="mutant")
    load_engine_pool(league, "mutant", seed=1)
    market = draft_start(draft_create(make_season(league, ["Alpha", "Beta", "Gamma"]), format=Draft.Format.MARKET).pk)
    boss = django_user_model.objects.create_user("boss")
    league.commissioners.add(boss)
    client, url = token_client(boss), f"/api/drafts/{market.pk}/picks/"
    shown = APIClient().get(f"/api/drafts/{market.pk}/").json()
    assert shown["display"] == [int(card) for card in market.market["display"]] and len(shown["display"]) == 6
    team = shown["on_the_clock"]
    hidden = Player.objects.filter(league=league).exclude(pk__in=shown["display"]).first()
    refused = client.post(url, {"team": team, "player": hidden.pk, "pick_number": 0}, format="json")
    assert errors(refused) == {"player": [f"{hidden.name} is not on display"]}
    checked = client.post(url, {"team": team, "kind": "check", "pick_number": 0}, format="json")
    assert checked.status_code == 201 and checked.json()["pick"]["kind"] == "check"
    assert checked.json()["draft"]["on_the_clock"] != team


# --- queue and autopick -------------------------------------------------------------------------


#: What each role gets when it reads or replaces Beta's queue (Beta is not on the clock).
FOR_BETA_QUEUE = {"anonymous": 401, "bruno": 403, "carla": 200, "anna": 200, "dino": 403}


@pytest.mark.parametrize("role", ROLES)
def test_who_may_set_betas_queue(as_, draft, cast, role):
    wanted = [card("Card 34").pk, card("Card 33").pk]
    url = f"/api/drafts/{draft.pk}/queue/"
    response = as_[role].put(url, {"team": cast["beta"].pk, "players": wanted, "autopick": True}, format="json")
    assert response.status_code == FOR_BETA_QUEUE[role], response.content[:300]
    queued = list(QueuedCard.objects.filter(team=cast["beta"]).values_list("player_id", flat=True))
    autopick = Draft.objects.get(pk=draft.pk).autopick_teams.filter(pk=cast["beta"].pk).exists()
    read = as_[role].get(url, {"team": cast["beta"].pk})
    assert read.status_code == FOR_BETA_QUEUE[role]
    if response.status_code == 200:
        assert queued == wanted and autopick
        assert response.json() == read.json() == {"team": cast["beta"].pk, "players": wanted, "autopick": True}
    else:
        assert queued == [] and not autopick


def test_autopick_on_picks_from_the_queue_at_once_when_on_the_clock(as_, draft, cast):
    url = f"/api/drafts/{draft.pk}/queue/"
    response = as_["bruno"].put(url, {"team": cast["alpha"].pk, "players": [card("Card 36").pk], "autopick": True})
    assert response.status_code == 200, response.content
    move = DraftPick.objects.get()
    assert (move.team, move.player, move.auto) == (cast["alpha"], card("Card 36"), True)
    assert response.json()["players"] == []  # the card taken left the queue
    off = as_["bruno"].put(url, {"team": cast["alpha"].pk, "players": [], "autopick": False}, format="json")
    assert off.json()["autopick"] is False


def test_queue_input_is_checked(as_, draft, cast):
    url = f"/api/drafts/{draft.pk}/queue/"
    assert set(errors(as_["carla"].get(url))) == {"team"}
    assert set(errors(as_["carla"].put(url, {"team": cast["beta"].pk, "players": ["x"]}, format="json"))) == {"players"}
    omega = cast["other_season"].teams.get(name="Omega")
    assert set(errors(as_["dino"].put(url, {"team": omega.pk, "players": []}, format="json"))) == {"team"}


# --- idempotency keys ---------------------------------------------------------------------------


def keyed(client, key: str) -> APIClient:
    """A client with the same credentials that sends this key with every request."""
    copy = APIClient()
    copy.credentials(**client._credentials, HTTP_IDEMPOTENCY_KEY=key)
    return copy


def test_the_same_pick_twice_with_one_key_picks_and_charges_once(as_, draft, cast):
    bruno = keyed(as_["bruno"], "pick-1-alpha")
    first = post_pick(bruno, draft, cast["alpha"], "Card 33", pick_number=0)
    again = post_pick(bruno, draft, cast["alpha"], "Card 33", pick_number=0)
    assert first.status_code == again.status_code == 201 and first.json() == again.json()
    assert again["Idempotent-Replayed"] == "true" and not first.has_header("Idempotent-Replayed")
    assert DraftPick.objects.count() == 1
    assert LedgerEntry.objects.filter(reason="draft_pick").count() == 1
    assert ledger.balance(draft.season, cast["alpha"]) == 11


def test_answers_older_than_a_week_are_purged(as_, draft, cast):

    bruno = keyed(as_["bruno"], "pick-1-alpha")
    assert post_pick(bruno, draft, cast["alpha"], "Card 33").status_code == 201
    assert purge_old_idempotency_keys() == 0  # a day old at most: kept
    IdempotencyKey.objects.update(created_at=timezone.now() - timedelta(days=8))
    assert purge_old_idempotency_keys.apply().get() == 1
    assert not IdempotencyKey.objects.exists()


def test_the_same_key_with_another_body_or_endpoint_is_a_422(as_, draft, cast):
    bruno = keyed(as_["bruno"], "k")
    assert post_pick(bruno, draft, cast["alpha"], "Card 33").status_code == 201
    other_card = post_pick(bruno, draft, cast["alpha"], "Card 34")
    assert other_card.status_code == 422
    assert other_card.json() == {
        "Idempotency-Key": [
            f"this key was used for another request (POST /api/drafts/{draft.pk}/picks/ with another body)"
        ]
    }
    assert bid(bruno, draft, cast["alpha"], 2).status_code == 422
    assert DraftPick.objects.count() == 1 and ledger.balance(draft.season, cast["alpha"]) == 11


def test_keys_are_per_user_and_a_refusal_stores_nothing(as_, draft, cast):
    carla = keyed(as_["carla"], "k")
    assert errors(post_pick(carla, draft, cast["beta"], "Card 34")) == {"team": ["it is Alpha's turn, not Beta's"]}
    assert not IdempotencyKey.objects.exists()
    assert post_pick(keyed(as_["bruno"], "k"), draft, cast["alpha"], "Card 33").status_code == 201
    retried = post_pick(carla, draft, cast["beta"], "Card 34")  # now Beta's turn: the retry acts
    assert retried.status_code == 201 and not retried.has_header("Idempotent-Replayed")
    assert DraftPick.objects.count() == 2 and IdempotencyKey.objects.count() == 2


def test_a_bid_retried_with_its_key_is_made_once(as_, auction, cast):
    move_make(auction.pk, team_id=cast["alpha"].pk, by=cast["bruno"], player_id=card("Card 33").pk, amount=2)
    carla = keyed(as_["carla"], "bid-3")
    first, again = bid(carla, auction, cast["beta"], 3), bid(carla, auction, cast["beta"], 3)
    assert first.status_code == again.status_code == 200 and first.json() == again.json()
    assert again["Idempotent-Replayed"] == "true"
    # without a key, the same retry is refused by the rules
    assert errors(bid(as_["carla"], auction, cast["beta"], 3))


def test_a_key_without_credentials_or_malformed(as_, draft, cast):
    anonymous = as_["anonymous"]
    anonymous.credentials(HTTP_IDEMPOTENCY_KEY="k")
    assert post_pick(anonymous, draft, cast["alpha"], "Card 33").status_code == 401
    for bad in ("x" * 256, "a\x00b", "clé"):  # too long; PostgreSQL stores no NUL; headers are ASCII
        assert set(errors(post_pick(keyed(as_["bruno"], bad), draft, cast["alpha"], "Card 33"))) == {"Idempotency-Key"}
    assert not IdempotencyKey.objects.exists() and not DraftPick.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_copies_of_one_keyed_pick_sent_at_once_act_once(cast, season, pool):
    """Each copy on its own connection: the key's unique row makes the later ones wait and replay."""
    draft = start(season, cast)
    barrier, answers = threading.Barrier(3, timeout=30), []
    bruno = token_client(cast["bruno"])

    def send():
        client = keyed(bruno, "same-click")
        barrier.wait()
        try:
            answers.append(post_pick(client, draft, cast["alpha"], "Card 33", pick_number=0))
        finally:
            connection.close()

    threads = [threading.Thread(target=send) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [a.status_code for a in answers] == [201, 201, 201]
    assert len({a.content for a in answers}) == 1
    assert sum(a.has_header("Idempotent-Replayed") for a in answers) == 2
    assert DraftPick.objects.count() == 1 and ledger.balance(draft.season, cast["alpha"]) == 11


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("queue", {"players": [2**63]}, "players"),
        ("queue", {"team": 2**63, "players": []}, "team"),
        ("picks", {"player": 2**64, "pick_number": 0}, "player"),
        ("bids", {"amount": 10**9}, "amount"),
    ],
)
def test_ids_and_coins_past_their_columns_are_a_400_naming_the_field(as_, draft, cast, path, body, field):
    """Found by the fuzz run on SQLite: an id past 64 bits overflowed the query (a 500)."""
    request = {"team": cast["beta"].pk, **body}
    method = as_["carla"].put if path == "queue" else as_["carla"].post
    response = method(f"/api/drafts/{draft.pk}/{path}/", request, format="json")
    assert response.status_code == 400 and field in response.json(), response.content[:300]
