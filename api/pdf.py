"""PDF downloads as API endpoints: the printing code's selectors and renderers, answered as files.

A download is bytes, not JSON, so these actions answer with a plain Django response
(the same ``pdf_response`` the public download links use) and their errors with a
small JSON body; ``PdfRenderer`` lets a client ask for ``Accept: application/pdf``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.renderers import BaseRenderer

from printing.cards.data import NothingToPrint
from printing.pdf import PdfFile
from printing.responses import pdf_response


class PdfRenderer(BaseRenderer):
    media_type = "application/pdf"
    format = "pdf"
    charset = None
    render_style = "binary"

    def render(self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None) -> bytes:
        return data


def pdf_download(build: Callable[[], PdfFile]) -> HttpResponse:
    """The PDF ``build`` returns; 404 with the reason when the row or its cards are missing."""
    try:
        return pdf_response(build())
    except (ObjectDoesNotExist, NothingToPrint) as exc:
        return JsonResponse({"detail": str(exc) or _("Not found.")}, status=404)


def pdf_schema(description: str, *parameters: OpenApiParameter) -> Callable:
    return extend_schema(
        description=description,
        parameters=list(parameters),
        responses={
            (200, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY, description="The PDF file."),
            (404, "application/json"): OpenApiResponse(OpenApiTypes.OBJECT, description="No such row, or no cards."),
        },
    )
