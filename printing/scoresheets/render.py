"""The scoresheet renderer: a ``Scoresheet`` drawn on A4 in its game's layout, blank when
``sheet.played`` is False, returned as a ``PdfFile``; no database access. Views, admin
actions, the API and ``manage.py print_scoresheet`` all draw through ``render_scoresheets``,
so every way of printing gives the same sheet.
"""

from __future__ import annotations

import io
from collections import defaultdict
from collections.abc import Sequence

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.colors import HexColor, black
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from engines.published import Clock, Sheet, SheetColumn, SheetTimer
from printing.pdf import (
    FONT,
    FONT_BOLD,
    FONT_NARROW,
    FONT_NARROW_BOLD,
    GREY,
    PDF,
    PdfFile,
    draw_fitted,
    file_slug,
    new_canvas,
    team_kit,
)
from printing.scoresheets.data import (
    Scoresheet,
    SheetEvent,
    SheetPlayer,
    SheetSide,
    clock_for,
    is_shootout_kick,
    layout_for,
)

LIGHT = HexColor("#e6e6e6")
TICK = HexColor("#bdbdbd")

# --- drawing -------------------------------------------------------------------------------------------

MARGIN = 12 * mm


class _Pen:
    """A canvas with a cursor running down the page, starting a new page when a block will not fit."""

    def __init__(self, canvas: Canvas, sheet: Scoresheet, layout: Sheet, clock: Clock) -> None:
        self.c = canvas
        self.sheet = sheet
        self.layout = layout
        self.clock = clock
        self.width, self.height = A4
        self.page = 1
        self.y = self.height - MARGIN

    def need(self, height: float) -> None:
        if self.y - height < MARGIN + 6 * mm:
            self.footer()
            self.c.showPage()
            self.page += 1
            self.y = self.height - MARGIN
            self.c.setFillColor(GREY)
            self.c.setFont(FONT, 7)
            self.c.drawString(
                MARGIN,
                self.y - 2 * mm,
                _("%(title)s · %(match)s (cont.)")
                % {"title": str(self.layout.title), "match": _match_line(self.sheet)},
            )
            self.y -= 6 * mm

    def footer(self) -> None:
        c, sheet = self.c, self.sheet
        c.setFillColor(GREY)
        c.setFont(FONT, 6.5)
        replay = (
            _("Replay: engine %(engine)s %(version)s, seed %(seed)s")
            % {"engine": sheet.engine, "version": sheet.engine_version, "seed": sheet.seed}
            if sheet.events
            else ""
        )
        c.drawString(MARGIN, MARGIN - 4 * mm, f"Bootroom · {sheet.game}" + (f" · {replay}" if replay else ""))
        c.drawRightString(self.width - MARGIN, MARGIN - 4 * mm, _("page %(number)s") % {"number": self.page})


def _match_line(sheet: Scoresheet) -> str:
    if sheet.match_id is None:
        return _("blank sheet")
    return _("match %(number)s: %(home)s v %(away)s") % {
        "number": sheet.match_id,
        "home": sheet.home.name,
        "away": sheet.away.name,
    }


def _ordered(sheet: Scoresheet, layout: Sheet) -> tuple[SheetSide, SheetSide]:
    """Top/left first: Fütti puts the visitors there, the other games the home side."""
    return (sheet.away, sheet.home) if layout.visitors_first else (sheet.home, sheet.away)


def _side_label(side: SheetSide, layout: Sheet) -> str:
    if layout.visitors_first:
        return _("VISITORS") if side.side == "away" else _("HOSTS")
    return _("HOME") if side.side == "home" else _("AWAY") if side.side == "away" else side.side.upper()


def _header(pen: _Pen) -> None:
    c, sheet, layout = pen.c, pen.sheet, pen.layout
    c.setFillColor(black)
    c.setFont(FONT_BOLD, 16)
    c.drawString(MARGIN, pen.y - 6 * mm, str(layout.title))
    c.setFont(FONT, 8)
    right = pen.width - MARGIN
    if sheet.match_id is not None:
        c.drawRightString(right, pen.y - 3 * mm, _("Match %(number)s") % {"number": sheet.match_id})
        c.drawRightString(right, pen.y - 7 * mm, sheet.kickoff)
        draw_fitted(c, MARGIN, pen.y - 11 * mm, sheet.competition, font=FONT, size=8, width=pen.width - 2 * MARGIN)
    else:
        c.drawRightString(right, pen.y - 3 * mm, _("League ____________  Round ____  Date ____________"))
    pen.y -= 15 * mm


