"""What the print commands share: the ``--page`` and ``-o FILE`` options, and writing the PDF there."""

from __future__ import annotations

import sys
from pathlib import Path

from django.core.management.base import CommandError
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from printing.pdf import PdfFile, page_size


def add_page_argument(parser) -> None:
    parser.add_argument("--page", default="A4", metavar="A4|Letter", help=gettext_lazy("paper size (default A4)"))


def check_page(page: str) -> None:
    """A CommandError naming ``--page`` and the sizes there are, for a page size that is none."""
    try:
        page_size(page)
    except ValueError as exc:
        raise CommandError(f"--page: {exc}") from None


def add_output_argument(parser) -> None:
    parser.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help=gettext_lazy(
            "where to write the PDF ('-' for standard output; default: its own file name in this directory)"
        ),
    )


def write_output(pdf: PdfFile, output: str | None) -> str | None:
    """Write the PDF to ``output`` (``-``: standard output; none: its own file name here) and
    return the path written, or None for standard output. An unwritable path is a
    CommandError naming ``--output``."""
    if output == "-":
        sys.stdout.buffer.write(pdf.data)
        sys.stdout.flush()
        return None
    path = Path(output or pdf.filename)
    try:
        path.write_bytes(pdf.data)
    except OSError as exc:
        raise CommandError(
            _("--output: cannot write %(path)r: %(error)s") % {"path": str(path), "error": exc.strerror or exc}
        ) from exc
    return str(path)


def wrote_line(text: str, pdf: PdfFile, where: str, **values: object) -> str:
    """A print command's last line: ``text`` (translated, with ``%(where)s`` and ``%(size)s``)
    filled in with the path, the PDF's size in the language's digits ("12,345", "12.345") and
    ``values``."""
    return text % {"where": where, "size": number_format(len(pdf.data), force_grouping=True), **values}
