"""PDF downloads: public and read-only, like the pages that link to them.

Each view reads the query string, calls a selector (``printing.cards.selectors``,
``printing.scoresheets.selectors``) and answers with its renderer's ``PdfFile`` through
``printing.responses``, so every download carries the same headers. The bracket's download
is the web app's (``web:bracket-pdf``), beside the bracket page.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.views.decorators.http import require_GET

from config.throttling import throttled
from leagues.models import Season, Team
from matches.models import Match
from printing.cards.data import CardSet, NothingToPrint
from printing.cards.render import render_cards
from printing.cards.selectors import card_set_for_pool, card_set_for_season, card_set_for_team
from printing.responses import pdf_download, pdf_response, wants_inline
from printing.scoresheets.render import render_scoresheet
from printing.scoresheets.selectors import scoresheet_for_match


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
