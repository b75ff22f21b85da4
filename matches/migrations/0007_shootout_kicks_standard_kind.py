"""Stored shoot-out kicks in the standard event kind.

Mutant Soccer up to engine 1.1 logged its shoot-out kicks as ``penalty`` (and the coin
toss that ends a shoot-out level after every round as a ``penalty`` with ``coin_toss``);
from 1.2 they are the standard ``penalty_kick`` with ``shootout`` set, the only kind the
scoresheet reads as a shoot-out kick, and the toss is a ``coin_toss``. No other engine
ever logged ``penalty``, so the kind alone finds them. Without this, a knockout played
before the change keeps printing "Decided by: penalties" with no kick."""

from django.db import migrations


def rename_shootout_kicks(apps, schema_editor):
    MatchEvent = apps.get_model("matches", "MatchEvent")
    for event in MatchEvent.objects.filter(kind="penalty"):
        detail = dict(event.detail or {})
        if detail.pop("coin_toss", False):
            event.kind = "coin_toss"
        else:
            event.kind = "penalty_kick"
            detail["shootout"] = True
        event.detail = detail
        event.save(update_fields=["kind", "detail"])


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0006_match_updated_at_sequence"),
    ]

    # Backwards leaves the standard kind, which every version of the platform reads.
    operations = [migrations.RunPython(rename_shootout_kicks, migrations.RunPython.noop)]
