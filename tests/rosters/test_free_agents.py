"""The free-agent market: claims and their refusals, the settlement (waiver order, rolling,
sealed bids), signings and releases, the task's schedule and the command.

The cast (tests/rosters/conftest.py): Bruno manages Alpha, Carla Beta, Anna runs the league.
Fütti squads: 6 field cards and 2 goalkeepers, no reserves; the budget is 15 BC.
"""

from datetime import timedelta

import pytest
from django.conf import settings
from django.core.management import call_command
from django.utils import timezone

from config.celery import clock_queue, task_route
from leagues.models import ClaimsBy, PointsDeduction, Team
from rosters import free_agents, ledger, tasks
from rosters.drafts.setup import draft_create
from rosters.free_agents import (
    claim_make,
    claim_withdraw,
    claims_settle,
    free_agents_for,
    release,
    sign,
    transactions,
    waiver_order,
)
from rosters.models import Claim, Draft, Keeper, LedgerEntry, Player, SquadMember, TransferWindow
from rosters.transfers import TransferError
from tests.conftest import make_season


@pytest.fixture(autouse=True)
def settlements(monkeypatch):
    """The settlement tasks the windows queue, recorded instead of sent."""
    sent = []
    monkeypatch.setattr(free_agents, "settlement_send", lambda args, eta: sent.append((args, eta)))
    return sent


def card(league, name, role="field", price=1):
    return Player.objects.create(league=league, name=name, role=role, attributes={"role": role}, price=price)


def open_window(season, *, claims_for=timedelta(hours=1)):
    """A window open since an hour ago, its claims taken for ``claims_for`` more, closing in two days."""
    now = timezone.now()
    return TransferWindow.objects.create(
        season=season,
        opens_at=now - timedelta(hours=1),
        claims_deadline=now + claims_for,
        closes_at=now + timedelta(days=2),
    )


def deadline_passes(window):
    TransferWindow.objects.filter(pk=window.pk).update(claims_deadline=timezone.now() - timedelta(seconds=1))


def team(season, name):
    return Team.objects.get(league=season.league, name=name)


def squad(season, team, cards, price=1):
    for player in cards:
        SquadMember.objects.create(season=season, team=team, player=player, price=price)


def full_squad(season, team, prefix):
    """Six field cards and two goalkeepers: nothing more fits."""
    league = season.league
    cards = [card(league, f"{prefix} F{i}") for i in range(6)] + [
        card(league, f"{prefix} G{i}", "goalkeeper") for i in range(2)
    ]
    squad(season, team, cards)
    return cards


def claim(season, who, player, **kwargs):
    return claim_make(season.pk, team_id=who.pk, player_id=player.pk, **kwargs)


# --- claims: the refusals -----------------------------------------------------------------------


def test_a_claim_on_a_card_another_team_holds_is_refused(season, league):
    open_window(season)
    held = card(league, "Held")
    squad(season, team(season, "Beta"), [held])
    with pytest.raises(TransferError, match="Held is in Beta's squad, not a free agent"):
        claim(season, team(season, "Alpha"), held)


def test_a_claim_outside_every_window_is_refused(season, league):
    with pytest.raises(TransferError, match="No transfer window of .* is open"):
        claim(season, team(season, "Alpha"), card(league, "Free"))


def test_a_claim_after_the_claims_deadline_is_refused(season, league):
    deadline_passes(open_window(season))
    with pytest.raises(TransferError, match="Claims of this window closed at"):
        claim(season, team(season, "Alpha"), card(league, "Free"))


def test_a_claim_over_the_teams_coins_is_refused(season, league):
    open_window(season)
    alpha = team(season, "Alpha")
    ledger.post_one(season, alpha, -13, "fine")
    with pytest.raises(TransferError, match="Alpha has 2 BC, not enough to pay 3 BC for Star"):
        claim(season, alpha, card(league, "Star", price=3))


