"""The cast of the table-result tests: a Fütti demo season played at the table, the two
managers of its first match, another team's manager, a commissioner and a stranger."""

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from django.contrib.auth.models import User
from django.db import connection, transaction

from leagues.models import PlayMode
from matches.models import Match
from ops.demo import demo_season_create
from rosters.models import SquadMember


@pytest.fixture
def season(db):
    season = demo_season_create(engine="futti", teams=4, seed=1)
    season.league.play_mode = PlayMode.TABLE
    season.league.save(update_fields=["play_mode"])
    for team in season.teams.all():
        team.manager = User.objects.create_user(f"manager-{team.pk}", is_staff=True)
        team.save(update_fields=["manager"])
    return season


@pytest.fixture
def match(season):
    return Match.objects.filter(season=season).select_related("home__manager", "away__manager").first()


@pytest.fixture
def home_manager(match):
    return match.home.manager


@pytest.fixture
def away_manager(match):
    return match.away.manager


@pytest.fixture
def other_manager(season, match):
    return season.teams.exclude(id__in=[match.home_id, match.away_id]).first().manager


@pytest.fixture
def commissioner(season):
    user = User.objects.create_user("commissioner", is_staff=True)
    season.league.commissioners.add(user)
    return user


@pytest.fixture
def stranger(db):
    return User.objects.create_user("stranger")


def players(match, side: str, role: str | None = None) -> list[int]:
    """Squad player ids of one side, field players or goaltenders if ``role`` is given."""
    team_id = match.home_id if side == "home" else match.away_id
    members = SquadMember.objects.filter(season=match.season, team_id=team_id).select_related("player")
    return [m.player_id for m in members.order_by("player_id") if role is None or m.player.role == role]


def scoresheet(match, home: int = 2, away: int = 1, **extra) -> dict:
    """A valid result: ``home`` goals by the home side's first player (minutes 5, 10 ...),
    ``away`` by the away side's first, a yellow card, shots and a goaltender's saves."""
    h, a = players(match, "home"), players(match, "away")
    events = [{"minute": 5 * (i + 1), "kind": "goal", "player": h[0]} for i in range(home)]
    events += [{"minute": 7 * (i + 1), "kind": "goal", "player": a[0]} for i in range(away)]
    events.append({"minute": 30, "kind": "yellow_card", "player": a[1]})
    counts = {str(h[0]): {"shots": home + 2}, str(a[0]): {"shots": away + 1, "steals": 2}}
    goaltender = players(match, "away", "goalkeeper")[0]
    counts[str(goaltender)] = {"saves": 3}
    return {"home_goals": home, "away_goals": away, "events": events, "counts": counts, **extra}


@contextmanager
def held_meanwhile(lock: Callable[[], object]) -> Iterator[None]:
    """Run ``lock`` in a transaction of another connection (a worker's, another step's) and hold
    what it locked while the block runs: PostgreSQL's row locks (SQLite serialises writers)."""
    locked, release = threading.Event(), threading.Event()

    def hold():
        try:
            with transaction.atomic():
                lock()
                locked.set()
                release.wait(timeout=10)
        finally:
            connection.close()

    thread = threading.Thread(target=hold)
    thread.start()
    try:
        assert locked.wait(timeout=10)
        yield
    finally:
        release.set()
        thread.join()
