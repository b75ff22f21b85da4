"""Trades between managers: proposed, answered, approved or vetoed, and checked again when they
execute, under the teams' locks.

The cast of the roster tests: Anna runs the Test League, Bruno manages Alpha, Carla manages
Beta, Dino runs another league. Fütti squads hold 6 field players and 2 goalkeepers (no
reserves); every team starts with 15 BC. Alpha holds 2 keepers and 5 field players (a place
free), Beta 2 keepers and 6 field players (full), Gamma 1 keeper.
"""

import io
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from audit.models import Entry
from rosters import ledger, tasks, trades
from rosters.models import Keeper, LedgerEntry, SquadMember, Trade
from rosters.transfers import TransferError
from tests.rosters.conftest import card, give

pytestmark = pytest.mark.django_db

State = Trade.State


def holder(season, name: str) -> str:
    return SquadMember.objects.get(season=season, player__name=name).team.name


def propose(m, *, offered=(), asked=(), by="bruno", proposer="alpha", receiver="beta", **coins) -> Trade:
    return trades.trade_propose(
        m["season"],
        proposer_id=m[proposer].pk,
        receiver_id=m[receiver].pk,
        offered=[card(n).pk for n in offered],
        asked=[card(n).pk for n in asked],
        by=m[by] if by else None,
        **coins,
    )


def proposal(m, proposer="alpha", receiver="beta", offered=(), asked=(), coins_offered=0, coins_asked=0) -> dict:
    """A proposal as the admin's form and the API take it."""
    return {
        "season": m["season"].pk,
        "proposer": m[proposer].pk,
        "receiver": m[receiver].pk,
        "offered": [card(n).pk for n in offered],
        "asked": [card(n).pk for n in asked],
        "coins_offered": coins_offered,
        "coins_asked": coins_asked,
    }


# --- proposing -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "refusal"),
    [
        ({"offered": ["Card 09"]}, "Card 09 is not in Alpha's squad of Test League 2026"),
        ({"asked": ["Card 01"]}, "Card 01 is not in Beta's squad of Test League 2026"),
        ({"receiver": "alpha", "offered": ["Card 01"]}, "A trade is between two teams"),
        ({}, "Nothing is traded"),
        ({"asked": ["Card 08"], "offered": ["Card 01"]}, "Alpha's squad would hold 4 field, 3 goalkeeper"),
        ({"offered": ["Card 01"]}, "Beta's squad would hold 9 cards; the game allows 8"),
        ({"coins_offered": 16, "asked": ["Card 09"]}, "Alpha has 15 BC, not enough to pay 16 BC"),
        ({"coins_asked": 20, "offered": ["Card 01"], "asked": ["Card 09"]}, "Beta has 15 BC, not enough to pay 20 BC"),
        ({"by": "carla", "asked": ["Card 09"]}, "You may propose trades for your own team only, not for Alpha"),
        ({"by": "dino", "asked": ["Card 09"]}, "You may propose trades for your own team only"),
        ({"offered": ["Card 01", "Card 01"]}, "A card is named twice"),
    ],
)
def test_a_proposal_is_refused_with_the_reason(trading, kwargs, refusal):
    with pytest.raises(TransferError, match=refusal):
        propose(trading, **kwargs)
    assert not Trade.objects.exists()


def test_outside_a_window_nothing_is_proposed(trading, trade_window):
    trade_window.closes_at = timezone.now() - timedelta(minutes=1)
    trade_window.save()
    with pytest.raises(TransferError, match="No transfer window of Test League 2026 is open"):
        propose(trading, asked=["Card 09"])


def test_the_commissioner_proposes_for_any_team_and_the_proposal_is_audited(trading):
    trade = propose(trading, by="anna", proposer="beta", receiver="alpha", offered=["Card 09"], coins_asked=2)
    assert (trade.proposer.name, trade.receiver.name, trade.proposed_by) == ("Beta", "Alpha", trading["anna"])
    assert [(c.player.name, c.from_team.name) for c in trade.cards.all()] == [("Card 09", "Beta")]
    entry = Entry.objects.get(action="trade.proposed")
    assert (entry.actor, entry.team_id, entry.opponent_id) == (trading["anna"], trading["beta"].pk, trading["alpha"].pk)


