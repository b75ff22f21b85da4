"""What the season page's cache key is made of, read in one statement written once: Django
compiling the same aggregate of three joined tables again cost every request, even one the cache
answered, a third of its CPU."""

from __future__ import annotations

from django.db import connection

from leagues.models import League, Season
from leagues.validation import MAX_ID

_SEASON, _LEAGUE = Season._meta.db_table, League._meta.db_table

#: The season's standings version and its league's zone, then its league's seasons: their number,
#: newest id and standings versions added up (a season added, deleted or changed shows in them).
SQL = (
    f'SELECT s."standings_version", l."time_zone", COUNT(o."id"), MAX(o."id"), SUM(o."standings_version")'
    f' FROM "{_SEASON}" s JOIN "{_LEAGUE}" l ON l."id" = s."league_id"'
    f' JOIN "{_SEASON}" o ON o."league_id" = l."id"'
    f' WHERE s."id" = %s GROUP BY s."standings_version", l."time_zone"'
)


def season_key_parts(season_id: int) -> tuple[int, str, int, int, int]:
    """The season's version and zone and its league's seasons' count, newest id and versions
    summed; ``Season.DoesNotExist`` for no such season."""
    row = None
    if 0 < season_id <= MAX_ID:  # past a key's range no season is (SQLite refuses to compare it)
        with connection.cursor() as cursor:
            cursor.execute(SQL, [season_id])
            row = cursor.fetchone()
    if row is None:
        raise Season.DoesNotExist(f"no season {season_id}")
    return row
