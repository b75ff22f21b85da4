"""The auction's refusals word for word with the field the API files them under, and the hammer:
what a lot won writes (ledger note, squad place, the move, its audit entry, the queues) and what
happens to a lot its bidder can no longer pay (found by mutation testing: the auction tests
matched the messages in part and never read the rows a lot leaves).

The cast and the pool as in test_draft_auction: Alpha, Beta, Gamma, Delta nominate in turn, 15 BC
for eight places (six field players, two keepers), 20 seconds a lot.
"""

from datetime import timedelta

import pytest
from django.utils import timezone

from audit.models import Entry
from rosters import ledger
from rosters.drafts.moves import clock_expired, draft_start, move_make, queue_set
from rosters.drafts.setup import draft_create
from rosters.drafts.state import BID, DraftError, on_the_clock
from rosters.models import Draft, DraftPick, LedgerEntry, Player, QueuedCard, SquadMember
from tests.conftest import make_league, make_season
from tests.rosters.conftest import card, give

pytestmark = pytest.mark.django_db


@pytest.fixture
def draft(auction):
    return auction


def fresh(draft) -> Draft:
    return Draft.objects.get(pk=draft.pk)


def refusal(draft, user, team, **move) -> tuple[list[str], str | None]:
    with pytest.raises(DraftError) as refused:
        move_make(draft.pk, team_id=team.pk, by=user, **move)
    return refused.value.messages, refused.value.field


def nominate(draft, user, team, name="Card 33", amount=1):
    return move_make(draft.pk, team_id=team.pk, by=user, player_id=card(name).pk, amount=amount)


