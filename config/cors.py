"""CORS for the read-only API: a page on any site may read ``/api/`` (GET and HEAD, and the
preflight of one) without credentials, so a club's own page can show its table. Writes and the
admin get no CORS header at all: a browser on another site can neither send them with a
preflight nor read their answers."""

from __future__ import annotations

from corsheaders.middleware import CorsMiddleware
from django.http import HttpRequest

#: Methods another site may use: reading only.
READ_METHODS = ("GET", "HEAD", "OPTIONS")


class ReadOnlyCorsMiddleware(CorsMiddleware):
    """django-cors-headers' middleware, for ``CORS_URLS_REGEX`` (``/api/``) and reads only: an
    unsafe method, or the preflight asking for one, gets no CORS header."""

    def is_enabled(self, request: HttpRequest) -> bool:
        if not super().is_enabled(request):
            return False
        method = request.method or ""
        if method == "OPTIONS":
            method = request.headers.get("access-control-request-method", "OPTIONS")
        return method.upper() in READ_METHODS
