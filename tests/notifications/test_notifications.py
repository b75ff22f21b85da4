"""Notifications: filed once per event, e-mailed at most once to those who chose that kind, read
and chosen on the person's own page."""

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import TestCase

from config.celery import task_route
from notifications.models import Kind, Notification
from notifications.services import EMAIL_TASK, email_kinds, email_kinds_set, email_send, mark_read, notify

pytestmark = pytest.mark.django_db


@pytest.fixture
def ida(db):
    return get_user_model().objects.create_user("ida", email="ida@example.com")


def test_an_event_is_filed_once_and_its_e_mail_queued_on_commit(ida, sent):
    with TestCase.captureOnCommitCallbacks(execute=True):
        first = notify(ida, Kind.PICK, "draft:1:move:0", "Alpha is on the clock", url="/x/")
        again = notify(ida, Kind.PICK, "draft:1:move:0", "Alpha is on the clock")
    assert first is not None and again is None and Notification.objects.count() == 1
    assert sent == [(EMAIL_TASK, first.pk)]
    assert task_route(EMAIL_TASK, (), {}, {})["queue"].endswith("-notifications")


def test_e_mail_only_for_the_kinds_chosen_and_with_an_address(ida, sent):
    email_kinds_set(ida, [Kind.TRADE])
    with TestCase.captureOnCommitCallbacks(execute=True):
        notify(ida, Kind.PICK, "a", "no e-mail: not chosen")
        trade = notify(ida, Kind.TRADE, "b", "e-mailed")
        invitation = notify(ida, Kind.INVITATION, "c", "always e-mailed")
        nobody = get_user_model().objects.create_user("nomail")
        notify(nobody, Kind.TRADE, "d", "no address")
    assert sent == [(EMAIL_TASK, trade.pk), (EMAIL_TASK, invitation.pk)]
    assert notify(None, Kind.TRADE, "e", "nobody") is None
    with pytest.raises(ValueError, match="email_kinds: weather is not a kind"):
        email_kinds_set(ida, ["weather"])
    assert email_kinds(ida) == [Kind.TRADE]


def test_an_e_mail_is_sent_at_most_once_and_a_failure_is_kept(ida, monkeypatch):
    note = notify(ida, Kind.PICK, "k", "Alpha is on the clock", "You have 60 seconds.", "/admin/")
    assert email_send(note.pk) and not email_send(note.pk)
    (message,) = mail.outbox
    assert message.to == ["ida@example.com"] and "/admin/" in message.body and "60 seconds" in message.body
    failing = notify(ida, Kind.PICK, "k2", "again")

    def refuse(*args, **kwargs):
        raise ConnectionRefusedError("no mail server")

    monkeypatch.setattr("notifications.services.send_mail", refuse)
    assert not email_send(failing.pk)
    failing.refresh_from_db()
    assert failing.emailed_at and "ConnectionRefusedError: no mail server" in failing.email_error


def test_the_page_lists_ones_own_saves_the_choice_and_marks_read(ida, client):
    other = get_user_model().objects.create_user("other")
    notify(ida, Kind.CONFIRM, "mine", "Confirm Alpha 2-1 Beta")
    notify(other, Kind.CONFIRM, "theirs", "Confirm Gamma 0-0 Delta")
    assert client.get("/account/notifications/").status_code == 302  # to the sign-in page
    client.force_login(ida)
    page = client.get("/account/notifications/").content.decode()
    assert "Confirm Alpha 2-1 Beta" in page and "Gamma" not in page and "New:" in page
    client.post("/account/notifications/", {"email": [Kind.CONFIRM, "weather"]})
    assert email_kinds(ida) == [Kind.CONFIRM]
    client.post("/account/notifications/", {"read": "1"})
    assert not Notification.objects.filter(user=ida, read_at__isnull=True).exists()
    assert Notification.objects.filter(user=other, read_at__isnull=True).exists()
    assert mark_read(ida) == 0
