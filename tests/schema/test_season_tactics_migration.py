"""leagues.0009_season_team_tactics on a database with teams in it: each team's tactics become
its tactics in each of its seasons, and going back keeps the latest season's."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from leagues.models import SeasonTeam
from tests.schema.test_fair_play_migration import at_head, migrate  # noqa: F401  at_head is a fixture

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]
BEFORE = [("leagues", "0008_season_summaries")]
AFTER = [("leagues", "0009_season_team_tactics")]


def migrate_again(targets) -> MigrationExecutor:
    connection.close()  # a fresh executor reads what is recorded now
    return migrate(targets)


@pytest.mark.usefixtures("at_head")
def test_a_teams_tactics_are_copied_to_each_of_its_seasons_and_back():
    run = migrate(BEFORE)
    apps = run.loader.project_state(BEFORE).apps
    League, OldTeam, Season = (apps.get_model("leagues", name) for name in ("League", "Team", "Season"))
    league = League.objects.create(name="Old", slug="old", engine="eleven")
    ordered = OldTeam.objects.create(league=league, name="Ordered", tactics={"coach": "planner"})
    plain = OldTeam.objects.create(league=league, name="Plain")
    for name in ("2026", "Cup"):
        Season.objects.create(league=league, name=name).teams.set([ordered, plain])

    migrate_again(AFTER)
    entries = SeasonTeam.objects.filter(season__league__slug="old")
    assert sorted(entries.values_list("team__name", "season__name", "tactics")) == [
        ("Ordered", "2026", {"coach": "planner"}),
        ("Ordered", "Cup", {"coach": "planner"}),
        ("Plain", "2026", {}),
        ("Plain", "Cup", {}),
    ]
    latest = entries.get(team__name="Ordered", season__name="Cup")
    SeasonTeam.objects.filter(pk=latest.pk).update(tactics={"coach": "novice"})

    run = migrate_again(BEFORE)
    OldTeam = run.loader.project_state(BEFORE).apps.get_model("leagues", "Team")
    assert OldTeam.objects.get(name="Ordered").tactics == {"coach": "novice"}
    assert OldTeam.objects.get(name="Plain").tactics == {}
