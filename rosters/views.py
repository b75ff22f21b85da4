"""Card sheet downloads: public and read-only, like the public pages that will link to them.

Each view reads the query string, calls a selector of ``rosters.cards_pdf`` and returns its
``PdfFile`` through ``pdf_response``; the scoresheet views in ``matches.views`` and the admin
actions answer with the same helper, so every download carries the same headers.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.views.decorators.http import require_GET

from config.throttling import throttled
from leagues.models import Season, Team
from rosters.cards_pdf import (
    CardSet,
    NothingToPrint,
    card_set_for_pool,
    card_set_for_season,
    card_set_for_team,
    render_cards,
)
from rosters.pdfbase import PdfFile, page_size


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


def _cards_response(request: HttpRequest, card_set: CardSet) -> HttpResponse:
    """``?kit=bw`` for the black-and-white (away) copy."""
    mono = request.GET.get("kit", "colour") in ("bw", "mono", "black-and-white")
    return pdf_download(request, lambda page: render_cards(card_set, page=page, mono=mono))


@require_GET
@throttled("pdf")
def team_cards_pdf(request: HttpRequest, team_id: int) -> HttpResponse:
    """A team's squad as cards: its latest season, or ``?season=ID``."""
    season = request.GET.get("season")
    try:
        card_set = card_set_for_team(team_id, int(season) if season else None)
    except ValueError:
        return HttpResponseBadRequest("season: give a season id", content_type="text/plain; charset=utf-8")
    except (Team.DoesNotExist, NothingToPrint) as exc:
        raise Http404(str(exc) if isinstance(exc, NothingToPrint) else "no such team") from exc
    return _cards_response(request, card_set)


@require_GET
@throttled("pdf")
def season_cards_pdf(request: HttpRequest, season_id: int) -> HttpResponse:
    """Every squad of a season as cards, team by team."""
    try:
        card_set = card_set_for_season(season_id)
    except (Season.DoesNotExist, NothingToPrint) as exc:
        raise Http404(str(exc) if isinstance(exc, NothingToPrint) else "no such season") from exc
    return _cards_response(request, card_set)


@require_GET
@throttled("pdf")
def pool_cards_pdf(request: HttpRequest, engine: str) -> HttpResponse:
    """A game's generic pool (``?seed=N`` deals other names), for printing a box of cards."""
    try:
        card_set = card_set_for_pool(engine, int(request.GET.get("seed", 1)))
    except ValueError:
        return HttpResponseBadRequest("seed: give a whole number", content_type="text/plain; charset=utf-8")
    except KeyError as exc:
        raise Http404("no such game") from exc
    return _cards_response(request, card_set)
