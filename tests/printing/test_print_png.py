"""A page rendered to PNG with poppler's pdftoppm, the way a person (and docs/samples) sees it.

pdftoppm comes from Debian's poppler-utils; CI installs it. Missing, the test fails and says
so: a skipped picture test would hide a broken PDF that only a renderer notices.
"""

import shutil
import struct
import subprocess

import pytest

from printing.cards.render import render_cards
from printing.cards.selectors import card_set_for_pool
from printing.scoresheets.render import render_scoresheet
from printing.scoresheets.selectors import blank_scoresheet

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def pdftoppm() -> str:
    path = shutil.which("pdftoppm")
    if path is None:
        pytest.fail("pdftoppm is missing: apt-get install -y poppler-utils (CI's script installs it)")
    return path


def first_page_png(data: bytes, tmp_path, dpi: int = 50) -> tuple[bytes, int, int]:
    source = tmp_path / "in.pdf"
    source.write_bytes(data)
    result = subprocess.run(
        [pdftoppm(), "-png", "-r", str(dpi), "-f", "1", "-l", "1", "-singlefile", str(source), str(tmp_path / "page")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "Error" not in result.stderr, result.stderr  # poppler complains of a damaged file here
    png = (tmp_path / "page.png").read_bytes()
    assert png.startswith(PNG_SIGNATURE)
    width, height = struct.unpack(">II", png[16:24])  # the IHDR chunk
    return png, width, height


@pytest.mark.parametrize(
    "render",
    [
        lambda: render_cards(card_set_for_pool("futti"), page="A4"),
        lambda: render_cards(card_set_for_pool("mutant"), page="Letter", mono=True),
        lambda: render_scoresheet(blank_scoresheet("futti")),
    ],
    ids=["futti-cards-a4", "mutant-cards-letter-bw", "futti-blank-scoresheet"],
)
def test_a_page_renders_to_png(render, tmp_path):
    pdf = render()
    png, width, height = first_page_png(pdf.data, tmp_path)
    assert 0.6 < width / height < 0.8  # portrait A4 or Letter
    assert abs(width - 50 * 8.27) < 12  # about 8.3 or 8.5 inches wide at 50 dpi
    assert len(png) > 5_000  # something was drawn: an empty page compresses to almost nothing
