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
from rosters.models import LedgerEntry, Player, SquadMember, Trade, TransferWindow
from rosters.transfers import TransferError

pytestmark = pytest.mark.django_db

State = Trade.State


def card(name: str) -> Player:
    return Player.objects.get(name=name)


def give(season, team, *names: str) -> None:
    for name in names:
        player = card(name)
        SquadMember.objects.create(season=season, team=team, player=player, price=player.price)


def holder(season, name: str) -> str:
    return SquadMember.objects.get(season=season, player__name=name).team.name


@pytest.fixture
def scheduled(monkeypatch):
    """The execution tasks queued at the end of a veto period, recorded instead of sent."""
    queued = []
    monkeypatch.setattr(trades, "schedule_execution", lambda args, eta: queued.append((args, eta)))
    return queued


@pytest.fixture
def window(season):
    now = timezone.now()
    return TransferWindow.objects.create(
        season=season,
        opens_at=now - timedelta(hours=1),
        claims_deadline=now - timedelta(hours=1),
        closes_at=now + timedelta(days=2),
    )


@pytest.fixture
def market(season, cast, pool, window, scheduled):
    """Alpha: keepers Card 00 and 04, field Card 01 02 03 05 06 (a field place free); Beta: keepers
    Card 08 and 12, field Card 09 10 11 13 14 and the star Card 33 (4 BC); Gamma: Card 16 and 17."""
    ledger.open_accounts(season)
    give(season, cast["alpha"], "Card 00", "Card 04", "Card 01", "Card 02", "Card 03", "Card 05", "Card 06")
    give(season, cast["beta"], "Card 08", "Card 12", "Card 09", "Card 10", "Card 11", "Card 13", "Card 14", "Card 33")
    gamma = season.teams.get(name="Gamma")
    give(season, gamma, "Card 16", "Card 17")
    return {**cast, "gamma": gamma, "season": season}


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
def test_a_proposal_is_refused_with_the_reason(market, kwargs, refusal):
    with pytest.raises(TransferError, match=refusal):
        propose(market, **kwargs)
    assert not Trade.objects.exists()


def test_outside_a_window_nothing_is_proposed(market, window):
    window.closes_at = timezone.now() - timedelta(minutes=1)
    window.save()
    with pytest.raises(TransferError, match="No transfer window of Test League 2026 is open"):
        propose(market, asked=["Card 09"])


def test_the_commissioner_proposes_for_any_team_and_the_proposal_is_audited(market):
    trade = propose(market, by="anna", proposer="beta", receiver="alpha", offered=["Card 09"], coins_asked=2)
    assert (trade.proposer.name, trade.receiver.name, trade.proposed_by) == ("Beta", "Alpha", market["anna"])
    assert [(c.player.name, c.from_team.name) for c in trade.cards.all()] == [("Card 09", "Beta")]
    entry = Entry.objects.get(action="trade.proposed")
    assert (entry.actor, entry.team_id, entry.opponent_id) == (market["anna"], market["beta"].pk, market["alpha"].pk)


# --- answering and executing at once --------------------------------------------------------


def test_an_accepted_trade_executes_at_once_cards_and_coins_move_through_the_ledger(market):
    season, alpha, beta = market["season"], market["alpha"], market["beta"]
    trade = propose(market, offered=["Card 01"], asked=["Card 33", "Card 09"], coins_offered=3)
    done = trades.trade_accept(trade.pk, by=market["carla"])
    assert (done.state, done.decided_by, done.reason) == (State.EXECUTED, market["carla"], "")
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
    assert executed.after["state"] == "executed" and executed.actor == market["carla"]
    assert [card(n).pk for n in ("Card 01", "Card 33", "Card 09")] == [c[0] for c in executed.after["cards"]]


def test_accepting_twice_executes_once_and_the_second_hears_why(market):
    trade = propose(market, asked=["Card 09"], coins_offered=1)
    trades.trade_accept(trade.pk, by=market["carla"])
    with pytest.raises(TransferError, match=f"Trade #{trade.pk} is executed; it can be accepted only while proposed"):
        trades.trade_accept(trade.pk, by=market["carla"])
    assert trades.trade_execute(trade.pk).state == State.EXECUTED  # a late task changes nothing
    assert LedgerEntry.objects.filter(reason="trade_in", player=None).count() == 1
    assert ledger.balance(market["season"], market["alpha"]) == 14


def test_only_the_receiver_answers_and_only_the_proposer_withdraws(market):
    trade = propose(market, asked=["Card 09"])
    for answer in (trades.trade_accept, trades.trade_decline):
        with pytest.raises(TransferError, match="Only Beta's manager may"):
            answer(trade.pk, by=market["bruno"])
    with pytest.raises(TransferError, match="Only Alpha's manager may withdraw"):
        trades.trade_withdraw(trade.pk, by=market["carla"])
    with pytest.raises(TransferError, match="Only Beta's manager may accept"):
        trades.trade_accept(trade.pk, by=market["dino"])
    assert trades.trade_actions(trade, market["bruno"]) == ["withdraw"]
    assert trades.trade_actions(trade, market["carla"]) == ["accept", "decline"]
    assert trades.trade_withdraw(trade.pk, by=market["bruno"]).state == State.WITHDRAWN
    with pytest.raises(TransferError, match="is withdrawn; it can be declined only while proposed"):
        trades.trade_decline(trade.pk, by=market["carla"])
    assert holder(market["season"], "Card 09") == "Beta"