# --- answering and executing at once --------------------------------------------------------


def test_an_accepted_trade_executes_at_once_cards_and_coins_move_through_the_ledger(trading):
    season, alpha, beta = trading["season"], trading["alpha"], trading["beta"]
    trade = propose(trading, offered=["Card 01"], asked=["Card 33", "Card 09"], coins_offered=3)
    done = trades.trade_accept(trade.pk, by=trading["carla"])
    assert (done.state, done.decided_by, done.reason) == (State.EXECUTED, trading["carla"], "")
    assert done.closed_at is not None
    assert (holder(season, "Card 01"), holder(season, "Card 33"), holder(season, "Card 09")) == (
        "Beta",
        "Alpha",
        "Alpha",
    )
    assert SquadMember.objects.get(season=season, player__name="Card 33").price == 4  # the price Beta paid stays
    assert (ledger.balance(season, alpha), ledger.balance(season, beta)) == (12, 18)
    entries = LedgerEntry.objects.filter(reason__in=["trade_in", "trade_out"]).order_by("id")
    rows = {(e.team.name, e.reason, e.amount, e.player.name if e.player else None) for e in entries}
    assert rows == {
        ("Alpha", "trade_out", -3, None),
        ("Beta", "trade_in", 3, None),
        ("Alpha", "trade_out", 0, "Card 01"),
        ("Beta", "trade_in", 0, "Card 01"),
        ("Beta", "trade_out", 0, "Card 33"),
        ("Alpha", "trade_in", 0, "Card 33"),
        ("Beta", "trade_out", 0, "Card 09"),
        ("Alpha", "trade_in", 0, "Card 09"),
    }
    assert all(e.note == f"trade #{trade.pk}: Alpha and Beta" for e in entries)
    actions = set(Entry.objects.filter(action__startswith="trade.").values_list("action", flat=True))
    assert actions == {"trade.proposed", "trade.accepted", "trade.executed"}
    executed = Entry.objects.get(action="trade.executed")
    assert executed.after["state"] == "executed" and executed.actor == trading["carla"]
    assert [card(n).pk for n in ("Card 01", "Card 33", "Card 09")] == [c[0] for c in executed.after["cards"]]


def test_accepting_twice_executes_once_and_the_second_hears_why(trading):
    trade = propose(trading, asked=["Card 09"], coins_offered=1)
    trades.trade_accept(trade.pk, by=trading["carla"])
    with pytest.raises(TransferError, match=f"Trade #{trade.pk} is executed; it can be accepted only while proposed"):
        trades.trade_accept(trade.pk, by=trading["carla"])
    assert trades.trade_execute(trade.pk).state == State.EXECUTED  # a late task changes nothing
    assert LedgerEntry.objects.filter(reason="trade_in", player=None).count() == 1
    assert ledger.balance(trading["season"], trading["alpha"]) == 14


def test_only_the_receiver_answers_and_only_the_proposer_withdraws(trading):
    trade = propose(trading, asked=["Card 09"])
    for answer in (trades.trade_accept, trades.trade_decline):
        with pytest.raises(TransferError, match="Only Beta.s manager or a commissioner of Test League may"):
            answer(trade.pk, by=trading["bruno"])
    with pytest.raises(TransferError, match="Only Alpha.s manager or a commissioner of Test League may withdraw"):
        trades.trade_withdraw(trade.pk, by=trading["carla"])
    with pytest.raises(TransferError, match="Only Beta.s manager or a commissioner of Test League may accept"):
        trades.trade_accept(trade.pk, by=trading["dino"])
    assert trades.trade_actions(trade, trading["bruno"]) == ["withdraw"]
    assert trades.trade_actions(trade, trading["carla"]) == ["accept", "decline"]
    assert trades.trade_withdraw(trade.pk, by=trading["bruno"]).state == State.WITHDRAWN
    with pytest.raises(TransferError, match="is withdrawn; it can be declined only while proposed"):
        trades.trade_decline(trade.pk, by=trading["carla"])
    assert holder(trading["season"], "Card 09") == "Beta"


