"""leagues.0007_divisions on a database with seasons in it: ``Season.teams`` becomes the
``SeasonTeam`` model on the same table, so every season keeps its teams, with no division."""

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from leagues.models import Season, SeasonTeam
from tests.schema.test_fair_play_migration import at_head, migrate  # noqa: F401  at_head is a fixture

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]
BEFORE = [("leagues", "0006_fair_play_weights"), ("rosters", "0005_auction")]


@pytest.mark.usefixtures("at_head")
def test_existing_seasons_keep_their_teams_with_no_division():
    run = migrate(BEFORE)
    old = run.loader.project_state(BEFORE).apps
    league = old.get_model("leagues", "League").objects.create(name="Old", slug="old")
    Team = old.get_model("leagues", "Team")
    teams = [Team.objects.create(league=league, name=name) for name in ("Alpha", "Beta", "Gamma")]
    season = old.get_model("leagues", "Season").objects.create(league=league, name="2025", seed=1)
    season.teams.set(teams)
    connection.close()
    run = MigrationExecutor(connection)
    run.migrate(run.loader.graph.leaf_nodes())

    season = Season.objects.get(pk=season.pk)
    assert sorted(season.teams.values_list("name", flat=True)) == ["Alpha", "Beta", "Gamma"]
    assert set(SeasonTeam.objects.filter(season=season).values_list("division", flat=True)) == {None}
    with pytest.raises(IntegrityError), transaction.atomic():  # the table's own constraint holds
        SeasonTeam.objects.create(season=season, team_id=teams[0].pk)
