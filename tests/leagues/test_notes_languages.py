"""A table's tie-break notes and a results grid's notes are made in English (the standings cache
keeps them, the API gives them) and shown in the reader's language: the season page, its
printed summary and ``tie_note_shown`` word them in German and Italian, the teams' names as
they are; a table computed for a German request still caches English notes."""

from datetime import UTC, datetime

import pytest
from django.urls import reverse
from django.utils import timezone, translation
from rest_framework.test import APIClient

from competitions.cross_tables import cross_note_shown, cross_tables
from competitions.standings import cached_standings, compute_standings, tie_note, tie_note_shown
from matches.models import Match
from tests.conftest import make_season
from tests.leagues.test_standings import play
from tests.tournaments.test_bracket_pages import pdf_text

pytestmark = pytest.mark.django_db

GOALS_NOTE = "Alpha, Beta, Delta, Gamma (level on points, goal difference): separated by goals scored."


@pytest.fixture
def level_season(league):
    """Four teams level on points and goal difference, split by goals scored."""
    league.tiebreakers = ["points", "goal_difference", "goals_for"]
    league.save()
    season = make_season(league, ["Delta", "Beta", "Alpha", "Gamma"])
    play(season, ["Delta 1-1 Beta", "Gamma 2-2 Alpha"])
    return season


@pytest.mark.parametrize(
    ("language", "shown"),
    [
        ("de", "Alpha, Beta, Delta, Gamma (gleich nach Punkte, Tordifferenz): getrennt durch erzielte Tore."),
        ("it", "Alpha, Beta, Delta, Gamma (a pari punti, differenza reti): separate da gol segnati."),
        ("en", GOALS_NOTE),
    ],
)
def test_a_tie_break_note_is_shown_in_the_readers_language(language, shown):
    with translation.override(language):
        assert tie_note_shown(GOALS_NOTE) == shown


@pytest.mark.parametrize(
    ("level", "criterion", "german", "italian"),
    [
        (["points"], "head_to_head", "direkter Vergleich (Mini-Tabelle der punktgleichen Teams)", "scontri diretti"),
        (["points", "fair_play"], "lots", "Punkte, Fairplay (weniger", "sorteggio"),
        (["points", "wins"], "away_goals", "gewonnene Spiele", "gol segnati in trasferta"),
    ],
)
def test_every_tie_breaker_reads_back_even_one_whose_label_has_a_comma(level, criterion, german, italian):
    note = tie_note("North, South (B), East", level, criterion)
    assert note.startswith("North, South (B), East (level on points")
    with translation.override("de"):
        shown = tie_note_shown(note)
    assert shown.startswith("North, South (B), East (gleich nach Punkte") and german in shown and "level" not in shown
    with translation.override("it"):
        assert italian in tie_note_shown(note) and tie_note_shown(note).endswith(".")


def test_a_note_of_another_form_is_shown_as_it_is():
    with translation.override("de"):
        for note in ("Alpha, Beta: separated by goals scored.", "A (level on magic): separated by points.", ""):
            assert tie_note_shown(note) == note


def test_a_table_computed_for_a_german_request_keeps_english_notes_in_the_cache(level_season):
    with translation.override("de"):
        assert compute_standings(level_season).notes == [GOALS_NOTE]
        assert cached_standings(level_season).notes == [GOALS_NOTE]  # made now, under German
    with translation.override("it"):
        assert cached_standings(level_season).notes == [GOALS_NOTE]  # read back from the cache


def test_the_api_gives_the_notes_in_english_and_the_season_page_in_german(client, level_season):
    data = APIClient().get(f"/api/seasons/{level_season.id}/standings/", HTTP_ACCEPT_LANGUAGE="de").json()
    assert data["notes"] == [GOALS_NOTE]
    html = client.get(reverse("web:season", args=[level_season.id]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "getrennt durch erzielte Tore." in html and "separated by" not in html
    html = client.get(reverse("web:season", args=[level_season.id]), HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "separate da gol segnati." in html


def test_a_results_grids_notes_are_english_in_the_grid_and_shown_in_the_readers_language(level_season):
    alpha, beta = (level_season.teams.get(name=name) for name in ("Alpha", "Beta"))
    kickoff = datetime(2026, 11, 28, 15, 0, tzinfo=UTC)
    Match.objects.create(season=level_season, round=7, home=alpha, away=beta, kickoff=kickoff, seed=1)
    Match.objects.create(
        season=level_season,
        round=8,
        home=beta,
        away=alpha,
        kickoff=kickoff,
        seed=2,
        status=Match.Status.FORFEITED,
        forfeited_by=Match.Side.AWAY,
        home_goals=3,
        away_goals=0,
    )
    with timezone.override("UTC"), translation.override("de"):
        (grid,) = cross_tables(level_season)
        cells = {
            (home.name, away.name): cell for home, row in grid.rows for away, cell in zip(grid.teams, row, strict=True)
        }
        to_play, forfeited = cells[("Alpha", "Beta")][0], cells[("Beta", "Alpha")][0]
        assert to_play.note == "round 7, Sat 28 Nov 2026: to play"  # as made, in English
        assert forfeited.note == "round 8, Sat 28 Nov 2026, awarded: the away side forfeited"
        assert cross_note_shown(to_play) == "Spieltag 7, Sa., 28. Nov. 2026: noch zu spielen"
        assert cross_note_shown(forfeited) == (
            "Spieltag 8, Sa., 28. Nov. 2026, gewertet: die Gastmannschaft ist nicht angetreten"
        )
    with timezone.override("UTC"), translation.override("it"):
        assert cross_note_shown(to_play) == "giornata 7, Sab 28 Nov 2026: da giocare"
        assert cross_note_shown(forfeited) == "giornata 8, Sab 28 Nov 2026, a tavolino: la squadra ospite ha rinunciato"


def test_the_season_summary_pdf_prints_the_notes_and_its_progress_in_the_readers_language(client, level_season):
    pdf = client.get(reverse("web:season-summary-pdf", args=[level_season.id]), HTTP_ACCEPT_LANGUAGE="de").content
    text = " ".join(pdf_text(pdf).split())
    assert "getrennt durch erzielte Tore." in text and "separated by" not in text
    assert "2 von 2 Spielen gespielt" not in text and "Abschlusstabelle" in text  # both matches played
    pdf = client.get(reverse("web:season-summary-pdf", args=[level_season.id]), HTTP_ACCEPT_LANGUAGE="it").content
    assert "separate da gol segnati." in " ".join(pdf_text(pdf).split())
