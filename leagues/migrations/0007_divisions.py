"""Divisions, a season's teams with their division, rollover and carry-over options.

``Season.teams`` keeps its table (``leagues_season_teams``): the state learns that the table
is the ``SeasonTeam`` model, with no change to the database, and the division column is
added after it. Existing seasons keep their teams, with no division.
"""

import django.core.validators
import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("leagues", "0006_fair_play_weights"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="SeasonTeam",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        (
                            "season",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE, related_name="entries", to="leagues.season"
                            ),
                        ),
                        (
                            "team",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="season_entries",
                                to="leagues.team",
                            ),
                        ),
                    ],
                    options={"db_table": "leagues_season_teams", "unique_together": {("season", "team")}},
                ),
                migrations.AlterField(
                    model_name="season",
                    name="teams",
                    field=models.ManyToManyField(
                        blank=True, related_name="seasons", through="leagues.SeasonTeam", to="leagues.team"
                    ),
                ),
            ],
        ),
        migrations.CreateModel(
            name="Division",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("name", models.CharField(max_length=100)),
                (
                    "tier",
                    models.PositiveSmallIntegerField(
                        help_text="1 is the top division.",
                        validators=[
                            django.core.validators.MinValueValidator(1),
                            django.core.validators.MaxValueValidator(99),
                        ],
                    ),
                ),
                (
                    "promoted",
                    models.PositiveSmallIntegerField(
                        default=0,
                        help_text="How many at the top go up to the tier above.",
                        validators=[django.core.validators.MaxValueValidator(99)],
                    ),
                ),
                (
                    "relegated",
                    models.PositiveSmallIntegerField(
                        default=0,
                        help_text="How many at the bottom go down to the tier below.",
                        validators=[django.core.validators.MaxValueValidator(99)],
                    ),
                ),
                (
                    "promotion_playoff",
                    models.PositiveSmallIntegerField(
                        default=0,
                        help_text="How many teams placed after the promoted play a knockout (the play-off format) "
                        "for one more place in the tier above; 0: no promotion play-off.",
                        validators=[django.core.validators.MaxValueValidator(32)],
                    ),
                ),
                (
                    "relegation_playoff",
                    models.BooleanField(
                        default=False,
                        help_text="The team placed just above the relegated defends its place in the promotion "
                        "play-off of the tier below (and goes down unless it wins it).",
                    ),
                ),
                (
                    "league",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="divisions", to="leagues.league"
                    ),
                ),
            ],
            options={
                "ordering": ["league", "tier"],
                "constraints": [
                    models.UniqueConstraint(fields=("league", "tier"), name="division_tier_unique_in_league"),
                    models.UniqueConstraint(fields=("league", "name"), name="division_name_unique_in_league"),
                ],
            },
        ),
        migrations.AddField(
            model_name="seasonteam",
            name="division",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.RESTRICT,
                related_name="season_teams",
                to="leagues.division",
            ),
        ),
        migrations.AddField(
            model_name="season",
            name="previous",
            field=models.OneToOneField(
                blank=True,
                help_text="The season this one was rolled over from (a season rolls over once).",
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="next_season",
                to="leagues.season",
            ),
        ),
        migrations.AddField(
            model_name="season",
            name="closed_at",
            field=models.DateTimeField(
                blank=True,
                editable=False,
                help_text="Closed by the commissioner with matches left unplayed.",
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="season",
            name="closed_note",
            field=models.TextField(blank=True, editable=False, help_text="The matches left unplayed when closed."),
        ),
        migrations.AddField(
            model_name="season",
            name="keepers_deadline",
            field=models.DateTimeField(
                blank=True,
                help_text="Managers choose the cards their teams keep into the next season until then.",
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="league",
            name="keepers_max",
            field=models.PositiveSmallIntegerField(
                default=0,
                help_text="How many cards of its squad a team may keep into the next season (0: none).",
                validators=[django.core.validators.MaxValueValidator(99)],
            ),
        ),
        migrations.AddField(
            model_name="league",
            name="keeper_price",
            field=models.PositiveSmallIntegerField(
                blank=True,
                help_text="BootCoins a kept card costs from the new budget; empty: the card's own price again.",
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="league",
            name="carry_over_cap",
            field=models.PositiveIntegerField(
                default=0,
                help_text="Unspent BootCoins a team carries into the next season, at most (0: everyone starts "
                "from the budget).",
            ),
        ),
        migrations.CreateModel(
            name="DivisionPlayoff",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                (
                    "division",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="playoffs", to="leagues.division"
                    ),
                ),
                (
                    "knockout",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="division_playoff_of",
                        to="leagues.season",
                    ),
                ),
                (
                    "season",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="division_playoffs",
                        to="leagues.season",
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(fields=("season", "division"), name="one_playoff_per_division_and_season")
                ],
            },
        ),
    ]
