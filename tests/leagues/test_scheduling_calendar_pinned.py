"""Generating fixtures, pinned where the scheduling tests did not reach: the calendar's end, the
schedule's limits by field, divisions played side by side, the audit entry, and a season saved
with the three fixture settings only."""

from datetime import UTC, datetime, timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from audit.models import Entry
from competitions.round_robin import fits_in_calendar, fixtures_generate, merged_rounds
from leagues.models import Division, Season, SeasonTeam
from matches.models import Match
from tests.conftest import make_season

pytestmark = pytest.mark.django_db

END = datetime(9999, 12, 30, tzinfo=UTC)  # leagues.validation.LATEST_DATETIME


def test_rounds_fit_in_the_calendar_up_to_its_last_day():
    # rounds' time, an interval each, ends on the calendar's last day
    assert fits_in_calendar(END - timedelta(days=10), timedelta(days=5), 2)
    assert not fits_in_calendar(END - timedelta(days=10), timedelta(days=5), 3)
    assert not fits_in_calendar(END - timedelta(days=10), timedelta(days=4), 3)
    assert not fits_in_calendar(END - timedelta(days=10), timedelta(days=366), 10**7)  # past datetime's range


def test_fixtures_that_would_run_past_the_calendar_are_refused(season, monkeypatch):
    start = timezone.now().replace(microsecond=0)
    # four teams, a double round robin: six rounds of a day each; the calendar's end moved up to the fifth day
    monkeypatch.setattr("competitions.round_robin.LATEST_DATETIME", start + timedelta(days=5))
    with pytest.raises(ValidationError) as caught:
        fixtures_generate(season, first_kickoff=start, interval=timedelta(days=1), double=True)
    assert caught.value.message_dict == {"round_interval": ["6 rounds at this interval run past the year 9999."]}
    assert not Match.objects.filter(season=season).exists()
    monkeypatch.setattr("competitions.round_robin.LATEST_DATETIME", start + timedelta(days=6))
    assert len(fixtures_generate(season, first_kickoff=start, interval=timedelta(days=1), double=True)) == 12


def test_a_first_kickoff_and_an_interval_past_the_schedules_limits_are_named(season):
    with pytest.raises(ValidationError) as caught:
        fixtures_generate(season, first_kickoff=datetime(9500, 1, 1, tzinfo=UTC), interval=timedelta(days=400))
    assert caught.value.message_dict == {
        "first_kickoff": ["A kickoff must be between the years 1900 and 9000."],
        "round_interval": ["The interval between rounds may be at most 366 days."],
    }


def test_divisions_play_their_round_robins_side_by_side(league):
    season = make_season(league, ["Alpha", "Beta", "Gamma", "Delta", "East", "Fifth"])
    top = Division.objects.create(league=league, name="Top", tier=1)
    low = Division.objects.create(league=league, name="Low", tier=2)
    SeasonTeam.objects.filter(season=season, team__name__in=["Alpha", "Beta"]).update(division=top)
    SeasonTeam.objects.exclude(division=top).filter(season=season).update(division=low)
    matches = fixtures_generate(season, double=False)
    played = {(m.round, frozenset((m.home.name, m.away.name))) for m in matches}
    top_pairs = {pair for _, pair in played if pair <= {"Alpha", "Beta"}}
    assert top_pairs == {frozenset(("Alpha", "Beta"))}
    assert len(matches) == 1 + 6  # the top's one match, the low division's four teams meeting once each
    assert {number for number, _ in played} == {1, 2, 3}  # the top plays in round 1 and rests after


def test_a_smaller_divisions_rounds_end_first():
    assert merged_rounds([[["a1"], ["a2"], ["a3"]], [["b1"]]]) == [["a1", "b1"], ["a2"], ["a3"]]


def test_generating_fixtures_is_audited_with_the_settings_and_match_counts(season):
    Season.objects.filter(id=season.id).update(first_kickoff=datetime(2026, 3, 1, 15, tzinfo=UTC))
    season.refresh_from_db()
    later = datetime(2026, 3, 8, 15, tzinfo=UTC)
    fixtures_generate(season, first_kickoff=later, interval=timedelta(hours=12), double=False)
    entry = Entry.objects.get(action="season.fixtures_generated")
    assert (entry.object_id, entry.season_id) == (season.id, season.id)
    assert entry.before == {
        "matches": 0,
        "first_kickoff": "2026-03-01T15:00:00Z",
        "round_interval": "P1DT00H00M00S",
        "double_round_robin": True,
    }
    assert entry.after == {
        "matches": 6,
        "first_kickoff": "2026-03-08T15:00:00Z",
        "round_interval": "P0DT12H00M00S",
        "double_round_robin": False,
    }


def test_generating_fixtures_saves_the_three_settings_only(season):
    Season.objects.filter(id=season.id).update(name="renamed meanwhile")
    fixtures_generate(season, double=False)
    season.refresh_from_db()
    assert (season.name, season.double_round_robin) == ("renamed meanwhile", False)
