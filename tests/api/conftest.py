"""The API's cast: a played four-team Fütti season, and one client per role.

``anonymous`` has no credentials, ``plain`` is a signed-in user with no league,
``manager`` manages a team of this season (one side of the match the write tests move),
``rival`` manages another of its teams,
``other`` runs another league, ``commissioner`` runs this one, ``superuser`` runs
everything. Token authentication for all but the superuser, who uses a session,
so both ways in are exercised.

The draft and trade tests use the roster tests' cast (Anna, Bruno, Carla, Dino), pool and
squads; their clock and execution tasks are recorded instead of sent.
"""

import pytest
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from competitions.results import due_matches_play
from leagues.models import League
from ops.demo import demo_season_create
from tests.rosters.conftest import (  # noqa: F401 (the drafts' and trades' cast)
    cast,
    clock_tasks,
    executions,
    fast_passwords,
    pool,
    trade_window,
    trading,
)


@pytest.fixture
def played_season(db):
    season = demo_season_create(engine="futti", teams=4, seed=1)
    due_matches_play()
    return season


def token_client(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return client


@pytest.fixture
def clients(played_season):
    """Users without passwords: hashing one costs a second or two, and no test signs in with it."""
    users = get_user_model().objects
    commissioner = users.create_user("carla")
    played_season.league.commissioners.add(commissioner)
    other = users.create_user("otto")
    League.objects.create(name="Other League", slug="other").commissioners.add(other)
    # the manager's team plays in the match the write tests move; the rival's team does not
    moved = played_season.matches.order_by("round", "id").last()
    home = moved.home
    away = played_season.teams.exclude(id__in=[moved.home_id, moved.away_id]).first()
    home.manager, away.manager = users.create_user("mia"), users.create_user("rex")
    home.save(update_fields=["manager"])
    away.save(update_fields=["manager"])
    superuser = APIClient()
    superuser.force_login(users.create_superuser("root", password=None))
    return {
        "anonymous": APIClient(),
        "plain": token_client(users.create_user("pat")),
        "manager": token_client(home.manager),
        "rival": token_client(away.manager),
        "other": token_client(other),
        "commissioner": token_client(commissioner),
        "superuser": superuser,
    }