def test_a_declined_trade_keeps_its_reason(trading):
    trade = propose(trading, asked=["Card 09"])
    done = trades.trade_decline(trade.pk, by=trading["carla"], reason="not for sale")
    assert (done.state, done.reason, done.decided_by) == (State.DECLINED, "not for sale", trading["carla"])


# --- approval and veto -------------------------------------------------------------------------


def test_with_approval_an_accepted_trade_waits_for_the_commissioner(trading, league, executions):
    league.trades_need_approval = True
    league.save()
    trade = propose(trading, offered=["Card 01"], asked=["Card 09"])
    waiting = trades.trade_accept(trade.pk, by=trading["carla"])
    assert (waiting.state, waiting.executes_at) == (State.ACCEPTED, None)
    assert executions == []
    call_command("execute_trades", stdout=io.StringIO())
    assert holder(trading["season"], "Card 01") == "Alpha"
    assert trades.trade_actions(waiting, trading["anna"]) == ["approve", "veto"]
    with pytest.raises(TransferError, match="Only a commissioner of Test League who manages neither team may approve"):
        trades.trade_approve(trade.pk, by=trading["bruno"])
    with pytest.raises(TransferError, match="Only a commissioner of Test League who manages neither team may approve"):
        trades.trade_approve(trade.pk, by=trading["dino"])
    done = trades.trade_approve(trade.pk, by=trading["anna"])
    assert (done.state, done.decided_by) == (State.EXECUTED, trading["anna"])
    assert holder(trading["season"], "Card 01") == "Beta"
    assert "trade.approved" in Entry.objects.values_list("action", flat=True)


def test_the_commissioner_vetoes_a_trade_waiting_for_approval(trading, league):
    league.trades_need_approval = True
    league.save()
    trade = propose(trading, asked=["Card 09"])
    trades.trade_accept(trade.pk, by=trading["carla"])
    with pytest.raises(TransferError, match="Only a commissioner of Test League who manages neither team may veto"):
        trades.trade_veto(trade.pk, by=trading["carla"])
    done = trades.trade_veto(trade.pk, by=trading["anna"], reason="collusion")
    assert (done.state, done.reason) == (State.VETOED, "collusion")
    with pytest.raises(TransferError, match=r"is vetoed \(collusion\); it can be approved only while accepted"):
        trades.trade_approve(trade.pk, by=trading["anna"])
    assert holder(trading["season"], "Card 09") == "Beta"


def test_with_a_veto_period_the_trade_executes_at_its_end(
    trading, league, executions, django_capture_on_commit_callbacks
):
    league.trade_veto_hours = 24
    league.save()
    trade = propose(trading, asked=["Card 09"], coins_offered=2)
    with django_capture_on_commit_callbacks(execute=True):
        waiting = trades.trade_accept(trade.pk, by=trading["carla"])
    assert waiting.state == State.ACCEPTED
    assert abs(waiting.executes_at - (waiting.accepted_at + timedelta(hours=24))) < timedelta(seconds=1)
    assert executions == [((trade.pk,), waiting.executes_at)]
    assert trades.trade_execute(trade.pk).state == State.ACCEPTED  # too early: unchanged
    with pytest.raises(TransferError, match="needs no approval"):
        trades.trade_approve(trade.pk, by=trading["anna"])
    Trade.objects.filter(pk=trade.pk).update(executes_at=timezone.now() - timedelta(seconds=1))
    with pytest.raises(TransferError, match="veto period of trade .* ended"):
        trades.trade_veto(trade.pk, by=trading["anna"])
    tasks.trade_execute(trade.pk)
    tasks.trade_execute(trade.pk)  # delivered twice
    assert Trade.objects.get(pk=trade.pk).state == State.EXECUTED
    assert LedgerEntry.objects.filter(reason="trade_out", player=None).count() == 1
    assert ledger.balance(trading["season"], trading["alpha"]) == 13


