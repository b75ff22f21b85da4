"""A signed-in person's stored language (``NotificationSettings.language``) for every request,
over the browser's Accept-Language and the language cookie that LocaleMiddleware read."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import translation

from notifications.languages import language_of


class UserLanguageMiddleware:
    """Runs after LocaleMiddleware and AuthenticationMiddleware; anonymous visitors and people
    who chose no language keep what LocaleMiddleware picked."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        chosen = language_of(user) if user is not None and user.is_authenticated else ""
        if chosen:
            translation.activate(chosen)
            request.LANGUAGE_CODE = chosen
        response = self.get_response(request)
        if chosen:
            response.headers.setdefault("Content-Language", chosen)
        return response