def _period_of(clock: Clock, events: Sequence[SheetEvent]) -> dict[int, int]:
    """Each event's period by seq: 0 first half, 1 second, 2 extra (extra time, sudden death)."""
    regulation = clock.regulation if clock.extra else None
    periods, marker = {}, 0
    for e in events:
        if e.kind == "extra_time":
            marker = 2
        period = min(marker, 2)
        if regulation and e.minute > regulation:
            period = 2
        periods[e.seq] = period
        if e.kind in _MARKERS:
            marker += 1
    return periods


#: Events that end a period rather than happen in one.
_MARKERS = ("half_time", "full_time")


def _score_block(pen: _Pen) -> None:
    """Team names with goals per half, extra time, shoot-out and the final score."""
    c, sheet, layout, clock = pen.c, pen.sheet, pen.layout, pen.clock
    halves = clock.periods > 1
    row = 9 * mm
    heads = (
        *((_("1st half"), _("2nd half"), _("Extra")) if halves else ()),
        *((_("Shoot-out"),) if clock.shootout_kicks else ()),
        _("FINAL"),
    )
    col = 17 * mm
    name_w = pen.width - 2 * MARGIN - len(heads) * col
    top = pen.y
    c.setFont(FONT_NARROW_BOLD, 7)
    c.setFillColor(GREY)
    for n, head in enumerate(heads):
        c.drawCentredString(MARGIN + name_w + (n + 0.5) * col, top - 3 * mm, head)
    goals = {"home": [0, 0, 0], "away": [0, 0, 0]}
    periods = _period_of(clock, sheet.events)
    for e in sheet.events:
        if e.kind == "goal" and e.side in goals:
            goals[e.side][periods[e.seq]] += 1
    extra_played = any(periods[e.seq] == 2 for e in sheet.events if e.kind not in _MARKERS)
    y = top - 4.5 * mm
    for side in _ordered(sheet, layout):
        y -= row
        kit = team_kit(side.name)
        c.setFillColor(kit.primary)
        c.rect(MARGIN, y, 3 * mm, row, stroke=0, fill=1)
        c.setStrokeColor(black)
        c.setLineWidth(0.6)
        c.rect(MARGIN, y, name_w + len(heads) * col, row, stroke=1, fill=0)
        c.setFillColor(GREY)
        c.setFont(FONT_NARROW, 6)
        c.drawString(MARGIN + 4.5 * mm, y + row - 2.6 * mm, _side_label(side, layout))
        c.setFillColor(black)
        draw_fitted(c, MARGIN + 4.5 * mm, y + 2 * mm, side.name, font=FONT_BOLD, size=12, width=name_w - 6 * mm)
        shootout = sheet.shootout_home if side.side == "home" else sheet.shootout_away
        total = sheet.home_goals if side.side == "home" else sheet.away_goals
        values = []
        if halves:
            values += [str(g) for g in goals[side.side]]
            if not extra_played:
                values[2] = "–"
        if clock.shootout_kicks:
            values.append("" if shootout is None else str(shootout))
        if not sheet.played:
            values = [""] * len(values)
        values.append("" if total is None else str(total))
        for n, value in enumerate(values):
            x = MARGIN + name_w + n * col
            c.line(x, y, x, y + row)
            last = n == len(values) - 1
            c.setFont(FONT_BOLD, 16 if last else 11)
            c.drawCentredString(x + col / 2, y + row / 2 - (5.5 if last else 4), value)
    c.setLineWidth(1.6)
    c.rect(MARGIN + name_w + (len(heads) - 1) * col, y, col, 2 * row, stroke=1, fill=0)
    pen.y = y - 3 * mm
    if sheet.played:
        how = sheet.decided_by or "regulation"
        c.setFont(FONT, 8)
        c.drawString(
            MARGIN,
            pen.y - 2 * mm,
            _("Decided by: %(how)s.  Status: %(status)s.") % {"how": how, "status": sheet.status},
        )
        pen.y -= 5 * mm


