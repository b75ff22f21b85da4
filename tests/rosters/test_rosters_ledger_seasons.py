"""A team's coins in one season are its own: entries of its other seasons never count."""

from datetime import timedelta

import pytest

from rosters import ledger
from rosters.models import LedgerEntry, Player
from tests.conftest import make_season

Reason = LedgerEntry.Reason
pytestmark = pytest.mark.django_db


@pytest.fixture
def two_seasons(league, season):
    """Alpha plays in ``season`` (budget 15) and in a later season of the same league."""
    later = make_season(league, ["Alpha", "Beta"], name="2027")
    return season, later, season.teams.get(name="Alpha")


def test_spends_and_grants_of_one_season_stay_out_of_the_other(two_seasons):
    first, later, alpha = two_seasons
    ledger.post_one(first, alpha, -9, Reason.SIGNING)
    ledger.post_one(later, alpha, 6, Reason.GRANT)
    assert ledger.balance(first, alpha) == 15 - 9
    assert ledger.balance(later, alpha) == 15 + 6
    assert ledger.balances(first, [alpha.pk]) == {alpha.pk: 6}


def test_an_account_opened_in_one_season_is_not_open_in_the_other(two_seasons):
    first, later, alpha = two_seasons
    ledger.open_accounts(first, [alpha.pk])
    # the later season's ledger is still empty: it has the league's budget to come, not zero
    assert ledger.balance(later, alpha) == 15
    ledger.post_one(later, alpha, -15, Reason.SIGNING)
    assert list(LedgerEntry.objects.filter(season=later, team=alpha).values_list("reason", "amount")) == [
        (Reason.BUDGET, 15),
        (Reason.SIGNING, -15),
    ]
    assert ledger.balance(later, alpha) == 0 and ledger.balance(first, alpha) == 15


def test_a_spend_is_checked_against_its_own_seasons_balance(two_seasons):
    first, later, alpha = two_seasons
    ledger.post_one(first, alpha, 20, Reason.PRIZE)
    with pytest.raises(ledger.InsufficientFunds, match="Alpha has 15 BC, not enough to pay 16 BC"):
        ledger.post_one(later, alpha, -16, Reason.SIGNING)
    ledger.post_one(first, alpha, -35, Reason.SIGNING)
    assert ledger.balance(first, alpha) == 0 and ledger.balance(later, alpha) == 15


def test_statements_give_each_season_its_own_entries_and_balance(two_seasons):
    first, later, alpha = two_seasons
    ledger.post_one(first, alpha, -4, Reason.FINE)
    ledger.post_one(later, alpha, 3, Reason.GRANT)
    ledger.post_one(later, alpha, -1, Reason.SIGNING)
    by_season = {s.season.pk: s for s in ledger.statements(alpha)}
    assert [s.season.pk for s in ledger.statements(alpha)] == [later.pk, first.pk]  # latest first
    assert [e.amount for e in by_season[first.pk].entries] == [15, -4]
    assert [e.amount for e in by_season[later.pk].entries] == [15, 3, -1]
    assert (by_season[first.pk].balance, by_season[later.pk].balance) == (11, 17)
    only = ledger.statements(alpha, season_id=first.pk)
    assert [(s.season.pk, s.balance) for s in only] == [(first.pk, 11)]


def test_postings_for_several_teams_are_written_together_or_not_at_all(season, django_user_model):
    alpha, beta = season.teams.get(name="Alpha"), season.teams.get(name="Beta")
    commissioner = django_user_model.objects.create_user("carla")
    with pytest.raises(ledger.InsufficientFunds, match="Beta has 15 BC, not enough to pay 16 BC"):
        ledger.post(
            season,
            [
                ledger.Posting(alpha.pk, -5, Reason.SIGNING),
                ledger.Posting(beta.pk, -10, Reason.SIGNING),
                ledger.Posting(beta.pk, -6, Reason.FINE),
            ],
        )
    assert not LedgerEntry.objects.exclude(reason=Reason.BUDGET).exists()
    written = ledger.post(
        season,
        [ledger.Posting(alpha.pk, -5, Reason.SIGNING, note="n" * 250), ledger.Posting(beta.pk, 4, Reason.GRANT)],
        by=commissioner,
    )
    assert [(e.team_id, e.amount, e.reason, len(e.note), e.created_by) for e in written] == [
        (alpha.pk, -5, Reason.SIGNING, 200, commissioner),
        (beta.pk, 4, Reason.GRANT, 0, commissioner),
    ]
    assert ledger.balances(season, [alpha.pk, beta.pk]) == {alpha.pk: 10, beta.pk: 19}


def test_accounts_open_once_for_every_team_of_the_season(season):
    ledger.open_accounts(season)
    ledger.open_accounts(season)
    budgets = LedgerEntry.objects.filter(season=season, reason=Reason.BUDGET)
    assert sorted(budgets.values_list("team__name", "amount", "note")) == [
        ("Alpha", 15, "budget"),
        ("Beta", 15, "budget"),
        ("Delta", 15, "budget"),
        ("Gamma", 15, "budget"),
    ]


def test_a_ledger_without_its_budget_entry_still_counts_the_budget(season):
    """An entry written by hand (the admin) before the accounts were opened."""
    alpha = season.teams.get(name="Alpha")
    LedgerEntry.objects.create(season=season, team=alpha, amount=-3, reason=Reason.FINE)
    assert ledger.balance(season, alpha) == 12
    assert [s.balance for s in ledger.statements(alpha)] == [12]
    ledger.open_accounts(season, [alpha.pk])  # the budget is now an entry: the balance stays
    assert LedgerEntry.objects.filter(team=alpha, reason=Reason.BUDGET).count() == 1
    assert ledger.balance(season, alpha) == 12


def test_a_posting_opens_only_its_own_teams_accounts(season):
    alpha = season.teams.get(name="Alpha")
    ledger.post_one(season, alpha, -2, Reason.SIGNING)
    assert set(LedgerEntry.objects.values_list("team__name", flat=True)) == {"Alpha"}


def test_post_one_keeps_the_player_and_the_note(season, league):
    alpha = season.teams.get(name="Alpha")
    player = Player.objects.create(league=league, name="Keeper", role="goalkeeper", attributes={})
    entry = ledger.post_one(season, alpha, -3, Reason.SIGNING, player=player, note="signed in May")
    plain = ledger.post_one(season, alpha, 1, Reason.GRANT)
    assert (entry.player, entry.note, plain.player, plain.note) == (player, "signed in May", None, "")


def test_a_statement_holds_its_own_teams_entries_latest_season_first(two_seasons):
    first, later, alpha = two_seasons
    beta = first.teams.get(name="Beta")
    ledger.post_one(first, beta, -7, Reason.SIGNING)
    ledger.post_one(first, alpha, -1, Reason.SIGNING)
    assert [[e.amount for e in s.entries] for s in ledger.statements(alpha)] == [[], [15, -1]]
    # the season begun last comes first, whatever order the rows were made in
    type(first).objects.filter(pk=first.pk).update(created_at=later.created_at + timedelta(days=1))
    assert [s.season.pk for s in ledger.statements(alpha)] == [first.pk, later.pk]
