"""Idempotency keys for the POSTs a client may retry (a pick, a bid).

A client sends ``Idempotency-Key: <unique string>`` with the request. The first
request with that key acts and its answer is stored with the key, in the same
transaction as the move; a retry with the same key and the same body gets the stored
answer back (with ``Idempotent-Replayed: true``) and acts no more. The same key with
another body, or for another endpoint, is a 422. A request that was refused (an
exception: 400, 403, 404...) stores nothing, since it changed nothing: a retry runs
again. Keys are per user; a request without credentials is refused before this runs.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable
from datetime import timedelta

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from api.models import IdempotencyKey

HEADER = "Idempotency-Key"
IDEMPOTENCY_PARAMETER = OpenApiParameter(
    HEADER,
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description="A unique string per intended action: a retry with the same key and body is answered "
    "from the first request and acts no more.",
)


def body_hash(data) -> str:
    """The request's data, whatever its content type, as a stable digest (key order does not matter)."""
    if hasattr(data, "lists"):  # a form's QueryDict
        data = dict(data.lists())
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), cls=DjangoJSONEncoder)
    return hashlib.sha256(text.encode()).hexdigest()


def replay_or_run(request: Request, key: str, run: Callable[[], Response]) -> Response:
    """The stored answer to this key, or ``run()``'s, stored with the key in one transaction."""
    if not (1 <= len(key) <= 255 and key.isascii() and key.isprintable()):
        raise serializers.ValidationError({HEADER: [_("give between 1 and 255 printable ASCII characters")]})
    what, digest = f"{request.method} {request.path}"[:300], body_hash(request.data)
    with transaction.atomic():
        try:
            with transaction.atomic():
                record = IdempotencyKey.objects.create(
                    key=key, user=request.user, request=what, body_hash=digest, status=0
                )
        except IntegrityError:  # used before (or right now, by a request that has just committed)
            stored = IdempotencyKey.objects.get(user=request.user, key=key)
            if (stored.request, stored.body_hash) != (what, digest):
                problem = f"this key was used for another request ({stored.request} with another body)"
                return Response({HEADER: [problem]}, status=status.HTTP_422_UNPROCESSABLE_ENTITY)
            data = json.loads(stored.response) if stored.response else None
            return Response(data, status=stored.status, headers={"Idempotent-Replayed": "true"})
        response = run()
        record.status = response.status_code
        record.response = "" if response.data is None else json.dumps(response.data, cls=DjangoJSONEncoder)
        record.save(update_fields=["status", "response"])
    return response


def idempotent(view_method):
    """Honour ``Idempotency-Key`` on a view method ``(self, request, ...)`` (see the module docstring)."""

    @functools.wraps(view_method)
    def wrapper(self, request: Request, *args, **kwargs) -> Response:
        key = request.headers.get(HEADER)
        if key is None or not request.user.is_authenticated:
            return view_method(self, request, *args, **kwargs)
        return replay_or_run(request, key, lambda: view_method(self, request, *args, **kwargs))

    return wrapper


def purge_idempotency_keys(now=None) -> int:
    """Forget answers older than ``IDEMPOTENCY_KEY_DAYS``: a client retries within minutes,
    and a key kept for good only grows the table. Returns how many were deleted."""

    cutoff = (now or timezone.now()) - timedelta(days=settings.IDEMPOTENCY_KEY_DAYS)
    deleted, _ = IdempotencyKey.objects.filter(created_at__lt=cutoff).delete()
    return deleted
