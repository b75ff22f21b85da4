"""Leagues of two divisions whose results are set by hand: the lower team id wins every match
2-0, so each division's table is its teams in id order."""

from __future__ import annotations

import pytest

from competitions.round_robin import fixtures_generate
from leagues.models import Division, Season, SeasonTeam
from matches.models import Match
from ops.demo import demo_season_create


def play_all(season: Season) -> None:
    """Every unplayed match of the season won 2-0 by the side with the lower team id."""
    for match in season.matches.exclude(status__in=Match.CLOSED_STATUSES):
        home_wins = match.home_id < match.away_id
        Match.objects.filter(pk=match.pk).update(
            status=Match.Status.PLAYED, home_goals=2 if home_wins else 0, away_goals=0 if home_wins else 2
        )


def divide(season: Season, **options) -> tuple[Division, Division]:
    """Two divisions of the season's teams (the lower ids on top), and the fixtures made again."""
    upper_options = {k: v for k, v in options.items() if k in ("relegated", "relegation_playoff")}
    lower_options = {k: v for k, v in options.items() if k in ("promoted", "promotion_playoff")}
    top = Division.objects.create(league=season.league, name="Premier", tier=1, **upper_options)
    second = Division.objects.create(league=season.league, name="Championship", tier=2, **lower_options)
    ids = sorted(season.teams.values_list("id", flat=True))
    half = len(ids) // 2
    SeasonTeam.objects.filter(season=season, team_id__in=ids[:half]).update(division=top)
    SeasonTeam.objects.filter(season=season, team_id__in=ids[half:]).update(division=second)
    fixtures_generate(season)
    return top, second


@pytest.fixture
def season(db) -> Season:
    """A league of eight drafted teams, one season with fixtures, nothing played."""
    return demo_season_create(engine="futti", teams=8, seed=5)


@pytest.fixture
def team_ids(season) -> list[int]:
    return sorted(season.teams.values_list("id", flat=True))


@pytest.fixture
def small_season(db) -> Season:
    """Four drafted Fütti teams, a single round robin with fixtures, nothing played."""
    return demo_season_create(engine="futti", teams=4, seed=11, double=False)
