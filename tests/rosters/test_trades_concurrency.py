"""Trades racing each other and the ledger on real concurrent connections: exactly one wins, the
others hear why, no balance goes below zero.

Run these on PostgreSQL (CI does): each thread has its own connection, so the locks on the trade's
row and on both teams' rows are what keep the moves apart. On SQLite they pass too, since its
write lock is taken at the start of every transaction (``transaction_mode``).
"""

import pytest

from rosters import free_agents, ledger, trades
from rosters.models import LedgerEntry, SquadMember, Trade
from tests.conftest import race
from tests.rosters.test_trades import holder, propose

pytestmark = pytest.mark.django_db(transaction=True)

State = Trade.State


def test_the_same_trade_accepted_many_times_at_once_executes_once(trading):
    trade = propose(trading, offered=["Card 01"], asked=["Card 09"], coins_offered=3)
    results = race(
        *[lambda: trades.trade_accept(trade.pk, by=trading["carla"]) for _ in range(3)],
        lambda: trades.trade_accept(trade.pk, by=trading["anna"]),
    )
    executed = [r for r in results if isinstance(r, Trade)]
    assert len(executed) == 1 and executed[0].state == State.EXECUTED
    refused = [r for r in results if isinstance(r, str)]
    assert refused == [f"Trade #{trade.pk} is executed; it can be accepted only while proposed."] * 3
    assert LedgerEntry.objects.filter(reason="trade_out", player=None).count() == 1
    assert ledger.balance(trading["season"], trading["alpha"]) == 12
    assert (holder(trading["season"], "Card 01"), holder(trading["season"], "Card 09")) == ("Beta", "Alpha")


def test_two_trades_of_the_same_card_accepted_at_once_one_executes_the_other_is_refused(trading):
    """Alpha offers Card 01 to Beta and to Gamma; both accept at the same moment."""
    to_beta = propose(trading, offered=["Card 01"], asked=["Card 09"])
    to_gamma = propose(trading, offered=["Card 01"], receiver="gamma", coins_asked=1)
    results = race(
        lambda: trades.trade_accept(to_beta.pk, by=trading["carla"]),
        lambda: trades.trade_accept(to_gamma.pk, by=trading["anna"]),
    )
    states = sorted(r.state for r in results)
    assert states == [State.EXECUTED, State.REFUSED], results
    loser = next(r for r in results if r.state == State.REFUSED)
    assert loser.reason == "Card 01 is no longer in Alpha's squad of Test League 2026."
    winner = next(r for r in results if r.state == State.EXECUTED)
    assert holder(trading["season"], "Card 01") == winner.receiver.name
    assert SquadMember.objects.filter(season=trading["season"], player__name="Card 01").count() == 1
    assert LedgerEntry.objects.filter(player__name="Card 01", reason="trade_in").count() == 1


def test_a_trade_racing_a_fine_never_leaves_a_balance_below_zero(trading):
    """Alpha pays 10 BC in the trade and is fined 10 BC at the same moment: it has 15."""
    season, alpha = trading["season"], trading["alpha"]
    trade = propose(trading, asked=["Card 09"], coins_offered=10)
    results = race(
        lambda: trades.trade_accept(trade.pk, by=trading["carla"]),
        lambda: ledger.post_one(season, alpha, -10, "fine", note="late sheet"),
    )
    accepted, fine = results
    if accepted.state == State.EXECUTED:  # the trade went first: the fine is refused
        assert fine.startswith("Alpha has 5 BC, not enough to pay 10 BC")
        assert holder(season, "Card 09") == "Alpha"
    else:  # the fine went first: the trade is refused with the reason
        assert isinstance(fine, LedgerEntry)
        assert accepted.state == State.REFUSED
        assert accepted.reason.startswith("Alpha has 5 BC, not enough to pay 10 BC")
        assert holder(season, "Card 09") == "Beta"
    assert ledger.balance(season, alpha) == 5


def test_a_trade_and_a_release_of_the_same_card_at_once_one_wins(trading):
    """Beta accepts Card 01 from Alpha while Alpha's manager releases Card 01: the team's row
    lock keeps them apart, and the card ends with exactly one owner (or none), never two."""
    season, alpha = trading["season"], trading["alpha"]
    card = SquadMember.objects.get(season=season, team=alpha, player__name="Card 01").player
    trade = propose(trading, offered=["Card 01"], asked=["Card 09"])
    accepted, released = race(
        lambda: trades.trade_accept(trade.pk, by=trading["carla"]),
        lambda: free_agents.release(season.pk, team_id=alpha.pk, player_id=card.pk, by=trading["bruno"]),
    )
    if accepted.state == State.EXECUTED:  # the trade first: the card is Beta's, Alpha cannot release it
        assert released == "Card 01 is not in Alpha's squad of Test League 2026."
        assert holder(season, "Card 01") == "Beta"
    else:  # the release first: the trade is refused with the reason
        assert isinstance(released, int)
        assert accepted.reason == "Card 01 is no longer in Alpha's squad of Test League 2026."
        assert not SquadMember.objects.filter(season=season, player=card).exists()
    assert SquadMember.objects.filter(season=season, player=card).count() <= 1
    for team in (alpha, trading["beta"]):  # every team's ledger sums to its balance
        entries = LedgerEntry.objects.filter(season=season, team=team)
        assert sum(entries.values_list("amount", flat=True)) == ledger.balance(season, team)
