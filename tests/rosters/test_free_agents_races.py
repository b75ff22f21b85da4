"""Moves of the free-agent market racing each other on real concurrent connections: exactly one
wins, the other hears why, and no balance goes below zero.

Run these on PostgreSQL (CI does): each thread has its own database connection, so the row locks
on the teams and the cards are what keep the moves apart (SQLite takes its whole-database write
lock instead, so they pass there too, without showing much).
"""

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from leagues.models import Team
from rosters import free_agents, ledger
from rosters.free_agents import claim_make, claims_settle, release, sign
from rosters.models import Claim, LedgerEntry, Player, SquadMember, TransferWindow
from tests.conftest import race

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def settlements(monkeypatch):
    monkeypatch.setattr(free_agents, "settlement_send", lambda args, eta: None)


@pytest.fixture
def window(season):
    """Open, its claims settled: free agents are signed first come first served."""
    now = timezone.now()
    made = TransferWindow.objects.create(
        season=season,
        opens_at=now - timedelta(hours=2),
        claims_deadline=now - timedelta(hours=1),
        closes_at=now + timedelta(days=1),
    )
    return claims_settle(made.pk)


def card(league, name, price=1):
    return Player.objects.create(league=league, name=name, role="field", attributes={"role": "field"}, price=price)


def teams(season, *names):
    return [Team.objects.get(league=season.league, name=n) for n in names]


def test_two_teams_signing_the_same_free_agent_at_once_one_gets_it(season, league, window):
    star = card(league, "Star", price=3)
    alpha, beta = teams(season, "Alpha", "Beta")
    results = race(*[lambda t=t: sign(season.pk, team_id=t.pk, player_id=star.pk) for t in (alpha, beta)] * 2)
    signed = [r for r in results if isinstance(r, SquadMember)]
    assert len(signed) == 1, results
    winner = signed[0].team.name
    assert all(r == f"Star is in {winner}'s squad, not a free agent." for r in results if isinstance(r, str)), results
    assert SquadMember.objects.filter(player=star).count() == 1
    assert LedgerEntry.objects.filter(reason="signing").count() == 1


def test_a_teams_signings_racing_its_coins_never_take_it_below_zero(season, league, window):
    alpha = teams(season, "Alpha")[0]
    ledger.post_one(season, alpha, -10, "fine")  # 5 BC: one card of 3 BC, not two
    cards = [card(league, f"Card {i}", price=3) for i in range(4)]
    results = race(*[lambda p=p: sign(season.pk, team_id=alpha.pk, player_id=p.pk) for p in cards])
    assert len([r for r in results if isinstance(r, SquadMember)]) == 1, results
    assert all("not enough to pay 3 BC" in r for r in results if isinstance(r, str)), results
    assert ledger.balance(season, alpha) == 2


def test_a_release_racing_a_signing_that_needs_its_refund(season, league, window):
    """The refund of a release and a signing of the same team queue up on the team's row: the
    balance is what both moves leave, never below zero."""
    alpha = teams(season, "Alpha")[0]
    old = card(league, "Old", price=4)
    SquadMember.objects.create(season=season, team=alpha, player=old, price=4)
    ledger.post_one(season, alpha, -14, "fine")  # 1 BC; Old brings 2 back
    new = card(league, "New", price=3)
    results = race(
        lambda: release(season.pk, team_id=alpha.pk, player_id=old.pk),
        lambda: sign(season.pk, team_id=alpha.pk, player_id=new.pk),
    )
    assert results[0] == 2
    assert ledger.balance(season, alpha) in (0, 3)  # the signing went after the release, or was refused
    assert ledger.balance(season, alpha) == sum(LedgerEntry.objects.filter(team=alpha).values_list("amount", flat=True))


def test_a_claim_at_the_deadline_is_settled_or_refused_never_left_pending(season, league):
    """The claim and the settlement take turns on the window's row: a claim that slips in before
    the settlement is settled with the others, one after it is refused."""
    alpha, beta = teams(season, "Alpha", "Beta")
    now = timezone.now()
    deadline = now + timedelta(milliseconds=500)
    window = TransferWindow.objects.create(
        season=season, opens_at=now - timedelta(hours=1), claims_deadline=deadline, closes_at=now + timedelta(days=1)
    )
    claim_make(season.pk, team_id=alpha.pk, player_id=card(league, "First").pk)
    late = card(league, "Late")

    def settle_when_due():
        while claims_settle(window.pk).claims_settled_at is None:
            time.sleep(0.001)

    def claim_at_the_last_moment():
        time.sleep(max(0.0, (deadline - timezone.now()).total_seconds() - 0.002))
        return claim_make(season.pk, team_id=beta.pk, player_id=late.pk)

    results = race(settle_when_due, claim_at_the_last_moment)
    assert isinstance(results[1], Claim) or "Claims of this window closed" in results[1], results
    assert not Claim.objects.filter(state=Claim.State.PENDING).exists()
    assert Claim.objects.filter(state=Claim.State.WON).count() == Claim.objects.count()
