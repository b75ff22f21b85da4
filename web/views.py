"""The public pages: each view fetches one selector's result and renders it.

Everything is public and read-only, so the views only answer GET (and HEAD).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.core.exceptions import ObjectDoesNotExist
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from competitions.drawing import bracket_drawing
from competitions.fairness import game_fairness
from competitions.odds import odds_made_key
from competitions.parity import season_parity
from competitions.previews import PREVIEW_SAMPLES
from competitions.season_report import season_report
from config.throttling import throttled
from engines import KNOWN_ENGINES, get_engine
from leagues.cache import cached
from leagues.models import League, Season, Team
from leagues.validation import query_id
from matches.models import Match
from printing.brackets import render_bracket
from printing.responses import pdf_download
from printing.season_reports import render_season_report
from rosters.drafts.room import room_state
from rosters.models import Draft, Player
from web import history, ical, selectors
from web.insight import waiting_previews
from web.match_report import dropped_orders, match_report
from web.season_key import season_key_parts
from web.transactions import transactions_page


def public(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """GET or HEAD only; a selector's missing row answers 404."""

    @require_safe
    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except ObjectDoesNotExist as exc:
            raise Http404(str(exc)) from exc

    return wrapper


#: How a page's URL names its league: the argument, and the path from that row to the league's zone.
ZONE_PATHS = {
    "season_id": (Season, "id", "league__time_zone"),
    "match_id": (Match, "id", "season__league__time_zone"),
    "team_id": (Team, "id", "league__time_zone"),
    "player_id": (Player, "id", "league__time_zone"),
}


def url_time_zone(kwargs: dict[str, Any]) -> str | None:
    """The zone of the league the URL names (one query), None if it names none or no such row."""
    for argument, (model, field, zone) in ZONE_PATHS.items():
        if argument in kwargs:
            return model.objects.filter(**{field: kwargs[argument]}).values_list(zone, flat=True).first()
    return None


def in_league_zone(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Render the page in the zone of the league its URL names (one query): its kickoffs and
    deadlines are shown as the league's people read a clock (the response is rendered inside)."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        with timezone.override(url_time_zone(kwargs)):
            return view(request, *args, **kwargs)

    return wrapper


def render_in_zone(request: HttpRequest, template: str, context: dict[str, Any], zone: str) -> HttpResponse:
    """A page whose selector read its league already: rendered in the league's zone, no query more."""
    with timezone.override(zone):
        return render(request, template, context)


@public
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "web/home.html", {"summaries": selectors.home_summaries()})


def season_asked(request: HttpRequest) -> int | None:
    """The ``?season=`` of a page that shows one season among several (None: the current one)."""
    season = request.GET.get("season")
    season_id = query_id(season)
    if season and season_id is None:
        raise Http404("season: give a season id")
    return season_id


@public
def league(request: HttpRequest, slug: str) -> HttpResponse:
    page = selectors.league_page(slug, season_asked(request))
    return render_in_zone(request, "web/league.html", {"page": page}, page.league.time_zone)


@public
def season(request: HttpRequest, season_id: int) -> HttpResponse:
    """Cached whole by the season's standings version, which every change to its matches
    bumps, the league's seasons (the switcher: their count, newest id and versions added up)
    and the page of rounds (``?page=``, default the one with the next round), in each language:
    the page is the same for everyone who reads that language (nothing else on it depends on
    who asks)."""
    given = request.GET.get("page")
    number = query_id(given)
    if given and number is None:
        raise Http404("page: give a page number")
    version, zone, *league_seasons = season_key_parts(season_id)
    siblings = "-".join(map(str, league_seasons))
    odds = cache.get(odds_made_key(season_id), 0)  # odds (and previews) made since the page was cached

    def render_page() -> str:
        page = selectors.season_page(season_id, number)
        return render_to_string("web/season.html", {"page": page}, request)

    # the zone and the language are in the key: a league that changes its zone never reads the old times
    shown = "next" if number is None else number
    key = f"page:season:{season_id}:{version}:{siblings}:{odds}:{shown}:{zone}:{get_language()}"
    with timezone.override(zone):
        html = cached(key, render_page)
    return HttpResponse(html)


@public
@in_league_zone
def bracket(request: HttpRequest, season_id: int) -> HttpResponse:
    return render(request, "web/bracket.html", {"drawing": bracket_drawing(season_id)})


@public
@throttled("pdf")
@in_league_zone
def bracket_pdf(request: HttpRequest, season_id: int) -> HttpResponse:
    """The bracket on one page to print; ``?page=Letter`` for US paper."""
    return pdf_download(request, lambda page: render_bracket(bracket_drawing(season_id), page=page))


@public
@throttled("pdf")
@in_league_zone
def season_summary_pdf(request: HttpRequest, season_id: int) -> HttpResponse:
    """The season's table, results grid and leaders to pin on the notice board; ``?page=Letter``."""
    return pdf_download(request, lambda page: render_season_report(season_report(season_id), page=page))


