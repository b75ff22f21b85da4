"""A 20-team double round robin (380 matches with their events) restores in seconds."""

import json
import time

import pytest

from competitions.results import due_matches_play
from matches.models import Match, played_events
from ops.backup import league_export, league_import
from ops.demo import demo_season_create

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def test_a_20_team_season_is_exported_and_restored_in_seconds(capsys):
    season = demo_season_create(engine="futti", teams=20, seed=1)
    due_matches_play()
    assert Match.objects.filter(season=season, status=Match.Status.PLAYED).count() == 380
    events = count_events(Match.objects.filter(season=season))

    started = time.perf_counter()
    text = json.dumps(league_export(season.league))
    exported = time.perf_counter()
    season.league.delete()
    deleted = time.perf_counter()
    league = league_import(json.loads(text))
    imported = time.perf_counter()

    assert count_events(Match.objects.filter(season__league=league)) == events
    with capsys.disabled():
        print(
            f"\n380 matches, {events} events, {len(text) / 1e6:.1f} MB: export {exported - started:.2f} s, "
            f"import {imported - deleted:.2f} s"
        )
    assert imported - deleted < 30


def count_events(matches) -> int:
    return sum(len(played_events(match_id)) for match_id in matches.values_list("id", flat=True))
