"""A worker closes a database connection that failed after its task: a restarted PostgreSQL
costs one failed try, not every task until Celery recycles the connection (the cluster tests
restart PostgreSQL under real workers)."""

from types import SimpleNamespace

import pytest
from celery.signals import task_postrun
from django.db import connections


class Connection:
    """A connection as ``close_old_connections`` sees it: asked to close if it is unusable."""

    def __init__(self):
        self.asked = 0

    def close_if_unusable_or_obsolete(self):
        self.asked += 1


@pytest.fixture
def connection(monkeypatch):
    conn = Connection()
    monkeypatch.setattr(connections, "all", lambda initialized_only=False: [conn])
    return conn


def task(*, eager: bool) -> SimpleNamespace:
    return SimpleNamespace(request=SimpleNamespace(is_eager=eager))


def test_after_a_task_a_worker_closes_its_connection_if_it_failed(connection):
    task_postrun.send(sender=None, task_id="1", task=task(eager=False))
    assert connection.asked == 1


def test_a_task_run_eagerly_leaves_its_callers_connection_alone(connection):
    """Inside a caller's transaction the connection is not in autocommit, which Django's
    check takes for a connection to drop."""
    task_postrun.send(sender=None, task_id="1", task=task(eager=True))
    assert connection.asked == 0
