"""Drafts that cannot get stuck: fines against standing bids, a clock that always closes a lot,
and picks that always carry the pick number (issue #19).

The cast and the pool of the roster tests: 15 BC each, eight places (six field, two keepers);
Card 33 is a 4 BC star. Alpha nominates first, Beta bids.
"""

import threading
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection, transaction
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from leagues.models import Team
from rosters import ledger
from rosters.drafting import load_engine_pool
from rosters.drafts.moves import clock_expired, draft_resume, draft_start, move_make
from rosters.drafts.setup import draft_create
from rosters.drafts.state import BID, DraftError, on_the_clock
from rosters.models import Draft, DraftPick, LedgerEntry, Player
from tests.conftest import make_league, make_season

Reason = LedgerEntry.Reason


def start(season, format=Draft.Format.AUCTION) -> Draft:
    order = [Team.objects.get(league=season.league, name=n).pk for n in ("Alpha", "Beta", "Gamma", "Delta")]
    made = draft_create(season, format=format, order_method=Draft.OrderMethod.MANUAL, order=order, seconds_per_pick=20)
    return draft_start(made.pk)


@pytest.fixture
def auction(season, cast, pool):
    return start(season)


def star():
    return Player.objects.get(name="Card 33")


def beta_leads_at(auction, cast, amount):
    """Alpha puts the star up at 2 BC, Beta bids ``amount``."""
    move_make(auction.pk, team_id=cast["alpha"].pk, by=cast["bruno"], player_id=star().pk, amount=2)
    move_make(auction.pk, team_id=cast["beta"].pk, by=cast["carla"], kind=BID, amount=amount)


