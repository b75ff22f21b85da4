"""leagues.0006_fair_play_weights on a database with leagues in it: their tables stay as they were."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from leagues.models import FAIR_PLAY_BEFORE, FAIR_PLAY_FIFA, League

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]
BEFORE = [("leagues", "0005_team_tactics_either_history")]


def migrate(targets) -> MigrationExecutor:
    run = MigrationExecutor(connection)
    run.migrate(targets)
    return run


@pytest.fixture
def at_head():
    yield
    connection.close()
    run = MigrationExecutor(connection)
    run.migrate(run.loader.graph.leaf_nodes())


def test_existing_leagues_keep_the_old_count_and_new_ones_get_fifas(at_head):
    run = migrate(BEFORE)
    OldLeague = run.loader.project_state(BEFORE).apps.get_model("leagues", "League")
    OldLeague.objects.create(name="Old", slug="old", engine="futti", tiebreakers=["points", "fair_play"])
    connection.close()
    run = MigrationExecutor(connection)
    run.migrate(run.loader.graph.leaf_nodes())
    assert League.objects.get(slug="old").fair_play_weights == FAIR_PLAY_BEFORE
    assert League.objects.create(name="New", slug="new").fair_play_weights == FAIR_PLAY_FIFA
