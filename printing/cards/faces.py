"""The body of a card per game: each face style an engine may name (``CardFace.style``) and
the drawing helpers they share. A face draws from a ``PrintCard`` and the engine's data,
never from the database."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from reportlab.lib.colors import Color, HexColor, black, white
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from engines.published import CardFace
from printing.cards.data import PrintCard
from printing.pdf import FONT, FONT_BOLD, FONT_NARROW, FONT_NARROW_BOLD, GREY, Kit, draw_fitted


@dataclass(frozen=True)
class Box:
    """A rectangle on the page in points, lower-left origin (ReportLab's)."""

    x: float
    y: float
    w: float
    h: float


def ink_on(colour: Color) -> Color:
    """Black or white, whichever reads better on ``colour``."""
    luminance = 0.299 * colour.red + 0.587 * colour.green + 0.114 * colour.blue
    return black if luminance > 0.55 else white


def _accent(kit: Kit) -> Color:
    """The colour of rating boxes: the kit's, unless it is too light to carry white digits."""
    return kit.primary if ink_on(kit.primary) is white else black


def _rating_box(c: Canvas, box: Box, label: str, kit: Kit) -> None:
    """A label on the left and a filled box on the right for the value: the rule book card's OFFENCE 3."""
    side = box.h
    c.setFillColor(black)
    draw_fitted(c, box.x, box.y + side / 2 - 3, label, font=FONT_BOLD, size=10, width=box.w - side - 2 * mm, min_size=6)
    c.setFillColor(_accent(kit))
    c.roundRect(box.x + box.w - side, box.y, side, side, 1.5 * mm, stroke=0, fill=1)


def _rating_value(c: Canvas, box: Box, value: object, *, big: float = 20) -> None:
    c.setFillColor(white)
    c.setFont(FONT_BOLD, big)
    c.drawCentredString(box.x + box.w - box.h / 2, box.y + box.h / 2 - big * 0.36, str(value))


def _lines(c: Canvas, box: Box, rows: Sequence[tuple[str, str]], *, size: float = 8) -> None:
    """Label/value rows from the top of ``box`` down (the generic card and the small print)."""
    y = box.y + box.h - size - 1
    step = size * 1.45
    for label, value in rows:
        if y < box.y:
            break
        c.setFillColor(GREY)
        draw_fitted(c, box.x, y, label, font=FONT_NARROW, size=size, width=box.w * 0.55)
        c.setFillColor(black)
        draw_fitted(c, box.x + box.w * 0.57, y, value, font=FONT_NARROW_BOLD, size=size, width=box.w * 0.43)
        y -= step


def _wrapped(c: Canvas, box: Box, text: str, *, font: str = FONT, size: float = 7) -> None:
    """Short text wrapped into ``box`` from its top (power descriptions, area notes)."""
    c.setFont(font, size)
    y = box.y + box.h - size
    for line in simpleSplit(text, font, size, box.w):
        if y < box.y:
            break
        c.drawString(box.x, y, line)
        y -= size * 1.25


def humanise(key: str) -> str:
    """``mutant_attack`` → ``Mutant attack``: attribute keys as a person reads them."""
    return key.replace("_", " ").capitalize()


# --- card faces per game --------------------------------------------------------------------------

#: A face draws the body of a card (between the name band and the team band) from the
#: card and the engine's data about its faces.
Face = Callable[[Canvas, PrintCard, Box, Kit, CardFace], None]


def face_generic(c: Canvas, card: PrintCard, body: Box, kit: Kit, face: CardFace) -> None:
    """Any game without a face of its own: its attributes as label/value rows."""
    rows = [(humanise(k), str(v)) for k, v in card.attributes.items() if k != "role"]
    _lines(c, body, rows, size=9)


def _is_goaltender(role: str) -> bool:
    return role in ("goalkeeper", "goaltender")


def _rating_boxes(body: Box) -> tuple[Box, Box, Box]:
    """Where a rated card's numbers go: OFFENCE and DEFENCE rows, and the goaltending box."""
    pad = 3 * mm
    inner = Box(body.x + pad, body.y, body.w - 2 * pad, body.h)
    top = inner.y + inner.h - 14 * mm
    offence = Box(inner.x, top, inner.w, 11 * mm)
    defence = Box(inner.x, top - 22 * mm, inner.w, 11 * mm)
    goaltending = Box(inner.x + (inner.w - 24 * mm) / 2, inner.y + inner.h - 35 * mm, 24 * mm, 24 * mm)
    return offence, defence, goaltending


def static_ratings(c: Canvas, role: str, body: Box, kit: Kit, back: bool) -> None:
    """The labels and rating boxes, the same on every card of a kit (drawn once, in the card's form)."""
    offence, defence, goaltending = _rating_boxes(body)
    if _is_goaltender(role):
        c.setFillColor(black)
        c.setFont(FONT_BOLD, 10)
        c.drawCentredString(body.x + body.w / 2, goaltending.y + goaltending.h + 3 * mm, "GOAL TENDING")
        c.setFillColor(_accent(kit))
        c.roundRect(goaltending.x, goaltending.y, goaltending.w, goaltending.h, 2 * mm, stroke=0, fill=1)
        c.setFillColor(GREY)
        c.setFont(FONT, 6)
        c.drawCentredString(body.x + body.w / 2, body.y + 5 * mm, _("black die tens · white die ones"))
        return
    _rating_box(c, offence, "OFFENCE", kit)
    _rating_box(c, defence, "DEFENCE", kit)


def face_ratings(c: Canvas, card: PrintCard, body: Box, kit: Kit, face: CardFace) -> None:
    """As Fütti's rule book cards: OFFENCE, SP, DEFENCE and the control stars; a goaltender's
    two-digit GOAL TENDING (base six, black die first) and SP."""
    a = card.attributes
    offence, defence, goaltending = _rating_boxes(body)
    middle = body.x + body.w / 2
    if _is_goaltender(card.role):
        c.setFillColor(white)
        c.setFont(FONT_BOLD, 40)
        c.drawCentredString(middle, goaltending.y + 7.5 * mm, str(a.get("goaltending", "")))
        c.setFillColor(black)
        c.setFont(FONT_BOLD, 14)
        c.drawCentredString(middle, body.y + 9 * mm, f"SP {a.get('sportsmanship', '')}")
        return
    _rating_value(c, offence, a.get("offence", ""))
    _rating_value(c, defence, a.get("defence", ""))
    c.setFillColor(black)
    c.setFont(FONT_BOLD, 13)
    c.drawString(offence.x, offence.y - 9 * mm, f"{a.get('sportsmanship', '')} SP")
    stars = int(a.get("stars", 0) or 0)
    c.setFillColor(_accent(kit) if stars else GREY)
    if stars:
        c.setFont(FONT_BOLD, 20)
        c.drawCentredString(middle, body.y + 3 * mm, " ".join("★" * stars))
    else:
        c.setFont(FONT, 6.5)
        c.drawCentredString(middle, body.y + 5 * mm, _("no control star"))


def _shield_values(card: PrintCard, mutated: bool) -> tuple[object, object]:
    a = card.attributes
    if mutated:
        return a.get("mutant_attack", ""), a.get("mutant_defence", "")
    return a.get("attack", ""), a.get("defence", "")


SHIELD_RED = HexColor("#c62828")
SHIELD_GREEN = HexColor("#2e7d32")
SHIELD_BLUE = HexColor("#1565c0")
BACK_PURPLE = HexColor("#4a148c")
SHIELD_W = 15 * mm
SHIELD_H = SHIELD_W * 1.15


def _shields(body: Box, kit: Kit) -> list[tuple[float, float, str, Color]]:
    """Attack, special and defence shields across the top, as on the rule book's card: (x, y, label, fill)."""
    gap = (body.w - 3 * SHIELD_W) / 4
    top = body.y + body.h - SHIELD_H - 2 * mm
    fills = (black, GREY, black) if kit.mono else (SHIELD_RED, SHIELD_GREEN, SHIELD_BLUE)
    labels = ("ATTACK", "SPECIAL", "DEFENCE")
    return [(body.x + gap + n * (SHIELD_W + gap), top, labels[n], fills[n]) for n in range(3)]


def _shield_text_box(body: Box) -> Box:
    top = body.y + body.h - SHIELD_H - 2 * mm
    return Box(body.x + 3 * mm, body.y + 1 * mm, body.w - 6 * mm, top - body.y - 3 * mm)


def static_shields(c: Canvas, role: str, body: Box, kit: Kit, back: bool) -> None:
    """The shields with their labels and the SPECIAL icon (drawn once, in the card's form); the
    standard side's reminder of what SPECIAL and a foul do."""
    for x, y, label, fill in _shields(body, kit):
        path = c.beginPath()
        path.moveTo(x, y + SHIELD_H)
        path.lineTo(x + SHIELD_W, y + SHIELD_H)
        path.lineTo(x + SHIELD_W, y + SHIELD_H * 0.4)
        path.lineTo(x + SHIELD_W / 2, y)
        path.lineTo(x, y + SHIELD_H * 0.4)
        path.close()
        c.setFillColor(fill)
        c.drawPath(path, stroke=0, fill=1)
        c.setFillColor(ink_on(fill))
        draw_fitted(
            c, x + 1, y + SHIELD_H - 7, label, font=FONT_NARROW_BOLD, size=5.5, width=SHIELD_W - 2, align="center"
        )
        if label == "SPECIAL":
            draw_fitted(
                c,
                x + 1,
                y + SHIELD_H * 0.38,
                "⚡" if back else "◎",
                font=FONT_BOLD,
                size=18,
                width=SHIELD_W - 2,
                align="center",
            )
    if not back:
        c.setFillColor(black)
        _wrapped(
            c,
            _shield_text_box(body),
            _("SPECIAL: draw a tactical card. Fouled or injured: turn the card to its mutated side."),
        )


def _shield_side(c: Canvas, card: PrintCard, body: Box, kit: Kit, face: CardFace, mutated: bool) -> None:
    """The attack and defence values in their shields; the mutated side adds the trigger icon and
    the mutant power it fires."""
    attack, defence = _shield_values(card, mutated)
    shields = _shields(body, kit)
    for (x, y, _width, fill), value in ((shields[0], attack), (shields[2], defence)):
        c.setFillColor(ink_on(fill))
        draw_fitted(
            c, x + 1, y + SHIELD_H * 0.38, str(value), font=FONT_BOLD, size=18, width=SHIELD_W - 2, align="center"
        )
    if mutated:
        a = card.attributes
        trigger = humanise(str(a.get("trigger", "")))
        power = str(a.get("power", ""))
        c.setFillColor(black)
        text = _("Mutant power on „%(trigger)s“: %(power)s — %(meaning)s") % {
            "trigger": trigger,
            "power": humanise(power),
            "meaning": face.glossary.get(power, ""),
        }
        _wrapped(c, _shield_text_box(body), text, size=7)


def face_shields(c: Canvas, card: PrintCard, body: Box, kit: Kit, face: CardFace) -> None:
    """The standard side."""
    _shield_side(c, card, body, kit, face, mutated=False)


def back_shields(c: Canvas, card: PrintCard, body: Box, kit: Kit, face: CardFace) -> None:
    """The mutated side, printed on the back."""
    _shield_side(c, card, body, kit, face, mutated=True)


def face_base(c: Canvas, card: PrintCard, body: Box, kit: Kit, face: CardFace) -> None:
    """A miniature's base, as Calciotto's rule book reads it: the movement number left of the
    role letter, the circled tackle/shot (or save) strength right of it, and the role's title
    and area from the engine's notes."""
    a = card.attributes
    role = str(a.get("role", card.role))
    notes = face.role_notes.get(role, {})
    title, area, strength_label = notes.get("title", role), notes.get("area", ""), notes.get("strength", "STRENGTH")
    cx, cy = body.x + body.w / 2, body.y + body.h - 22 * mm
    c.setFillColor(_accent(kit))
    c.circle(cx, cy, 11 * mm, stroke=0, fill=1)
    c.setFillColor(white)
    c.setFont(FONT_BOLD, 34)
    c.drawCentredString(cx, cy - 12, role)
    c.setFillColor(black)
    c.setFont(FONT_BOLD, 22)
    c.drawCentredString(cx - 20 * mm, cy - 8, str(a.get("move", "")))
    c.setLineWidth(1.4)
    c.setStrokeColor(black)
    c.circle(cx + 20 * mm, cy, 5 * mm, stroke=1, fill=0)
    c.drawCentredString(cx + 20 * mm, cy - 8, str(a.get("strength", "")))
    c.setFont(FONT_NARROW_BOLD, 6)
    c.drawCentredString(cx - 20 * mm, cy - 9 * mm, "MOVE")
    c.drawCentredString(cx + 20 * mm, cy - 9 * mm, strength_label)
    c.setFont(FONT_BOLD, 9)
    c.drawCentredString(cx, body.y + 12 * mm, title.upper())
    c.setFillColor(GREY)
    c.setFont(FONT, 7)
    c.drawCentredString(cx, body.y + 7.5 * mm, _("strength counts in the %(area)s") % {"area": area} if area else "")


#: Flexdeck card colours (the Flexdeck's four suits) and the grey they print in black and white.
FLEX_COLOURS = {
    "blue": (HexColor("#1e5bb8"), HexColor("#3a3a3a")),
    "gold": (HexColor("#d4a017"), HexColor("#9a9a9a")),
    "red": (HexColor("#c0262d"), HexColor("#5a5a5a")),
    "green": (HexColor("#23883a"), HexColor("#bcbcbc")),
}
#: Pip positions on a 3 x 3 grid (column, row from the top), domino style, for 0 to 9.
_PIPS = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
    7: ((0, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (2, 2)),
    8: ((0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)),
    9: tuple((col, row) for row in range(3) for col in range(3)),
}


def _domino_half(c: Canvas, x: float, y: float, size: float, pips: int) -> None:
    """One half of a domino; each pip count is drawn once per file as a form and placed by
    reference (circles are the costliest thing on a card)."""
    name = f"domino-{pips}-{round(size)}"
    if not c.hasForm(name):
        c.beginForm(name)
        c.setFillColor(white)
        c.setStrokeColor(black)
        c.setLineWidth(0.8)
        c.roundRect(0, 0, size, size, 1.5 * mm, stroke=1, fill=1)
        c.setFillColor(black)
        cell = size / 3
        for col, row in _PIPS.get(pips, ()):
            c.circle(cell * (col + 0.5), size - cell * (row + 0.5), size * 0.075, stroke=0, fill=1)
        if pips not in _PIPS:
            c.setFont(FONT_BOLD, 12)
            c.drawCentredString(size / 2, size / 2 - 4, str(pips))
        c.endForm()
    c.saveState()
    c.translate(x, y)
    c.doForm(name)
    c.restoreState()


def face_domino(c: Canvas, card: PrintCard, body: Box, kit: Kit, face: CardFace) -> None:
    """The two things a Flexdeck card means in the game: its colour (which team's) and its
    strength (the domino pips, drawn as a domino, with their total)."""
    a = card.attributes
    colour = str(a.get("colour", ""))
    pips = [int(p) for p in (a.get("pips") or [])]
    fill = FLEX_COLOURS.get(colour, (GREY, GREY))[1 if kit.mono else 0]
    c.setFillColor(fill)
    c.roundRect(body.x + 3 * mm, body.y + body.h - 11 * mm, body.w - 6 * mm, 8 * mm, 1.5 * mm, 0, 1)
    c.setFillColor(ink_on(fill))
    c.setFont(FONT_BOLD, 11)
    c.drawCentredString(body.x + body.w / 2, body.y + body.h - 8.3 * mm, colour.upper())
    size = 17 * mm
    left = body.x + (body.w - size * len(pips)) / 2
    for n, value in enumerate(pips):
        _domino_half(c, left + n * size, body.y + 13 * mm, size, value)
    c.setFillColor(black)
    c.setFont(FONT_BOLD, 14)
    c.drawCentredString(body.x + body.w / 2, body.y + 5 * mm, _("STRENGTH %(pips)s") % {"pips": sum(pips)})


def face_piece(c: Canvas, card: PrintCard, body: Box, kit: Kit, face: CardFace) -> None:
    """Pieces that are all alike ("11"): the card says which piece it is (its role's mark and
    title) and how it moves (its role's text)."""
    notes = face.role_notes.get(card.role, {})
    cx, cy = body.x + body.w / 2, body.y + body.h - 20 * mm
    c.setFillColor(_accent(kit))
    c.circle(cx, cy, 12 * mm, stroke=0, fill=1)
    c.setFillColor(white)
    c.setFont(FONT_BOLD, 26)
    c.drawCentredString(cx, cy - 9, notes.get("mark", card.role[:2].upper()))
    c.setFillColor(black)
    c.setFont(FONT_BOLD, 11)
    c.drawCentredString(cx, body.y + 14 * mm, notes.get("title", card.role.upper()))
    text = notes.get("text", "")
    c.setFillColor(GREY)
    _wrapped(c, Box(body.x + 4 * mm, body.y + 1.5 * mm, body.w - 8 * mm, 11 * mm), text, size=6.5)


#: The drawing of each face style an engine may name (``CardFace.style``), of the back of a
#: two-sided style, and of what a style has in common on every card of a kit and role (drawn
#: once into the card's form).
FACES: dict[str, Face] = {
    "ratings": face_ratings,
    "shields": face_shields,
    "base": face_base,
    "domino": face_domino,
    "piece": face_piece,
}
BACKS: dict[str, Face] = {"shields": back_shields}
STATIC: dict[str, Callable[[Canvas, str, Box, Kit, bool], None]] = {
    "ratings": static_ratings,
    "shields": static_shields,
}
