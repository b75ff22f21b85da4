"""The WSGI application (gunicorn ``config.wsgi``). Every view module is imported when a web
process starts, not by its first requests, and what the process then holds is moved out of the
garbage collector's reach, as a worker's is (``config.celery.worker_ready_to_fork``): kept for
the process's life, yet each full collection would walk all of it in whichever request set it
off. Importing this module freezes the whole importing process: only a server loads it
(``runserver`` too, harmlessly); a test that needs it starts a new interpreter."""

import gc
import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()
get_resolver().url_patterns  # noqa: B018 - imports the URLconf and every view it names
gc.collect()
gc.freeze()