def _final_minute(sheet: Scoresheet) -> int:
    return max((e.minute for e in sheet.events), default=0)


def _timer(pen: _Pen, timer: SheetTimer) -> None:
    """The forty minute boxes in two rows (halves), 30' and 35' marked; a played match has its
    minutes ticked up to the last one played, goals lettered in, and an early end struck through."""
    c, sheet, layout = pen.c, pen.sheet, pen.layout
    final = _final_minute(sheet) if sheet.played else 0
    extra = max(0, final - timer.minutes)
    rows = timer.minutes // timer.per_row + (1 if extra else 0)
    box = (pen.width - 2 * MARGIN - 14 * mm) / timer.per_row
    pen.need(rows * (box + 3.5 * mm) + 8 * mm)
    c.setFillColor(black)
    c.setFont(FONT_BOLD, 9)
    c.drawString(MARGIN, pen.y - 3 * mm, _("TIMER"))
    c.setFont(FONT, 6.5)
    c.setFillColor(GREY)
    c.drawString(
        MARGIN + 14 * mm,
        pen.y - 3 * mm,
        _("tick a box after each minute; V / H in a box: a goal by the visitors / hosts"),
    )
    pen.y -= 5 * mm
    scorers: dict[int, list[str]] = defaultdict(list)
    for e in sheet.events:
        if e.kind == "goal":
            scorers[e.minute].append("H" if e.side == "home" else "V" if layout.visitors_first else "A")
    labels = (_("1st half"), _("2nd half"))
    for r in range(rows):
        first = r * timer.per_row + 1
        count = timer.per_row if r < timer.minutes // timer.per_row else extra
        y = pen.y - box - 2.5 * mm
        c.setFillColor(black)
        c.setFont(FONT_NARROW_BOLD, 7)
        c.drawString(MARGIN, y + box / 2 - 2, labels[r] if r < len(labels) else timer.extra_label)
        for n in range(count):
            minute = first + n
            x = MARGIN + 14 * mm + n * box
            mark = timer.marks.get(minute)
            if minute <= final:
                c.setFillColor(TICK)
                c.rect(x, y, box, box, stroke=0, fill=1)
            c.setStrokeColor(black)
            c.setLineWidth(1.6 if mark else 0.5)
            c.rect(x, y, box, box, stroke=1, fill=0)
            c.setFillColor(GREY)
            c.setFont(FONT_NARROW, 5.5)
            c.drawString(x + 0.8, y + box - 6, str(minute))
            if mark:
                c.setFillColor(black)
                c.setFont(FONT_NARROW_BOLD, 5.5)
                c.drawCentredString(x + box / 2, y + box + 1, mark)
            if minute in scorers:
                c.setFillColor(black)
                c.setFont(FONT_BOLD, 9 if len(scorers[minute]) == 1 else 6.5)
                c.drawCentredString(x + box / 2, y + 2.2, "".join(scorers[minute]))
            if sheet.played and final < minute <= timer.minutes:
                c.setStrokeColor(GREY)
                c.line(x, y, x + box, y + box)
        pen.y = y - 1.5 * mm
    if sheet.played and 0 < final < timer.minutes:
        c.setFillColor(black)
        c.setFont(FONT_BOLD, 8)
        c.drawString(
            MARGIN, pen.y - 3 * mm, _("Game ended early at %(minute)s' (the %(minute)s' rule).") % {"minute": final}
        )
        pen.y -= 5 * mm
    pen.y -= 2 * mm


def _cell(player: SheetPlayer, column: SheetColumn, played: bool) -> str:
    if not played:
        return ""
    if column.kinds:
        minutes = [m for kind in column.kinds for m in player.marks.get(kind, ())]
        if minutes:
            return " ".join(f"{m}'" for m in sorted(minutes))
        return ""
    value = player.stats.get(column.stat, 0) if column.stat else 0
    return str(value) if value else ""


