"""Each match's play-by-play moves from one ``MatchEvent`` row per event into one
``PlayByPlay`` row per match (a list of events, in order), and ``MatchEvent`` goes.

Going back rebuilds the event rows from the lists."""

import django.db.models.deletion
from django.db import migrations, models

#: Matches moved per step: their events are read, packed and written together.
CHUNK = 500


#: PostgreSQL packs and unpacks in one statement each (a large database's millions of events
#: would take minutes through Python); other databases go through the ORM below.
PACK_SQL = """
INSERT INTO matches_playbyplay (match_id, events)
SELECT match_id, jsonb_agg(
    jsonb_build_object(
        'seq', seq, 'minute', minute, 'kind', kind, 'side', side, 'player', player_id, 'detail', detail
    ) ORDER BY seq
)
FROM matches_matchevent GROUP BY match_id
"""
UNPACK_SQL = """
INSERT INTO matches_matchevent (match_id, seq, minute, kind, side, player_id, detail)
SELECT p.match_id, (e->>'seq')::integer, (e->>'minute')::smallint, e->>'kind', e->>'side', card.id, e->'detail'
FROM matches_playbyplay p
CROSS JOIN LATERAL jsonb_array_elements(p.events) e
LEFT JOIN rosters_player card ON card.id = (e->>'player')::bigint
"""


def events_packed(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(PACK_SQL)
        return
    MatchEvent = apps.get_model("matches", "MatchEvent")
    PlayByPlay = apps.get_model("matches", "PlayByPlay")
    match_ids = list(MatchEvent.objects.order_by().values_list("match_id", flat=True).distinct())
    match_ids.sort()
    for start in range(0, len(match_ids), CHUNK):
        chunk = match_ids[start : start + CHUNK]
        packed: dict[int, list] = {match_id: [] for match_id in chunk}
        rows = (
            MatchEvent.objects.filter(match_id__in=chunk)
            .order_by("match_id", "seq")
            .values_list("match_id", "seq", "minute", "kind", "side", "player_id", "detail")
        )
        for match_id, seq, minute, kind, side, player_id, detail in rows:
            packed[match_id].append(
                {"seq": seq, "minute": minute, "kind": kind, "side": side, "player": player_id, "detail": detail}
            )
        PlayByPlay.objects.bulk_create(PlayByPlay(match_id=m, events=events) for m, events in packed.items())


def events_unpacked(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(UNPACK_SQL)  # a card deleted since: null, as SET_NULL left it
        return
    MatchEvent = apps.get_model("matches", "MatchEvent")
    PlayByPlay = apps.get_model("matches", "PlayByPlay")
    Player = apps.get_model("rosters", "Player")
    for row in PlayByPlay.objects.order_by("match_id").iterator(chunk_size=CHUNK):
        players = {e["player"] for e in row.events if e["player"] is not None}
        existing = set(Player.objects.filter(id__in=players).values_list("id", flat=True))
        MatchEvent.objects.bulk_create(
            MatchEvent(
                match_id=row.match_id,
                seq=e["seq"],
                minute=e["minute"],
                kind=e["kind"],
                side=e["side"],
                player_id=e["player"] if e["player"] in existing else None,  # a card deleted since: SET_NULL
                detail=e["detail"],
            )
            for e in row.events
        )


class Migration(migrations.Migration):

    dependencies = [
        ("matches", "0009_match_events_found_by_their_sequence_index"),
        ("rosters", "0001_initial"),
    ]

    operations = [
        migrations.CreateModel(
            name="PlayByPlay",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("events", models.JSONField(blank=True, default=list)),
                (
                    "match",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="play_by_play",
                        to="matches.match",
                    ),
                ),
            ],
            options={
                "verbose_name": "play-by-play",
                "verbose_name_plural": "play-by-plays",
            },
        ),
        migrations.RunPython(events_packed, events_unpacked, elidable=False),
        migrations.DeleteModel(name="MatchEvent"),
    ]
