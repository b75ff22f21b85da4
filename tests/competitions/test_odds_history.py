"""The season odds kept round by round (issue #26): the odds task keeps one row per round,
the API lists them, and the season page charts them."""

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from competitions import tasks
from competitions.odds import missing_previews
from competitions.odds_history import completed_round, odds_record
from competitions.results import match_play
from leagues.models import Season, SeasonOdds
from matches.models import Match
from ops.demo import demo_season_create
from tests.api.test_api_schema import answer_problems
from tests.competitions.conftest import divide

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(small_season):
    return small_season


@pytest.fixture
def workers(monkeypatch):
    """The odds task as the workers run it, here: its preview tasks run at once, in order."""
    monkeypatch.setattr(tasks.season_odds_refresh, "delay", tasks.season_odds_refresh)

    def previews_then_odds(season):
        for match_id in missing_previews(season)[1]:
            tasks.match_preview_task(match_id, season.id)
        tasks.season_odds_refresh(season.id)

    return previews_then_odds


def play_round(season, number: int) -> None:
    for match in season.matches.filter(round=number):
        match_play(match_id=match.id)


def rounds_kept(season) -> list[int]:
    return list(SeasonOdds.objects.filter(season=season).values_list("round", flat=True))


def test_the_task_keeps_one_row_per_round(season, workers):
    workers(season)
    assert rounds_kept(season) == [0]  # before any match
    first = SeasonOdds.objects.get(season=season)
    assert len(first.teams) == 4 and {"team", "title", "expected_points"} <= set(first.teams[0])
    assert sum(team["title"] for team in first.teams) == pytest.approx(1)
    workers(season)  # the same round again: the cached odds, no second row
    cache.clear()  # computed again from nothing: the round's row is replaced
    workers(season)
    assert rounds_kept(season) == [0]
    assert SeasonOdds.objects.get(season=season).computed_at > first.computed_at

    play_round(season, 1)
    workers(season)
    assert rounds_kept(season) == [0, 1]


def test_odds_made_while_a_round_is_under_way_are_not_kept(season):
    play_round(season, 1)
    match_play(match_id=season.matches.filter(round=2).first().id)
    assert completed_round(season) is None
    odds = {"completions": 1, "teams": []}
    assert odds_record(season, odds) is None and rounds_kept(season) == []
    Match.objects.filter(season=season, round=2).update(status=Match.Status.POSTPONED)
    assert completed_round(season) == 1  # nothing closed after round 1
    Match.objects.filter(season=season, round=2).update(status=Match.Status.CANCELLED)
    assert completed_round(season) == 2


def test_a_finished_season_keeps_its_final_table_as_its_last_round(season, workers):
    for number in (1, 2, 3):
        play_round(season, number)
    workers(season)
    last = SeasonOdds.objects.get(season=season)
    assert last.round == 3
    assert sorted(team["title"] for team in last.teams) == [0, 0, 0, 1]


def keep(season, number: int, titles: dict[int, float]) -> None:
    SeasonOdds.objects.update_or_create(
        season=season,
        round=number,
        defaults={
            "computed_at": timezone.now(),
            "completions": 10_000,
            "teams": [{"team": t, "title": p, "expected_points": 3.0} for t, p in titles.items()],
        },
    )


def test_the_api_lists_the_rounds_with_each_teams_odds(season, client):
    for number in (0, 1):
        keep(season, number, dict.fromkeys(season.teams.values_list("id", flat=True), 0.25))
    body = APIClient().get(f"/api/seasons/{season.id}/odds/history/").json()
    assert body["season"] == season.id and [r["round"] for r in body["rounds"]] == [0, 1]
    assert {team["title"] for team in body["rounds"][1]["teams"]} == {0.25}
    document = client.get("/api/schema/?format=json").json()
    assert not answer_problems(document, "/api/seasons/{id}/odds/history/", body)


def test_a_knockout_has_no_odds_history():
    knockout = demo_season_create(engine="futti", teams=4, seed=12, knockout=True)
    assert APIClient().get(f"/api/seasons/{knockout.id}/odds/history/").status_code == 404


def test_the_season_page_charts_the_kept_odds_from_two_rounds(season, client):
    ids = sorted(season.teams.values_list("id", flat=True))
    keep(season, 0, dict.fromkeys(ids, 0.25))
    html = client.get(reverse("web:season", args=[season.id])).content.decode()
    assert 'data-chart="odds-title"' not in html  # one round: no line to draw
    keep(season, 1, {ids[0]: 0.7, ids[1]: 0.2, ids[2]: 0.1, ids[3]: 0.0})
    cache.clear()  # the page is cached by its results and when the odds were made
    html = client.get(reverse("web:season", args=[season.id])).content.decode()
    assert html.count('data-chart="odds-title"') == 1 and 'data-chart="odds-relegation"' not in html
    chart = html[html.index('data-chart="odds-title"') :]
    chart = chart[: chart.index("</figure>")]
    assert chart.count("<polyline") == 4 and "<details>" in chart and "70.0" in chart
    for name in season.teams.values_list("name", flat=True):
        assert name in chart


def test_a_season_of_divisions_charts_the_title_and_relegation_of_each(season, client):
    top, second = divide(season, relegated=1, promoted=1)
    ids = sorted(season.teams.values_list("id", flat=True))
    upper, lower = ids[:2], ids[2:]
    for number in (0, 1):
        teams = [
            {"team": t, "division": top.pk, "title": 0.5, "relegation": 0.5, "expected_points": 1.0} for t in upper
        ]
        teams += [
            {"team": t, "division": second.pk, "title": 0.5, "relegation": 0.0, "expected_points": 1.0} for t in lower
        ]
        SeasonOdds.objects.create(season=season, round=number, computed_at=timezone.now(), completions=10, teams=teams)
    html = client.get(reverse("web:season", args=[season.id])).content.decode()
    assert html.count('data-chart="odds-title"') == 2  # one per division
    assert html.count('data-chart="odds-relegation"') == 1  # the lower division relegates no one
    assert "Premier: relegation" in html


def test_odds_made_from_an_older_table_are_not_kept_as_a_later_rounds(season, django_capture_on_commit_callbacks):
    """A slow task read the season before round 1 was played and finishes after it: its odds
    are round 0's and must not become round 1's row."""
    read_before = Season.objects.get(id=season.id)
    with django_capture_on_commit_callbacks(execute=True):
        play_round(season, 1)
    season.refresh_from_db()
    assert season.standings_version != read_before.standings_version  # the round moved the table on
    stale = {"completions": 5, "teams": [{"team": 1, "title": 0.25, "expected_points": 1.0}]}
    assert odds_record(read_before, stale) is None and rounds_kept(season) == []
    assert odds_record(season, stale) is not None and rounds_kept(season) == [1]


def test_a_row_keeps_the_odds_without_the_chance_of_every_place(season):
    odds = {"completions": 5, "teams": [{"team": 1, "title": 1.0, "expected_points": 9.0, "positions": [1.0]}]}
    row = odds_record(season, odds)
    assert row is not None and row.round == 0 and row.completions == 5
    assert row.teams == [{"team": 1, "title": 1.0, "expected_points": 9.0}]
