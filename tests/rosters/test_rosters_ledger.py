"""BootCoin ledgers: the balance is the sum, never below zero, and the automatic draft pays into them."""

import threading

import pytest
from django.db import IntegrityError, connection, transaction
from django.urls import reverse

from rosters import ledger
from rosters.drafting import autodraft
from rosters.models import LedgerEntry, SquadMember

Reason = LedgerEntry.Reason


@pytest.mark.django_db
def test_a_new_team_has_the_leagues_budget_and_spending_lowers_it(season):
    alpha = season.teams.get(name="Alpha")
    assert ledger.balance(season, alpha) == 15
    ledger.post_one(season, alpha, -4, Reason.SIGNING, note="a signing")
    ledger.post_one(season, alpha, 2, Reason.PRIZE, note="cup winner")
    assert ledger.balance(season, alpha) == 13
    assert [e.amount for e in LedgerEntry.objects.filter(team=alpha)] == [15, -4, 2]


@pytest.mark.django_db
def test_a_spend_beyond_the_balance_is_refused_and_nothing_is_written(season):
    alpha = season.teams.get(name="Alpha")
    ledger.post_one(season, alpha, -10, Reason.FINE)
    with pytest.raises(ledger.InsufficientFunds, match="Alpha has 5 BC, not enough to pay 6 BC"):
        ledger.post_one(season, alpha, -6, Reason.SIGNING)
    assert ledger.balance(season, alpha) == 5
    assert LedgerEntry.objects.filter(team=alpha).count() == 2


@pytest.mark.django_db
def test_the_database_refuses_a_fine_that_adds_coins(season):
    alpha = season.teams.get(name="Alpha")
    with pytest.raises(IntegrityError), transaction.atomic():
        LedgerEntry.objects.create(season=season, team=alpha, amount=3, reason=Reason.FINE)


@pytest.mark.django_db
def test_the_automatic_draft_charges_every_pick(season, pool):
    autodraft(season)
    for team in season.teams.all():
        spent = sum(SquadMember.objects.filter(season=season, team=team).values_list("price", flat=True))
        picks = LedgerEntry.objects.filter(season=season, team=team, reason=Reason.DRAFT_PICK)
        assert picks.count() == 8 and all(e.player_id for e in picks)
        assert ledger.balance(season, team) == 15 - spent >= 0


@pytest.mark.django_db(transaction=True)
def test_two_spends_at_once_cannot_overdraw(season):
    """Each spend alone fits, both together do not: exactly one goes through, whatever the timing."""
    alpha = season.teams.get(name="Alpha")
    ledger.open_accounts(season)
    barrier = threading.Barrier(2)
    results = []

    def spend():
        try:
            barrier.wait()
            ledger.post_one(season, alpha, -10, Reason.SIGNING)
            results.append("ok")
        except ledger.InsufficientFunds:
            results.append("refused")
        finally:
            connection.close()

    threads = [threading.Thread(target=spend) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == ["ok", "refused"]
    assert ledger.balance(season, alpha) == 5


@pytest.mark.django_db
def test_a_commissioner_grants_and_fines_in_the_admin_a_manager_cannot(client, cast, season):
    alpha = cast["alpha"]
    client.force_login(cast["anna"])
    url = reverse("admin:rosters_ledgerentry_add")
    form = {"season": season.pk, "team": alpha.pk, "reason": "grant", "amount": 3, "note": "late joiner"}
    assert client.post(url, form).status_code == 302
    assert ledger.balance(season, alpha) == 18
    too_much = client.post(url, {**form, "reason": "fine", "amount": -19})
    assert "never goes below 0" in too_much.content.decode()
    wrong_sign = client.post(url, {**form, "reason": "fine", "amount": 2})
    assert "negative amount" in wrong_sign.content.decode()
    entry = LedgerEntry.objects.filter(reason="grant").get()
    assert entry.created_by == cast["anna"]
    assert client.post(reverse("admin:rosters_ledgerentry_change", args=[entry.pk]), form).status_code == 403
    client.force_login(cast["bruno"])
    assert client.post(url, form).status_code == 403
    assert client.get(reverse("admin:rosters_ledgerentry_changelist")).status_code == 200