def hammer(draft):
    Draft.objects.filter(pk=draft.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    clock_expired(draft.pk, fresh(draft).clock_token)


def test_a_nomination_opens_at_one_coin_or_more(draft, cast):
    star = card("Card 33").pk
    for amount in (0, None):
        refused = refusal(draft, cast["bruno"], cast["alpha"], player_id=star, amount=amount)
        assert refused == (["bids are whole BootCoins, from 1"], "player")


def test_a_card_of_another_league_or_one_gone_cannot_be_nominated(draft, cast):
    stranger = Player.objects.create(league=make_league("Far"), name="Stranger", role="field", price=1, attributes={})
    refused = refusal(draft, cast["bruno"], cast["alpha"], player_id=stranger.pk, amount=1)
    assert refused == (["that card is not in this league's pool"], "player")
    nominate(draft, cast["bruno"], cast["alpha"], "Card 01")
    hammer(draft)
    refused = refusal(draft, cast["carla"], cast["beta"], player_id=card("Card 01").pk, amount=1)
    assert refused == (["Card 01 is no longer available"], "player")


def test_one_lot_at_a_time_and_bids_only_on_it(draft, cast):
    refused = refusal(draft, cast["carla"], cast["beta"], kind=BID, amount=2)
    assert refused == (["no card is up for auction: the team on the clock nominates one"], "kind")
    nominate(draft, cast["bruno"], cast["alpha"])
    refused = refusal(draft, cast["bruno"], cast["alpha"], player_id=card("Card 01").pk, amount=1)
    assert refused == (["a card is already up for auction: bid on it"], "kind")
    refused = refusal(draft, cast["bruno"], cast["alpha"], kind=DraftPick.Kind.FINISH)
    assert refused == (["an auction has nominations and bids only"], "kind")


def test_a_bid_must_beat_the_highest_from_another_team(draft, cast):
    nominate(draft, cast["bruno"], cast["alpha"], amount=3)
    assert refusal(draft, cast["bruno"], cast["alpha"], kind=BID, amount=4) == (
        ["your team already holds the highest bid"],
        "team",
    )
    for amount in (3, None):
        assert refusal(draft, cast["carla"], cast["beta"], kind=BID, amount=amount) == (
            ["bid more than 3 BC"],
            "amount",
        )
    move_make(draft.pk, team_id=cast["beta"].pk, by=cast["carla"], kind=BID, amount=4)
    assert fresh(draft).lot == {"player": card("Card 33").pk, "bid": 4, "team": cast["beta"].pk, "by": cast["carla"].pk}


def test_a_bid_must_leave_a_coin_for_each_place_still_to_fill(draft, cast):
    nominate(draft, cast["bruno"], cast["alpha"])
    refused = refusal(draft, cast["carla"], cast["beta"], kind=BID, amount=9)
    assert refused == (["a bid of 9 BC would leave 6 BC for 7 places still to fill (1 BC each)"], "amount")


def test_the_last_place_may_take_every_coin_left_and_no_more(draft, cast):
    # Beta's squad lacks only a keeper (six field players and a keeper kept, not paid for)
    give(draft.season, cast["beta"], "Card 01", "Card 02", "Card 03", "Card 05", "Card 06", "Card 07", "Card 04")
    nominate(draft, cast["bruno"], cast["alpha"], "Card 08")  # a keeper at 1 BC
    move_make(draft.pk, team_id=cast["beta"].pk, by=cast["carla"], kind=BID, amount=15)
    assert fresh(draft).lot["bid"] == 15
    Draft.objects.filter(pk=draft.pk).update(lot={**fresh(draft).lot, "team": cast["alpha"].pk})
    refused = refusal(draft, cast["carla"], cast["beta"], kind=BID, amount=16)
    assert refused == (["a bid of 16 BC is more than the 15 BC the team has"], "amount")


def test_a_lot_won_is_paid_placed_and_logged(draft, cast):
    nominate(draft, cast["bruno"], cast["alpha"], amount=2)
    move_make(draft.pk, team_id=cast["beta"].pk, by=cast["carla"], kind=BID, amount=5)
    hammer(draft)
    paid = LedgerEntry.objects.get(reason=ledger.Reason.AUCTION_WIN)
    assert (paid.team, paid.amount, paid.player) == (cast["beta"], -5, card("Card 33"))
    assert paid.note == f"lot 1 of the {draft.season} auction"
    place = SquadMember.objects.get()
    assert (place.season, place.team, place.player, place.price) == (draft.season, cast["beta"], card("Card 33"), 5)
    won = DraftPick.objects.get()
    assert (won.number, won.made_by, won.auto, won.kind) == (0, cast["carla"], False, "pick")
    entry = Entry.objects.get(action="draft.pick")
    assert (entry.object_id, entry.season_id, entry.actor) == (won.pk, draft.season_id, cast["carla"])
    player = card("Card 33").pk
    assert entry.after == {
        "number": 0,
        "kind": "pick",
        "team": cast["beta"].pk,
        "player": player,
        "price": 5,
        "auto": False,
    }
    after = fresh(draft)
    assert (after.lot, after.pick_number, after.state) == (None, 1, "running")
    assert after.deadline > timezone.now() + timedelta(seconds=15)


def test_a_lot_the_clock_nominated_and_nobody_bid_on_is_automatic(draft, cast):
    hammer(draft)
    hammer(draft)
    won = DraftPick.objects.get()
    assert (won.made_by, won.auto, won.team, won.price) == (None, True, cast["alpha"], 1)


def test_a_card_won_leaves_every_queue_of_that_draft_only(league, draft, cast):
    later = draft_create(make_season(league, ["Alpha", "Beta"], name="2027"))
    queue_set(later.pk, team_id=cast["beta"].pk, player_ids=[card("Card 33").pk], by=cast["carla"])
    queue_set(draft.pk, team_id=cast["beta"].pk, player_ids=[card("Card 33").pk, card("Card 05").pk], by=cast["carla"])
    nominate(draft, cast["bruno"], cast["alpha"])
    hammer(draft)
    queued = QueuedCard.objects.values_list("draft__season__name", "player__name")
    assert sorted(queued) == [("2026", "Card 05"), ("2027", "Card 33")]


def test_a_lot_its_bidder_cannot_pay_goes_back_and_the_nominator_goes_again(draft, cast, caplog):
    nominate(draft, cast["bruno"], cast["alpha"])
    # a lot from before fines were checked against bids: Beta holds a bid it cannot pay
    lot = {"player": card("Card 33").pk, "bid": 16, "team": cast["beta"].pk, "by": cast["carla"].pk}
    Draft.objects.filter(pk=draft.pk).update(lot=lot)
    token = fresh(draft).clock_token
    with caplog.at_level("WARNING", logger="rosters.drafts.auction"):
        hammer(draft)
    after = fresh(draft)
    assert (after.lot, after.pick_number, on_the_clock(after)) == (None, 0, cast["alpha"].pk)
    assert after.clock_token not in ("", token) and after.deadline > timezone.now() + timedelta(seconds=15)
    assert not DraftPick.objects.exists() and not SquadMember.objects.exists()
    assert len(caplog.messages) == 1
    why = "Beta has 15 BC, not enough to pay 16 BC; a balance never goes below 0"
    assert caplog.messages[0] == f"draft {draft.pk}: Card 33 returned to the pool: {why}"


def test_the_auction_ends_when_every_squad_is_full(season, cast, pool):
    names = [f"Card {n:02d}" for n in range(32)]
    teams = list(season.teams.order_by("name"))
    for team, squad in zip(teams, (names[0:8], names[8:16], names[16:24], names[24:31]), strict=True):
        give(season, team, *squad)
    auction = draft_start(draft_create(season, format=Draft.Format.AUCTION, seconds_per_pick=20).pk)
    last = next(t for t in teams if t.pk == on_the_clock(auction))
    assert last == teams[3]
    move_make(auction.pk, team_id=last.pk, by=cast["anna"], player_id=card("Card 31").pk, amount=1)
    hammer(auction)
    after = fresh(auction)
    assert (after.state, after.deadline, after.clock_token, after.lot) == ("done", None, "", None)