def test_the_refund_of_the_card_released_counts_towards_a_claim(season, league):
    open_window(season)
    alpha = team(season, "Alpha")
    old = card(league, "Old", price=4)
    SquadMember.objects.create(season=season, team=alpha, player=old, price=4)
    ledger.post_one(season, alpha, -13, "fine")  # 2 BC, and 2 back for Old
    made = claim(season, alpha, card(league, "Star", price=4), release_id=old.pk)
    assert made.state == Claim.State.PENDING and made.bid == 4


def test_a_claim_that_would_overfill_the_squad_is_refused_unless_a_card_is_released(season, league):
    open_window(season)
    alpha = team(season, "Alpha")
    cards = full_squad(season, alpha, "A")
    extra = card(league, "Extra")
    with pytest.raises(TransferError, match="would hold 9 cards.*Name a card to release"):
        claim(season, alpha, extra)
    assert claim(season, alpha, extra, release_id=cards[0].pk).release == cards[0]


def test_the_card_released_must_be_in_the_squad(season, league):
    open_window(season)
    stranger = card(league, "Stranger")
    with pytest.raises(TransferError, match="Stranger is not in Alpha's squad"):
        claim(season, team(season, "Alpha"), card(league, "Free"), release_id=stranger.pk)


def test_a_manager_may_not_claim_for_another_team(season, league, cast):
    open_window(season)
    free = card(league, "Free")
    with pytest.raises(TransferError, match="only move for your own team, not Beta"):
        claim(season, cast["beta"], free, by=cast["bruno"])
    assert claim(season, cast["beta"], free, by=cast["carla"]).team == cast["beta"]
    assert claim(season, cast["alpha"], free, by=cast["anna"]).team == cast["alpha"]  # the commissioner


def test_a_bid_below_the_price_is_refused_and_waiver_claims_pay_the_price(season, league):
    open_window(season)
    star = card(league, "Star", price=3)
    alpha, beta = team(season, "Alpha"), team(season, "Beta")
    assert claim(season, alpha, star, bid=9).bid == 3  # waiver order: the bid is ignored
    league.claims_by = ClaimsBy.BIDS
    league.save()
    with pytest.raises(TransferError, match="at least its price, 3 BC"):
        claim(season, beta, star, bid=2)
    assert claim(season, beta, star, bid=5).bid == 5


def test_one_pending_claim_per_team_and_card(season, league):
    open_window(season)
    free, alpha = card(league, "Free"), team(season, "Alpha")
    first = claim(season, alpha, free)
    with pytest.raises(TransferError, match="already claims Free"):
        claim(season, alpha, free)
    claim_withdraw(first.pk)
    assert claim(season, alpha, free).state == Claim.State.PENDING


def test_a_claim_is_withdrawn_by_its_team_only_and_only_before_the_deadline(season, league, cast):
    window = open_window(season)
    made = claim(season, cast["alpha"], card(league, "Free"), by=cast["bruno"])
    with pytest.raises(TransferError, match="only withdraw your own team's claims"):
        claim_withdraw(made.pk, by=cast["carla"])
    deadline_passes(window)
    with pytest.raises(TransferError, match="Claims of this window closed"):
        claim_withdraw(made.pk, by=cast["bruno"])


# --- the waiver order ---------------------------------------------------------------------------


def names(order):
    return [Team.objects.get(pk=t).name for t in order.teams]


def test_without_table_or_draft_the_waiver_order_is_by_name(season):
    order = waiver_order(season)
    assert names(order) == ["Alpha", "Beta", "Delta", "Gamma"] and "team name" in order.basis


def test_before_any_match_the_draft_order_reversed_gives_the_waiver_order(season):
    order = [team(season, n).pk for n in ("Gamma", "Alpha", "Delta", "Beta")]
    draft_create(season, order_method=Draft.OrderMethod.MANUAL, order=order)
    assert names(waiver_order(season)) == ["Beta", "Delta", "Alpha", "Gamma"]


def test_before_any_match_the_previous_seasons_final_table_reversed_gives_it(league):
    last = make_season(league, ["Alpha", "Beta", "Gamma"], name="2025")
    PointsDeduction.objects.create(season=last, team=last.teams.get(name="Alpha"), points=1, reason="late sheet")
    season = make_season(league, ["Alpha", "Beta", "Gamma", "Delta"], name="2026b")
    season.previous = last
    season.save()
    order = names(waiver_order(season))
    assert order[:2] == ["Delta", "Alpha"]  # the newcomer, then last season's bottom team
    assert "final table of" in waiver_order(season).basis