def _rosters(pen: _Pen) -> None:
    """Both squads side by side (visitors left on the Fütti sheet), one row per player with the
    layout's boxes; starters marked, the rest listed as reserves."""
    c, sheet, layout = pen.c, pen.sheet, pen.layout
    gap = 5 * mm
    col_w = (pen.width - 2 * MARGIN - gap) / 2
    fixed = sum(col.width for col in layout.columns) * mm
    pos_w = 7 * mm
    name_w = col_w - fixed - pos_w
    sides = _ordered(sheet, layout)
    count = max(len(s.players) for s in sides)
    row = max(4.2 * mm, min(6.5 * mm, 120 * mm / max(count, 1)))
    pen.need(row * (count + 2) + 6 * mm)
    top = pen.y
    for n, side in enumerate(sides):
        x0 = MARGIN + n * (col_w + gap)
        kit = team_kit(side.name)
        y = top - 6 * mm
        c.setFillColor(kit.primary)
        c.rect(x0, y, col_w, 6 * mm, stroke=0, fill=1)
        c.setFillColor(kit.text)
        label = f"{_side_label(side, layout)}: {side.name or '____________________'}"
        draw_fitted(c, x0 + 1.5 * mm, y + 1.8 * mm, label, font=FONT_BOLD, size=9, width=col_w - 3 * mm)
        y -= row
        c.setFillColor(LIGHT)
        c.rect(x0, y, col_w, row, stroke=0, fill=1)
        c.setFillColor(black)
        c.setFont(FONT_NARROW_BOLD, 6.5)
        c.drawString(x0 + 1, y + row / 2 - 2, pgettext("position", "Pos"))
        c.drawString(x0 + pos_w, y + row / 2 - 2, _("Player"))
        x = x0 + pos_w + name_w
        for column in layout.columns:
            c.drawCentredString(x + column.width * mm / 2, y + row / 2 - 2, str(column.label))
            x += column.width * mm
        for player in side.players:
            y -= row
            _player_row(c, player, layout, sheet.played, x0, y, col_w, row, pos_w, name_w)
        c.setStrokeColor(black)
        c.setLineWidth(0.8)
        c.rect(x0, y, col_w, top - 6 * mm - y, stroke=1, fill=0)
    pen.y = top - 6 * mm - row * (count + 1) - 4 * mm


def _player_row(
    c: Canvas,
    player: SheetPlayer,
    layout: Sheet,
    played: bool,
    x0: float,
    y: float,
    width: float,
    row: float,
    pos_w: float,
    name_w: float,
) -> None:
    c.setStrokeColor(TICK)
    c.setLineWidth(0.4)
    c.line(x0, y, x0 + width, y)
    c.setFillColor(black)
    size = min(8.0, row / mm * 1.6)
    position = player.position or ("S" if player.starter else "R" if played else "")
    draw_fitted(c, x0 + 1, y + row / 2 - size * 0.35, position, font=FONT_NARROW_BOLD, size=size - 1, width=pos_w - 2)
    font = FONT_NARROW_BOLD if player.starter else FONT_NARROW
    draw_fitted(
        c, x0 + pos_w, y + row / 2 - size * 0.35, player.name, font=font, size=size, width=name_w - 2, min_size=6.5
    )
    x = x0 + pos_w + name_w
    for column in layout.columns:
        w = column.width * mm
        c.setStrokeColor(TICK)
        c.line(x, y, x, y + row)
        text = _cell(player, column, played)
        if text:
            draw_fitted(c, x + 0.5, y + row / 2 - 2.4, text, font=FONT_NARROW_BOLD, size=7, width=w - 1, align="center")
        x += w


