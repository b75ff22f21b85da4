"""The printed bracket: the page's layout on one sheet for the club room's wall, turned to
landscape when the bracket is wider than tall and scaled to fit; names shrink or are cut
short rather than run over a box.

The selector is ``competitions.drawing.bracket_drawing`` (the season's bracket read into a
frozen ``BracketDrawing``), which the web's SVG bracket draws too; ``render_bracket`` only
draws it, with no database access. The drawing's words are English (round names, labels,
teams to come: ``competitions.round_names``), translated here as they are drawn."""

from __future__ import annotations

import io
from typing import NamedTuple

from django.utils import timezone
from django.utils.translation import gettext as _
from reportlab.lib.colors import HexColor, black
from reportlab.lib.pagesizes import landscape, portrait
from reportlab.pdfbase.pdfmetrics import stringWidth

from competitions.drawing import BOX_WIDTH, NAME_X, SCORE_EDGE, BracketDrawing, Entry, name_room
from competitions.round_names import pending_name_shown, round_name_shown
from leagues.zones import zone_time_text
from printing.pdf import (
    FONT,
    FONT_BOLD,
    FONT_NARROW,
    FONT_NARROW_BOLD,
    PDF,
    PdfFile,
    draw_fitted,
    file_slug,
    new_canvas,
    page_size,
)

MARGIN = 28
TITLE_ROOM = 34
FOOTER_ROOM = 16
GREY = HexColor("#7b8794")
BAND = HexColor("#f2f4f7")
ENTRY_SIZE = 9  #: a team's line in a box, in points at the drawing's scale
SCORE_WIDTH = 40  #: the most a score takes, in the drawing's units


def render_bracket(drawing: BracketDrawing, *, page: str = "A4") -> PdfFile:
    """The bracket as a one-page PDF; a ValueError names the page sizes when ``page`` is none."""
    size = page_size(page)
    size = landscape(size) if drawing.width > drawing.height else portrait(size)
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, size, _("%(title)s: bracket") % {"title": drawing.title})
    _draw(canvas, drawing, size)
    canvas.showPage()
    canvas.save()
    return PdfFile(f"bracket-{file_slug(drawing.title)}.pdf", PDF, buffer.getvalue())


def _draw(canvas, drawing: BracketDrawing, size: tuple[float, float]) -> None:
    width, height = size
    room_w = width - 2 * MARGIN
    room_h = height - 2 * MARGIN - TITLE_ROOM - FOOTER_ROOM
    scale = min(room_w / drawing.width, room_h / drawing.height, 1.5)
    top = height - MARGIN - TITLE_ROOM

    def px(x: float) -> float:
        return MARGIN + x * scale

    def py(y: float) -> float:
        return top - y * scale

    canvas.setFillColor(black)
    draw_fitted(canvas, MARGIN, height - MARGIN - 16, drawing.title, font=FONT_BOLD, size=16, width=room_w)
    if drawing.champion:
        winner = _("Winner: %(team)s") % {"team": drawing.champion}
        draw_fitted(
            canvas, MARGIN, height - MARGIN - 16, winner, font=FONT_BOLD, size=12, width=room_w, align="right",
        )  # fmt: skip
    printed = zone_time_text(timezone.now(), drawing.time_zone)
    stamp = _("Bootroom · printed %(when)s · every match replays from its seed") % {"when": printed}
    draw_fitted(canvas, MARGIN, MARGIN - 4, stamp, font=FONT, size=7, width=room_w)

    text_size = ENTRY_SIZE * scale
    box_w, box_h = drawing.box_width * scale, drawing.box_height * scale
    for section in drawing.sections:
        canvas.setFillColor(black)
        title = round_name_shown(section.title)
        draw_fitted(canvas, px(0), py(section.top + 12), title, font=FONT_BOLD, size=11 * scale, width=room_w)
        for header in section.headers:
            name = round_name_shown(header.text)
            draw_fitted(canvas, px(header.x), py(header.y), name, font=FONT_NARROW_BOLD, size=text_size, width=box_w)
        canvas.setStrokeColor(GREY)
        canvas.setLineWidth(max(0.4, 1.2 * scale))
        for line in section.lines:
            path = canvas.beginPath()
            (x0, y0), *rest = line.points
            path.moveTo(px(x0), py(y0))
            for x, y in rest:
                path.lineTo(px(x), py(y))
            canvas.drawPath(path, stroke=1, fill=0)
        for box in section.boxes:
            canvas.setDash(2, 2) if box.bye else canvas.setDash()
            canvas.setFillColor(BAND if box.bye else HexColor("#ffffff"))
            canvas.roundRect(px(box.x), py(box.y) - box_h, box_w, box_h, 3 * scale, stroke=1, fill=1)
            canvas.setDash()
            canvas.line(
                px(box.x), py(box.y + drawing.box_height / 2), px(box.x) + box_w, py(box.y + drawing.box_height / 2)
            )
            for index, entry in enumerate(box.entries):
                baseline = py(box.entry_y(index)) - text_size * 0.35
                canvas.setFillColor(black if entry is None or entry.known else GREY)
                if entry is None:
                    draw_fitted(
                        canvas,
                        px(box.x + NAME_X),
                        baseline,
                        round_name_shown("bye"),
                        font=FONT_NARROW,
                        size=text_size,
                        width=box_w,
                    )
                    continue
                for text in entry_texts(entry, px(box.x), baseline, scale):
                    draw_fitted(
                        canvas, *text.at, text.text, font=text.font, size=text.size, width=text.width, align=text.align
                    )


class EntryText(NamedTuple):
    """One piece of a team's line in a box: where it goes and the room it is fitted to."""

    at: tuple[float, float]
    text: str
    font: str
    size: float
    width: float
    align: str = "left"


def entry_texts(entry: Entry, left: float, baseline: float, scale: float) -> list[EntryText]:
    """A team's seed, name and score in a box whose left side is at ``left`` on the page: the
    score right-aligned at the box's edge, the name in the room the score leaves
    (``competitions.drawing.name_room``), so a long name shrinks or is cut short before it
    reaches the score."""
    size, score_width = ENTRY_SIZE * scale, SCORE_WIDTH * scale
    font = FONT_NARROW_BOLD if entry.won else FONT_NARROW
    score_room = min(stringWidth(entry.score, font, size), score_width)
    right = left + (BOX_WIDTH - SCORE_EDGE) * scale
    name = entry.name if entry.known else pending_name_shown(entry.name)
    texts = [
        EntryText((left + NAME_X * scale, baseline), name, font, size, name_room(score_room / scale) * scale),
        EntryText((right - score_width, baseline), entry.score, font, size, score_width, "right"),
    ]
    if entry.seed:
        texts.insert(0, EntryText((left + 4 * scale, baseline), str(entry.seed), FONT_NARROW, size * 0.85, 18 * scale))
    return texts
