"""A league's past to look back on: two seasons of three teams with hand-checkable results."""

import re
from datetime import UTC, datetime, timedelta

import pytest

from leagues.models import Season, Team
from matches.models import Match, PlayerMatchStat
from rosters.models import Player
from tests.conftest import make_league

#: Season 1: Alpha champion (6 pts), Gamma 1 pt (-2), Beta 1 pt (-3).
FIRST = ["Alpha 3-0 Beta", "Beta 1-1 Gamma", "Gamma 0-2 Alpha"]
#: Season 2: Beta champion (6 pts), Gamma 1 pt (-1), Alpha 1 pt (-2).
SECOND = ["Beta 4-2 Alpha", "Alpha 1-1 Gamma", "Gamma 0-1 Beta"]
START = datetime(2025, 1, 1, 12, tzinfo=UTC)


def play_season(league, name, lines, *, start, status=Match.Status.PLAYED):
    """A season of the league's teams (made as needed) with results given as 'Home 2-1 Away', one round each."""
    season = Season.objects.create(league=league, name=name, seed=1, first_kickoff=start, round_interval=timedelta(1))
    matches = []
    for number, line in enumerate(lines):
        home, home_goals, away_goals, away = re.fullmatch(r"(.+) (\d+)-(\d+) (.+)", line).groups()
        home_team = Team.objects.get_or_create(league=league, name=home)[0]
        away_team = Team.objects.get_or_create(league=league, name=away)[0]
        season.teams.add(home_team, away_team)
        matches.append(
            Match.objects.create(
                season=season,
                round=number + 1,
                home=home_team,
                away=away_team,
                kickoff=start + timedelta(days=number),
                status=status,
                home_goals=int(home_goals) if status != Match.Status.SCHEDULED else None,
                away_goals=int(away_goals) if status != Match.Status.SCHEDULED else None,
            )
        )
    return season, matches


@pytest.fixture
def past(db):
    """Two finished seasons and two strikers: Ace (Alpha) 2+1 goals in season 1 and 2 in season 2,
    Bolt (Beta) 3 in season 2's first match."""
    league = make_league("Old League")
    first, first_matches = play_season(league, "2025", FIRST, start=START)
    second, second_matches = play_season(league, "2026", SECOND, start=START + timedelta(days=100))
    teams = {t.name: t for t in Team.objects.filter(league=league)}
    ace = Player.objects.create(league=league, name="Ace", role="attacker", attributes={})
    bolt = Player.objects.create(league=league, name="Bolt", role="attacker", attributes={})
    for match, player, team, goals in (
        (first_matches[0], ace, "Alpha", 2),
        (first_matches[2], ace, "Alpha", 1),
        (second_matches[0], bolt, "Beta", 3),
        (second_matches[0], ace, "Alpha", 2),
    ):
        PlayerMatchStat.objects.create(match=match, player=player, team=teams[team], goals=goals, shots=goals + 1)
    return {
        "league": league,
        "seasons": [first, second],
        "matches": first_matches + second_matches,
        "teams": teams,
        "ace": ace,
        "bolt": bolt,
    }