def _panels(pen: _Pen) -> None:
    """Per-team boxes (substitutions left, jokers, coaching tokens, replacements), crossed in order
    with the minute of each event."""
    c, sheet, layout = pen.c, pen.sheet, pen.layout
    panels = [p for p in layout.panels if not (p.blank_only and sheet.played)]
    if not panels:
        return
    gap = 5 * mm
    col_w = (pen.width - 2 * MARGIN - gap) / 2
    box = 8 * mm
    pen.need(len(panels) * (box + 3 * mm) + 4 * mm)
    for panel in panels:
        y = pen.y - box - 1 * mm
        for n, side in enumerate(_ordered(sheet, layout)):
            x0 = MARGIN + n * (col_w + gap)
            c.setFillColor(black)
            draw_fitted(
                c,
                x0,
                y + box / 2 - 2.5,
                panel.label,
                font=FONT_NARROW_BOLD,
                size=7,
                width=col_w - panel.boxes * box - 2 * mm,
            )
            entries = [
                str(e.detail.get(panel.detail_key, "")) if panel.detail_key else f"{e.minute}'"
                for e in sheet.events
                if e.kind in panel.kinds and e.side == side.side
            ]
            if panel.count:
                entries = [str(len(entries))] if sheet.played else []
            for b in range(panel.boxes):
                bx = x0 + col_w - (panel.boxes - b) * box
                c.setStrokeColor(black)
                c.setLineWidth(0.6)
                c.rect(bx, y, box, box, stroke=1, fill=0)
                if b < len(entries):
                    c.setStrokeColor(GREY)
                    c.line(bx, y, bx + box, y + box)
                    c.setFillColor(black)
                    draw_fitted(
                        c,
                        bx + 0.5,
                        y + 2.6 * mm,
                        entries[b],
                        font=FONT_NARROW_BOLD,
                        size=7.5,
                        width=box - 1,
                        align="center",
                    )
            if len(entries) > panel.boxes:
                c.setFont(FONT_NARROW, 6)
                c.drawRightString(
                    x0 + col_w - panel.boxes * box - 1 * mm,
                    y + 0.5,
                    _("+%(count)s more") % {"count": len(entries) - panel.boxes},
                )
        pen.y = y - 2 * mm
    pen.y -= 2 * mm


def _shootout(pen: _Pen) -> None:
    """Shoot-out kicks: five a side and sudden-death rounds, ● scored, ○ missed."""
    c, sheet, layout, kicks_each = pen.c, pen.sheet, pen.layout, pen.clock.shootout_kicks
    kicks = [e for e in sheet.events if is_shootout_kick(e, layout)]
    if sheet.played and not kicks:
        return
    per_side = {s: [bool(e.detail.get("scored")) for e in kicks if e.side == s] for s in ("home", "away")}
    boxes = max(kicks_each, *(len(v) for v in per_side.values()))
    box = 6 * mm
    pen.need(2 * box + 10 * mm)
    c.setFillColor(black)
    c.setFont(FONT_BOLD, 9)
    c.drawString(MARGIN, pen.y - 3 * mm, "PENALTY SHOOT-OUT")
    c.setFont(FONT, 6.5)
    c.setFillColor(GREY)
    c.drawString(
        MARGIN + 42 * mm,
        pen.y - 3 * mm,
        _("%(kicks)s kicks each, then in pairs; ● scored, ○ missed") % {"kicks": kicks_each},
    )
    y = pen.y - 5 * mm
    for side in _ordered(sheet, layout):
        y -= box
        c.setFillColor(black)
        draw_fitted(
            c, MARGIN, y + 2, side.name or _side_label(side, layout), font=FONT_NARROW_BOLD, size=7.5, width=36 * mm
        )
        for n in range(boxes):
            x = MARGIN + 38 * mm + n * box
            c.setStrokeColor(black)
            c.setLineWidth(1.2 if n == kicks_each - 1 else 0.5)
            c.rect(x, y, box, box, stroke=1, fill=0)
            if n < len(per_side[side.side]):
                c.setFont(FONT, 10)
                c.drawCentredString(x + box / 2, y + 1.6 * mm, "●" if per_side[side.side][n] else "○")
    pen.y = y - 4 * mm


def _event_text(e: SheetEvent, sheet: Scoresheet, layout: Sheet) -> str:
    team = sheet.home.name if e.side == "home" else sheet.away.name if e.side == "away" else ""
    what = e.kind.replace("_", " ")
    if e.kind == layout.shootout_kick and "scored" in e.detail:
        what += " scored" if e.detail.get("scored") else " missed"
    if e.kind in ("injury",) and e.detail.get("severity"):
        what = f"{e.detail['severity']} injury"
    if e.kind == "coaching_token" and e.detail.get("face"):
        what += f" ({e.detail['face']})"
    who = f" {e.player}" if e.player else ""
    if e.other:
        who += f" for {e.other}" if e.kind == "substitution" else f" on {e.other}"
    return f"{what}{who}" + (f" ({team})" if team and not e.player else "")