def test_once_matches_count_the_current_table_reversed_gives_it(season, settings):
    """The table is read two layers up; here only the reversal is rosters' own."""
    best_first = [team(season, n).pk for n in ("Delta", "Beta", "Alpha", "Gamma")]
    settings.WAIVER_TABLE_ORDER = "tests.rosters.test_free_agents.fixed_table"
    fixed_table.order = best_first
    order = waiver_order(season)
    assert names(order) == ["Gamma", "Alpha", "Beta", "Delta"] and "current table" in order.basis


def fixed_table(season):
    return fixed_table.order


# --- the settlement -----------------------------------------------------------------------------


def test_waivers_roll_a_team_that_wins_goes_to_the_back(season, league):
    """Alpha is first in the order and claims X and Y; Beta claims the same two. Alpha wins X and
    goes to the back, so Beta's Y comes before Alpha's Y."""
    window = open_window(season)
    x, y = card(league, "X"), card(league, "Y")
    alpha, beta = team(season, "Alpha"), team(season, "Beta")
    ax, ay, bx, by_ = claim(season, alpha, x), claim(season, alpha, y), claim(season, beta, x), claim(season, beta, y)
    deadline_passes(window)
    claims_settle(window.pk)
    ax, ay, bx, by_ = (Claim.objects.get(pk=c.pk) for c in (ax, ay, bx, by_))
    assert (ax.state, by_.state) == (Claim.State.WON, Claim.State.WON)
    assert (ay.state, bx.state) == (Claim.State.LOST, Claim.State.LOST)
    assert ay.reason.startswith("Y went to Beta: ahead in the waiver order")
    assert SquadMember.objects.get(season=season, player=x).team == alpha
    assert SquadMember.objects.get(season=season, player=y).team == beta
    entry = LedgerEntry.objects.get(team=alpha, reason="waiver_claim")
    assert (entry.amount, entry.player) == (-1, x)


def test_sealed_bids_the_highest_wins_and_pays_its_bid(season, league):
    league.claims_by = ClaimsBy.BIDS
    league.save()
    window = open_window(season)
    star = card(league, "Star", price=2)
    alpha, gamma = team(season, "Alpha"), team(season, "Gamma")
    low, high = claim(season, alpha, star, bid=3), claim(season, gamma, star, bid=6)
    deadline_passes(window)
    claims_settle(window.pk)
    assert Claim.objects.get(pk=high.pk).state == Claim.State.WON
    assert Claim.objects.get(pk=low.pk).reason == "Star went to Gamma for a higher bid (6 BC)."
    assert ledger.balance(season, gamma) == 15 - 6 and ledger.balance(season, alpha) == 15


def test_sealed_bids_level_bids_go_by_the_waiver_order(season, league):
    league.claims_by = ClaimsBy.BIDS
    league.save()
    window = open_window(season)
    star = card(league, "Star", price=2)
    gamma, beta = team(season, "Gamma"), team(season, "Beta")
    later, earlier = claim(season, gamma, star, bid=4), claim(season, beta, star, bid=4)
    deadline_passes(window)
    claims_settle(window.pk)
    assert Claim.objects.get(pk=earlier.pk).state == Claim.State.WON  # Beta before Gamma by name
    assert "level bid of 4 BC, ahead in the waiver order" in Claim.objects.get(pk=later.pk).reason


def test_a_claim_checked_again_at_the_deadline_loses_with_the_reason(season, league):
    window = open_window(season)
    alpha = team(season, "Alpha")
    old = card(league, "Old")
    squad(season, alpha, [old])
    gone = claim(season, alpha, card(league, "A"), release_id=old.pk)
    dear = claim(season, team(season, "Beta"), card(league, "Dear", price=5))
    ledger.post_one(season, team(season, "Beta"), -12, "fine")
    release(season.pk, team_id=alpha.pk, player_id=old.pk)
    deadline_passes(window)
    claims_settle(window.pk)
    assert Claim.objects.get(pk=gone.pk).reason == f"release: Old is not in Alpha's squad of {season}."
    assert "Beta has 3 BC, not enough to pay 5 BC" in Claim.objects.get(pk=dear.pk).reason
    assert ledger.balance(season, team(season, "Beta")) == 3


