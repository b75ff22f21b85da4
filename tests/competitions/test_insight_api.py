"""Previews and odds in the API and through the workers' tasks."""

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone
from rest_framework.test import APIClient

from competitions import tasks
from competitions.odds import ODDS_TASK, cached_season_odds, remaining_matches
from competitions.previews import PREVIEW_SAMPLES, PREVIEW_TASK
from competitions.results import match_play
from config.celery import app, task_route
from matches.models import Match
from matches.services import PLAY_BATCH_TASK
from ops.demo import demo_season_create
from rosters.drafts.clock import CLOCK_TASK

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(small_season):
    return small_season


def test_the_preview_endpoint_answers_a_scheduled_match(season, sent):
    match = season.matches.first()
    body = APIClient().get(f"/api/matches/{match.id}/preview/").json()
    assert body["match"] == match.id and body["samples"] == PREVIEW_SAMPLES
    assert body["home_win"] + body["draw"] + body["away_win"] == pytest.approx(1)
    Match.objects.filter(id=match.id).update(status=Match.Status.PLAYED, home_goals=1, away_goals=0)
    assert APIClient().get(f"/api/matches/{match.id}/preview/").status_code == 404


def test_a_slow_preview_is_queued(season, sent, monkeypatch):
    monkeypatch.setattr("api.views.PREVIEW_BUDGET_SECONDS", 0.0)
    match = season.matches.first()
    response = APIClient().get(f"/api/matches/{match.id}/preview/")
    assert response.status_code == 202 and sent == [(PREVIEW_TASK, match.id)]


def test_odds_are_queued_then_made_by_the_tasks(season, sent, monkeypatch):
    response = APIClient().get(f"/api/seasons/{season.id}/odds/")
    assert response.status_code == 202 and sent == [(ODDS_TASK, season.id)]
    assert cached_season_odds(season) is None
    # the workers: one preview task per pairing, the last sends the odds task (run here)
    monkeypatch.setattr(tasks.season_odds_refresh, "delay", tasks.season_odds_refresh)
    for match in remaining_matches(season):
        tasks.match_preview_task(match.id, season.id)
    odds = cached_season_odds(season)
    assert odds is not None and len(odds["teams"]) == 4
    body = APIClient().get(f"/api/seasons/{season.id}/odds/").json()
    assert body == {**odds, "teams": [dict(team) for team in odds["teams"]]}


def test_the_last_match_of_a_round_sends_the_odds_task(season, sent, django_capture_on_commit_callbacks):
    first_round = list(season.matches.filter(round=1))
    for match in first_round:
        with django_capture_on_commit_callbacks(execute=True):
            match_play(match_id=match.id)
    assert sent == [(ODDS_TASK, season.id)]


def test_a_knockout_has_no_odds(sent):
    knockout = demo_season_create(engine="futti", teams=4, seed=12, knockout=True)
    response = APIClient().get(f"/api/seasons/{knockout.id}/odds/")
    assert response.status_code == 404 and "knockout" in response.json()["detail"]
    with pytest.raises(CommandError, match="SEASON_ID: .* is a knockout"):
        call_command("odds", str(knockout.id), "--completions", "10")
    tasks.season_odds_refresh(knockout.id)  # sends nothing, makes nothing
    assert sent == []


def test_no_odds_are_made_while_matches_of_the_season_are_being_played(season, sent, monkeypatch):
    """A burst (a whole season due at once: the demo, a catch-up) completes round after round:
    odds made for each would be thrown away, so the task waits for the round that completes last."""
    made = []
    monkeypatch.setattr(tasks, "season_odds_from_cache", made.append)
    monkeypatch.setattr(tasks, "missing_previews", lambda season: ([], []))
    claimed = season.matches.filter(round=2)
    claimed.update(queued_at=timezone.now())
    tasks.season_odds_refresh(season.id)
    assert made == []
    claimed.update(queued_at=None)
    tasks.season_odds_refresh(season.id)
    assert [s.id for s in made] == [season.id]


def test_clocks_and_odds_wait_on_queues_of_their_own():
    default = app.conf.task_default_queue
    assert task_route(CLOCK_TASK, (), {}, {}) == {"queue": f"{default}-clocks"}
    assert task_route(ODDS_TASK, (), {}, {}) == {"queue": f"{default}-odds"}
    assert task_route(PREVIEW_TASK, (), {}, {}) == {"queue": f"{default}-odds"}
    assert task_route(PLAY_BATCH_TASK, (), {}, {}) is None  # the matches: the default queue


def test_readers_asking_for_odds_over_and_over_queue_one_task(season, sent):
    for _ in range(3):
        assert APIClient().get(f"/api/seasons/{season.id}/odds/").status_code == 202
    assert sent == [(ODDS_TASK, season.id)]