def _report(pen: _Pen) -> None:
    """The match report: the events the layout lists (or all of them), minute by minute, in three
    columns, running onto more pages when a match is long."""
    c, sheet, layout = pen.c, pen.sheet, pen.layout
    kinds = layout.report_kinds
    events = [e for e in sheet.events if kinds is None or e.kind in kinds]
    line = 3.6 * mm
    columns = 3
    col_w = (pen.width - 2 * MARGIN) / columns
    pen.need(12 * mm)
    c.setFillColor(black)
    c.setFont(FONT_BOLD, 9)
    c.drawString(MARGIN, pen.y - 3 * mm, _("MATCH REPORT") if sheet.played else _("NOTES"))
    pen.y -= 6 * mm
    if not sheet.played:
        _write_in_lines(pen)
        return
    index = 0
    while index < len(events):
        rows = max(1, int((pen.y - MARGIN - 6 * mm) // line))
        for n in range(columns):
            x = MARGIN + n * col_w
            for r in range(rows):
                if index >= len(events):
                    break
                e = events[index]
                y = pen.y - (r + 1) * line
                c.setFillColor(GREY)
                c.setFont(FONT_NARROW, 6.5)
                c.drawRightString(x + 7 * mm, y, f"{e.minute}'")
                side = "H" if e.side == "home" else ("V" if layout.visitors_first else "A") if e.side == "away" else ""
                c.drawString(x + 8 * mm, y, side)
                c.setFillColor(black)
                font = FONT_NARROW_BOLD if e.kind == "goal" else FONT_NARROW
                draw_fitted(
                    c, x + 11 * mm, y, _event_text(e, sheet, layout), font=font, size=6.5, width=col_w - 12 * mm
                )
                index += 1
        used = min(rows, len(events))
        pen.y -= used * line
        if index < len(events):
            pen.y = MARGIN  # force the next page
            pen.need(10 * mm)
    pen.y -= 3 * mm


def _write_in_lines(pen: _Pen) -> None:
    c, layout = pen.c, pen.layout
    if layout.instructions:
        c.setFillColor(GREY)
        c.setFont(FONT, 7)
        for text in simpleSplit(layout.instructions, FONT, 7, pen.width - 2 * MARGIN):
            c.drawString(MARGIN, pen.y - 2.5 * mm, text)
            pen.y -= 3.4 * mm
    c.setStrokeColor(TICK)
    c.setLineWidth(0.5)
    while pen.y - 7 * mm > MARGIN + 6 * mm:
        pen.y -= 7 * mm
        c.line(MARGIN, pen.y, pen.width - MARGIN, pen.y)


def render_scoresheet(sheet: Scoresheet) -> PdfFile:
    """Draw ``sheet`` on A4 in its game's layout: blank when ``sheet.played`` is False."""
    return render_scoresheets([sheet])


def render_scoresheets(sheets: Sequence[Scoresheet]) -> PdfFile:
    """Several sheets in one file, each starting on a new page (the admin action on many matches)."""
    if not sheets:
        raise ValueError("no scoresheet to print")
    buffer = io.BytesIO()
    first = sheets[0]
    canvas = new_canvas(buffer, A4, f"{layout_for(first.engine).title.title()} – {_match_line(first)}")
    for sheet in sheets:
        _draw_sheet(canvas, sheet)
    canvas.save()
    return PdfFile(f"{_file_name(sheets)}.pdf", PDF, buffer.getvalue())


def _draw_sheet(canvas: Canvas, sheet: Scoresheet) -> None:
    layout, clock = layout_for(sheet.engine), clock_for(sheet.engine)
    pen = _Pen(canvas, sheet, layout, clock)
    _header(pen)
    _score_block(pen)
    if layout.timer:
        _timer(pen, layout.timer)
    _rosters(pen)
    _panels(pen)
    if clock.shootout_kicks and (sheet.shootout_home is not None or not sheet.played):
        _shootout(pen)
    _report(pen)
    pen.footer()
    canvas.showPage()


def _file_name(sheets: Sequence[Scoresheet]) -> str:
    sheet = sheets[0]
    if len(sheets) > 1:
        return file_slug(sheet.engine, "scoresheets", *(s.match_id for s in sheets[:5]))
    if sheet.match_id is None:
        return file_slug(sheet.engine, "blank-scoresheet")
    kind = "scoresheet" if sheet.played else "blank-scoresheet"
    return file_slug("match", sheet.match_id, sheet.home.name, "v", sheet.away.name, kind)