@public
def games(request: HttpRequest) -> HttpResponse:
    return render(request, "web/games.html", {"games": [(key, get_engine(key).name) for key in KNOWN_ENGINES]})


@public
def game(request: HttpRequest, engine: str) -> HttpResponse:
    """How fair a game is (``competitions.fairness``): its leagues' results beside its engine's
    simulations, which a worker makes the first time."""
    try:
        found = game_fairness(engine)
    except KeyError as exc:
        raise Http404(f"no game {engine!r}") from exc
    sources = [(_("Stored results"), found.stored), (_("Simulations"), found.simulated)]
    return render(request, "web/game.html", {"game": found, "sources": sources})


@public
@in_league_zone
def draft(request: HttpRequest, season_id: int) -> HttpResponse:
    """The draft board for everyone: picks so far, who is on the clock, every team's coins and
    squad. Read-only: the same state the draft room shows, as seen by nobody in particular."""

    board = Draft.objects.select_related("season__league").get(season_id=season_id)
    parity = season_parity(board.season) if board.state == Draft.State.DONE else None
    state = room_state(board, AnonymousUser())
    context = {"state": state, "season": board.season, "parity": parity, "samples": PREVIEW_SAMPLES}
    return render(request, "web/draft.html", context)


@public
@in_league_zone
def transactions(request: HttpRequest, season_id: int) -> HttpResponse:
    return render(request, "web/transactions.html", {"page": transactions_page(season_id)})


@public
@in_league_zone
def groups(request: HttpRequest, season_id: int) -> HttpResponse:
    return render(request, "web/groups.html", {"page": selectors.groups_page(season_id)})


@public
def match(request: HttpRequest, match_id: int) -> HttpResponse:
    report = match_report(match_id)
    preview = waiting_previews([report.match.id]).get(report.match.id) if report.match.status == "scheduled" else None
    dropped = dropped_orders(report.match, request.user)
    context = {"report": report, "preview": preview, "dropped": dropped}
    return render_in_zone(request, "web/match.html", context, report.match.season.league.time_zone)


@public
def team(request: HttpRequest, team_id: int) -> HttpResponse:
    page = selectors.team_page(team_id, season_asked(request))
    context = {"page": page, "history": history.team_history(page.team)}
    return render_in_zone(request, "web/team.html", context, page.team.league.time_zone)


@public
@in_league_zone
def head_to_head(request: HttpRequest, team_id: int, opponent_id: int) -> HttpResponse:
    return render(request, "web/head_to_head.html", {"meetings": history.head_to_head(team_id, opponent_id)})


def league_archive(request: HttpRequest, slug: str, template: str, build: Callable[[League, str], Any]) -> HttpResponse:
    """A page over the league's seasons, cached whole under the key of its history (every
    result bumps it): a long history's tables render once per change, not once per reader."""
    league, key = history.league_and_key(slug)
    with timezone.override(league.time_zone):  # in the key too: a new zone renders the page again
        html = cached(
            f"page:{template}:{key}:{league.time_zone}:{get_language()}",
            lambda: render_to_string(template, {"page": build(league, key)}, request),
        )
    return HttpResponse(html)


@public
def league_history(request: HttpRequest, slug: str) -> HttpResponse:
    return league_archive(request, slug, "web/history.html", history.history_page)


@public
def all_time(request: HttpRequest, slug: str) -> HttpResponse:
    return league_archive(request, slug, "web/all_time.html", history.all_time_page)


@public
def records(request: HttpRequest, slug: str) -> HttpResponse:
    return league_archive(request, slug, "web/records.html", history.records_page)


@public
def all_time_players(request: HttpRequest, slug: str) -> HttpResponse:
    return league_archive(request, slug, "web/players.html", history.all_time_players_page)


@public
@in_league_zone
def player(request: HttpRequest, player_id: int) -> HttpResponse:
    return render(request, "web/player.html", {"page": history.player_page(player_id)})


@public
@throttled("ical")
def season_calendar(request: HttpRequest, season_id: int) -> HttpResponse:
    season, matches = selectors.season_fixtures(season_id)
    return calendar_response(request, f"{season.league.name} {season.name}", matches, season.league.time_zone)


@public
@throttled("ical")
def league_calendar(request: HttpRequest, slug: str) -> HttpResponse:
    league, matches = selectors.league_fixtures(slug)
    return calendar_response(request, league.name, matches, league.time_zone)


@public
@throttled("ical")
def team_calendar(request: HttpRequest, team_id: int) -> HttpResponse:
    team, matches = selectors.team_fixtures(team_id)
    return calendar_response(request, f"{team.name} ({team.league.name})", matches, team.league.time_zone)


def calendar_response(request: HttpRequest, name: str, matches: list[Match], time_zone: str) -> HttpResponse:
    """The feed as text/calendar; each event links back to its match page on this host."""

    def url_for(match: Match) -> str:
        return request.build_absolute_uri(reverse("web:match", args=[match.id]))

    text = ical.calendar(name, matches, url_for, time_zone)
    response = HttpResponse(text, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = 'inline; filename="fixtures.ics"'
    return response
