"""A team's name in the bracket page's SVG: it keeps to the room its score leaves in the box
(``competitions.drawing.name_room``), shrinking and then cut short with …, as measured in DejaVu
Sans Bold (the page's sans-serif on Linux, and wider than the system fonts elsewhere); the
template clips anything left over and keeps the whole name in a tooltip."""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth

from competitions.drawing import Entry, name_room
from competitions.round_names import pending_name_shown
from printing.pdf import FONT_BOLD, fit_text, register_fonts

TEXT_SIZE = 12  #: the page's size of the bracket's text, in px (bootroom.css)
NAME_MIN_SIZE = 10  #: a long name shrinks down to this before it is cut short


def page_name_room(entry: Entry) -> int:
    """The page's room for the name, in px: what the box leaves beside the score."""
    register_fonts()
    return int(name_room(stringWidth(entry.score, FONT_BOLD, TEXT_SIZE)))


def entry_name(entry: Entry) -> str:
    """The entry's whole name in the reader's language: a team's name as it is, a team to come
    by where it comes from ("Sieger von HF 1")."""
    return entry.name if entry.known else pending_name_shown(entry.name)


def page_name(entry: Entry) -> tuple[str, int]:
    """The name as the page shows it and its size in px: smaller, then cut short with …."""
    text, size = fit_text(
        entry_name(entry), font=FONT_BOLD, size=TEXT_SIZE, width=page_name_room(entry), min_size=NAME_MIN_SIZE
    )
    return text, int(size)