def hammer(draft):
    Draft.objects.filter(pk=draft.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    clock_expired(draft.pk, Draft.objects.get(pk=draft.pk).clock_token)
    return Draft.objects.get(pk=draft.pk)


# --- a fine may not leave a standing bid uncovered ------------------------------------------------


@pytest.mark.django_db
def test_a_fine_that_would_leave_less_than_the_teams_standing_bid_is_refused_with_both_figures(auction, cast):
    beta, season = cast["beta"], auction.season
    beta_leads_at(auction, cast, 5)
    with pytest.raises(ledger.InsufficientFunds) as refused:
        ledger.post_one(season, beta, -11, Reason.FINE, note="late kit")
    assert refused.value.messages == [
        "Beta holds the highest bid in the auction, 5 BC for Card 33, and has 15 BC:"
        " a commissioner fine of 11 BC would leave 4 BC, less than its bid. Enter it once the lot is closed."
    ]
    assert not LedgerEntry.objects.filter(team=beta, reason=Reason.FINE).exists()
    ledger.post_one(season, beta, -10, Reason.FINE)  # leaves exactly the bid: taken
    ledger.post_one(season, cast["alpha"], -13, Reason.FINE)  # Alpha no longer leads: its fine is its own affair
    closed = hammer(auction)
    assert closed.lot is None and DraftPick.objects.get().team == beta
    assert ledger.balance(season, beta) == 0


@pytest.mark.django_db
def test_the_nominator_holds_its_opening_bid_and_other_spends_are_checked_too(auction, cast):
    season, alpha = auction.season, cast["alpha"]
    move_make(auction.pk, team_id=alpha.pk, by=cast["bruno"], player_id=star().pk, amount=4)
    with pytest.raises(ledger.InsufficientFunds, match="Alpha holds the highest bid in the auction, 4 BC for Card 33"):
        ledger.post_one(season, alpha, -12, Reason.SIGNING)
    ledger.post_one(season, alpha, 3, Reason.GRANT)  # coins coming in are never held up
    assert ledger.balance(season, alpha) == 18


@pytest.mark.django_db
def test_the_admin_shows_the_refusal_next_to_the_amount_and_writes_nothing(client, auction, cast):
    beta_leads_at(auction, cast, 5)
    client.force_login(cast["anna"])
    form = {"season": auction.season.pk, "team": cast["beta"].pk, "reason": "fine", "amount": -11, "note": "late"}
    response = client.post(reverse("admin:rosters_ledgerentry_add"), form)
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert errors["amount"] == [
        "Beta holds the highest bid in the auction, 5 BC for Card 33, and has 15 BC:"
        " a commissioner fine of 11 BC would leave 4 BC, less than its bid. Enter it once the lot is closed."
    ]
    assert not LedgerEntry.objects.filter(reason=Reason.FINE).exists()
    form["amount"] = -10
    assert client.post(reverse("admin:rosters_ledgerentry_add"), form).status_code == 302
    assert ledger.balance(auction.season, cast["beta"]) == 5


@pytest.mark.django_db(transaction=True)
def test_a_bid_waits_for_a_fine_of_the_same_team_and_then_sees_it(season, cast, pool):
    """The fine holds Beta's row lock, uncommitted, when Beta bids: the bid waits for the lock and is
    then refused on the balance after the fine (run on PostgreSQL, where the row lock is what works)."""
    auction = start(season)
    move_make(auction.pk, team_id=cast["alpha"].pk, by=cast["bruno"], player_id=star().pk, amount=2)
    answers: list = []

    def bid():
        try:
            answers.append(move_make(auction.pk, team_id=cast["beta"].pk, by=cast["carla"], kind=BID, amount=8))
        except DraftError as exc:
            answers.append(exc.messages[0])
        finally:
            connection.close()

    with transaction.atomic():
        ledger.post_one(season, cast["beta"], -12, Reason.FINE)
        bidder = threading.Thread(target=bid)
        bidder.start()
        time.sleep(0.5)
        assert bidder.is_alive()  # waiting for Beta's row
    bidder.join(timeout=30)
    assert answers == ["a bid of 8 BC is more than the 3 BC the team has"]
    lot = Draft.objects.get(pk=auction.pk).lot
    assert (lot["team"], lot["bid"]) == (cast["alpha"].pk, 2)


# --- the clock closes a lot its bidder can no longer pay ------------------------------------------


@pytest.mark.django_db
def test_the_clock_returns_a_lot_whose_bidder_can_no_longer_pay_and_the_draft_goes_on(auction, cast, caplog):
    """Old data: a fine written after Beta's bid of 12 BC, before fines were checked against bids,
    leaves Beta 10 BC (enough for its squad, not for the bid). Before, every clock raised InsufficientFunds."""
    ledger.post_one(auction.season, cast["beta"], 10, Reason.GRANT)
    beta_leads_at(auction, cast, 12)
    LedgerEntry.objects.create(season=auction.season, team=cast["beta"], amount=-15, reason=Reason.FINE)
    token = Draft.objects.get(pk=auction.pk).clock_token
    after = hammer(auction)
    assert after.lot is None and after.state == Draft.State.RUNNING
    assert after.clock_token != token and after.deadline > timezone.now()
    assert not DraftPick.objects.exists() and ledger.balance(auction.season, cast["beta"]) == 10
    assert on_the_clock(after) == cast["alpha"].pk  # the nominator puts a card up again
    assert "Card 33 returned to the pool" in caplog.text
    move_make(auction.pk, team_id=cast["alpha"].pk, by=cast["bruno"], player_id=star().pk, amount=2)
    assert hammer(auction).lot is None and DraftPick.objects.get().team == cast["alpha"]


@pytest.mark.django_db
def test_the_market_clock_buys_with_the_coins_the_ledger_has_after_a_fine():
    """A fine during a Mutant Soccer market left the market's own count of the coins too high: the
    computer buyer chose a card the ledger refused, and the clock raised InsufficientFunds every time."""
    league = make_league("Mutants", engine="mutant")
    load_engine_pool(league, "mutant", seed=1)
    season = make_season(league, ["Alpha", "Beta", "Gamma"])
    market = draft_start(draft_create(season, format=Draft.Format.MARKET).pk)
    team = season.teams.get(pk=on_the_clock(market))
    ledger.post_one(season, team, 1 - ledger.balance(season, team), Reason.FINE)
    moved = hammer(market)
    made = DraftPick.objects.get(draft=market)
    assert made.team == team and made.auto and (made.kind == "check" or made.price <= 1)
    assert moved.market["budgets"][str(team.pk)] == ledger.balance(season, team) >= 0
    assert on_the_clock(moved) != team.pk


@pytest.mark.django_db
def test_a_clock_that_cannot_move_pauses_the_draft_instead_of_failing_at_every_try(season, cast, pool, caplog):
    """A fine in a snake draft leaves Alpha 1 BC for eight places: no card keeps its squad completable."""
    draft = start(season, Draft.Format.SNAKE)
    ledger.post_one(season, cast["alpha"], -14, Reason.FINE)
    paused = hammer(draft)
    assert paused.state == Draft.State.PAUSED and paused.clock_token == "" and paused.deadline is None
    assert not DraftPick.objects.exists()
    assert "paused by the clock: no card keeps every squad completable" in caplog.text
    ledger.post_one(season, cast["alpha"], 14, Reason.GRANT)  # the commissioner puts it right
    draft_resume(draft.pk, by=cast["anna"])
    assert hammer(draft).pick_number == 1 and DraftPick.objects.get().team == cast["alpha"]


# --- a pick always carries its pick number --------------------------------------------------------


@pytest.mark.django_db
def test_the_api_refuses_a_pick_without_its_number_and_a_double_click_picks_once(season, cast, pool):
    draft = start(season, Draft.Format.SNAKE)
    client = APIClient()
    client.force_authenticate(cast["bruno"])
    url = f"/api/drafts/{draft.pk}/picks/"
    body = {"team": cast["alpha"].pk, "player": star().pk}
    missing = client.post(url, body, format="json")
    assert missing.status_code == 400 and missing.json() == {"pick_number": ["This field is required."]}
    assert not DraftPick.objects.exists()
    first = client.post(url, {**body, "pick_number": 0}, format="json")
    again = client.post(url, {**body, "pick_number": 0}, format="json")
    assert first.status_code == 201 and again.status_code == 400
    assert again.json() == {"pick_number": ["pick 1 has already been made; pick 2 is on now"]}
    assert DraftPick.objects.count() == 1 and ledger.balance(season, cast["alpha"]) == 11
    ahead = client.post(url, {**body, "pick_number": 5}, format="json")
    assert ahead.json() == {"pick_number": ["pick 6 is not on the clock yet; pick 2 is on now"]}


@pytest.mark.django_db
def test_the_room_refuses_a_move_without_its_pick_number(client, season, cast, pool):
    draft = start(season, Draft.Format.SNAKE)
    act = reverse("admin:rosters_draft_act", args=[draft.pk])
    client.force_login(cast["bruno"])
    move = {"action": "pick", "team": cast["alpha"].pk, "player": star().pk}
    missing = client.post(act, move)
    assert missing.status_code == 400
    assert missing.json() == {"error": "pick_number: give the number of the pick on the clock"}
    assert not DraftPick.objects.exists()
    assert client.post(act, {**move, "pick_number": 0}).json() == {"ok": True}
    stale = client.post(act, {**move, "pick_number": 0})
    assert stale.status_code == 409
    assert stale.json() == {"error": "pick 1 has already been made; pick 2 is on now"}
    assert DraftPick.objects.count() == 1


def test_the_rooms_script_sends_the_pick_number_with_every_move():
    """The room's moves go through ``act``, which always adds the pick number it last saw."""
    room = Path(settings.BASE_DIR, "templates/admin/rosters/draft/room.html").read_text()
    assert "new URLSearchParams({pick_number: state.pick_number, ...fields})" in room
