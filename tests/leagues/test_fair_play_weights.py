"""The league's fair-play weights: FIFA's for a new league, the admin's preset, the checks
(existing leagues: tests/schema/test_fair_play_migration.py)."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.exceptions import ValidationError
from django.urls import reverse

from leagues.models import FAIR_PLAY_BEFORE, FAIR_PLAY_FIFA, Team
from tests.conftest import make_league


def test_a_new_league_counts_as_fifa_does(db):
    assert make_league().fair_play_weights == FAIR_PLAY_FIFA


def test_a_weight_over_99_is_refused(db):
    league = make_league()
    league.fair_play_yellow_direct_red = 100
    with pytest.raises(ValidationError) as refused:
        league.full_clean()
    assert list(refused.value.message_dict) == ["fair_play_yellow_direct_red"]


def test_the_admin_shows_the_weights_and_sets_fifas(client, db):
    league = make_league()
    league.fair_play_use(FAIR_PLAY_BEFORE)
    other = make_league("Other League")
    other.fair_play_use(FAIR_PLAY_BEFORE)
    user = get_user_model().objects.create_user("anna", is_staff=True)
    user.user_permissions.add(
        *Permission.objects.filter(content_type__app_label="leagues", codename__in=["view_league", "change_league"])
    )
    league.commissioners.add(user)
    Team.objects.create(league=other, name="Anna's own", manager=user)  # Other is in her list, not hers to run
    client.force_login(user)
    page = client.get(reverse("admin:leagues_league_change", args=[league.id]))
    assert page.status_code == 200 and b"fair_play_second_yellow" in page.content
    changelist = reverse("admin:leagues_league_changelist")
    client.post(changelist, {"action": "fair_play_fifa", "_selected_action": [league.id, other.id]})
    league.refresh_from_db()
    other.refresh_from_db()
    assert league.fair_play_weights == FAIR_PLAY_FIFA
    assert other.fair_play_weights == FAIR_PLAY_BEFORE  # not a league she runs
