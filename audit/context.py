"""Who is acting, for the audit log: a context variable, so no service needs a ``user`` argument.

The middleware sets it to the request for each request (its user is read when an entry is
recorded, so the REST framework's token user, authenticated inside the view, is the one
recorded); a worker task sets no user and ``via="worker"``; a command that acts as a user
sets that user and ``via="command"``. Nothing here touches the database or the models.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest


@dataclass(frozen=True)
class Acting:
    """A user (or a request whose user it is) and the way in: admin, api, web, command, worker."""

    who: Any = None
    via: str = ""


_acting: ContextVar[Acting | None] = ContextVar("audit_acting", default=None)
#: True inside ``recorded_by_caller``: the caller records the whole action as one entry.
_quiet: ContextVar[bool] = ContextVar("audit_quiet", default=False)


@contextmanager
def acting_as(who: Any, *, via: str) -> Iterator[None]:
    """Record everything done inside as done by ``who`` (a user, a request or None) through ``via``."""
    token = _acting.set(Acting(who, via))
    try:
        yield
    finally:
        _acting.reset(token)


@contextmanager
def recorded_by_caller() -> Iterator[None]:
    """Inside, lower services record nothing: the caller records the action as one entry (a draft
    pick's squad place and ledger entry are parts of the pick's entry)."""
    token = _quiet.set(True)
    try:
        yield
    finally:
        _quiet.reset(token)


def quiet() -> bool:
    return _quiet.get()


def current() -> tuple[Any, str]:
    """The acting user (None when nobody is logged in or a worker acts) and the way in."""
    acting = _acting.get() or Acting()
    who, via = acting.who, acting.via
    if isinstance(who, HttpRequest):
        request = who
        who = getattr(request, "user", None)
        match = getattr(request, "resolver_match", None)
        via = via or (match.namespaces[0] if match and match.namespaces else "web")
    if who is not None and not getattr(who, "is_authenticated", False):
        who = None
    return who, via


class ActorMiddleware:
    """Sets the acting request for the audit log; put it after the authentication middleware."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest):
        with acting_as(request, via=""):
            return self.get_response(request)
