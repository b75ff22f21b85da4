"""A worker process loads every engine and moves what it holds once started out of the garbage
collector's reach (``config.celery.worker_process_ready``, on Celery's ``worker_process_init``),
and still collects what it makes afterwards."""

import gc
import weakref

from celery.signals import worker_process_init

from engines import ENGINES, get_engine


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
