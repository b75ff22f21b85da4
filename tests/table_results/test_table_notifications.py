"""A result entered by one manager is told to the other, who must confirm it; the manager's home
lists it until it is confirmed."""

import pytest
from django.urls import reverse

from competitions.table_results import result_confirm, result_submit
from notifications.models import Kind, Notification

from .conftest import scoresheet

pytestmark = pytest.mark.django_db


def test_the_other_manager_is_asked_to_confirm_once(match, home_manager, away_manager, client):
    submission = result_submit(match_id=match.id, user=home_manager, data=scoresheet(match, 2, 1))
    (asked,) = Notification.objects.all()
    assert (asked.user, asked.kind, asked.key) == (away_manager, Kind.CONFIRM, f"confirm:{submission.pk}")
    assert "2-1" in asked.subject and asked.url == reverse("admin:matches_table_enter", args=[match.id])
    client.force_login(away_manager)
    assert f"Confirm the result of {match}" in client.get("/me/").content.decode()
    client.force_login(home_manager)
    assert f"Confirm the result of {match}" not in client.get("/me/").content.decode()  # their own entry
    result_confirm(match_id=match.id, user=away_manager)
    assert Notification.objects.count() == 1  # a confirmation asks nobody
    client.force_login(away_manager)
    assert "Nothing waits for your move" in client.get("/me/").content.decode()


def test_a_disputed_result_waits_for_the_commissioner_not_the_managers(match, home_manager, away_manager, client):
    result_submit(match_id=match.id, user=home_manager, data=scoresheet(match, 2, 1))
    result_submit(match_id=match.id, user=away_manager, data=scoresheet(match, 0, 0))  # another: disputed
    for manager in (home_manager, away_manager):
        client.force_login(manager)
        assert f"Confirm the result of {match}" not in client.get("/me/").content.decode()
