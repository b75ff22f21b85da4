"""A match's last change and its count of kickoff and status changes: the iCal feed's
LAST-MODIFIED and SEQUENCE (RFC 5545). Existing matches start at the migration's time and 0."""

import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0005_match_played_with"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="updated_at",
            field=models.DateTimeField(
                auto_now=True,
                default=django.utils.timezone.now,
                help_text="The last change: a calendar's LAST-MODIFIED.",
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="match",
            name="sequence",
            field=models.PositiveIntegerField(
                default=0,
                editable=False,
                help_text="Changes of kickoff or status so far: a calendar's SEQUENCE (RFC 5545), "
                "so subscribers take the new time (matches.services.match_revised).",
            ),
        ),
    ]
