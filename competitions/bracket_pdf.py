"""The printed bracket: the page's layout (``competitions.drawing``) on one sheet for the
club room's wall, turned to landscape when the bracket is wider than tall and scaled to
fit; names shrink or are cut short rather than run over a box."""

from __future__ import annotations

import io

from django.utils import timezone
from reportlab.lib.colors import HexColor, black
from reportlab.lib.pagesizes import landscape, portrait

from competitions.drawing import BracketDrawing, bracket_drawing
from rosters.pdfbase import (
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


def render_bracket(season_id: int, *, page: str = "A4") -> PdfFile:
    """The season's bracket as a one-page PDF (``Bracket.DoesNotExist`` when it has none)."""
    drawing = bracket_drawing(season_id)
    size = page_size(page)
    size = landscape(size) if drawing.width > drawing.height else portrait(size)
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, size, f"{drawing.title}: bracket")
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
        draw_fitted(
            canvas, MARGIN, height - MARGIN - 16, f"Winner: {drawing.champion}", font=FONT_BOLD, size=12,
            width=room_w, align="right",
        )  # fmt: skip
    stamp = f"Bootroom · printed {timezone.localtime():%Y-%m-%d %H:%M} · every match replays from its seed"
    draw_fitted(canvas, MARGIN, MARGIN - 4, stamp, font=FONT, size=7, width=room_w)

    text_size = 9 * scale
    box_w, box_h = drawing.box_width * scale, drawing.box_height * scale
    for section in drawing.sections:
        canvas.setFillColor(black)
        draw_fitted(canvas, px(0), py(section.top + 12), section.title, font=FONT_BOLD, size=11 * scale, width=room_w)
        for header in section.headers:
            draw_fitted(
                canvas, px(header.x), py(header.y), header.text, font=FONT_NARROW_BOLD, size=text_size, width=box_w
            )
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
                    draw_fitted(canvas, px(box.x + 26), baseline, "bye", font=FONT_NARROW, size=text_size, width=box_w)
                    continue
                font = FONT_NARROW_BOLD if entry.won else FONT_NARROW
                if entry.seed:
                    draw_fitted(
                        canvas,
                        px(box.x + 4),
                        baseline,
                        str(entry.seed),
                        font=FONT_NARROW,
                        size=text_size * 0.85,
                        width=18 * scale,
                    )
                draw_fitted(
                    canvas,
                    px(box.x + 26),
                    baseline,
                    entry.name,
                    font=font,
                    size=text_size,
                    width=(drawing.box_width - 70) * scale,
                )
                draw_fitted(
                    canvas, px(box.x + drawing.box_width - 46), baseline, entry.score, font=font, size=text_size,
                    width=40 * scale, align="right",
                )  # fmt: skip
