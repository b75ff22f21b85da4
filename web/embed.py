"""Widgets for a club's own site: the table, the fixtures and the bracket of a season as small
pages meant for an ``<iframe>``. They are the only pages that may be framed
(``xframe_options_exempt``; every other page keeps ``X-Frame-Options: DENY``), carry no
navigation, open their links in a new tab (``<base target="_blank">``) and are cached whole
by the season's standings version, as the season page is, since each is the same for everyone."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils import timezone
from django.views.decorators.clickjacking import xframe_options_exempt

from competitions.divisions import division_tables
from competitions.drawing import bracket_drawing
from competitions.standings import Table, cached_standings
from leagues.cache import cached
from leagues.models import Season, SeasonTeam
from leagues.zones import zone_of
from matches.models import Match
from web.selectors import matches_with_teams, with_links
from web.views import public

#: How many fixtures and results a fixtures widget lists: a club's sidebar, not the season page.
FIXTURES_SHOWN = 10


@dataclass
class EmbeddedTable:
    season: Season
    #: (caption, table): one per division, top tier first, or the season's one table.
    tables: list[tuple[str, Table]]


@dataclass
class EmbeddedFixtures:
    season: Season
    upcoming: list[Match]
    results: list[Match]


def season_named(season_id: int) -> Season:
    return Season.objects.select_related("league").get(id=season_id)


def table_widget(season_id: int) -> EmbeddedTable:
    """The season's table, or one per division (from the standings cache)."""
    season = season_named(season_id)
    divided = SeasonTeam.objects.filter(season=season, division__isnull=False).exists()
    if divided:
        return EmbeddedTable(season, [(p.division.name, p.table) for p in division_tables(season, cache=True)])
    return EmbeddedTable(season, [("", cached_standings(season))])


def fixtures_widget(season_id: int) -> EmbeddedFixtures:
    """The next fixtures to play and the latest results, ``FIXTURES_SHOWN`` of each."""
    season = season_named(season_id)
    matches = matches_with_teams().filter(season=season)
    upcoming = matches.filter(status=Match.Status.SCHEDULED).order_by("kickoff", "id")[:FIXTURES_SHOWN]
    results = matches.filter(status__in=Match.RESULT_STATUSES).order_by("-kickoff", "-id")[:FIXTURES_SHOWN]
    return EmbeddedFixtures(season, with_links(list(upcoming)), with_links(list(results)))


def widget(kind: str, context: Callable[[int], dict[str, object]]) -> Callable[..., HttpResponse]:
    """The view of one widget: ``templates/web/embed/KIND.html`` with ``context(season_id)``,
    framable, and cached under the season's standings version (bumped by every change to its
    matches or table), so it is never stale and mostly never rendered."""

    @public
    @xframe_options_exempt
    def view(request: HttpRequest, season_id: int) -> HttpResponse:
        # a bracket drawn again (reseeded) changes no result: its drawing time is part of the key
        version, drawn_at, zone = (
            Season.objects.filter(id=season_id)
            .values_list("standings_version", "bracket__drawn_at", "league__time_zone")
            .get()
        )
        drawn = drawn_at.timestamp() if drawn_at else ""
        language = getattr(request, "LANGUAGE_CODE", "")

        def render() -> str:
            return render_to_string(f"web/embed/{kind}.html", context(season_id), request)

        # kickoffs in the league's zone, as on the season page; the zone is in the key
        with timezone.override(zone_of(zone)):
            html = cached(f"page:embed:{kind}:{season_id}:{version}:{drawn}:{language}:{zone}", render)
        return HttpResponse(html)

    return view


table = widget("table", lambda season_id: {"widget": table_widget(season_id)})
fixtures = widget("fixtures", lambda season_id: {"widget": fixtures_widget(season_id)})
bracket = widget("bracket", lambda season_id: {"drawing": bracket_drawing(season_id)})
