"""Scoresheet downloads: public and read-only, like the match pages that will link to them."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from config.throttling import throttled
from matches.models import Match
from matches.scoresheets import render_scoresheet, scoresheet_for_match
from rosters.views import pdf_response, wants_inline


@require_GET
@throttled("pdf")
def scoresheet_pdf(request: HttpRequest, match_id: int) -> HttpResponse:
    """The match's scoresheet, filled in once played; ``?blank=1`` for the sheet to play on."""
    blank = request.GET.get("blank") in ("1", "true", "yes")
    try:
        sheet = scoresheet_for_match(match_id, blank=blank)
    except Match.DoesNotExist as exc:
        raise Http404("no such match") from exc
    return pdf_response(render_scoresheet(sheet), inline=wants_inline(request))
