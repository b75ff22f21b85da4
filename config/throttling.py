"""Request rates for the expensive public views, counted in the shared cache, and the login lock-out.

One way for every view: DRF's throttles. API views name their scope (``throttle_scope``,
counted by ``ScopeThrottle``) and anonymous API requests are counted by ``AnonThrottle``;
plain Django views (the PDF downloads, the iCal feeds) take the same scope through
``throttled``, so a client has one budget per scope whichever way it asks. A client is
its user id when signed in, else its address (``REST_FRAMEWORK["NUM_PROXIES"]`` says how
many proxies' ``X-Forwarded-For`` entries to trust). Rates are
``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]``, read on every request.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from math import ceil
from types import SimpleNamespace
from typing import Any

from axes.backends import AxesStandaloneBackend
from django.http import HttpRequest, HttpResponse
from rest_framework.settings import api_settings
from rest_framework.throttling import AnonRateThrottle, BaseThrottle, ScopedRateThrottle


class LiveRates:
    """DRF's throttles keep the rates of the settings they were imported with; these read the
    settings as they are, so a changed setting (a test's) counts at once."""

    @property
    def THROTTLE_RATES(self) -> dict[str, str | None]:  # noqa: N802 (DRF's attribute name)
        return api_settings.DEFAULT_THROTTLE_RATES


class AnonThrottle(LiveRates, AnonRateThrottle):
    """Every anonymous API request, per address: the ``anon`` rate."""


class ScopeThrottle(LiveRates, ScopedRateThrottle):
    """The requests to views of one ``throttle_scope``, per user or address."""


def throttled(scope: str) -> Callable:
    """Decorate a plain Django view with the ``scope`` rate: past it, a 429 with Retry-After."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        holder = SimpleNamespace(throttle_scope=scope)

        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            throttle = ScopeThrottle()
            if not throttle.allow_request(request, holder):
                wait = throttle.wait()
                response = HttpResponse(
                    f"Too many requests: try again in {ceil(wait or 1)} seconds.\n",
                    status=429,
                    content_type="text/plain; charset=utf-8",
                )
                response["Retry-After"] = str(ceil(wait or 1))
                return response
            return view(request, *args, **kwargs)

        return wrapper

    return decorate


def client_address(request: HttpRequest) -> str:
    """The client's address as the throttles count it (``NUM_PROXIES`` trusted proxies), for
    django-axes too (``AXES_CLIENT_IP_CALLABLE``): one idea of who is asking."""
    return BaseThrottle().get_ident(request)


class LockoutBackend(AxesStandaloneBackend):
    """django-axes' backend, first in ``AUTHENTICATION_BACKENDS``: refuses a locked-out username
    from a locked-out address before any password is checked.

    A login without a request (``Client.login`` in tests, a script's ``authenticate``) has no
    client to count, so it passes through to the next backend instead of raising. Every login
    over HTTP here hands its request on (the admin's form, DRF's token serializer), which
    ``tests/test_security_logins.py`` checks by locking both out.
    """

    def authenticate(self, request: HttpRequest | None, *args: Any, **kwargs: Any) -> None:
        if request is None:
            return None
        return super().authenticate(request, *args, **kwargs)
