"""Upgrading a database migrated at any earlier commit of main to today's migrations.

Main once had ``leagues/0004_team_tactics`` (commit edd143f), later renamed
``0005_team_tactics`` and put after ``0004_season_engine_settings`` (merge e50d68d). These
tests rebuild such a database exactly, with data in it, and migrate it to head.
"""

import pytest
from django.db import connection, migrations
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.recorder import MigrationRecorder
from django.db.models import JSONField

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

#: The last migration of each project app at commit edd143f (``git show edd143f --stat``).
AT_EDD143F = [
    ("api", "0001_idempotency_keys"),
    ("leagues", "0003_season_standings_version"),
    ("matches", "0003_table_results"),
    ("rosters", "0005_auction"),
    ("tournaments", "0007_playoffs"),
]


def executor() -> MigrationExecutor:
    """A fresh executor: it reads the recorded migrations when it is made."""
    return MigrationExecutor(connection)


def migrate(targets) -> MigrationExecutor:
    run = executor()
    run.migrate(targets)
    return run


def head() -> list[tuple[str, str]]:
    return executor().loader.graph.leaf_nodes()


@pytest.fixture
def back_at_head():
    """Leave the test database at head whatever happens, for the tests after this one."""
    yield
    connection.close()
    migrate(head())
    MigrationRecorder(connection).record_unapplied("leagues", "0004_team_tactics")  # the old name's row
    assert not executor().migration_plan(head())


def columns(table: str) -> set[str]:
    with connection.cursor() as cursor:
        return {c.name for c in connection.introspection.get_table_description(cursor, table)}


def unapplied() -> list[str]:
    run = executor()
    return [f"{m.app_label}.{m.name}" for m, _ in run.migration_plan(run.loader.graph.leaf_nodes())]


@pytest.mark.parametrize("half_migrated", [False, True], ids=["untouched", "after-a-failed-upgrade"])
def test_a_database_from_the_old_tactics_history_upgrades_with_its_data(back_at_head, half_migrated):
    """``half_migrated``: today's main was tried on it first and stopped at 0005_team_tactics,
    after applying 0004_season_engine_settings."""
    run = migrate(AT_EDD143F)
    # What edd143f's 0004_team_tactics did: add the column, then record its name.
    before = run.loader.project_state(AT_EDD143F)
    after = before.clone()
    old_tactics = migrations.AddField("team", "tactics", JSONField(blank=True, default=dict))
    old_tactics.state_forwards("leagues", after)
    with connection.schema_editor() as editor:
        old_tactics.database_forwards("leagues", editor, before, after)
    MigrationRecorder(connection).record_applied("leagues", "0004_team_tactics")
    assert "tactics" in columns("leagues_team") and "engine_settings" not in columns("leagues_season")

    old_apps = after.apps
    team_model = old_apps.get_model("leagues", "Team")
    league = old_apps.get_model("leagues", "League").objects.create(name="Old", slug="old", engine="eleven")
    season = old_apps.get_model("leagues", "Season").objects.create(league=league, name="2026", seed=5)
    home = team_model.objects.create(league=league, name="Home", tactics={"coach": "planner", "style": "attacking"})
    away = team_model.objects.create(league=league, name="Away")
    season.teams.set([home, away])
    match = old_apps.get_model("matches", "Match").objects.create(
        season=season,
        round=1,
        home=home,
        away=away,
        kickoff="2026-01-01T12:00:00Z",
        seed=9,
        status="played",
        home_goals=2,
        away_goals=1,
    )

    assert "leagues.0004_season_engine_settings" in unapplied()
    if half_migrated:
        migrate([("leagues", "0004_season_engine_settings")])
        assert "engine_settings" in columns("leagues_season")
    migrate(head())

    new_apps = executor().loader.project_state(head()).apps
    team = new_apps.get_model("leagues", "Team").objects.get(pk=home.pk)
    assert team.tactics == {"coach": "planner", "style": "attacking"}
    assert new_apps.get_model("leagues", "Team").objects.get(pk=away.pk).tactics == {}
    stored = new_apps.get_model("matches", "Match").objects.get(pk=match.pk)
    assert (stored.home_goals, stored.away_goals, stored.played_with) == (2, 1, {})
    assert new_apps.get_model("leagues", "Season").objects.get(pk=season.pk).engine_settings == {}
    assert list(new_apps.get_model("leagues", "Season").objects.get(pk=season.pk).teams.order_by("id")) == [
        team,
        new_apps.get_model("leagues", "Team").objects.get(pk=away.pk),
    ]

    assert unapplied() == []
    applied = MigrationRecorder(connection).applied_migrations()
    for name in (
        "0004_team_tactics",
        "0004_season_engine_settings",
        "0005_team_tactics",
        "0005_team_tactics_either_history",
    ):
        assert ("leagues", name) in applied


def test_a_database_migrated_by_todays_main_counts_the_replacement_as_applied(back_at_head):
    """0005_team_tactics recorded (every database migrated since e50d68d): nothing to run."""
    recorder = MigrationRecorder(connection)
    assert ("leagues", "0005_team_tactics") in recorder.applied_migrations()
    recorder.record_unapplied("leagues", "0005_team_tactics_either_history")
    assert unapplied() == []
    migrate(head())
    assert ("leagues", "0005_team_tactics_either_history") in recorder.applied_migrations()


def test_a_fresh_database_migrates_down_and_up_again(back_at_head):
    """Every app's migrations run backwards to before its first change and forwards again."""
    migrate(
        [
            ("tournaments", "0001_initial"),
            ("matches", "0001_initial"),
            ("rosters", "0002_permission_groups"),
            ("leagues", "0003_season_standings_version"),
            ("api", None),
        ]
    )
    assert "leagues.0005_team_tactics_either_history" in unapplied()
    assert "tactics" not in columns("leagues_team")
    migrate(head())
    assert unapplied() == []
    assert "tactics" in columns("leagues_team")