def test_a_veto_within_the_period_stops_the_trade(trading, league, executions):
    league.trade_veto_hours = 2
    league.save()
    trade = propose(trading, asked=["Card 09"])
    trades.trade_accept(trade.pk, by=trading["carla"])
    assert trades.trade_actions(Trade.objects.get(pk=trade.pk), trading["anna"]) == ["veto"]
    assert trades.trade_veto(trade.pk, by=trading["anna"]).state == State.VETOED
    Trade.objects.filter(pk=trade.pk).update(executes_at=timezone.now() - timedelta(seconds=1))
    tasks.trade_execute(trade.pk)
    assert Trade.objects.get(pk=trade.pk).state == State.VETOED
    assert holder(trading["season"], "Card 09") == "Beta"


def test_the_command_executes_every_due_trade_and_refuses_those_become_illegal(trading, league, executions, capsys):
    league.trade_veto_hours = 1
    league.save()
    first = propose(trading, asked=["Card 09"], coins_offered=10)
    second = propose(trading, offered=["Card 01"], asked=["Card 10"], coins_offered=10)
    later = propose(trading, asked=["Card 11"])
    for trade in (first, second, later):
        trades.trade_accept(trade.pk, by=trading["carla"])
    Trade.objects.filter(pk__in=[first.pk, second.pk]).update(executes_at=timezone.now() - timedelta(minutes=1))
    call_command("execute_trades")
    out = capsys.readouterr().out
    assert f"trade #{first.pk} Alpha - Beta: executed" in out
    assert f"trade #{second.pk} Alpha - Beta: refused (Alpha has 5 BC, not enough to pay 10 BC" in out
    assert "2 trade(s) due." in out
    assert Trade.objects.get(pk=later.pk).state == State.ACCEPTED
    call_command("execute_trades")  # again: nothing more
    assert "0 trade(s) due." in capsys.readouterr().out
    assert ledger.balance(trading["season"], trading["alpha"]) == 5


# --- a trade that became illegal --------------------------------------------------------------


def test_a_trade_whose_card_went_elsewhere_is_refused_with_the_reason(trading):
    to_beta = propose(trading, offered=["Card 01"], asked=["Card 09"])
    to_gamma = propose(trading, offered=["Card 01"], receiver="gamma")
    trades.trade_accept(to_beta.pk, by=trading["carla"])
    refused = trades.trade_accept(to_gamma.pk, by=trading["anna"])
    assert refused.state == State.REFUSED
    assert refused.reason == "Card 01 is no longer in Alpha's squad of Test League 2026."
    assert holder(trading["season"], "Card 01") == "Beta"
    assert Entry.objects.filter(action="trade.refused", object_id=to_gamma.pk).exists()


def test_a_trade_a_fine_made_unaffordable_is_refused(trading):
    trade = propose(trading, asked=["Card 09"], coins_offered=5)
    ledger.post_one(trading["season"], trading["alpha"], -12, "fine", note="late sheet")
    refused = trades.trade_accept(trade.pk, by=trading["carla"])
    assert refused.state == State.REFUSED
    assert refused.reason.startswith("Alpha has 3 BC, not enough to pay 5 BC")
    assert holder(trading["season"], "Card 09") == "Beta"
    assert ledger.balance(trading["season"], trading["alpha"]) == 3


def test_a_trade_a_squad_no_longer_fits_is_refused(trading):
    trade = propose(trading, asked=["Card 09"])  # Alpha has a field place free
    give(trading["season"], trading["alpha"], "Card 07")  # signed since
    refused = trades.trade_accept(trade.pk, by=trading["carla"])
    assert (refused.state, refused.reason) == (State.REFUSED, "Alpha's squad would hold 9 cards; the game allows 8.")


def test_a_trade_whose_window_closed_during_the_veto_period_is_refused(trading, league, trade_window, executions):
    league.trade_veto_hours = 1
    league.save()
    trade = propose(trading, asked=["Card 09"])
    trades.trade_accept(trade.pk, by=trading["carla"])
    trade_window.closes_at = timezone.now() - timedelta(seconds=1)
    trade_window.save()
    Trade.objects.filter(pk=trade.pk).update(executes_at=timezone.now() - timedelta(seconds=1))
    refused = trades.trade_execute(trade.pk)
    assert refused.state == State.REFUSED
    assert refused.reason.startswith("No transfer window of Test League 2026 is open")


