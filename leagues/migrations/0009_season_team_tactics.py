"""Tactics per team and season (``SeasonTeam.tactics``), copied from ``Team.tactics``.

A team kept one set of tactics for every season it played, judged against each season's
squad: a team in a league and a cup at once could not name cards of both squads. Each of a
team's seasons starts with the team's old tactics; ``Team.tactics`` stays (deprecated, read
by nothing) so that rolling back loses no orders.
"""

from django.db import migrations, models


def copy_team_tactics(apps, schema_editor):
    """Each team's tactics onto each of its seasons (a team without tactics: nothing to copy)."""
    Team = apps.get_model("leagues", "Team")
    SeasonTeam = apps.get_model("leagues", "SeasonTeam")
    for team_id, tactics in Team.objects.exclude(tactics={}).values_list("id", "tactics").iterator():
        if tactics:
            SeasonTeam.objects.filter(team_id=team_id).update(tactics=tactics)


def copy_back(apps, schema_editor):
    """Back to one set per team: the latest season's (the one a manager set last, most likely)."""
    Team = apps.get_model("leagues", "Team")
    SeasonTeam = apps.get_model("leagues", "SeasonTeam")
    rows = SeasonTeam.objects.exclude(tactics={}).order_by("team_id", "season__created_at", "season_id")
    latest = {team_id: tactics for team_id, tactics in rows.values_list("team_id", "tactics")}
    for team_id, tactics in latest.items():
        Team.objects.filter(id=team_id).update(tactics=tactics)


class Migration(migrations.Migration):

    dependencies = [
        ('leagues', '0008_season_summaries'),
    ]

    operations = [
        migrations.AlterModelOptions(
            name='seasonteam',
            options={'verbose_name': "team's tactics in a season", 'verbose_name_plural': 'tactics'},
        ),
        migrations.AddField(
            model_name='seasonteam',
            name='tactics',
            field=models.JSONField(blank=True, default=dict, help_text='The team\'s orders to its computer coach in this season\'s matches, given to the engine as the team sheet\'s lineup: e.g. {"coach": "planner", "style": "attacking"} in "11", {"style": "reckless"} in Mutant Soccer, {"attackers": [id, id], "defenders": [id, id], "goalkeeper": id} in Fütti. Empty: the league\'s coach.'),
        ),
        migrations.RunPython(copy_team_tactics, copy_back),
    ]
