"""PDFs as HTTP responses: one helper for the headers every download carries (the public links,
the admin actions and the API), and one for the ``?page=`` paper size the links accept."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest

from printing.pdf import PdfFile, page_size


def pdf_response(pdf: PdfFile, *, inline: bool = False) -> HttpResponse:
    """The PDF with its file name in Content-Disposition (``attachment`` unless ``inline``)."""
    response = HttpResponse(pdf.data, content_type=pdf.content_type)
    disposition = "inline" if inline else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{pdf.filename}"'
    response["Content-Length"] = str(len(pdf.data))
    return response


def wants_inline(request: HttpRequest) -> bool:
    """``?inline=1`` shows the PDF in the browser instead of saving it."""
    return request.GET.get("inline") in ("1", "true", "yes")


def pdf_download(request: HttpRequest, render: Callable[[str], PdfFile]) -> HttpResponse:
    """Render a PDF on the paper ``?page=`` names (A4 by default, Letter for US paper) and
    answer with it; an unknown page size is a 400 that says which sizes there are."""
    page = request.GET.get("page", "A4")
    try:
        page_size(page)
    except ValueError as exc:
        return HttpResponseBadRequest(f"page: {exc}", content_type="text/plain; charset=utf-8")
    return pdf_response(render(page), inline=wants_inline(request))