def test_a_declined_trade_keeps_its_reason(market):
    trade = propose(market, asked=["Card 09"])
    done = trades.trade_decline(trade.pk, by=market["carla"], reason="not for sale")
    assert (done.state, done.reason, done.decided_by) == (State.DECLINED, "not for sale", market["carla"])


# --- approval and veto -------------------------------------------------------------------------


def test_with_approval_an_accepted_trade_waits_for_the_commissioner(market, league, scheduled):
    league.trades_need_approval = True
    league.save()
    trade = propose(market, offered=["Card 01"], asked=["Card 09"])
    waiting = trades.trade_accept(trade.pk, by=market["carla"])
    assert (waiting.state, waiting.executes_at) == (State.ACCEPTED, None)
    assert scheduled == []
    call_command("execute_trades", stdout=io.StringIO())
    assert holder(market["season"], "Card 01") == "Alpha"
    assert trades.trade_actions(waiting, market["anna"]) == ["approve", "veto"]
    with pytest.raises(TransferError, match="Only a commissioner of Test League may approve"):
        trades.trade_approve(trade.pk, by=market["bruno"])
    with pytest.raises(TransferError, match="Only a commissioner of Test League may approve"):
        trades.trade_approve(trade.pk, by=market["dino"])
    done = trades.trade_approve(trade.pk, by=market["anna"])
    assert (done.state, done.decided_by) == (State.EXECUTED, market["anna"])
    assert holder(market["season"], "Card 01") == "Beta"
    assert "trade.approved" in Entry.objects.values_list("action", flat=True)


def test_the_commissioner_vetoes_a_trade_waiting_for_approval(market, league):
    league.trades_need_approval = True
    league.save()
    trade = propose(market, asked=["Card 09"])
    trades.trade_accept(trade.pk, by=market["carla"])
    with pytest.raises(TransferError, match="Only a commissioner of Test League may veto"):
        trades.trade_veto(trade.pk, by=market["carla"])
    done = trades.trade_veto(trade.pk, by=market["anna"], reason="collusion")
    assert (done.state, done.reason) == (State.VETOED, "collusion")
    with pytest.raises(TransferError, match=r"is vetoed \(collusion\); it can be approved only while accepted"):
        trades.trade_approve(trade.pk, by=market["anna"])
    assert holder(market["season"], "Card 09") == "Beta"


def test_with_a_veto_period_the_trade_executes_at_its_end(
    market, league, scheduled, django_capture_on_commit_callbacks
):
    league.trade_veto_hours = 24
    league.save()
    trade = propose(market, asked=["Card 09"], coins_offered=2)
    with django_capture_on_commit_callbacks(execute=True):
        waiting = trades.trade_accept(trade.pk, by=market["carla"])
    assert waiting.state == State.ACCEPTED
    assert abs(waiting.executes_at - (waiting.accepted_at + timedelta(hours=24))) < timedelta(seconds=1)
    assert scheduled == [((trade.pk,), waiting.executes_at)]
    assert trades.trade_execute(trade.pk).state == State.ACCEPTED  # too early: unchanged
    with pytest.raises(TransferError, match="needs no approval"):
        trades.trade_approve(trade.pk, by=market["anna"])
    Trade.objects.filter(pk=trade.pk).update(executes_at=timezone.now() - timedelta(seconds=1))
    with pytest.raises(TransferError, match="veto period of trade .* ended"):
        trades.trade_veto(trade.pk, by=market["anna"])
    tasks.trade_execute(trade.pk)
    tasks.trade_execute(trade.pk)  # delivered twice
    assert Trade.objects.get(pk=trade.pk).state == State.EXECUTED
    assert LedgerEntry.objects.filter(reason="trade_out", player=None).count() == 1
    assert ledger.balance(market["season"], market["alpha"]) == 13


def test_a_veto_within_the_period_stops_the_trade(market, league, scheduled):
    league.trade_veto_hours = 2
    league.save()
    trade = propose(market, asked=["Card 09"])
    trades.trade_accept(trade.pk, by=market["carla"])
    assert trades.trade_actions(Trade.objects.get(pk=trade.pk), market["anna"]) == ["veto"]
    assert trades.trade_veto(trade.pk, by=market["anna"]).state == State.VETOED
    Trade.objects.filter(pk=trade.pk).update(executes_at=timezone.now() - timedelta(seconds=1))
    tasks.trade_execute(trade.pk)
    assert Trade.objects.get(pk=trade.pk).state == State.VETOED
    assert holder(market["season"], "Card 09") == "Beta"


