"""A worker process loads every engine and moves what it holds once started out of the garbage
collector's reach (``config.celery.worker_process_ready``, on Celery's ``worker_process_init``),
and still collects what it makes afterwards; a web process does the same with its views
(``config.wsgi``)."""

import gc
import subprocess
import sys
import weakref

from celery.signals import worker_process_init

from engines import ENGINES, get_engine
from matches.worker import PROJECT_DIR


class Node:
    """An object that can be part of a reference cycle and be watched by a weak reference."""


def test_a_started_worker_process_freezes_its_engines_and_modules_and_collects_what_it_makes_later():
    gc.unfreeze()
    try:
        assert gc.get_freeze_count() == 0
        worker_process_init.send(sender=None)
        assert gc.get_freeze_count() > 10_000  # Django, Celery and every module loaded
        assert gc.isenabled()
        still_collected = {id(obj) for obj in gc.get_objects()}  # the frozen are not listed
        assert ENGINES and not any(id(get_engine(key)) in still_collected for key in ENGINES)
        node = Node()
        node.itself = node  # a cycle: only the collector frees it
        watched = weakref.ref(node)
        del node
        gc.collect()
        assert watched() is None
    finally:
        gc.unfreeze()


#: Run in a new interpreter, as a web process starts: what the freeze left to the collector.
WEB_PROCESS = """
import gc, config.wsgi
from django.urls import resolve
view = resolve("/api/seasons/1/standings/").func
collected = {id(obj) for obj in gc.get_objects()}
print(gc.get_freeze_count(), id(config.wsgi.application) in collected, id(view) in collected)
"""


def test_a_web_process_imports_its_views_before_freezing_what_it_holds():
    started = subprocess.run(
        [sys.executable, "-c", WEB_PROCESS], cwd=PROJECT_DIR, capture_output=True, text=True, check=True
    )
    frozen, application_collected, view_collected = started.stdout.split()
    assert int(frozen) > 10_000
    assert application_collected == view_collected == "False"
