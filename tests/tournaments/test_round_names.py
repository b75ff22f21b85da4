"""A knockout's words are made in English (the API, the export and the caches keep them) and
shown in the reader's language (``competitions.round_names``): every form each producer writes
is read back and translated in German and Italian, a text of no known form is left as it is,
and the API's round names and tie wording stay English whatever the request's language."""

import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from competitions.bracket import round_name
from competitions.drawing import bracket_drawing
from competitions.knockout import bracket_draw, tie_round_name
from competitions.results import due_matches_play
from competitions.round_names import pending_name_shown, round_name_shown, tie_match_shown, tie_score_shown
from notifications.languages import language_set
from ops.demo import demo_season_create
from tests.tournaments.test_bracket_pages import pdf_text
from tournaments.models import Bracket

#: English as made, then German and Italian as shown.
ROUND_NAMES = [
    ("Final", "Finale", "Finale"),
    ("Semi-finals", "Halbfinale", "Semifinali"),
    ("Quarter-finals", "Viertelfinale", "Quarti di finale"),
    ("Round of 16", "Runde der letzten 16", "Turno delle ultime 16"),
    ("Round of 64", "Runde der letzten 64", "Turno delle ultime 64"),
    ("Third place", "Spiel um Platz 3", "Finale per il terzo posto"),
    ("Winners R1", "Gewinnerrunde 1", "Vincenti, turno 1"),
    ("Losers R2", "Verliererrunde 2", "Perdenti, turno 2"),
    ("Grand final 1", "Großes Finale 1", "Finalissima 1"),
    ("Grand final 2", "Großes Finale 2", "Finalissima 2"),
    # the drawing's section titles
    ("Bracket", "Turnierbaum", "Tabellone"),
    ("Winners' bracket", "Gewinnerrunde", "Tabellone dei vincenti"),
    ("Losers' bracket", "Verliererrunde", "Tabellone dei perdenti"),
    ("Grand final", "Großes Finale", "Finalissima"),
    ("Grand final (reset)", "Großes Finale (Wiederholung)", "Finalissima (ripetizione)"),
    # the drawing's box labels
    ("SF 1", "HF 1", "SF 1"),
    ("QF 4", "VF 4", "QF 4"),
    ("R16 3", "R16 3", "T16 3"),
    ("W2-1", "G2-1", "V2-1"),
    ("L3-2", "V3-2", "P3-2"),
    # teams to come
    ("Winner of SF 2", "Sieger von HF 2", "Vincente di SF 2"),
    ("Loser of W2-1", "Verlierer von G2-1", "Perdente di V2-1"),
    ("Winner of Final", "Sieger von Finale", "Vincente di Finale"),
    ("bye", "Freilos", "turno di riposo"),
]

TIE_SCORES = [
    ("penalties 4-3", "Elfmeterschießen 4-3", "rigori 4-3"),
    ("extra time", "Verlängerung", "tempi supplementari"),
    ("sudden death", "Sudden Death", "morte improvvisa"),
    ("walkover", "kampflos", "a tavolino"),
    ("first leg 1-0", "Hinspiel 1-0", "andata 1-0"),
    ("first leg 1-0 (walkover)", "Hinspiel 1-0 (kampflos)", "andata 1-0 (a tavolino)"),
    ("legs 2-0, 1-1", "Hin- und Rückspiel 2-0, 1-1", "andata e ritorno 2-0, 1-1"),
    (
        "legs 0-2, 3-1 (extra time); through on away goals",
        "Hin- und Rückspiel 0-2, 3-1 (Verlängerung); weiter durch Auswärtstore",
        "andata e ritorno 0-2, 3-1 (tempi supplementari); passa per i gol in trasferta",
    ),
    (
        "legs 1-1, 1-1 (penalties 5-4); through on the second leg's penalties 5-4",
        "Hin- und Rückspiel 1-1, 1-1 (Elfmeterschießen 5-4); weiter durch Elfmeterschießen 5-4 im Rückspiel",
        "andata e ritorno 1-1, 1-1 (rigori 5-4); passa con rigori 5-4 nel ritorno",
    ),
    (
        "legs 2-1, 1-2; level; deciding match 0-0 (penalties 3-2)",
        "Hin- und Rückspiel 2-1, 1-2; Gleichstand; Entscheidungsspiel 0-0 (Elfmeterschießen 3-2)",
        "andata e ritorno 2-1, 1-2; parità; spareggio 0-0 (rigori 3-2)",
    ),
    (
        "legs 2-1, 1-2; level; deciding match 2-0",
        "Hin- und Rückspiel 2-1, 1-2; Gleichstand; Entscheidungsspiel 2-0",
        "andata e ritorno 2-1, 1-2; parità; spareggio 2-0",
    ),
    (
        "legs 2-1, 1-2; level: a deciding match to come",
        "Hin- und Rückspiel 2-1, 1-2; Gleichstand: ein Entscheidungsspiel folgt",
        "andata e ritorno 2-1, 1-2; parità: segue uno spareggio",
    ),
]


@pytest.mark.parametrize(("english", "german", "italian"), ROUND_NAMES)
def test_every_round_name_label_and_title_is_shown_in_german_and_italian(english, german, italian):
    for language, expected in (("de", german), ("it", italian), ("en", english)):
        with translation.override(language):
            assert round_name_shown(english) == expected, language


