"""A real ``celery worker`` process plays due matches exactly once, even when a task arrives twice."""

import pytest
from django.core.management import call_command
from django.db import connection

from competitions.tasks import play_match
from engines import get_engine
from leagues.models import Season
from matches.models import Match, PlayByPlay, PlayerMatchStat, played_events
from matches.services import played_sheets, queue_due_matches
from matches.worker import database_url, start_worker, stop_worker, wait_until
from ops.demo import demo_season_create
from tournaments.models import Tie

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def worker_queue(task_queue):
    """The test's own queue (see conftest): the worker started here listens only to it."""
    return task_queue


def test_worker_plays_every_due_match_once(worker_queue, tmp_path):
    season = demo_season_create(engine="futti", teams=4, seed=3, double=False)
    matches = list(season.matches.all())
    assert len(matches) == 6

    queued = queue_due_matches()
    assert sorted(queued) == sorted(m.id for m in matches)
    # The same match delivered twice more: at-least-once delivery must not mean twice stored.
    play_match.delay(matches[0].id)
    play_match.delay(matches[0].id)

    log = tmp_path / "worker.log"
    worker = start_worker(
        concurrency=2,
        queue=worker_queue,
        logfile=log,
        env={"DATABASE_URL": database_url(connection.settings_dict)},
    )
    try:
        done = wait_until(lambda: not season.matches.filter(status=Match.Status.SCHEDULED).exists())
    finally:
        stop_worker(worker)
    assert done, f"the worker did not play the season; its log:\n{log.read_text()}"

    engine = get_engine("futti")
    for match in season.matches.select_related("season__league", "home", "away"):
        assert match.status == Match.Status.PLAYED, match.error
        assert match.engine_version == engine.version
        # the stored result is the engine's result for the stored seed, stored once
        home, away = played_sheets(match)
        expected = engine.simulate(home, away, seed=match.seed)
        assert (match.home_goals, match.away_goals) == (expected.home_goals, expected.away_goals)
        events = played_events(match.id)
        assert len(events) == len(expected.events)
        assert sum(e.kind == "goal" for e in events) == match.home_goals + match.away_goals
        assert PlayerMatchStat.objects.filter(match=match).count() == len(home.players) + len(away.players)

    # A late duplicate after the match was played changes nothing.
    before = played_events(matches[0].id)
    play_match.apply(args=[matches[0].id])
    assert played_events(matches[0].id) == before and PlayByPlay.objects.filter(match=matches[0]).count() == 1


def test_demo_command_plays_a_season_through_its_own_worker(worker_queue, monkeypatch, capsys):

    monkeypatch.setenv("DATABASE_URL", database_url(connection.settings_dict))
    call_command("demo", "--teams", "3", "--single", "--seed", "5", "--timeout", "120")
    out = capsys.readouterr().out
    season = Season.objects.get()
    assert f"Season id: {season.id}" in out
    assert "3/3 matches played" in out
    assert not season.matches.exclude(status=Match.Status.PLAYED).exists()
    assert "log in as user 'admin'" in out


def test_beat_queues_due_matches_by_itself(worker_queue, tmp_path):
    """No one queues anything: celery beat, embedded in the worker, finds the due matches."""
    season = demo_season_create(engine="futti", teams=2, seed=8, double=True)
    log = tmp_path / "worker.log"
    worker = start_worker(
        concurrency=1,
        queue=worker_queue,
        beat=True,
        logfile=log,
        env={
            "DATABASE_URL": database_url(connection.settings_dict),
            "SIMULATE_DUE_EVERY": "1",
            "CELERY_TASK_DEFAULT_QUEUE": worker_queue,
        },
    )
    try:
        done = wait_until(lambda: not season.matches.filter(status=Match.Status.SCHEDULED).exists())
    finally:
        stop_worker(worker)
    assert done, f"beat did not get the matches played; the worker's log:\n{log.read_text()}"
    assert season.matches.filter(status=Match.Status.PLAYED).count() == 2


def test_a_knockout_is_played_to_the_final_by_a_real_worker(worker_queue, monkeypatch, capsys):
    """Each round is drawn by the worker that stores the last match of the round before."""

    monkeypatch.setenv("DATABASE_URL", database_url(connection.settings_dict))
    call_command("demo", "--format", "knockout", "--teams", "5", "--third-place", "--seed", "4", "--timeout", "120")
    out = capsys.readouterr().out
    final = Tie.objects.get(round=3, third_place=False)
    assert final.winner is not None
    assert f"Winner: {final.winner}" in out
    assert "5/5 matches played" in out  # 4 knockout matches and the match for third place