def test_a_winning_claim_releases_its_card_for_the_refund(season, league):
    window = open_window(season)
    alpha = team(season, "Alpha")
    cards = full_squad(season, alpha, "A")
    SquadMember.objects.filter(player=cards[0]).update(price=3)
    won = claim(season, alpha, card(league, "New"), release_id=cards[0].pk)
    deadline_passes(window)
    claims_settle(window.pk)
    assert Claim.objects.get(pk=won.pk).state == Claim.State.WON
    assert not SquadMember.objects.filter(player=cards[0]).exists()
    refund = LedgerEntry.objects.get(reason="release_refund")
    assert (refund.amount, refund.player) == (1, cards[0])  # half of 3, rounded down
    assert ledger.balance(season, alpha) == 15 - 1 + 1


def test_the_settlement_runs_once_and_not_before_the_deadline(season, league):
    window = open_window(season)
    made = claim(season, team(season, "Alpha"), card(league, "Free"))
    assert claims_settle(window.pk).claims_settled_at is None  # early: nothing happens
    assert Claim.objects.get(pk=made.pk).state == Claim.State.PENDING
    deadline_passes(window)
    first = claims_settle(window.pk).claims_settled_at
    assert first is not None
    assert claims_settle(window.pk).claims_settled_at == first
    assert LedgerEntry.objects.filter(reason="waiver_claim").count() == 1


def test_the_command_settles_every_due_window(season, league):
    window = open_window(season)
    claim(season, team(season, "Alpha"), card(league, "Free"))
    later = open_window(make_season(league, ["Alpha", "Beta"], name="cup"))
    deadline_passes(window)
    call_command("settle_claims")
    assert TransferWindow.objects.get(pk=window.pk).claims_settled_at is not None
    assert TransferWindow.objects.get(pk=later.pk).claims_settled_at is None
    call_command("settle_claims")  # again: nothing changes
    assert LedgerEntry.objects.filter(reason="waiver_claim").count() == 1


def test_beat_sweeps_the_due_windows_as_the_command_does(season, league):
    window = open_window(season)
    claim(season, team(season, "Alpha"), card(league, "Free"))
    tasks.claims_settle_due()
    assert TransferWindow.objects.get(pk=window.pk).claims_settled_at is None  # not due yet
    deadline_passes(window)
    tasks.claims_settle_due()
    assert TransferWindow.objects.get(pk=window.pk).claims_settled_at is not None
    assert settings.CELERY_BEAT_SCHEDULE["settle-due-claims"]["task"] == tasks.claims_settle_due.name


