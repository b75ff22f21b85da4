"""The ledger's checks word for word, the coins a team's standing bid in its season's auction
holds back (``standing_bid``, ``check_postings``), and the audit entry of each posting.

The auction's lot is set on the draft row as the auction writes it; each team has the league's
15 BC to start with."""

import pytest

from audit.models import Entry
from rosters import ledger
from rosters.models import Draft, LedgerEntry, Player
from tests.conftest import make_season

Reason = LedgerEntry.Reason
Posting = ledger.Posting
pytestmark = pytest.mark.django_db


@pytest.fixture
def bid(season):
    """Beta holds the highest bid, 5 BC for the Star, in the season's auction."""
    beta = season.teams.get(name="Beta")
    star = Player.objects.create(league=season.league, name="Star", role="field", attributes={})
    Draft.objects.create(
        season=season, format=Draft.Format.AUCTION, lot={"player": star.pk, "bid": 5, "team": beta.pk, "by": None}
    )
    return beta, star


def refusal(season, postings):
    with pytest.raises(ledger.InsufficientFunds) as refused:
        ledger.check_postings(season, postings)
    return refused.value.messages


def test_a_spend_beyond_the_balance_is_refused_word_for_word(season):
    alpha, beta = season.teams.get(name="Alpha"), season.teams.get(name="Beta")
    postings = [
        Posting(beta.pk, -2, Reason.FINE),
        Posting(alpha.pk, -10, Reason.FINE),
        Posting(alpha.pk, -6, Reason.SIGNING),
    ]
    assert refusal(season, postings) == ["Alpha has 15 BC, not enough to pay 16 BC; a balance never goes below 0"]


def test_the_standing_bid_is_the_seasons_auctions_lot(season, bid, league):
    beta, star = bid
    assert ledger.standing_bid(season) == ledger.StandingBid(beta.pk, 5, star.pk)
    other = make_season(league, ["Alpha", "Beta"], name="other")
    assert ledger.standing_bid(other) is None  # no draft
    Draft.objects.create(season=other, format=Draft.Format.AUCTION)
    assert ledger.standing_bid(other) is None  # no lot up


def test_spends_that_would_leave_less_than_the_bid_are_refused_with_each_spend_named(season, bid):
    beta, _ = bid
    postings = [
        Posting(beta.pk, -3, Reason.FINE),
        Posting(beta.pk, 0, Reason.SIGNING),  # a free card: no spend to name
        Posting(beta.pk, -10, Reason.SIGNING),
        Posting(beta.pk, 1, Reason.GRANT),
    ]
    assert refusal(season, postings) == [
        "Beta holds the highest bid in the auction, 5 BC for Star, and has 15 BC: a commissioner fine of 3 BC and"
        " a signing of 10 BC would leave 3 BC, less than its bid. Enter it once the lot is closed."
    ]
    ledger.check_postings(season, [Posting(beta.pk, -10, Reason.FINE)])  # leaves exactly the bid


def test_only_the_bidders_spends_are_held_against_its_bid(season, bid):
    beta, _ = bid
    alpha = season.teams.get(name="Alpha")
    ledger.check_postings(season, [Posting(alpha.pk, -15, Reason.FINE)])  # Alpha holds no bid
    postings = [Posting(alpha.pk, -1, Reason.FINE), Posting(beta.pk, -11, Reason.FINE)]
    assert refusal(season, postings)[0].startswith("Beta holds the highest bid in the auction, 5 BC for Star")


def test_paying_for_the_lot_is_not_held_against_the_bid(season, bid):
    beta, _ = bid
    ledger.post_one(season, beta, -9, Reason.FINE)  # 6 BC left, the bid of 5 covered
    ledger.check_postings(season, [Posting(beta.pk, -5, Reason.AUCTION_WIN)])


def test_each_posting_is_audited_with_its_fields_and_who_entered_it(season, django_user_model):
    alpha = season.teams.get(name="Alpha")
    anna = django_user_model.objects.create_user("anna")
    fine = ledger.post_one(season, alpha, -4, Reason.FINE, note="late kit", by=anna)
    entry = Entry.objects.get(action="ledger.entry", object_id=fine.pk)
    assert (entry.actor, entry.season_id, entry.team_id, entry.before) == (anna, season.id, alpha.id, None)
    assert entry.after == {"amount": -4, "reason": "fine", "player": None, "note": "late kit"}
