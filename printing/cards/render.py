"""Printable player cards: 63 x 88 mm, nine to an A4 or Letter page, with crop marks.

A selector (``printing.cards.selectors``) reads the cards into a plain ``CardSet``;
``render_cards`` draws it and returns a ``PdfFile``, with no database access. Views, admin
actions, the API and ``manage.py print_cards`` all go through the same two steps, so every
way of printing gives the same sheet.

Each game's card face shows what its rule book's cards show. What goes on it is the
engine's data (``engine.card_face``, an ``engines.published.CardFace``): the face's drawing
``style`` (``printing.cards.faces.FACES``), the band's label per role, notes per role, a
glossary; a game without a style prints its attributes as label/value rows, so a new engine
prints at once. A face with a ``back_label`` has two sides: every front page is followed by
a page of backs laid out mirror-wise, so a duplex printer (long-edge flip) puts each back
(Mutant Soccer's mutated side) behind its front.
"""

from __future__ import annotations

import io
import math

from django.utils.translation import gettext as _
from reportlab.lib.colors import black, white
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from engines import get_engine
from engines.published import CardFace
from printing.cards.data import CardSet, PrintCard
from printing.cards.faces import BACK_PURPLE, BACKS, FACES, STATIC, Box, face_generic, ink_on
from printing.pdf import (
    FONT,
    FONT_BOLD,
    FONT_NARROW,
    GREY,
    PDF,
    Kit,
    PdfFile,
    draw_fitted,
    file_slug,
    game_name,
    new_canvas,
    page_size,
    team_kit,
)

CARD_W = 63 * mm
CARD_H = 88 * mm
COLUMNS = 3
ROWS = 3
PER_PAGE = COLUMNS * ROWS
#: Crop marks start this far outside the card edge and run this long, inside the page margin.
CROP_GAP = 1.5 * mm
CROP_LEN = 4.5 * mm


def card_face(engine: str) -> CardFace:
    """The engine's data about its cards' faces; a plain face for a game it does not know."""
    try:
        return get_engine(engine).card_face
    except KeyError:
        return CardFace()


def role_label(face: CardFace, card: PrintCard, back: bool = False) -> str:
    """What the band under the name says: the back's label, or the role's."""
    if back:
        return face.back_label
    return face.role_labels.get(card.role, card.role.upper())


def draw_card(
    c: Canvas,
    x: float,
    y: float,
    card: PrintCard,
    engine: str,
    kit: Kit,
    *,
    back: bool = False,
) -> None:
    """One whole card with its lower-left corner at (x, y): frame, name band, the game's face,
    the team band with the BootCoin price.

    What is the same on every card of a kit and role (bands, frame, labels) is drawn once
    into a PDF form and placed by reference; that keeps 1,000 cards to a second or two.
    """
    inset = 1.2 * mm
    fx, fy, fw, fh = x + inset, y + inset, CARD_W - 2 * inset, CARD_H - 2 * inset
    face = card_face(engine)
    label = role_label(face, card, back)
    name = file_slug("card", engine, kit.name, "back" if back else "front", label)
    if not c.hasForm(name):
        c.beginForm(name)
        _chrome(c, Box(inset, inset, fw, fh), engine, face, kit, label, back, card.role)
        c.endForm()
    c.saveState()
    c.translate(x, y)
    c.doForm(name)
    c.restoreState()
    c.setFillColor(kit.text if not back or kit.mono else white)
    draw_fitted(
        c, fx + 2 * mm, fy + fh - 7.5 * mm, card.name, font=FONT_BOLD, size=12, width=fw - 4 * mm, align="center"
    )
    c.setFillColor(ink_on(kit.secondary))
    draw_fitted(c, fx + 2 * mm, fy + 3.3 * mm, card.team or "pool", font=FONT_BOLD, size=8, width=fw - 19 * mm)
    draw_fitted(
        c, fx + fw - 16 * mm, fy + 3.1 * mm, f"{card.price} BC", font=FONT_BOLD, size=10, width=14 * mm, align="right"
    )
    body = _body(Box(fx, fy, fw, fh))
    draw = BACKS[face.style] if back else FACES.get(face.style, face_generic)
    draw(c, card, body, kit, face)


def _body(frame: Box) -> Box:
    """The space between the name band and the team band, where a game's face goes."""
    return Box(frame.x, frame.y + 12 * mm, frame.w, frame.h - 27 * mm)