def test_a_window_saved_queues_its_settlement_at_the_deadline(season, settlements, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        window = open_window(season)
    assert settlements == [((window.pk,), window.claims_deadline)]


# --- signings and releases ----------------------------------------------------------------------


def test_signing_waits_for_the_claims_then_is_first_come_first_served(season, league):
    window = open_window(season)
    free, alpha = card(league, "Free", price=2), team(season, "Alpha")
    with pytest.raises(TransferError, match="free agents are claimed, not signed"):
        sign(season.pk, team_id=alpha.pk, player_id=free.pk)
    deadline_passes(window)
    member = sign(season.pk, team_id=alpha.pk, player_id=free.pk)  # settles the claims first
    assert TransferWindow.objects.get(pk=window.pk).claims_settled_at is not None
    assert (member.team, member.price) == (alpha, 2)
    assert LedgerEntry.objects.get(reason="signing").amount == -2
    with pytest.raises(TransferError, match="Free is in Alpha's squad"):
        sign(season.pk, team_id=team(season, "Beta").pk, player_id=free.pk)


def test_a_signing_over_budget_or_over_the_squad_is_refused(season, league):
    deadline_passes(open_window(season))
    alpha = team(season, "Alpha")
    cards = full_squad(season, alpha, "A")
    with pytest.raises(TransferError, match="would hold 9 cards"):
        sign(season.pk, team_id=alpha.pk, player_id=card(league, "Extra").pk)
    with pytest.raises(TransferError, match="Alpha has 15 BC, not enough to pay 16 BC"):
        sign(season.pk, team_id=alpha.pk, player_id=card(league, "Dear", price=16).pk, release_id=cards[1].pk)
    assert SquadMember.objects.filter(player=cards[1]).exists()  # the release went back with the refusal


def test_a_signing_with_a_release_in_one_move(season, league):
    deadline_passes(open_window(season))
    alpha = team(season, "Alpha")
    cards = full_squad(season, alpha, "A")
    sign(season.pk, team_id=alpha.pk, player_id=card(league, "New", "goalkeeper").pk, release_id=cards[6].pk)
    assert sorted(SquadMember.objects.filter(team=alpha).values_list("player__name", flat=True))[-1] == "New"
    assert [e.reason for e in transactions(season)] == ["release_refund", "signing"]


@pytest.mark.parametrize(("paid", "percent", "refund"), [(3, 50, 1), (5, 50, 2), (4, 100, 4), (7, 0, 0), (9, 33, 2)])
def test_a_release_refunds_the_leagues_share_rounded_down(season, league, paid, percent, refund):
    league.release_refund_percent = percent
    league.save()
    open_window(season)
    alpha, old = team(season, "Alpha"), card(league, "Old")
    SquadMember.objects.create(season=season, team=alpha, player=old, price=paid)
    Keeper.objects.create(season=season, team=alpha, player=old)
    assert release(season.pk, team_id=alpha.pk, player_id=old.pk) == refund
    entry = LedgerEntry.objects.get(reason="release_refund")
    assert (entry.amount, entry.player) == (refund, old)
    assert not SquadMember.objects.filter(player=old).exists() and not Keeper.objects.exists()
    assert old in free_agents.free_agents(season)


def test_a_release_outside_a_window_or_of_a_card_not_in_the_squad_is_refused(season, league, cast):
    alpha, old = cast["alpha"], card(league, "Old")
    squad(season, alpha, [old])
    with pytest.raises(TransferError, match="No transfer window"):
        release(season.pk, team_id=alpha.pk, player_id=old.pk)
    open_window(season)
    with pytest.raises(TransferError, match="only move for your own team"):
        release(season.pk, team_id=alpha.pk, player_id=old.pk, by=cast["carla"])
    with pytest.raises(TransferError, match="Old is not in Beta's squad"):
        release(season.pk, team_id=cast["beta"].pk, player_id=old.pk)


def test_free_agents_say_what_a_team_can_afford_and_fit(season, league):
    alpha = team(season, "Alpha")
    squad(season, alpha, [card(league, f"G{i}", "goalkeeper") for i in range(2)])
    card(league, "Cheap keeper", "goalkeeper", price=1)
    card(league, "Dear field", price=16)
    card(league, "Cheap field", price=1)
    rows = free_agents_for(season, alpha, ordering="-price")
    assert [(r.player.name, r.affordable, bool(r.fit)) for r in rows] == [
        ("Dear field", False, False),
        ("Cheap field", True, False),
        ("Cheap keeper", True, True),
    ]
    assert [r.player.name for r in free_agents_for(season, role="goalkeeper")] == ["Cheap keeper"]
    assert [r.player.name for r in free_agents_for(season, max_price=1, ordering="name")] == [
        "Cheap field",
        "Cheap keeper",
    ]
    with pytest.raises(TransferError, match="Order by one of"):
        free_agents_for(season, ordering="attributes")


def test_the_task_settles_the_window_on_the_clocks_queue(season, league):
    window = open_window(season)
    claim(season, team(season, "Alpha"), card(league, "Free"))
    deadline_passes(window)
    tasks.claims_settle.apply(args=(window.pk,))
    assert TransferWindow.objects.get(pk=window.pk).claims_settled_at is not None
    assert task_route(free_agents.SETTLE_TASK, (window.pk,), {}, {}) == {"queue": clock_queue()}
