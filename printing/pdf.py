"""What every Bootroom PDF shares: the embedded font, page sizes, team kits and a few drawing helpers.

The scoresheets (``printing.scoresheets``), the card sheets (``printing.cards``) and the
bracket (``printing.brackets``) draw with ReportLab on a bare canvas: no Platypus, because
they are fixed layouts measured in millimetres, and a canvas is what keeps 1,000 cards under
a few seconds. The season summary (``printing.season_reports``) flows over as many pages as
its tables take, so it alone is laid out with Platypus.
"""

from __future__ import annotations

import re
import unicodedata
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from reportlab import rl_config
from reportlab.lib.colors import Color, HexColor, black, white
from reportlab.lib.pagesizes import A4, letter
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from engines import get_engine

#: The DejaVu fonts ship in the repository (see assets/fonts/README.md): a fresh machine
#: or CI may not have Debian's fonts-dejavu-core, and ReportLab's built-in Helvetica
#: has no glyphs outside Latin-1 (no „“ quotes, no ★ stars).
FONT_DIR = Path(__file__).resolve().parent.parent / "assets" / "fonts"
FONT = "DejaVuSans"
FONT_BOLD = "DejaVuSans-Bold"
FONT_NARROW = "DejaVuSansCondensed"
FONT_NARROW_BOLD = "DejaVuSansCondensed-Bold"
_FONT_FILES = {
    FONT: "DejaVuSans.ttf",
    FONT_BOLD: "DejaVuSans-Bold.ttf",
    FONT_NARROW: "DejaVuSansCondensed.ttf",
    FONT_NARROW_BOLD: "DejaVuSansCondensed-Bold.ttf",
}

PDF = "application/pdf"
#: The grey of small print, labels and ticks on every sheet.
GREY = HexColor("#6b6b6b")

#: ReportLab armours every page stream in ASCII85 by default, in pure Python unless the
#: optional rl_accel extension is installed: a third of the time of 1,000 cards. The streams
#: are zlib-compressed either way, and binary streams are smaller.
rl_config.useA85 = 0

#: Page sizes by the names the commands and views accept (case-insensitive).
PAGE_SIZES: dict[str, tuple[float, float]] = {"A4": A4, "LETTER": letter}


class PdfFile(NamedTuple):
    """What every renderer returns (the bytes with their file name and type, as pretix's
    renderers do), so a view, an admin action and a command can all serve it."""

    filename: str
    content_type: str
    data: bytes


def register_fonts() -> None:
    """Register the embedded TrueType fonts once per process (ReportLab keeps a global registry)."""
    registered = set(pdfmetrics.getRegisteredFontNames())
    for name, filename in _FONT_FILES.items():
        if name in registered:
            continue
        path = FONT_DIR / filename
        if not path.exists():
            raise FileNotFoundError(f"font file missing: {path} (it ships with the repository, see assets/fonts)")
        pdfmetrics.registerFont(TTFont(name, str(path)))


def fit_text(text: str, *, font: str, size: float, width: float, min_size: float = 4.5) -> tuple[str, float]:
    """The text and size that fit ``width``: smaller first, down to ``min_size``, then cut short."""
    measured = pdfmetrics.stringWidth(text, font, size)
    if measured <= width:
        return text, size
    size = max(min_size, size * width / measured)
    return cut_to_width(text, font=font, size=size, width=width), size


def cut_to_width(text: str, *, font: str, size: float, width: float) -> str:
    """``text`` cut short with … until it measures at most ``width`` in ``font`` at ``size``
    (the fonts registered)."""
    while len(text) > 1 and pdfmetrics.stringWidth(text, font, size) > width:
        text = text[:-2].rstrip() + "…"
    return text


def page_size(name: str) -> tuple[float, float]:
    """The page size for ``A4`` or ``Letter``; a ValueError names the sizes allowed."""
    try:
        return PAGE_SIZES[name.upper()]
    except KeyError:
        raise ValueError(f"{name!r} is not a page size; choose A4 or Letter") from None


def new_canvas(buffer, size: tuple[float, float], title: str) -> Canvas:
    """A canvas with the fonts registered and the document title set (viewers show it)."""
    register_fonts()
    canvas = Canvas(buffer, pagesize=size, pageCompression=1)
    canvas.setTitle(title)
    canvas.setAuthor("Bootroom")
    canvas.setCreator("Bootroom (ReportLab)")
    return canvas


def game_name(engine: str) -> str:
    """The game's name for a heading, or the engine key of a game this install does not know."""
    try:
        return get_engine(engine).name
    except KeyError:
        return engine


def file_slug(*parts: object) -> str:
    """An ASCII file name part: ``Fütti Cup`` → ``futti-cup``, so downloads work in every browser."""
    text = "-".join(str(p) for p in parts if p not in (None, ""))
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "bootroom"


@dataclass(frozen=True)
class Kit:
    """The colours a team's cards and scoresheet band print in.

    Teams have no colour field yet, so ``team_kit`` derives one from the name:
    stable across databases and machines, and two teams rarely share one.
    """

    name: str
    primary: Color
    secondary: Color
    text: Color
    mono: bool = False


#: Kits in the colours of common club shirts; primary, secondary, and the text on primary.
_PALETTE = (
    ("red", "#c62828", "#ffcdd2", white),
    ("blue", "#1565c0", "#bbdefb", white),
    ("green", "#2e7d32", "#c8e6c9", white),
    ("claret", "#7b1f3a", "#90caf9", white),
    ("orange", "#ef6c00", "#212121", white),
    ("navy", "#1a237e", "#fff176", white),
    ("sky", "#4fc3f7", "#0d47a1", black),
    ("gold", "#f9a825", "#212121", black),
    ("purple", "#6a1b9a", "#e1bee7", white),
    ("teal", "#00796b", "#ffe0b2", white),
    ("maroon", "#880e4f", "#f8bbd0", white),
    ("black-white", "#212121", "#eeeeee", white),
)

#: The black-and-white kit the Fütti rule book suggests for the away copy of a team.
MONO_KIT = Kit("black and white", black, HexColor("#d9d9d9"), white, mono=True)
#: Cards of the pool, before any team drafted them.
POOL_KIT = Kit("pool", HexColor("#455a64"), HexColor("#cfd8dc"), white)


def team_kit(team_name: str, *, mono: bool = False) -> Kit:
    """The team's kit from its name, or the black-and-white variant when ``mono``."""
    if mono:
        return MONO_KIT
    if not team_name:
        return POOL_KIT
    name, primary, secondary, text = _PALETTE[zlib.crc32(team_name.encode()) % len(_PALETTE)]
    return Kit(name, HexColor(primary), HexColor(secondary) if isinstance(secondary, str) else secondary, text)


def draw_fitted(
    canvas: Canvas,
    x: float,
    y: float,
    text: str,
    *,
    font: str,
    size: float,
    width: float,
    align: str = "left",
    min_size: float = 4.5,
) -> None:
    """Draw one line of text, shrinking it to fit ``width`` and cutting it short with … if even
    the smallest size is too wide: a long name must never run over the next box."""
    text, size = fit_text(text, font=font, size=size, width=width, min_size=min_size)
    canvas.setFont(font, size)
    if align == "center":
        canvas.drawCentredString(x + width / 2, y, text)
    elif align == "right":
        canvas.drawRightString(x + width, y, text)
    else:
        canvas.drawString(x, y, text)