def test_an_illegal_trade_accepted_into_a_veto_period_is_refused_at_once(trading, league, executions):
    league.trade_veto_hours = 1
    league.save()
    trade = propose(trading, asked=["Card 09"], coins_offered=5)
    ledger.post_one(trading["season"], trading["alpha"], -12, "fine")
    assert trades.trade_accept(trade.pk, by=trading["carla"]).state == State.REFUSED
    assert executions == []


def test_every_teams_ledger_sums_to_its_balance_and_no_coin_is_made_by_trades(trading):
    season = trading["season"]
    teams = list(season.teams.all())
    before = sum(ledger.balances(season, [t.pk for t in teams]).values())
    for kwargs in (
        {"asked": ["Card 09"], "coins_offered": 4},
        {"offered": ["Card 09"], "asked": ["Card 10"], "coins_asked": 6},
        {"offered": ["Card 02"], "receiver": "gamma", "coins_asked": 1},
    ):
        trade = propose(trading, **kwargs)
        assert trades.trade_accept(trade.pk, by=trading["anna"]).state == State.EXECUTED
    after = ledger.balances(season, [t.pk for t in teams])
    assert sum(after.values()) == before
    for team in teams:
        entries = LedgerEntry.objects.filter(season=season, team=team)
        assert sum(e.amount for e in entries) == after[team.pk] >= 0
    assert (after[trading["alpha"].pk], after[trading["beta"].pk]) == (18, 13)


def test_a_card_kept_by_the_team_that_trades_it_away_is_no_longer_its_keeper(trading):
    season, alpha = trading["season"], trading["alpha"]
    kept = SquadMember.objects.get(season=season, team=alpha, player__name="Card 01").player
    Keeper.objects.create(season=season, team=alpha, player=kept)
    trade = propose(trading, offered=["Card 01"], asked=["Card 09"])
    assert trades.trade_accept(trade.pk, by=trading["carla"]).state == State.EXECUTED
    assert not Keeper.objects.filter(season=season, player=kept).exists()  # the rollover would refuse it


def test_a_card_gone_between_the_check_and_the_move_refuses_the_trade_and_moves_nothing(trading, monkeypatch):
    season = trading["season"]
    trade = propose(trading, offered=["Card 01"], asked=["Card 09"])
    monkeypatch.setattr(trades, "trade_problem", lambda *args, **kwargs: "")  # the check saw it still there
    SquadMember.objects.filter(season=season, player__name="Card 09").delete()  # gone without a team lock
    refused = trades.trade_accept(trade.pk, by=trading["carla"])
    assert (refused.state, refused.reason) == (State.REFUSED, f"Card 09 is no longer in Beta's squad of {season}.")
    assert holder(season, "Card 01") == "Alpha" and not LedgerEntry.objects.filter(reason="trade_in").exists()


def test_a_commissioner_who_manages_a_side_neither_answers_for_the_other_nor_judges(trading, league):
    """Anna runs the league and manages Alpha: she may not accept Alpha's offer on Beta's behalf,
    nor approve or veto it; another commissioner may."""
    league.trades_need_approval = True
    league.save()
    trading["alpha"].manager = trading["anna"]
    trading["alpha"].save()
    trade = propose(trading, offered=["Card 01"], asked=["Card 09"], by="anna")
    with pytest.raises(trades.TradeForbidden, match="Only Beta's manager or a commissioner of Test League may accept"):
        trades.trade_accept(trade.pk, by=trading["anna"])
    assert trades.trade_actions(trade, trading["anna"]) == ["withdraw"]
    trades.trade_accept(trade.pk, by=trading["carla"])
    with pytest.raises(trades.TradeForbidden, match="who manages neither team may approve"):
        trades.trade_approve(trade.pk, by=trading["anna"])
    other = trading["dino"]
    league.commissioners.add(other)
    assert trades.trade_approve(trade.pk, by=other).state == State.EXECUTED
