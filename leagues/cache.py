"""Values cached under keys that carry a version (a season's ``standings_version``): a bump
makes the next read compute afresh, so nothing cached this way is ever deleted."""

from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import partial
from typing import TypeVar

from django.core.cache import cache
from django.db import transaction
from django.db.models import F

from leagues.models import Season

#: An entry stays this long at most (a bumped version leaves the old one unused anyway).
CACHE_SECONDS = 3600


def cached(key: str, compute: Callable):
    """The cached value of ``key``, computed and stored on a miss."""
    value = cache.get(key)
    if value is None:
        value = compute()
        cache.set(key, value, CACHE_SECONDS)
    return value


def standings_changed(season_ids: Iterable[int]) -> None:
    """Bump the seasons' standings version once the current transaction commits: after the
    commit, so a reader between the two caches the new table at worst, never the old one
    under the new version."""
    ids = sorted(set(season_ids))
    collecting = _collecting.get()
    if collecting is not None:
        collecting.seasons.update(ids)
    elif ids:
        transaction.on_commit(lambda: standings_bump(ids))


def standings_bump(season_ids: Iterable[int]) -> None:
    """Move the seasons' standings version on (one update for them all)."""
    ids = sorted(season_ids)
    if ids:
        Season.objects.filter(id__in=ids).update(standings_version=F("standings_version") + 1)


Key = TypeVar("Key", bound=Hashable)
Item = TypeVar("Item", bound=Hashable)


def on_commit_gathered(func: Callable[[dict[Key, set[Item]]], None], key: Key, item: Item) -> None:
    """Call ``func({key: items, ...})`` once the transaction commits, each key with every ``item``
    asked for with it; within ``standings_changes_collected`` once for the whole block, however
    many keys and results ask (the odds check gets every season of a batch with its rounds, and
    checks them all in two queries)."""
    collecting = _collecting.get()
    if collecting is not None:
        collecting.calls.setdefault(func, {}).setdefault(key, set()).add(item)
    else:
        transaction.on_commit(partial(func, {key: {item}}))


@dataclass
class _Collected:
    seasons: set[int] = field(default_factory=set)
    #: the calls of ``on_commit_gathered`` by function, in the order first asked: each key with its items
    calls: dict[Callable, dict[Hashable, set]] = field(default_factory=dict)


#: What ``standings_changes_collected`` collects, while one is open.
_collecting: ContextVar[_Collected | None] = ContextVar("standings_changes_collected", default=None)


@contextmanager
def standings_changes_collected() -> Iterator[None]:
    """Within the block, ``standings_changed`` only collects the seasons and ``on_commit_gathered``
    the calls; when the transaction commits the seasons are bumped once each, then each call
    runs once: a batch of 25 results is one update, not 25. Open it inside the transaction,
    around the results' savepoints: what a savepoint rolled back asked for is still done
    (one bump more, one check more at worst)."""
    collected = _Collected()
    # registered first: the bump runs before whatever the results send on commit (the odds task
    # reads the new version)
    transaction.on_commit(lambda: standings_bump(collected.seasons))
    token = _collecting.set(collected)
    try:
        yield
    finally:
        _collecting.reset(token)
    for func, items in collected.calls.items():
        transaction.on_commit(partial(func, items))


def cached_many(keys: dict, compute: Callable[[list], dict]) -> dict:
    """The values of many keys at once (``keys``: a key for each owner, such as a season): those
    cached are read in one round trip, the others computed together by ``compute(owners)``
    (answering by owner) and stored."""
    found = cache.get_many(list(keys.values()))
    values = {owner: found[key] for owner, key in keys.items() if key in found}
    missing = [owner for owner in keys if owner not in values]
    if missing:
        made = compute(missing)
        cache.set_many({keys[owner]: value for owner, value in made.items()}, CACHE_SECONDS)
        values |= made
    return values
