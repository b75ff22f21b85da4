"""Team tactics, for a database from either history of main.

Main first had ``0004_team_tactics`` (after ``0003_season_standings_version``, commit
edd143f); the merge e50d68d renamed it ``0005_team_tactics`` and put it after
``0004_season_engine_settings``. A database migrated in between records the old name and
already has the ``tactics`` column, so ``0005_team_tactics`` fails on it ("column already
exists"). Landed migrations are never edited, so this one replaces ``0005_team_tactics``:

- where ``0005_team_tactics`` is recorded, Django counts this one as applied too;
- elsewhere it runs, adds the column only when it is missing, and records both names.
"""

from django.db import migrations, models


class AddFieldUnlessPresent(migrations.AddField):
    """AddField whose database step skips a column the table already has (same state)."""

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        model = to_state.apps.get_model(app_label, self.model_name)
        column = model._meta.get_field(self.name).column
        connection = schema_editor.connection
        with connection.cursor() as cursor:
            present = {c.name for c in connection.introspection.get_table_description(cursor, model._meta.db_table)}
        if column not in present:
            super().database_forwards(app_label, schema_editor, from_state, to_state)


class Migration(migrations.Migration):

    replaces = [
        ('leagues', '0005_team_tactics'),
    ]

    dependencies = [
        ('leagues', '0004_season_engine_settings'),
    ]

    operations = [
        AddFieldUnlessPresent(
            model_name='team',
            name='tactics',
            field=models.JSONField(blank=True, default=dict, help_text='The team\'s orders to its computer coach, given to the engine as the team sheet\'s lineup: e.g. {"coach": "planner", "style": "attacking"} in "11", {"style": "reckless"} in Mutant Soccer, {"attackers": [id, id], "defenders": [id, id], "goalkeeper": id} in Fütti. Empty: the league\'s coach.'),
        ),
    ]
