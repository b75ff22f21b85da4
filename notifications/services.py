"""Telling people things: ``notify`` files a notification once per event and, when the person
wants that kind by e-mail, queues the e-mail once the caller's transaction commits.

An e-mail is sent at most once: the task marks the notification as e-mailed, commits, and
only then hands the message to the mail server, so a task delivered twice (a worker lost
after the send) finds it marked and sends nothing. A failed send is kept on the notification
(``email_error``); the notification stays in the person's list either way.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.contrib.auth.tokens import default_token_generator
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.functional import Promise
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext

from config.celery import app
from notifications.languages import in_language_of
from notifications.models import Kind, Notification, NotificationSettings, default_email_kinds

EMAIL_TASK = "notifications.email"
StrOrPromise = str | Promise


def notify(
    user, kind: str, key: str, subject: StrOrPromise, body: StrOrPromise = "", url: str = ""
) -> Notification | None:
    """File the event for ``user`` (nobody, or an inactive account: nothing); the same ``key``
    again returns None and sends nothing.

    ``subject`` and ``body`` may be lazy (``gettext_lazy``, ``format_lazy``): they are turned into
    text here, in the recipient's language, so the list on the site and the e-mail read in it.
    """
    if user is None or not user.is_active:
        return None
    with in_language_of(user):
        subject, body = str(subject), str(body)
    try:
        with transaction.atomic():
            note = Notification.objects.create(
                user=user, kind=kind, key=key[:120], subject=subject[:200], body=body, url=url[:300]
            )
    except IntegrityError:
        return None  # told already
    if user.email and (kind == Kind.INVITATION or kind in email_kinds(user)):
        # robust: a broker down must not turn the committed change into an error (the
        # notification is kept; its e-mail is not sent)
        transaction.on_commit(lambda: app.send_task(EMAIL_TASK, (note.pk,)), robust=True)
    return note


def email_kinds(user) -> list[str]:
    """The kinds ``user`` gets by e-mail (the defaults until they choose)."""
    found = NotificationSettings.objects.filter(user=user).values_list("email_kinds", flat=True).first()
    return default_email_kinds() if found is None else list(found)


def email_kinds_set(user, kinds: Iterable[str]) -> list[str]:
    """Choose the kinds ``user`` gets by e-mail; an unknown kind is a ValueError naming it."""
    kinds = list(dict.fromkeys(kinds))
    unknown = [kind for kind in kinds if kind not in Kind.values]
    if unknown:
        raise ValueError(f"email_kinds: {', '.join(unknown)} is not a kind of notification")
    NotificationSettings.objects.update_or_create(user=user, defaults={"email_kinds": kinds})
    return kinds


def email_send(notification_id: int) -> bool:
    """Send a notification's e-mail unless it was sent (or tried) already; True if sent now."""
    with transaction.atomic():
        note = Notification.objects.select_for_update().select_related("user").filter(pk=notification_id).first()
        if note is None or note.emailed_at is not None:
            return False
        note.emailed_at = timezone.now()
        note.save(update_fields=["emailed_at"])
    # an invitation's link is made now, never stored: a password-reset token is a secret
    url = set_password_link(note.user) if note.kind == Kind.INVITATION else note.url
    with in_language_of(note.user):
        message = email_text(note, url)
    try:
        send_mail(note.subject, message, None, [note.user.email])
    except Exception as exc:  # noqa: BLE001  (any mail failure is kept on the notification)
        Notification.objects.filter(pk=note.pk).update(email_error=f"{type(exc).__name__}: {exc}"[:300])
        return False
    return True


def email_text(note: Notification, url: str) -> str:
    """The e-mail's body in the active language: the notification, where to act, and where to
    choose what comes by e-mail."""
    parts = [note.body] if note.body else []
    if url:
        parts.append(f"{settings.SITE_URL}{url}")
    choose = f"{settings.SITE_URL}{reverse('web:notifications')}"
    parts.append(gettext("Choose which e-mails you get, and their language: %(url)s") % {"url": choose})
    return "\n\n".join(parts) + "\n"


def unread(user) -> int:
    return Notification.objects.filter(user=user, read_at__isnull=True).count()


def mark_read(user, ids: Iterable[int] | None = None) -> int:
    """Mark the user's notifications read (all of them, or ``ids``); another's are left alone."""
    found = Notification.objects.filter(user=user, read_at__isnull=True)
    if ids is not None:
        found = found.filter(pk__in=list(ids))
    return found.update(read_at=timezone.now())


def set_password_link(user) -> str:
    """The one-time link where ``user`` chooses a password (Django's password-reset token: it
    works once, until the password changes, and for ``PASSWORD_RESET_TIMEOUT``)."""
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    return reverse("web:set-password", args=[uid, default_token_generator.make_token(user)])
