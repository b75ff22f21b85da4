"""A person's language: stored in their settings row, used for their pages and their e-mails."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.utils import translation

from notifications.models import NotificationSettings


def language_of(user) -> str:
    """The language ``user`` chose ("" when none: the browser's is used on the pages)."""
    if user is None or not getattr(user, "pk", None):
        return ""
    found = NotificationSettings.objects.filter(user=user).values_list("language", flat=True).first()
    return found or ""


def language_set(user, language: str) -> str:
    """Store ``user``'s language ("" forgets it); a language the site does not offer is a ValueError."""
    if language and language not in dict(settings.LANGUAGES):
        raise ValueError(f"language: {language!r} is not one of {', '.join(dict(settings.LANGUAGES))}")
    NotificationSettings.objects.update_or_create(user=user, defaults={"language": language})
    return language


@contextmanager
def in_language_of(user) -> Iterator[str]:
    """Translate what is made inside in ``user``'s language (their choice, else the site's default):
    an e-mail or a notification is read by its recipient, not by whoever set it off."""
    language = language_of(user) or settings.LANGUAGE_CODE
    with translation.override(language):
        yield language
