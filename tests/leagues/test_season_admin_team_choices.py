"""The season page's team chooser is scoped per request: a commissioner's page offers the
teams of the leagues they run, and that scope does not stay behind for the next request
(the declared field is shared by every request's form class)."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.urls import reverse

from leagues.models import Season, Team
from rosters.accounts import invite_manager
from tests.conftest import make_league, make_season
from tests.leagues.test_hardening_input import season_form

pytestmark = pytest.mark.django_db


def commissioner(name, league):
    user = get_user_model().objects.create_user(name, is_staff=True)
    user.user_permissions.add(
        *Permission.objects.filter(content_type__app_label="leagues", codename__in=["view_season", "change_season"])
    )
    league.commissioners.add(user)
    return user


def test_one_commissioners_choices_do_not_narrow_the_next_ones(client):
    north, south = make_league("North"), make_league("South")
    make_season(north, ["N1", "N2"])
    season = make_season(south, ["S1", "S2"])
    anna, ben = commissioner("anna", north), commissioner("ben", south)

    client.force_login(anna)
    page = client.get(reverse("admin:leagues_season_change", args=[Season.objects.get(league=north).pk]))
    # her leagues' teams only (matched as options: a random CSRF token may hold "S1")
    assert b">N1</option>" in page.content and b">S1</option>" not in page.content

    client.force_login(ben)
    url = reverse("admin:leagues_season_change", args=[season.pk])
    response = client.post(url, season_form(season, name="Spring"))
    assert response.status_code == 302, response.content.decode()[:1500]
    season.refresh_from_db()
    assert season.name == "Spring"
    assert set(season.teams.values_list("name", flat=True)) == {"S1", "S2"}


def test_a_forged_team_of_another_league_is_refused(client):
    north, south = make_league("North"), make_league("South")
    season = make_season(south, ["S1", "S2"])
    make_season(north, ["N1", "N2"])
    client.force_login(commissioner("ben", south))
    foreign = Team.objects.get(name="N1")
    data = season_form(season, teams=[*season.teams.values_list("id", flat=True), foreign.id])
    response = client.post(reverse("admin:leagues_season_change", args=[season.pk]), data)
    assert response.status_code == 200 and b"Select a valid choice" in response.content
    assert not season.teams.filter(pk=foreign.pk).exists()


def test_a_teams_manager_cannot_generate_a_seasons_fixtures(client):
    """The changelist shows a manager their league's seasons; its actions are the commissioners'."""
    league = make_league("North")
    season = make_season(league, ["N1", "N2", "N3", "N4"])
    manager, _ = invite_manager(Team.objects.get(name="N1"), "nina@example.com")
    client.force_login(manager)
    url = reverse("admin:leagues_season_changelist")
    client.post(url, {"action": "generate_fixtures_action", "_selected_action": [season.pk]})
    assert not season.matches.exists()
    client.force_login(commissioner("anna", league))
    client.post(url, {"action": "generate_fixtures_action", "_selected_action": [season.pk]})
    assert season.matches.count() == 12


def test_a_commissioner_of_two_leagues_cannot_put_one_leagues_team_in_the_others_season(client):
    north, south = make_league("North"), make_league("South")
    season = make_season(south, ["S1", "S2"])
    make_season(north, ["N1", "N2"])
    anna = commissioner("anna", south)
    north.commissioners.add(anna)
    client.force_login(anna)
    foreign = Team.objects.get(name="N1")
    data = season_form(season, teams=[*season.teams.values_list("id", flat=True), foreign.id])
    response = client.post(reverse("admin:leagues_season_change", args=[season.pk]), data)
    assert response.status_code == 200 and "N1: not a team of South" in response.content.decode()
    assert not season.teams.filter(pk=foreign.pk).exists()
