"""Values cached under keys that carry a version (a season's ``standings_version``): a bump
makes the next read compute afresh, so nothing cached this way is ever deleted."""

from collections.abc import Callable

from django.core.cache import cache

#: An entry stays this long at most (a bumped version leaves the old one unused anyway).
CACHE_SECONDS = 3600


def cached(key: str, compute: Callable):
    """The cached value of ``key``, computed and stored on a miss."""
    value = cache.get(key)
    if value is None:
        value = compute()
        cache.set(key, value, CACHE_SECONDS)
    return value
