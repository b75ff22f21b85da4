"""A stat line counts the player's injuries that outlast the match (``serious_injuries``), so
that ``matches.absences`` finds them with the cards instead of reading every play-by-play.
Existing results get theirs from their play-by-play, by the rules of the engines at the time
(kept here, as a migration must not change with the code)."""

from django.db import migrations, models

#: ``Engine.serious_injuries`` of each game that has any, as of this migration.
SERIOUS = {
    "futti": {"injury": {"severity": "major"}},
    "mutant": {"serious_injury": {}},
}
CHUNK = 500


def serious_injuries_counted(apps, schema_editor):
    PlayByPlay = apps.get_model("matches", "PlayByPlay")
    PlayerMatchStat = apps.get_model("matches", "PlayerMatchStat")
    Player = apps.get_model("rosters", "Player")
    for engine, rules in SERIOUS.items():
        rows = PlayByPlay.objects.filter(match__season__league__engine=engine).values_list(
            "match_id", "match__home_id", "match__away_id", "events"
        )
        for match_id, home_id, away_id, events in rows.iterator(chunk_size=CHUNK):
            counts: dict[tuple[int, int], int] = {}
            for event in events:
                rule = rules.get(event["kind"])
                if rule is None or event["player"] is None or event["side"] not in ("home", "away"):
                    continue
                if all((event["detail"] or {}).get(key) == value for key, value in rule.items()):
                    key = (event["player"], home_id if event["side"] == "home" else away_id)
                    counts[key] = counts.get(key, 0) + 1
            for (player_id, team_id), count in counts.items():
                updated = PlayerMatchStat.objects.filter(match_id=match_id, player_id=player_id).update(
                    serious_injuries=count
                )
                if not updated and Player.objects.filter(id=player_id).exists():  # not a card deleted since
                    PlayerMatchStat.objects.create(
                        match_id=match_id, player_id=player_id, team_id=team_id, serious_injuries=count
                    )


class Migration(migrations.Migration):

    dependencies = [
        ("matches", "0010_play_by_play_in_one_row"),
    ]

    operations = [
        migrations.AddField(
            model_name="playermatchstat",
            name="serious_injuries",
            field=models.PositiveSmallIntegerField(
                default=0,
                help_text=(
                    "Injuries that outlast the match (the events the game's engine calls serious), counted when "
                    "the result is stored: what keeps the player out of the next matches."
                ),
            ),
        ),
        migrations.RunPython(serious_injuries_counted, migrations.RunPython.noop, elidable=False),
    ]
