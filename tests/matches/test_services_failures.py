"""A failing match fails alone: `match_fail` and the failure path of `matches_play` touch
only the match that failed, and never a match that is no longer scheduled."""

import pytest

from competitions import results
from engines import get_engine
from matches import services
from matches.models import Match, PlayByPlay, PlayerMatchStat
from ops.demo import demo_season_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo_season():
    return demo_season_create(engine="futti", teams=4, seed=11, double=True)


@pytest.fixture
def engine_failing_for(monkeypatch):
    """Make the futti engine raise for the matches played with the given seeds only."""

    def fail_for(*seeds):
        engine = get_engine("futti")
        real = engine.simulate

        def simulate(home, away, *, seed, **kwargs):
            if seed in seeds:
                raise RuntimeError(f"the dice fell off the table (seed {seed})")
            return real(home, away, seed=seed, **kwargs)

        monkeypatch.setattr(engine, "simulate", simulate)

    return fail_for


def test_failing_one_match_leaves_the_other_scheduled_matches_alone(demo_season):
    failing, *others = Match.objects.filter(season=demo_season).order_by("id")
    services.match_fail(match_id=failing.id, error="boom")
    failing.refresh_from_db()
    assert (failing.status, failing.error) == (Match.Status.FAILED, "boom")
    statuses = set(Match.objects.filter(id__in=[m.id for m in others]).values_list("status", "error"))
    assert statuses == {(Match.Status.SCHEDULED, "")}


def test_failing_a_match_already_played_keeps_its_result(demo_season):
    match = results.match_play(match_id=Match.objects.filter(season=demo_season).first().id)
    score = (match.home_goals, match.away_goals)
    services.match_fail(match_id=match.id, error="a late duplicate delivery failed")
    match.refresh_from_db()
    assert (match.status, match.error) == (Match.Status.PLAYED, "")
    assert (match.home_goals, match.away_goals) == score


def test_the_error_is_cut_to_2000_characters(demo_season):
    match = Match.objects.filter(season=demo_season).first()
    services.match_fail(match_id=match.id, error="x" * 2500)
    match.refresh_from_db()
    assert match.error == "x" * 2000


def test_simulate_due_fails_only_the_match_whose_engine_raised(demo_season, engine_failing_for):
    failing = Match.objects.filter(season=demo_season).order_by("id")[4]
    engine_failing_for(failing.seed)
    played = results.due_matches_play()
    assert len(played) == 12
    by_id = {match.id: match for match in played}
    assert by_id[failing.id].status == Match.Status.FAILED
    assert by_id[failing.id].error == f"RuntimeError: the dice fell off the table (seed {failing.seed})"
    assert {m.status for i, m in by_id.items() if i != failing.id} == {Match.Status.PLAYED}
    stored = Match.objects.filter(season=demo_season).exclude(id=failing.id)
    assert set(stored.values_list("status", flat=True)) == {Match.Status.PLAYED}
    failing.refresh_from_db()
    assert failing.status == Match.Status.FAILED and failing.home_goals is None
    assert not PlayByPlay.objects.filter(match=failing).exists()
    assert not PlayerMatchStat.objects.filter(match=failing).exists()


def test_matches_play_returns_every_match_in_the_order_asked(demo_season, engine_failing_for):
    first, second, third = Match.objects.filter(season=demo_season).order_by("id")[:3]
    engine_failing_for(first.seed, third.seed)
    played = results.matches_play([third.id, second.id, first.id])
    assert [(m.id, m.status) for m in played] == [
        (third.id, Match.Status.FAILED),
        (second.id, Match.Status.PLAYED),
        (first.id, Match.Status.FAILED),
    ]
