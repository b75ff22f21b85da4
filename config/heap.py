"""What a started process holds, out of the garbage collector's reach: a worker's (``config.celery``)
and a web process's (``config.wsgi``)."""

import gc


def freeze_what_is_held() -> None:
    """Free what is garbage already, then freeze everything the process now holds (Django, Celery,
    DRF, every module imported): kept for the process's life, yet each full collection walked all
    of it, about 130,000 objects and 60 ms every few hundred matches a worker played: freezing it
    cut a worker's CPU a match by about 30% (docs/benchmarks.md, "The garbage collector"). What
    the process makes later is collected as before."""
    gc.collect()  # garbage now would otherwise be frozen for good
    gc.freeze()
