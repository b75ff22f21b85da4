"""Per-season figures for the history pages, kept at two levels: the cache (every season, under
its results version) and, for a finished season, a row of the database (``SeasonSummary``).

A finished season's results do not change unless a result is corrected (which bumps its
``standings_version``, so its key changes and the row is made again). Keeping its division
tables, record marks and player totals in the database means a page on an empty cache (a
restart, a flushed cache) reads one row per season instead of every match and stat line of
every season: only the running season is worked out from its rows.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable

from django.db.models import Exists, OuterRef, Q

from leagues.cache import cached_many
from leagues.models import Season, SeasonSummary
from matches.models import Match

#: Part of every stored key: bump it when the shape of what is stored changes, so rows written
#: by older code are made again instead of read. 2: a table's tie-break notes are English
#: whatever the language of the request that made them (1 wrote the tie-breakers' labels in
#: that language), and the history pages' html shows them translated.
SUMMARY_FORMAT = 2

#: What reading a row written by older code can raise (a class renamed or moved).
UNREADABLE = (pickle.UnpicklingError, AttributeError, ImportError, EOFError, TypeError, ValueError)


def finished_seasons(season_ids: list[int]) -> set[int]:
    """The seasons closed by their commissioner, or with matches all played, forfeited or
    cancelled (one query): the history's own meaning of finished."""
    of_season = Match.objects.filter(season_id=OuterRef("pk"))
    still_open = of_season.exclude(status__in=Match.CLOSED_STATUSES)
    finished = Season.objects.filter(id__in=season_ids).filter(
        Q(closed_at__isnull=False) | (Exists(of_season) & ~Exists(still_open))
    )
    return set(finished.values_list("id", flat=True))


Compute = Callable[[list[int]], dict]


def stored_or_made(kind: str, keys: dict[int, str], compute: Compute) -> Compute:
    """What ``cached_many`` calls for the seasons missing from the cache: their rows of ``kind``
    stored under the same key (one query), the others computed together by ``compute`` and the
    finished ones among them stored (two queries more, only when some were computed)."""

    def read(season_ids: list[int]) -> dict:
        wanted = {season_id: f"{SUMMARY_FORMAT}:{keys[season_id]}" for season_id in season_ids}
        values = {}
        rows = SeasonSummary.objects.filter(season_id__in=season_ids, kind=kind).values_list("season_id", "key", "data")
        for season_id, key, data in rows:
            if key == wanted[season_id]:
                try:
                    values[season_id] = pickle.loads(bytes(data))  # noqa: S301 - written by this module only
                except UNREADABLE:
                    continue
        missing = [season_id for season_id in season_ids if season_id not in values]
        if missing:
            made = compute(missing)
            values |= made
            lasting = finished_seasons(missing)
            SeasonSummary.objects.bulk_create(
                [
                    SeasonSummary(season_id=season_id, kind=kind, key=wanted[season_id], data=pickle.dumps(value))
                    for season_id, value in made.items()
                    if season_id in lasting
                ],
                update_conflicts=True,
                unique_fields=["season", "kind"],
                update_fields=["key", "data"],
            )
        return values

    return read


def season_summaries(kind: str, keys: dict[int, str], compute: Compute) -> dict:
    """Each season's value of ``kind`` (``keys``: its key, made of its results version): from the
    cache, else from its stored row, else computed (``compute(season_ids)``, answering by season)."""
    return cached_many(keys, stored_or_made(kind, keys, compute))
