"""Records' titles are English in the record (the cache, the API, ``manage.py history --json``)
and shown in the reader's language on the records page."""

import pytest
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from competitions.history import compute_history
from competitions.records import RECORD_TITLES, cached_records, compute_records, record_title_shown

pytestmark = pytest.mark.django_db

GERMAN = {
    "biggest_win": "Höchster Sieg",
    "highest_scoring": "Torreichstes Spiel",
    "most_points": "Meiste Punkte in einer Saison",
    "most_goals": "Meiste Tore in einer Saison",
    "winning_run": "Längste Siegesserie",
    "unbeaten_run": "Längste Serie ohne Niederlage",
    "player_goals_match": "Meiste Tore eines Spielers in einem Spiel",
    "player_goals_season": "Meiste Tore eines Spielers in einer Saison",
}


def test_every_record_is_titled_in_english_and_shown_in_german_and_italian(past):
    league = past["league"]
    with translation.override("de"):  # computed for a German request
        records = compute_records(league, compute_history(league))
        cached = cached_records(league)
    assert {r.key: r.title for r in records} == RECORD_TITLES == {r.key: r.title for r in cached}
    with translation.override("de"):
        assert {r.key: record_title_shown(r) for r in records} == GERMAN
    with translation.override("it"):
        shown = {r.key: record_title_shown(r) for r in records}
    assert shown["biggest_win"] == "Vittoria più larga" and shown["player_goals_season"] == (
        "Più gol di un giocatore in una stagione"
    )
    assert all(shown[key] != RECORD_TITLES[key] for key in shown)


def test_the_records_page_is_in_german_and_the_api_in_english(client, past):
    league = past["league"]
    html = client.get(reverse("web:records", args=[league.slug]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert all(f">{title}<" in html for title in GERMAN.values())
    assert "Biggest win" not in html
    data = APIClient().get(f"/api/leagues/{league.id}/records/", HTTP_ACCEPT_LANGUAGE="de").json()
    assert {record["key"]: record["title"] for record in data["records"]} == RECORD_TITLES
