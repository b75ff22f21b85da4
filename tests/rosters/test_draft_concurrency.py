"""Moves racing each other on real concurrent connections: exactly one wins, the others hear why.

Run these on PostgreSQL (CI does; see docs/drafts.md): each thread has its own
database connection, so the row lock on the draft is what keeps the moves apart.
"""

from datetime import timedelta

import pytest
from django.utils import timezone

from leagues.models import Team
from rosters.drafts.moves import clock_expired, draft_start, move_make
from rosters.drafts.setup import draft_create
from rosters.models import Draft, DraftPick, LedgerEntry, Player
from tests.rosters.racing import race

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def draft(season, cast, pool):
    order = [Team.objects.get(league=season.league, name=n).pk for n in ("Alpha", "Beta", "Gamma", "Delta")]
    made = draft_create(season, order_method=Draft.OrderMethod.MANUAL, order=order, seconds_per_pick=60)
    return draft_start(made.pk)


def test_many_clicks_for_the_same_card_at_once_make_one_pick_and_one_charge(draft, cast):
    star = Player.objects.get(name="Card 33")

    def click(user, team):
        return lambda: move_make(draft.pk, team_id=team.pk, by=user, player_id=star.pk, pick_number=0)

    results = race(
        *[click(cast["bruno"], cast["alpha"]) for _ in range(4)],
        click(cast["anna"], cast["alpha"]),
        click(cast["carla"], cast["beta"]),
    )
    made = [r for r in results if isinstance(r, DraftPick)]
    assert len(made) == 1
    refused = [r for r in results if isinstance(r, str)]
    assert len(refused) == 5
    assert all("already been made" in r or "not Beta's" in r for r in refused), refused
    assert DraftPick.objects.count() == 1
    assert LedgerEntry.objects.filter(reason="draft_pick").count() == 1


def test_two_managers_after_the_same_card_one_gets_it(draft, cast):
    """Alpha is on the clock, Beta is next: both go for the star at once."""
    star = Player.objects.get(name="Card 33")
    results = race(
        lambda: move_make(draft.pk, team_id=cast["alpha"].pk, by=cast["bruno"], player_id=star.pk),
        lambda: move_make(draft.pk, team_id=cast["beta"].pk, by=cast["carla"], player_id=star.pk),
    )
    assert isinstance(results[0], DraftPick) and results[0].team_id == cast["alpha"].pk
    assert results[1] in ("it is Alpha's turn, not Beta's", "Card 33 is no longer available")
    assert DraftPick.objects.filter(player=star).count() == 1


def test_the_clock_and_a_late_manager_pick_once(draft, cast):
    Draft.objects.filter(pk=draft.pk).update(deadline=timezone.now() - timedelta(milliseconds=1))
    token = Draft.objects.get(pk=draft.pk).clock_token
    star = Player.objects.get(name="Card 34")
    results = race(
        lambda: clock_expired(draft.pk, token),
        lambda: move_make(draft.pk, team_id=cast["alpha"].pk, by=cast["bruno"], player_id=star.pk, pick_number=0),
    )
    # whoever locks the draft first, the manager is refused: the time ran out, or the clock already picked
    assert results[1] in (
        "time ran out for this pick: the clock picks for your team",
        "pick 1 has already been made; pick 2 is on now",
    )
    assert DraftPick.objects.filter(team=cast["alpha"]).count() == 1


def test_two_equal_bids_at_once_one_stands(season, cast, pool):
    order = [Team.objects.get(league=season.league, name=n).pk for n in ("Alpha", "Beta", "Gamma", "Delta")]
    auction = draft_create(
        season, format=Draft.Format.AUCTION, order_method=Draft.OrderMethod.MANUAL, order=order, seconds_per_pick=60
    )
    draft_start(auction.pk)
    star = Player.objects.get(name="Card 33")
    move_make(auction.pk, team_id=cast["alpha"].pk, by=cast["bruno"], player_id=star.pk, amount=1)
    gamma = Team.objects.get(league=season.league, name="Gamma")
    results = race(
        lambda: move_make(auction.pk, team_id=cast["beta"].pk, by=cast["carla"], kind="bid", amount=3),
        lambda: move_make(auction.pk, team_id=gamma.pk, by=cast["anna"], kind="bid", amount=3),
    )
    assert sorted(map(str, results)) == ["None", "bid more than 3 BC"]
    assert Draft.objects.get(pk=auction.pk).lot["bid"] == 3
