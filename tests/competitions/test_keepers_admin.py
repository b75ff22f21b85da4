"""Managers choose their team's keepers in the admin, within the league's number, before the
season's deadline, and for their own team only."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from rosters.accounts import invite_manager
from rosters.models import Keeper, SquadMember

pytestmark = pytest.mark.django_db


@pytest.fixture
def manager_client(client, season, team_ids):
    season.league.keepers_max = 1
    season.league.save()
    season.keepers_deadline = timezone.now() + timedelta(days=1)
    season.save()
    manager, _ = invite_manager(season.teams.get(pk=team_ids[0]), "bruno@example.com")
    client.force_login(manager)
    return client


def choose(client, season, team_id, player_id):
    return client.post(reverse("admin:rosters_keeper_add"), {"season": season.pk, "team": team_id, "player": player_id})


def cards(season, team_id) -> list[int]:
    return list(SquadMember.objects.filter(season=season, team_id=team_id).values_list("player_id", flat=True))


def test_a_manager_keeps_a_card_of_the_squad_up_to_the_leagues_number(manager_client, season, team_ids):
    first, second = cards(season, team_ids[0])[:2]
    assert choose(manager_client, season, team_ids[0], first).status_code == 302
    assert Keeper.objects.get().player_id == first
    refused = choose(manager_client, season, team_ids[0], second).content.decode()
    assert "lets a team keep 1 cards (keepers_max)" in refused
    assert Keeper.objects.count() == 1


def test_a_manager_cannot_choose_for_another_team_or_a_card_outside_the_squad(manager_client, season, team_ids):
    other_card = cards(season, team_ids[1])[0]
    refused = choose(manager_client, season, team_ids[1], other_card).content.decode()
    assert "Select a valid choice" in refused
    refused = choose(manager_client, season, team_ids[0], other_card).content.decode()
    assert "squad of" in refused
    assert not Keeper.objects.exists()


def test_keepers_are_refused_after_the_deadline(manager_client, season, team_ids):
    season.keepers_deadline = timezone.now() - timedelta(minutes=1)
    season.save()
    refused = choose(manager_client, season, team_ids[0], cards(season, team_ids[0])[0]).content.decode()
    assert "were due by" in refused
    assert not Keeper.objects.exists()


def test_a_kept_card_stays_kept_after_the_deadline(manager_client, season, team_ids):
    """Neither the row's delete page nor a bulk delete drops a keeper once the deadline passed."""
    first = cards(season, team_ids[0])[0]
    assert choose(manager_client, season, team_ids[0], first).status_code == 302
    keeper = Keeper.objects.get()
    season.keepers_deadline = timezone.now() - timedelta(minutes=1)
    season.save()
    assert (
        manager_client.post(reverse("admin:rosters_keeper_delete", args=[keeper.pk]), {"post": "yes"}).status_code
        == 403
    )
    changelist = reverse("admin:rosters_keeper_changelist")
    manager_client.post(changelist, {"action": "delete_selected", "_selected_action": [keeper.pk], "post": "yes"})
    assert Keeper.objects.filter(pk=keeper.pk).exists()


def test_a_manager_sees_only_their_own_teams_keepers(manager_client, season, team_ids):
    rival_card = cards(season, team_ids[1])[0]
    rival = Keeper.objects.create(season=season, team_id=team_ids[1], player_id=rival_card)
    page = manager_client.get(reverse("admin:rosters_keeper_changelist")).content.decode()
    assert str(rival.player.name) not in page
    assert manager_client.get(reverse("admin:rosters_keeper_change", args=[rival.pk])).status_code in (302, 403, 404)
