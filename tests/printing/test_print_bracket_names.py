"""A long team name stays inside its bracket box and clear of the score, on the page (as the
page's font measures it) and on paper at any scale (issue #28: "Dunmore Wanderers" ran into
"1 (3)")."""

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from competitions.drawing import BOX_WIDTH, NAME_GAP, NAME_X, SCORE_EDGE, Entry
from printing.brackets import entry_texts
from printing.pdf import FONT_BOLD, fit_text, register_fonts
from web.bracket_names import NAME_MIN_SIZE, TEXT_SIZE, page_name, page_name_room

LONG = "Dunmore Wanderers Athletic Football Club"


@pytest.mark.parametrize("score", ["", "1 (3)", "10 (10)"])
def test_the_page_cuts_a_long_name_short_before_its_score(score):
    register_fonts()
    entry = Entry(name=LONG, seed=12, score=score, won=True, known=True)
    text, size = page_name(entry)
    name_end = NAME_X + stringWidth(text, FONT_BOLD, size)
    score_start = BOX_WIDTH - SCORE_EDGE - stringWidth(score, FONT_BOLD, TEXT_SIZE)
    assert text.endswith("…") and text.startswith("Dunmore Wander") and size == NAME_MIN_SIZE
    assert name_end + NAME_GAP <= score_start
    assert NAME_X + page_name_room(entry) + NAME_GAP <= score_start


def test_the_name_of_the_issue_fits_whole_beside_a_shoot_out():
    entry = Entry(name="Dunmore Wanderers", seed=3, score="1 (3)", won=True, known=True)
    assert page_name(entry) == ("Dunmore Wanderers", TEXT_SIZE)


def test_a_short_name_is_shown_whole():
    assert page_name(Entry(name="Ashford", seed=1, score="1 (3)", won=False, known=True)) == ("Ashford", TEXT_SIZE)


@pytest.mark.parametrize("scale", [0.4, 1.0, 1.5])
@pytest.mark.parametrize("score", ["1 (3)", "10 (10)"])
def test_on_paper_the_name_ends_before_the_score_and_the_score_inside_the_box(scale, score):
    register_fonts()
    left = 100.0
    texts = entry_texts(Entry(name=LONG, seed=12, score=score, won=True, known=True), left, 50, scale)
    drawn = []
    for piece in texts:
        text, size = fit_text(piece.text, font=piece.font, size=piece.size, width=piece.width)
        measured = stringWidth(text, piece.font, size)
        start = piece.at[0] + piece.width - measured if piece.align == "right" else piece.at[0]
        drawn.append((start, start + measured))
    (_, seed_end), (name_start, name_end), (score_start, score_end) = drawn
    assert seed_end <= name_start < name_end < score_start
    assert score_end <= left + (BOX_WIDTH - SCORE_EDGE) * scale + 0.01
