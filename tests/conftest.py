"""The cast of the platform tests: a league, its teams and a season, built in the real database."""

import os
import threading
import uuid
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import connection
from django.utils import timezone, translation

from config.celery import app, clock_queue, notifications_queue, odds_queue
from leagues.models import League, Season, Team


def make_league(name="Test League", engine="futti", **fields) -> League:
    slug = name.lower().replace(" ", "-")
    return League.objects.create(name=name, slug=slug, engine=engine, **fields)


def make_season(league: League, team_names, *, name="2026", double=True, seed=7) -> Season:
    season = Season.objects.create(
        league=league,
        name=name,
        seed=seed,
        double_round_robin=double,
        first_kickoff=timezone.now() - timedelta(days=30),
        round_interval=timedelta(days=1),
    )
    teams = [Team.objects.get_or_create(league=league, name=n)[0] for n in team_names]
    season.teams.set(teams)
    return season


def race(*moves: Callable, refusals: type[Exception] | tuple[type[Exception], ...] = ValidationError) -> list:
    """Run the moves at the same moment, each in a thread with its own database connection (the
    race tests: on PostgreSQL the row locks keep them apart); return what each returned, or the
    first message of its refusal."""
    barrier = threading.Barrier(len(moves))
    results: list = [None] * len(moves)

    def run(index, move):
        try:
            barrier.wait()
            results[index] = move()
        except refusals as exc:
            results[index] = exc.messages[0]
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, m)) for i, m in enumerate(moves)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def purge_queue(queue: str) -> None:
    """Drop what a test left on the broker, so no later worker (or the filesystem
    transport's folder scans) ever sees it."""
    with app.connection_for_write() as connection:
        connection.default_channel.queue_purge(queue)


@pytest.fixture(autouse=True)
def site_language():
    """Each test starts in the site's language: a request in German (Accept-Language) leaves German
    active in the thread, as a server's next request would set its own (a command's process starts
    in the site's language)."""
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def empty_cache():
    """Each test starts with an empty cache: a test database may hand out the ids of an
    earlier test's rows again, and cached tables are keyed by ids."""
    cache.clear()


@pytest.fixture(autouse=True)
def task_queue():
    """Every test sends its tasks to queues of its own (the matches' and those named after it:
    the clocks', the notifications' and the odds'), emptied afterwards: a message a test leaves
    behind can never reach a real worker on the same broker, nor pile up on it."""
    queue = f"bootroom-test-{uuid.uuid4().hex[:8]}"
    previous = app.conf.task_default_queue
    app.conf.task_default_queue = queue
    named_after = [clock_queue(), notifications_queue(), odds_queue()]
    yield queue
    app.conf.task_default_queue = previous
    for name in [queue, *named_after]:
        purge_queue(name)


@pytest.fixture
def sent(monkeypatch):
    """The tasks sent by name (``app.send_task``), recorded as (name, *args) instead of queued."""
    messages = []
    monkeypatch.setattr(app, "send_task", lambda name, args, **kw: messages.append((name, *args)))
    return messages


@pytest.fixture
def league(db):
    return make_league()


@pytest.fixture
def season(league):
    return make_season(league, ["Alpha", "Beta", "Gamma", "Delta"])


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """In a mutation run (scripts/mutate.py sets BOOTROOM_MUTATION) the tests without a database
    go first. pytest-django runs the database tests first, and a mutant's run stops at its
    first failing test: a mutant a pure test kills at once waited for the database tests (and
    the migrations) before it. Stable, so each group keeps mutmut's order, fastest first."""
    if os.environ.get("BOOTROOM_MUTATION"):
        items.sort(key=_uses_database)


def _uses_database(item: pytest.Item) -> bool:
    fixtures = getattr(item, "fixturenames", ())
    return bool(item.get_closest_marker("django_db")) or any(
        name in fixtures for name in ("db", "transactional_db", "live_server", "django_db_setup")
    )