def test_the_command_executes_every_due_trade_and_refuses_those_become_illegal(market, league, scheduled, capsys):
    league.trade_veto_hours = 1
    league.save()
    first = propose(market, asked=["Card 09"], coins_offered=10)
    second = propose(market, offered=["Card 01"], asked=["Card 10"], coins_offered=10)
    later = propose(market, asked=["Card 11"])
    for trade in (first, second, later):
        trades.trade_accept(trade.pk, by=market["carla"])
    Trade.objects.filter(pk__in=[first.pk, second.pk]).update(executes_at=timezone.now() - timedelta(minutes=1))
    call_command("execute_trades")
    out = capsys.readouterr().out
    assert f"trade #{first.pk} Alpha - Beta: executed" in out
    assert f"trade #{second.pk} Alpha - Beta: refused (Alpha has 5 BC, not enough to pay 10 BC" in out
    assert "2 trade(s) due." in out
    assert Trade.objects.get(pk=later.pk).state == State.ACCEPTED
    call_command("execute_trades")  # again: nothing more
    assert "0 trade(s) due." in capsys.readouterr().out
    assert ledger.balance(market["season"], market["alpha"]) == 5


# --- a trade that became illegal --------------------------------------------------------------


def test_a_trade_whose_card_went_elsewhere_is_refused_with_the_reason(market):
    to_beta = propose(market, offered=["Card 01"], asked=["Card 09"])
    to_gamma = propose(market, offered=["Card 01"], receiver="gamma")
    trades.trade_accept(to_beta.pk, by=market["carla"])
    refused = trades.trade_accept(to_gamma.pk, by=market["anna"])
    assert refused.state == State.REFUSED
    assert refused.reason == "Card 01 is no longer in Alpha's squad of Test League 2026."
    assert holder(market["season"], "Card 01") == "Beta"
    assert Entry.objects.filter(action="trade.refused", object_id=to_gamma.pk).exists()


def test_a_trade_a_fine_made_unaffordable_is_refused(market):
    trade = propose(market, asked=["Card 09"], coins_offered=5)
    ledger.post_one(market["season"], market["alpha"], -12, "fine", note="late sheet")
    refused = trades.trade_accept(trade.pk, by=market["carla"])
    assert refused.state == State.REFUSED
    assert refused.reason.startswith("Alpha has 3 BC, not enough to pay 5 BC")
    assert holder(market["season"], "Card 09") == "Beta"
    assert ledger.balance(market["season"], market["alpha"]) == 3


def test_a_trade_a_squad_no_longer_fits_is_refused(market):
    trade = propose(market, asked=["Card 09"])  # Alpha has a field place free
    give(market["season"], market["alpha"], "Card 07")  # signed since
    refused = trades.trade_accept(trade.pk, by=market["carla"])
    assert (refused.state, refused.reason) == (State.REFUSED, "Alpha's squad would hold 9 cards; the game allows 8.")


def test_a_trade_whose_window_closed_during_the_veto_period_is_refused(market, league, window, scheduled):
    league.trade_veto_hours = 1
    league.save()
    trade = propose(market, asked=["Card 09"])
    trades.trade_accept(trade.pk, by=market["carla"])
    window.closes_at = timezone.now() - timedelta(seconds=1)
    window.save()
    Trade.objects.filter(pk=trade.pk).update(executes_at=timezone.now() - timedelta(seconds=1))
    refused = trades.trade_execute(trade.pk)
    assert refused.state == State.REFUSED
    assert refused.reason.startswith("No transfer window of Test League 2026 is open")


def test_an_illegal_trade_accepted_into_a_veto_period_is_refused_at_once(market, league, scheduled):
    league.trade_veto_hours = 1
    league.save()
    trade = propose(market, asked=["Card 09"], coins_offered=5)
    ledger.post_one(market["season"], market["alpha"], -12, "fine")
    assert trades.trade_accept(trade.pk, by=market["carla"]).state == State.REFUSED
    assert scheduled == []


def test_every_teams_ledger_sums_to_its_balance_and_no_coin_is_made_by_trades(market):
    season = market["season"]
    teams = list(season.teams.all())
    before = sum(ledger.balances(season, [t.pk for t in teams]).values())
    for kwargs in (
        {"asked": ["Card 09"], "coins_offered": 4},
        {"offered": ["Card 09"], "asked": ["Card 10"], "coins_asked": 6},
        {"offered": ["Card 02"], "receiver": "gamma", "coins_asked": 1},
    ):
        trade = propose(market, **kwargs)
        assert trades.trade_accept(trade.pk, by=market["anna"]).state == State.EXECUTED
    after = ledger.balances(season, [t.pk for t in teams])
    assert sum(after.values()) == before
    for team in teams:
        entries = LedgerEntry.objects.filter(season=season, team=team)
        assert sum(e.amount for e in entries) == after[team.pk] >= 0
    assert (after[market["alpha"].pk], after[market["beta"].pk]) == (18, 13)
