"""How a match is played: the league's mode, a match's own override, and a worker that
never touches a match played at the table."""

import pytest

from competitions import results
from leagues.models import PlayMode
from matches import services
from matches.models import Match, played_events
from ops.demo import demo_season_create

pytestmark = pytest.mark.django_db


def test_a_league_simulates_by_default(db):
    season = demo_season_create(engine="futti", teams=4, seed=1)
    assert season.league.play_mode == PlayMode.SIMULATED
    assert not any(m.played_at_table for m in season.matches.all())
    assert services.due_matches().count() == 12


def test_the_worker_finds_no_due_table_match(season):
    assert services.due_matches().count() == 0
    assert services.queue_due_matches() == []
    assert results.due_matches_play() == []


def test_a_match_overrides_its_league_both_ways(season, match):
    match.play_mode = PlayMode.SIMULATED
    match.save(update_fields=["play_mode"])
    assert list(services.due_matches().values_list("id", flat=True)) == [match.id]
    season.league.play_mode = PlayMode.SIMULATED
    season.league.save(update_fields=["play_mode"])
    match.play_mode = PlayMode.TABLE
    match.save(update_fields=["play_mode"])
    due = services.due_matches()
    assert due.count() == 11 and match.id not in set(due.values_list("id", flat=True))


def test_match_play_leaves_a_table_match_alone(match):
    played = results.match_play(match_id=match.id)
    match.refresh_from_db()
    assert played.status == match.status == Match.Status.SCHEDULED
    assert not played_events(match.id) and match.home_goals is None


def test_play_now_leaves_a_table_match_scheduled(match):
    results.matches_play([match.id])
    match.refresh_from_db()
    assert match.status == Match.Status.SCHEDULED
