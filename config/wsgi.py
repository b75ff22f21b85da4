"""The WSGI application (gunicorn ``config.wsgi``). Every view module is imported when a web
process starts, not by its first requests, and what the process then holds is moved out of the
garbage collector's reach, as a worker's is (``config.celery.worker_process_ready``): never
garbage, yet each full collection walked all of it, a pause of tens of milliseconds in
whichever request set it off."""

import gc
import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()
get_resolver().url_patterns  # noqa: B018 - imports the URLconf and every view it names
gc.freeze()
