"""Which of a league's seasons is the current one: the pages show it unless asked for another.

The one running (started and with a match still to play), else the next to start, else the
last finished; not simply the newest created, which may be next year's with no results yet.
A season's progress comes from its matches in one annotated query (``with_progress``).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from django.db.models import Count, Max, Min, Q, QuerySet

from leagues.models import Season
from matches.models import Match


def league_seasons(queryset: QuerySet[Season] | None = None) -> QuerySet[Season]:
    """A league's own seasons, without the groups and knockouts its tournaments and play-offs made as seasons."""
    queryset = Season.objects.all() if queryset is None else queryset
    return queryset.filter(
        group__isnull=True,
        playoffs_of__isnull=True,
        group_stage_of__isnull=True,
        division_playoff_of__isnull=True,
    )


def with_progress(queryset: QuerySet[Season]) -> QuerySet[Season]:
    """Seasons annotated with their first and last kickoff and their open and finished matches."""
    return queryset.annotate(
        first_match=Min("matches__kickoff"),
        last_match=Max("matches__kickoff"),
        # not closed: scheduled, postponed or failed still have to be played (as the history counts them)
        open_matches=Count("matches", filter=~Q(matches__status__in=Match.CLOSED_STATUSES)),
        results=Count("matches", filter=Q(matches__status__in=Match.RESULT_STATUSES)),
    )


def is_running(season: Season, now: datetime) -> bool:
    started = season.results > 0 or (season.first_match is not None and season.first_match <= now)
    return started and not is_finished(season)


def is_finished(season: Season) -> bool:
    """Every match closed, or the season closed by the commissioner with matches left unplayed."""
    return season.closed_at is not None or (season.last_match is not None and season.open_matches == 0)


def current_season(seasons: Iterable[Season], now: datetime) -> Season | None:
    """The season to show among ``with_progress`` seasons: the one running (the latest started
    if several), else the next to start (a season without fixtures after those with), else the
    last finished."""
    seasons = list(seasons)
    running = [s for s in seasons if is_running(s, now)]
    if running:
        return max(running, key=lambda s: (s.first_match, s.created_at, s.id))
    upcoming = [s for s in seasons if not is_finished(s)]
    if upcoming:
        return min(upcoming, key=lambda s: (s.first_match is None, s.first_match or now, s.created_at, s.id))
    return max(seasons, key=lambda s: (s.last_match or s.created_at, s.created_at, s.id), default=None)
