"""The WSGI application (gunicorn ``config.wsgi``). Every view module is imported when a web
process starts, not by its first requests, and then what the process holds is frozen out of the
garbage collector's reach (``config.heap``), as a worker's is: a full collection no longer walks
it in whichever request sets one off. Importing this module freezes the whole importing process:
only a server loads it (``runserver`` too, harmlessly); a test that needs it starts a new
interpreter."""

import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

from config.heap import freeze_what_is_held

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()
get_resolver().url_patterns  # noqa: B018 - imports the URLconf and every view it names
freeze_what_is_held()
