"""The rollover from the admin ("Start the next season", "Close the season") and from
``manage.py new_season``; the season's admin page sets each team's division."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from leagues.models import Season, SeasonTeam
from matches.models import Match
from tests.competitions.conftest import divide, play_all
from tests.leagues.test_hardening_input import season_form

pytestmark = pytest.mark.django_db


@pytest.fixture
def boss_client(client):
    client.force_login(get_user_model().objects.create_superuser("boss", "boss@example.com", "pw-for-tests-only"))
    return client


def act(client, action: str, season: Season, **form):
    url = reverse("admin:leagues_season_changelist")
    return client.post(url, {"action": action, "_selected_action": [season.pk], **form}, follow=True)


def start_next(client, season: Season, **form):
    """ "Start the next season" confirmed on its intermediate page."""
    return act(client, "next_season_action", season, apply="Start the next season", **form)


def test_new_season_prints_the_new_seasons_id(season, capsys):
    play_all(season)
    call_command("new_season", str(season.pk), "--seed", "9")
    new = Season.objects.get(pk=int(capsys.readouterr().out))
    assert new.previous == season and new.seed == 9


def test_new_season_adds_and_withdraws_teams(season, team_ids, capsys):
    play_all(season)
    call_command("new_season", str(season.pk), "--add", "Newcomers FC", "--withdraw", str(team_ids[0]))
    new = Season.objects.get(pk=int(capsys.readouterr().out))
    names = set(new.teams.values_list("name", flat=True))
    assert "Newcomers FC" in names and len(names) == 8
    assert not new.teams.filter(pk=team_ids[0]).exists()


def test_new_season_refuses_an_unfinished_season_with_the_reason(season):
    with pytest.raises(CommandError, match="season: 56 matches of .* are not finished"):
        call_command("new_season", str(season.pk))
    with pytest.raises(CommandError, match="SEASON_ID: no season with id '0'"):
        call_command("new_season", "0")
    with pytest.raises(CommandError, match="--withdraw: no team 'Nobody'"):
        call_command("new_season", str(season.pk), "--withdraw", "Nobody")
    assert not season.league.teams.filter(name="Newcomers FC").exists()
    with pytest.raises(CommandError, match="not finished"):
        call_command("new_season", str(season.pk), "--add", "Newcomers FC")
    assert not season.league.teams.filter(name="Newcomers FC").exists()


def test_the_admin_starts_the_next_season_of_a_finished_one(boss_client, season):
    refused = start_next(boss_client, season).content.decode()
    assert "are not finished" in refused and not Season.objects.filter(previous=season).exists()
    play_all(season)
    page = start_next(boss_client, season).content.decode()
    new = Season.objects.get(previous=season)
    assert f"{new} follows {season}" in page
    assert "rolled over already" in start_next(boss_client, season).content.decode()


def test_the_admin_asks_which_teams_leave_and_join_before_starting_the_next_season(boss_client, season, team_ids):
    play_all(season)
    page = act(boss_client, "next_season_action", season).content.decode()
    assert "Teams that join, one name a line" in page and 'name="withdraw"' in page
    assert not Season.objects.filter(previous=season).exists()
    leaving = season.teams.get(pk=team_ids[0])
    page = start_next(boss_client, season, withdraw=[leaving.pk], add="Newcomers FC\n\n  Late Starters  \n")
    new = Season.objects.get(previous=season)
    assert f"{new} follows {season}" in page.content.decode()
    names = set(new.teams.values_list("name", flat=True))
    assert {"Newcomers FC", "Late Starters"} <= names and leaving.name not in names and len(names) == 9
    assert new.matches.filter(home__name="Late Starters").exists()


def test_the_admin_refuses_a_rollover_on_its_page_with_nothing_changed(boss_client, season, team_ids):
    play_all(season)
    taken = season.teams.get(pk=team_ids[1]).name
    page = start_next(boss_client, season, add=f"Newcomers FC\n{taken}").content.decode()
    assert f"Already in {season}, or of another league: {taken}." in page
    assert "Teams that join, one name a line" in page  # the page again, to correct
    assert not Season.objects.filter(previous=season).exists()
    assert not season.league.teams.filter(name="Newcomers FC").exists()
    page = start_next(boss_client, season, add="x" * 101).content.decode()
    assert "at most 100 characters" in page and not season.league.teams.filter(name="x" * 101).exists()
    other = Season.objects.create(league=season.league, name="Friendlies")
    url = reverse("admin:leagues_season_changelist")
    both = {"action": "next_season_action", "_selected_action": [season.pk, other.pk]}
    page = boss_client.post(url, both, follow=True)
    assert "Start the next season of one season at a time." in page.content.decode()


def test_the_admin_closes_a_season_listing_its_unplayed_matches(boss_client, season):
    page = act(boss_client, "close_season_action", season).content.decode()
    assert "56 matches left unplayed and cancelled" in page
    assert season.matches.exclude(status=Match.Status.CANCELLED).count() == 0


def test_the_season_page_sets_the_teams_divisions(boss_client, season, team_ids):
    top, second = divide(season, relegated=1, promoted=1)
    url = reverse("admin:leagues_season_change", args=[season.pk])
    assert "divisions of the teams" in boss_client.get(url).content.decode().lower()
    entries = list(SeasonTeam.objects.filter(season=season).order_by("team_id"))
    data = season_form(season, teams=team_ids)
    data["entries-TOTAL_FORMS"] = data["entries-INITIAL_FORMS"] = len(entries)
    for index, entry in enumerate(entries):
        data[f"entries-{index}-id"] = entry.pk
        data[f"entries-{index}-season"] = season.pk
        data[f"entries-{index}-division"] = (second if index == 0 else entry.division).pk
    response = boss_client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert SeasonTeam.objects.get(season=season, team_id=team_ids[0]).division == second
    assert SeasonTeam.objects.filter(season=season).count() == 8


def test_the_admin_draws_the_promotion_playoffs(boss_client, season):
    divide(season, relegated=1, relegation_playoff=True, promoted=1, promotion_playoff=1)
    play_all(season)
    page = act(boss_client, "division_playoffs_action", season).content.decode()
    assert "Championship play-off" in page
    assert "drawn already" in act(boss_client, "division_playoffs_action", season).content.decode()
