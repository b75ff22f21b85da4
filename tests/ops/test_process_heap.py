"""A worker process loads every engine and moves what it holds once started out of the garbage
collector's reach (``config.celery.worker_ready_to_fork``, on Celery's ``worker_init``, before the pool forks),
and still collects what it makes afterwards; a web process does the same with its views
(``config.wsgi``). Each runs in a new interpreter, as a process starts: in the test session
the engines and views are long imported."""

import gc
import os
import subprocess
import sys

from config import celery as celery_config
from engines import ENGINES
from matches.worker import PROJECT_DIR

#: A worker's pool process, forked once the worker started: how many objects are frozen, whether
#: the engines' objects are still the collector's, and whether a cycle made afterwards is collected.
WORKER_PROCESS = """
import gc, os, sys, weakref, django
django.setup()
from celery.signals import worker_init
from engines import ENGINES, get_engine
worker_init.send(sender=None)
if os.fork():  # the main process waits; its pool process, forked now, reports
    os.wait()
    sys.exit()
loaded = [get_engine(key) for key in ENGINES]
collected = {id(obj) for obj in gc.get_objects()}
class Node: pass
node = Node(); node.itself = node; watched = weakref.ref(node); del node
gc.collect()
print(gc.get_freeze_count(), len(loaded), any(id(engine) in collected for engine in loaded), watched() is None)
sys.stdout.flush()
os._exit(0)
"""

#: A web process once started: how many objects are frozen, and whether the application and a
#: view are still the collector's.
WEB_PROCESS = """
import gc, config.wsgi
from django.urls import resolve
view = resolve("/api/seasons/1/standings/").func
collected = {id(obj) for obj in gc.get_objects()}
print(gc.get_freeze_count(), id(config.wsgi.application) in collected, id(view) in collected)
"""


def started(code: str) -> list[str]:
    """What ``code`` printed, run in a new interpreter on this project's settings."""
    env = os.environ | {"DJANGO_SETTINGS_MODULE": "config.settings"}
    command = [sys.executable, "-c", code]
    return subprocess.run(command, cwd=PROJECT_DIR, env=env, capture_output=True, text=True, check=True).stdout.split()


def test_a_started_worker_process_freezes_its_engines_and_modules_and_collects_what_it_makes_later():
    frozen, engines, engine_collected, cycle_freed = started(WORKER_PROCESS)
    assert int(frozen) > 10_000  # Django, Celery and every module loaded
    assert int(engines) > 0 and engine_collected == "False"
    assert cycle_freed == "True"


def test_a_web_process_imports_its_views_before_freezing_what_it_holds():
    frozen, application_collected, view_collected = started(WEB_PROCESS)
    assert int(frozen) > 10_000
    assert application_collected == view_collected == "False"


def test_an_engine_that_fails_to_load_is_logged_and_the_worker_process_starts(monkeypatch, caplog):
    def get_engine(key):
        raise ImportError(f"no module for {key}")

    monkeypatch.setattr(celery_config, "get_engine", get_engine)
    try:
        celery_config.worker_ready_to_fork()
    finally:
        gc.unfreeze()
    failed = [record.getMessage() for record in caplog.records if record.levelname == "ERROR"]
    assert failed == [f"engine {key} could not be loaded" for key in ENGINES]
