"""matches.0012: what a worker's commit asks of the database, made less. A stat line's team has
no key constraint (its match's sides hold it), and on PostgreSQL the play-by-play is compressed
with lz4 where the server has it; migrating back puts both as they were."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.models import RestrictedError

from competitions.results import matches_play
from leagues.models import Team
from matches.models import Match, PlayerMatchStat
from ops.demo import demo_season_create

BEFORE = [("matches", "0011_serious_injuries_on_the_stat_line")]
on_postgresql = pytest.mark.skipif(connection.vendor != "postgresql", reason="compression is PostgreSQL's")


def stat_line_keys() -> set[str]:
    """The columns of the stat lines with a key constraint in the database."""
    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, PlayerMatchStat._meta.db_table)
    return {column for constraint in found.values() if constraint["foreign_key"] for column in constraint["columns"]}


def events_compression() -> str:
    """The play-by-play events' compression: "l" lz4, "p" pglz."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT attcompression FROM pg_attribute WHERE attrelid = 'matches_playbyplay'::regclass"
            " AND attname = 'events'"
        )
        return cursor.fetchone()[0]


def server_has_lz4() -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 'lz4' = ANY(enumvals) FROM pg_settings WHERE name = 'default_toast_compression'")
        return cursor.fetchone()[0]


@pytest.mark.django_db
def test_a_stat_line_keeps_the_keys_of_its_match_and_player_not_of_its_team():
    assert stat_line_keys() == {"match_id", "player_id"}


@on_postgresql
@pytest.mark.django_db
def test_the_play_by_play_is_compressed_with_lz4_where_the_server_has_it():
    assert events_compression() == ("l" if server_has_lz4() else "")


@pytest.mark.django_db
def test_a_team_with_stat_lines_still_cannot_be_deleted_and_its_lines_stay():
    """What the team's key constraint guarded is held by the match's: the team of a stat line
    plays its match, and a team with matches is not deleted."""
    season = demo_season_create(engine="futti", teams=4, seed=5)
    played = matches_play(Match.objects.filter(season=season).values_list("id", flat=True))
    lines = PlayerMatchStat.objects.filter(match__season=season)
    assert lines.exists() and all(match.status == Match.Status.PLAYED for match in played)
    assert all(line.team_id in (line.match.home_id, line.match.away_id) for line in lines.select_related("match"))
    count = lines.count()
    team = Team.objects.get(id=lines.first().team_id)
    with pytest.raises(RestrictedError):
        team.delete()
    assert lines.count() == count


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_migrating_back_puts_the_team_key_and_pglz_back():
    try:
        MigrationExecutor(connection).migrate(BEFORE)
        assert stat_line_keys() == {"match_id", "player_id", "team_id"}
        if connection.vendor == "postgresql":
            assert events_compression() == "p"
    finally:
        connection.close()
        run = MigrationExecutor(connection)
        run.migrate(run.loader.graph.leaf_nodes())
    assert stat_line_keys() == {"match_id", "player_id"}