@pytest.mark.parametrize(("english", "german", "italian"), TIE_SCORES)
def test_every_wording_of_a_tie_is_shown_in_german_and_italian(english, german, italian):
    for language, expected in (("de", german), ("it", italian), ("en", english)):
        with translation.override(language):
            assert tie_score_shown(english) == expected, language


def test_every_name_the_bracket_makes_has_a_german_form():
    made = {round_name(number, rounds) for rounds in range(1, 8) for number in range(1, rounds + 1)}
    assert made == {"Final", "Semi-finals", "Quarter-finals"} | {f"Round of {2**n}" for n in range(4, 8)}
    with translation.override("de"):
        assert all(round_name_shown(name) != name for name in made)


def test_a_text_of_no_known_form_is_shown_as_it_is():
    with translation.override("de"):
        for text in ("Round of sixteen", "SF", "Playoff final", "Winners R", "Alpha United", ""):
            assert round_name_shown(text) == text
        assert tie_score_shown("legs 1-0, then a coin toss") == "legs 1-0, then a coin toss"
        assert tie_score_shown("regulation 1-0") == "regulation 1-0"
        assert tie_score_shown("") == ""


def test_a_team_to_come_is_named_by_where_it_comes_from_and_a_seed_by_its_name():
    with translation.override("it"):
        assert pending_name_shown("Winner of QF 1") == "Vincente di QF 1"
        assert pending_name_shown("bye") == "turno di riposo"
        assert pending_name_shown("Final Whistle FC") == "Final Whistle FC"  # a team's name, not a round
        assert pending_name_shown("Semi-finals") == "Semi-finals"


def test_a_ties_matches_are_named_in_the_readers_language():
    with translation.override("de"):
        assert [tie_match_shown(n) for n in ("match", "first leg", "second leg", "deciding match", "replay")] == [
            "Spiel",
            "Hinspiel",
            "Rückspiel",
            "Entscheidungsspiel",
            "replay",
        ]


@pytest.mark.django_db
def test_the_api_names_rounds_and_ties_in_english_whatever_the_language_asked_for():
    season = demo_season_create(engine="futti", teams=4, seed=11, knockout=True)
    bracket = bracket_draw(season, third_place=True, two_legged_rounds=[1])
    while due_matches_play():
        pass
    with translation.override("de"):  # a German request made the names: still English
        names = [tie_round_name(bracket, tie) for tie in bracket.ties.order_by("round", "third_place", "slot")]
    assert names == ["Semi-finals", "Semi-finals", "Final", "Third place"]
    data = APIClient().get(f"/api/seasons/{season.pk}/bracket/", HTTP_ACCEPT_LANGUAGE="de").json()
    assert [r["name"] for r in data["rounds"]] == ["Semi-finals", "Final", "Third place"]
    texts = [tie["score"]["text"] for r in data["rounds"] for tie in r["ties"] if tie["score"]]
    assert texts and all(text.startswith("legs ") for text in texts[:2])
    with translation.override("de"):
        shown = [tie_score_shown(text) for text in texts[:2]]
    assert all(text.startswith("Hin- und Rückspiel ") for text in shown)


@pytest.mark.django_db
def test_the_bracket_page_and_its_pdf_name_rounds_in_the_readers_language(client):
    season = demo_season_create(engine="futti", teams=5, seed=12, knockout=True, third_place=True)
    page = client.get(reverse("web:bracket", args=[season.id]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    for german in ("Viertelfinale", "Halbfinale", "Finale", "Spiel um Platz 3", "Turnierbaum", "Sieger von HF 1"):
        assert f">{german}<" in page, german
    assert "Semi-finals" not in page and "Winner of" not in page and ">VF 1:" not in page
    assert "Verlierer von HF 1" in page  # the third-place match's teams to come
    italian = client.get(reverse("web:bracket", args=[season.id]), HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert ">Semifinali<" in italian and ">Quarti di finale<" in italian
    pdf = client.get(reverse("web:bracket-pdf", args=[season.id]), HTTP_ACCEPT_LANGUAGE="de").content
    text = pdf_text(pdf)
    assert "Halbfinale" in text and "Viertelfinale" in text and "Semi-finals" not in text
    with translation.override("de"):  # the drawing itself stays English, as the API's
        assert [h.text for h in bracket_drawing(season.id).sections[0].headers] == [
            "Quarter-finals",
            "Semi-finals",
            "Final",
        ]


@pytest.mark.django_db
def test_the_admin_names_each_ties_round_in_the_commissioners_language(client):
    season = demo_season_create(engine="futti", teams=4, seed=13, knockout=True, third_place=True)
    boss = User.objects.create_superuser("boss", "boss@example.com", "pw-for-tests-only")
    language_set(boss, "it")
    client.force_login(boss)
    bracket = Bracket.objects.get(season=season)
    html = client.get(reverse("admin:tournaments_bracket_change", args=[bracket.pk])).content.decode()
    shown = re.findall(r'<td class="field-round_name">\s*<p>([^<]*)</p>', html)
    assert shown == ["Semifinali", "Semifinali", "Finale", "Finale per il terzo posto"]
