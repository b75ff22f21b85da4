"""Auctions: the team on the clock nominates, bids rise in whole BootCoins, the bid clock decides.

The cast and the pool as in the snake tests: 15 BC, eight places (six field, two keepers).
"""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from rosters import ledger
from rosters.drafts.moves import clock_expired, move_make
from rosters.drafts.room import room_state, squad_lines
from rosters.drafts.state import BID, DraftError, on_the_clock, pick_label
from rosters.models import Draft, DraftPick, LedgerEntry, Player, SquadMember

pytestmark = pytest.mark.django_db


@pytest.fixture
def draft(auction):
    return auction


def star():
    return Player.objects.get(name="Card 33")


def nominate(draft, user, team, amount=1):
    return move_make(draft.pk, team_id=team.pk, by=user, player_id=star().pk, amount=amount)


def bid(draft, user, team, amount):
    return move_make(draft.pk, team_id=team.pk, by=user, kind=BID, amount=amount)


def hammer(draft):
    Draft.objects.filter(pk=draft.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    clock_expired(draft.pk, Draft.objects.get(pk=draft.pk).clock_token)


def test_the_highest_bid_when_the_clock_runs_out_wins_and_pays(draft, cast):
    nominate(draft, cast["bruno"], cast["alpha"], 2)
    bid(draft, cast["carla"], cast["beta"], 3)
    with pytest.raises(DraftError, match="bid more than 3 BC"):
        bid(draft, cast["bruno"], cast["alpha"], 3)
    with pytest.raises(DraftError, match="already holds the highest bid"):
        bid(draft, cast["carla"], cast["beta"], 4)
    bid(draft, cast["bruno"], cast["alpha"], 5)
    hammer(draft)
    won = DraftPick.objects.get()
    assert (won.team, won.player, won.price) == (cast["alpha"], star(), 5)
    assert ledger.balance(draft.season, cast["alpha"]) == 10
    assert LedgerEntry.objects.filter(reason="auction_win", amount=-5).exists()
    fresh = Draft.objects.get(pk=draft.pk)
    assert fresh.lot is None and on_the_clock(fresh) == cast["beta"].pk  # Beta nominates next


def test_only_the_team_on_the_clock_nominates(draft, cast):
    with pytest.raises(DraftError, match="it is Alpha's turn, not Beta's"):
        nominate(draft, cast["carla"], cast["beta"])
    with pytest.raises(DraftError, match="no card is up for auction"):
        bid(draft, cast["carla"], cast["beta"], 2)


def test_no_bid_may_leave_less_than_a_coin_for_each_place_still_to_fill(draft, cast):
    nominate(draft, cast["bruno"], cast["alpha"])
    with pytest.raises(DraftError, match="a bid of 9 BC would leave 6 BC for 7 places still to fill"):
        bid(draft, cast["carla"], cast["beta"], 9)
    bid(draft, cast["carla"], cast["beta"], 8)


def test_a_silent_nominator_is_nominated_for_by_the_clock_at_one_coin(draft, cast):
    hammer(draft)  # nomination clock: the dearest card that keeps squads completable, at 1 BC
    lot = Draft.objects.get(pk=draft.pk).lot
    assert lot["team"] == cast["alpha"].pk and lot["bid"] == 1 and Player.objects.get(pk=lot["player"]).price == 4
    hammer(draft)  # nobody bid: Alpha takes it for 1 BC
    assert DraftPick.objects.get().price == 1


def test_autodraft_runs_a_whole_auction(season, pool, capsys):
    call_command("autodraft", str(season.pk), "--format", "auction")
    assert Draft.objects.get(season=season).state == "done"
    assert pick_label(Draft.objects.get(season=season)) == "done after 32 moves"
    for team in season.teams.all():
        roles = sorted(SquadMember.objects.filter(season=season, team=team).values_list("player__role", flat=True))
        assert roles == ["field"] * 6 + ["goalkeeper"] * 2
        assert ledger.balance(season, team) == 15 - 8
    assert LedgerEntry.objects.filter(reason="auction_win").count() == 32


def test_the_room_lists_cards_at_their_price_while_judging_nominations_at_one_coin(draft, cast):
    cards = {c["name"]: c for c in room_state(draft, cast["bruno"])["cards"]}
    assert (cards["Card 33"]["price"], cards["Card 33"]["refusal"]) == (4, "")
    ledger.post_one(draft.season, cast["alpha"], -8, LedgerEntry.Reason.FINE)  # 7 BC for 8 places
    cards = {c["name"]: c for c in room_state(draft, cast["bruno"])["cards"]}
    assert cards["Card 33"]["price"] == 4
    assert cards["Card 33"]["refusal"] == "a bid of 1 BC would leave 6 BC for 7 places still to fill (1 BC each)"


def test_squads_show_the_price_paid_not_the_list_price(client, draft, cast):
    nominate(draft, cast["bruno"], cast["alpha"], 2)
    bid(draft, cast["carla"], cast["beta"], 5)  # Card 33 lists at 4 BC
    hammer(draft)
    state = room_state(Draft.objects.get(pk=draft.pk), cast["carla"])
    assert state["me"]["squad"] == [{**state["me"]["squad"][0], "name": "Card 33", "price": 5}]
    assert squad_lines(Draft.objects.get(pk=draft.pk))[1] == "Beta: 10 BC left; Card 33 (field, 5)"
    board = client.get(f"/seasons/{draft.season_id}/draft/").content.decode()
    assert '<li>Card 33 <span class="meta">field · 5 BC</span></li>' in board
