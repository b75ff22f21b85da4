"""A finished season's history figures are stored once (``competitions.summaries``): a page on an
empty cache reads them instead of the season's matches, a corrected result makes them again,
and a running season's are never stored."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.db import connection
from django.db.models import Value
from django.db.models.functions import Concat, Substr
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from competitions.summaries import SUMMARY_FORMAT
from leagues.models import SeasonSummary
from matches.models import Match
from tests.history.conftest import FIRST, START, play_season

PAGES = ("web:history", "web:all-time", "web:records", "web:all-time-players")


def read(client, league) -> tuple[dict[str, str], list[str]]:
    """Each league page's text and every query the pages made."""
    texts = {}
    with CaptureQueriesContext(connection) as queries:
        for name in PAGES:
            response = client.get(reverse(name, args=[league.slug]))
            assert response.status_code == 200
            texts[name] = response.content.decode()
    return texts, [query["sql"] for query in queries]


def reads_results(sql: list[str]) -> bool:
    return any('FROM "matches_match"' in q or 'FROM "matches_playermatchstat"' in q for q in sql)


def test_an_empty_cache_reads_the_finished_seasons_stored_figures_not_their_matches(client, past):
    first, _ = read(client, past["league"])
    kinds = set(SeasonSummary.objects.values_list("kind", flat=True))
    assert kinds == {"tables", "marks", "players", "history-html:en"}  # the page's html per language
    assert SeasonSummary.objects.filter(season__in=past["seasons"]).count() == 8
    cache.clear()  # a restart with the in-process cache
    again, sql = read(client, past["league"])
    assert again == first
    assert not reads_results(sql)


def test_a_corrected_result_in_a_finished_season_is_read_again(client, past, django_capture_on_commit_callbacks):
    before, _ = read(client, past["league"])
    assert "Alpha 3-0 Beta" in before["web:records"]  # the biggest win
    match = Match.objects.get(pk=past["matches"][0].pk)
    match.home_goals, match.away_goals = 0, 5
    with django_capture_on_commit_callbacks(execute=True):
        match.save()  # a correction: the season's results version is bumped
    cache.clear()
    after, sql = read(client, past["league"])
    assert reads_results(sql)
    assert "Alpha 0-5 Beta" in after["web:records"]
    assert "Alpha 3-0 Beta" not in after["web:records"]


def test_a_running_seasons_figures_are_not_stored(client, past):
    running, _ = play_season(
        past["league"], "2027", FIRST, start=START + timedelta(days=300), status=Match.Status.SCHEDULED
    )
    read(client, past["league"])
    assert not SeasonSummary.objects.filter(season=running).exists()
    assert SeasonSummary.objects.filter(season__in=past["seasons"]).count() == 8


@pytest.mark.parametrize("broken", [b"not a pickle", b""])
def test_a_stored_row_that_cannot_be_read_is_made_again(client, past, broken):
    first, _ = read(client, past["league"])
    SeasonSummary.objects.update(data=broken)
    cache.clear()
    again, sql = read(client, past["league"])
    assert again == first
    assert reads_results(sql)


def test_a_row_written_by_the_previous_format_is_made_again(client, past):
    read(client, past["league"])
    stored = SeasonSummary.objects.filter(kind="tables")
    assert stored.exists() and all(key.startswith(f"{SUMMARY_FORMAT}:") for key in stored.values_list("key", flat=True))
    # a row of the format before (tie-break notes in the language of whoever made them)
    stored.update(key=Concat(Value(f"{SUMMARY_FORMAT - 1}:"), Substr("key", len(f"{SUMMARY_FORMAT}:") + 1)))
    cache.clear()
    _, sql = read(client, past["league"])
    assert reads_results(sql)  # not read: its seasons' tables were made again from their results
    assert all(key.startswith(f"{SUMMARY_FORMAT}:") for key in stored.values_list("key", flat=True))
