"""What a worker asks of PostgreSQL for each match it stores, made less (issue 29):

- a stat line's team keeps its index but loses its key constraint: the team is one of the line's
  match's sides, which the match's keys hold already, and PostgreSQL checked the key row by row
  at every commit (a fifth of its work for a stored match);
- the play-by-play's events are compressed with lz4 instead of pglz, where the server was built
  with it (a server without it keeps pglz: the step is skipped with a notice). Rows stored before
  keep pglz until they are written again; PostgreSQL reads both."""

import django.db.models.deletion
from django.db import migrations, models

LZ4 = """
DO $$
BEGIN
    ALTER TABLE matches_playbyplay ALTER COLUMN events SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
    RAISE NOTICE 'this PostgreSQL has no lz4: the play-by-play stays compressed with pglz';
END $$;
"""
PGLZ = "ALTER TABLE matches_playbyplay ALTER COLUMN events SET COMPRESSION pglz"


def events_lz4(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(LZ4)


def events_pglz(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(PGLZ)


class Migration(migrations.Migration):

    dependencies = [
        ("leagues", "0012_league_time_zone"),
        ("matches", "0011_serious_injuries_on_the_stat_line"),
    ]

    operations = [
        migrations.AlterField(
            model_name="playermatchstat",
            name="team",
            field=models.ForeignKey(
                db_constraint=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="player_stats",
                to="leagues.team",
            ),
        ),
        migrations.RunPython(events_lz4, events_pglz, elidable=False),
    ]