def _chrome(c: Canvas, frame: Box, engine: str, face: CardFace, kit: Kit, label: str, back: bool, role: str) -> None:
    """The parts of a card that do not change from card to card of one kit and role."""
    fx, fy, fw, fh = frame.x, frame.y, frame.w, frame.h
    band = kit.primary if not back or kit.mono else BACK_PURPLE
    c.setFillColor(band)
    c.roundRect(fx, fy + fh - 14 * mm, fw, 14 * mm, 2.5 * mm, stroke=0, fill=1)
    c.rect(fx, fy + fh - 14 * mm, fw, 4 * mm, stroke=0, fill=1)  # square lower corners
    c.setFillColor(kit.text if not back or kit.mono else white)
    draw_fitted(c, fx + 2 * mm, fy + fh - 12 * mm, label, font=FONT_NARROW, size=7, width=fw - 4 * mm, align="center")
    c.setFillColor(kit.secondary)
    c.roundRect(fx, fy, fw, 9 * mm, 2.5 * mm, stroke=0, fill=1)
    c.rect(fx, fy + 5 * mm, fw, 4 * mm, stroke=0, fill=1)
    c.setFillColor(GREY)
    c.setFont(FONT, 5.5)
    c.drawCentredString(fx + fw / 2, fy + 9.8 * mm, game_name(engine))
    c.setStrokeColor(band)
    c.setLineWidth(1)
    c.roundRect(fx, fy, fw, fh, 2.5 * mm, stroke=1, fill=0)
    if face.style in STATIC:
        STATIC[face.style](c, role, _body(frame), kit, back)


# --- the page --------------------------------------------------------------------------------------


def grid_origin(size: tuple[float, float]) -> tuple[float, float]:
    """The lower-left corner of the 3 x 3 block of cards, centred on the page."""
    width, height = size
    return (width - COLUMNS * CARD_W) / 2, (height - ROWS * CARD_H) / 2


def slot_position(size: tuple[float, float], slot: int, *, mirrored: bool = False) -> tuple[float, float]:
    """Where card number ``slot`` (0-8, left to right, top to bottom) goes; ``mirrored`` for a
    back page, whose columns run right to left so a long-edge duplex flip lines them up."""
    x0, y0 = grid_origin(size)
    row, col = divmod(slot, COLUMNS)
    if mirrored:
        col = COLUMNS - 1 - col
    return x0 + col * CARD_W, y0 + (ROWS - 1 - row) * CARD_H


def draw_crop_marks(c: Canvas, size: tuple[float, float]) -> None:
    """Short lines in the margin on every cut line; the cards butt, so one cut serves two."""
    x0, y0 = grid_origin(size)
    x1, y1 = x0 + COLUMNS * CARD_W, y0 + ROWS * CARD_H
    c.setStrokeColor(black)
    c.setLineWidth(0.3)
    for col in range(COLUMNS + 1):
        x = x0 + col * CARD_W
        c.line(x, y1 + CROP_GAP, x, y1 + CROP_GAP + CROP_LEN)
        c.line(x, y0 - CROP_GAP, x, y0 - CROP_GAP - CROP_LEN)
    for row in range(ROWS + 1):
        y = y0 + row * CARD_H
        c.line(x0 - CROP_GAP, y, x0 - CROP_GAP - CROP_LEN, y)
        c.line(x1 + CROP_GAP, y, x1 + CROP_GAP + CROP_LEN, y)


def _footer(c: Canvas, size: tuple[float, float], *lines: str) -> None:
    """Two short lines in the bottom margin, between the crop marks of the middle column
    (Letter leaves under 8 mm there, so nothing may run across a mark)."""
    c.setFillColor(GREY)
    width = CARD_W - 4 * mm
    for n, line in enumerate(lines[:2]):
        y = (4.4 - 2.4 * n) * mm
        draw_fitted(c, (size[0] - width) / 2, y, line, font=FONT, size=5.5, width=width, align="center")


def render_cards(card_set: CardSet, *, page: str = "A4", mono: bool = False) -> PdfFile:
    """The card sheets of ``card_set``: nine cards a page, crop marks, the team's kit colours or
    the black-and-white variant (``mono``); for two-sided games a mirrored back page after each
    front page. Raises ValueError for an unknown page size."""
    size = page_size(page)
    buffer = io.BytesIO()
    c = new_canvas(buffer, size, card_set.title)
    kits: dict[str, Kit] = {}
    face = card_face(card_set.engine)
    back = face.back_label and face.style in BACKS
    pages = math.ceil(len(card_set.cards) / PER_PAGE)
    for number in range(pages):
        chunk = card_set.cards[number * PER_PAGE : (number + 1) * PER_PAGE]
        sides = (False, True) if back else (False,)
        for is_back in sides:
            draw_crop_marks(c, size)
            for slot, card in enumerate(chunk):
                kit = kits.get(card.team) or kits.setdefault(card.team, team_kit(card.team, mono=mono))
                x, y = slot_position(size, slot, mirrored=is_back)
                draw_card(c, x, y, card, card_set.engine, kit, back=is_back)
            how = _("backs: print duplex, flip on the long edge") if is_back else _("63 × 88 mm: cut on the marks")
            where = _("page %(number)s of %(pages)s") % {"number": number + 1, "pages": pages}
            _footer(c, size, card_set.title, f"{where} · {how}")
            c.showPage()
    if not pages:
        _footer(c, size, _("%(title)s: no cards") % {"title": card_set.title})
        c.showPage()
    c.save()
    variant = "-bw" if mono else ""
    filename = f"{file_slug(card_set.title)}{variant}-{page.lower()}.pdf"
    return PdfFile(filename, PDF, buffer.getvalue())
