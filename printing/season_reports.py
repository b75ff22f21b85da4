"""The printed season summary for the club's notice board: the table of each division, the
results grid and the leaders, on as many pages as they take.

Unlike the sheets, cards and bracket (fixed layouts on a bare canvas), a summary flows: its
length follows the number of teams and boards, so it is laid out with ReportLab's Platypus.
The selector is ``competitions.season_report.season_report``; this module only draws it."""

from __future__ import annotations

import io

from django.utils.translation import gettext as _
from reportlab.lib.colors import HexColor, white
from reportlab.lib.pagesizes import landscape, portrait
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle
from reportlab.platypus.flowables import Flowable

from competitions.season_report import ReportBoard, ReportGrid, ReportTable, SeasonReport
from competitions.standings import tie_note_shown
from printing.pdf import (
    FONT,
    FONT_BOLD,
    FONT_NARROW,
    FONT_NARROW_BOLD,
    GREY,
    PDF,
    PdfFile,
    file_slug,
    page_size,
    register_fonts,
)

MARGIN = 36
HEAD = HexColor("#1f3a5f")
BAND = HexColor("#f2f4f7")
LINE = HexColor("#c9d1db")
#: A grid with more teams than this is printed on a page turned to landscape.
PORTRAIT_GRID_TEAMS = 12

TITLE = ParagraphStyle("title", fontName=FONT_BOLD, fontSize=18, leading=22, spaceAfter=2)
SUBTITLE = ParagraphStyle("subtitle", fontName=FONT, fontSize=10, leading=13, textColor=GREY, spaceAfter=10)
HEADING = ParagraphStyle("heading", fontName=FONT_BOLD, fontSize=12, leading=15, spaceBefore=10, spaceAfter=4)
NOTE = ParagraphStyle("note", fontName=FONT, fontSize=7.5, leading=9.5, textColor=GREY)


def render_season_report(report: SeasonReport, *, page: str = "A4") -> PdfFile:
    """The summary as a PDF; a ValueError names the page sizes when ``page`` is none."""
    register_fonts()
    widest = max((len(grid.teams) for grid in report.grids if not grid.left_out), default=0)
    size = landscape(page_size(page)) if widest > PORTRAIT_GRID_TEAMS else portrait(page_size(page))
    buffer = io.BytesIO()
    document = SimpleDocTemplate(
        buffer,
        pagesize=size,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=_("%(title)s: season summary") % {"title": report.title},
        author="Bootroom",
        creator="Bootroom (ReportLab)",
    )
    room = size[0] - 2 * MARGIN
    story: list[Flowable] = [
        Paragraph(_escape(report.title), TITLE),
        Paragraph(
            _("%(progress)s · printed %(when)s") % {"progress": _escape(report.progress), "when": report.printed_at},
            SUBTITLE,
        ),
    ]
    if report.bracket:
        story.append(Paragraph(_("A knockout: its bracket is printed on its own (the bracket's PDF)."), NOTE))
    for table in report.tables:
        story += _table(table)
    for grid in report.grids:
        story += _grid(grid, room)
    if report.boards:
        story.append(Paragraph(_("Leaders"), HEADING))
        story.append(_boards(report.boards, room))
    document.build(story)
    return PdfFile(f"summary-{file_slug(report.title)}.pdf", PDF, buffer.getvalue())


def _escape(text: str) -> str:
    """Paragraph text is mini-HTML: a team called "A & B" must print as such."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _style(header_rows: int = 1, font_size: float = 8.5) -> list[tuple]:
    return [
        ("FONTNAME", (0, 0), (-1, -1), FONT),
        ("FONTNAME", (0, 0), (-1, header_rows - 1), FONT_BOLD),
        ("FONTSIZE", (0, 0), (-1, -1), font_size),
        ("TEXTCOLOR", (0, 0), (-1, header_rows - 1), white),
        ("BACKGROUND", (0, 0), (-1, header_rows - 1), HEAD),
        ("ROWBACKGROUNDS", (0, header_rows), (-1, -1), [white, BAND]),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, LINE),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]


def _table(table: ReportTable) -> list[Flowable]:
    flowables: list[Flowable] = [Paragraph(_escape(table.title or _("Table")), HEADING)]
    data = [("#", _("Team"), *table.columns), *table.rows]
    printed = Table(data, repeatRows=1, hAlign="LEFT", colWidths=[22, 170, *[40] * len(table.columns)])
    printed.setStyle(TableStyle([*_style(), ("ALIGN", (2, 0), (-1, -1), "RIGHT"), ("ALIGN", (0, 0), (0, -1), "RIGHT")]))
    flowables.append(printed)
    flowables += [Paragraph(_escape(tie_note_shown(note)), NOTE) for note in table.notes]
    return flowables


def _grid(grid: ReportGrid, room: float) -> list[Flowable]:
    """Numbered teams down the side, their numbers across; the home side is the row."""
    title = _("Results grid: %(title)s") % {"title": grid.title} if grid.title else _("Results grid")
    heading = Paragraph(_escape(title) + " " + _("(home team down, away team across)"), HEADING)
    if grid.left_out:
        return [
            heading,
            Paragraph(_("%(count)s teams: too many for a grid on paper.") % {"count": len(grid.teams)}, NOTE),
        ]
    count = len(grid.teams)
    name_width = min(150, room * 0.28)
    cell_width = (room - name_width) / max(count, 1)
    font_size = 7 if cell_width >= 30 else 6
    data = [("", *[str(n) for n in range(1, count + 1)])]
    data += [(name, *cells) for name, cells in zip(grid.teams, grid.cells, strict=True)]
    printed = Table(data, repeatRows=1, hAlign="LEFT", colWidths=[name_width, *[cell_width] * count])
    diagonal = [("BACKGROUND", (i + 1, i + 1), (i + 1, i + 1), LINE) for i in range(count)]
    printed.setStyle(
        TableStyle(
            [
                *_style(font_size=font_size),
                ("FONTNAME", (1, 1), (-1, -1), FONT_NARROW),
                ("FONTNAME", (1, 0), (-1, 0), FONT_NARROW_BOLD),
                ("ALIGN", (1, 0), (-1, -1), "CENTER"),
                ("GRID", (1, 1), (-1, -1), 0.25, LINE),
                *diagonal,
            ]
        )
    )
    return [heading, printed]


def _boards(boards: tuple[ReportBoard, ...], room: float) -> Flowable:
    """The boards side by side, three to a row."""
    per_row = 3
    width = room / per_row
    cells = []
    for board in boards:
        data = [(board.title, ""), *[(f"{name} ({team})", value) for name, team, value in board.lines]]
        value_share = 0.42 if any("(" in value for _, _, value in board.lines) else 0.2
        printed = Table(data, colWidths=[width * (1 - value_share) - 6, width * value_share], hAlign="LEFT")
        printed.setStyle(
            TableStyle(
                [
                    *_style(font_size=7.5),
                    ("FONTNAME", (0, 1), (-1, -1), FONT_NARROW),
                    ("ALIGN", (1, 1), (1, -1), "RIGHT"),
                    ("SPAN", (0, 0), (1, 0)),
                ]
            )
        )
        cells.append(printed)
    rows = [cells[i : i + per_row] for i in range(0, len(cells), per_row)]
    rows[-1] += [""] * (per_row - len(rows[-1]))
    layout = Table(rows, colWidths=[width] * per_row, hAlign="LEFT")
    layout.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0)]))
    return KeepTogether([layout, Spacer(1, 4)])
