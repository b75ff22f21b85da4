"""Playing and storing matches: idempotent, complete, replayable; failures store nothing."""

from datetime import timedelta

import pytest
from django.utils import timezone

from competitions import results
from competitions.standings import compute_standings
from competitions.tasks import play_match
from engines import get_engine
from matches import services
from matches.models import Match, PlayByPlay, PlayerMatchStat, played_events
from ops.demo import demo_season_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo_season():
    return demo_season_create(engine="futti", teams=4, seed=11, double=True)


def test_simulate_due_plays_and_stores_everything(demo_season):
    played = results.due_matches_play()
    assert len(played) == 12
    for match in Match.objects.filter(season=demo_season):
        assert match.status == Match.Status.PLAYED
        goals = [e.side for e in played_events(match.id) if e.kind == "goal"]
        assert goals.count("home") == match.home_goals
        assert goals.count("away") == match.away_goals
        stats = PlayerMatchStat.objects.filter(match=match)
        assert sum(s.goals for s in stats) == match.home_goals + match.away_goals
        assert match.engine_version and match.played_at
    table = compute_standings(demo_season)
    assert sum(r.played for r in table.rows) == 24
    assert sum(r.goals_for for r in table.rows) == sum(r.goals_against for r in table.rows)


def test_playing_twice_stores_one_result(demo_season):
    match = Match.objects.filter(season=demo_season).first()
    results.match_play(match_id=match.id)
    stored = PlayByPlay.objects.get(match=match)
    again = results.match_play(match_id=match.id)
    assert again.status == Match.Status.PLAYED
    assert list(PlayByPlay.objects.filter(match=match)) == [stored] and played_events(match.id)


def test_a_match_replays_from_its_seed(demo_season):
    match = Match.objects.filter(season=demo_season).first()
    results.match_play(match_id=match.id)
    match.refresh_from_db()
    result, _, _, _ = services.match_simulate(match)
    assert (result.home_goals, result.away_goals, result.version) == (
        match.home_goals,
        match.away_goals,
        match.engine_version,
    )
    stored = [(e.seq, e.kind) for e in played_events(match.id)]
    assert stored == [(e.seq, e.kind) for e in result.events]


def test_future_and_unscheduled_matches_are_not_due(demo_season):
    first, second, third = Match.objects.filter(season=demo_season)[:3]
    Match.objects.filter(id=first.id).update(kickoff=timezone.now() + timedelta(hours=1))
    Match.objects.filter(id=second.id).update(status=Match.Status.POSTPONED)
    Match.objects.filter(id=third.id).update(status=Match.Status.CANCELLED)
    due = set(services.due_matches().values_list("id", flat=True))
    assert due.isdisjoint({first.id, second.id, third.id})
    assert len(due) == 9


def test_queueing_claims_matches_and_sends_them_in_batches_on_commit(
    demo_season, monkeypatch, settings, django_capture_on_commit_callbacks
):
    settings.PLAY_BATCH_SIZE = 5
    sent = []
    monkeypatch.setattr(services.app, "send_task", lambda name, args, producer: sent.append((name, args[0])))
    with django_capture_on_commit_callbacks(execute=True):
        ids = services.queue_due_matches()
    assert len(ids) == 12
    assert [name for name, _ in sent] == [services.PLAY_BATCH_TASK] * 3
    assert [batch for _, batch in sent] == [ids[:5], ids[5:10], ids[10:]]
    in_kickoff_order = Match.objects.filter(id__in=ids).order_by("kickoff", "id").values_list("id", flat=True)
    assert ids == list(in_kickoff_order)  # a matchday's matches side by side in a batch
    assert not Match.objects.filter(season=demo_season, queued_at__isnull=True).exists()
    # claimed matches are not queued again by the next beat
    with django_capture_on_commit_callbacks(execute=True):
        assert services.queue_due_matches() == []


def test_an_engine_error_fails_the_match_after_retries_and_stores_nothing(demo_season, monkeypatch):
    calls = []

    def broken(*args, **kwargs):
        calls.append(1)
        raise RuntimeError("the dice fell off the table")

    monkeypatch.setattr(get_engine("futti"), "simulate", broken)
    match = Match.objects.filter(season=demo_season).first()
    outcome = play_match.apply(args=[match.id])
    assert outcome.successful(), outcome.traceback  # the task itself ends cleanly once the match is failed
    match.refresh_from_db()
    assert match.status == Match.Status.FAILED
    assert "the dice fell off the table" in match.error
    assert len(calls) == 3  # the first try and two retries
    assert match.home_goals is None
    assert not PlayByPlay.objects.filter(match=match).exists()
    assert not PlayerMatchStat.objects.filter(match=match).exists()


def test_forfeit_awards_the_leagues_score(demo_season):
    league = demo_season.league
    league.forfeit_goals_for, league.forfeit_goals_against = 2, 0
    league.save()
    match = Match.objects.filter(season=demo_season).select_related("season__league").first()
    results.match_forfeit(match, forfeited_by="home")
    match.refresh_from_db()
    assert (match.status, match.home_goals, match.away_goals, match.decided_by) == ("forfeited", 0, 2, "forfeit")
    rows = {r.team_id: r for r in compute_standings(demo_season).rows}
    assert rows[match.away_id].points == 3 and rows[match.home_id].points == 0
