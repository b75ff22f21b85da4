"""Logins are locked out after repeated failures (django-axes), at the admin and at the API's
token endpoint: past the limit even the right password is refused, for that username from
that address, until the cool-off ends or a commissioner runs ``axes_reset``."""

import io
import time
from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

PASSWORD = "the-right-pass-9"
LIMIT = settings.AXES_FAILURE_LIMIT


@pytest.fixture
def manager(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return get_user_model().objects.create_user("mia", password=PASSWORD, is_staff=True)


def admin_login(client: Client, password: str, username: str = "mia"):
    return client.post("/admin/login/?next=/admin/", {"username": username, "password": password})


def token_login(client: APIClient, password: str, username: str = "mia"):
    return client.post("/api/auth/token/", {"username": username, "password": password})


def test_the_defaults_are_five_failures_and_fifteen_minutes():
    assert settings.AXES_FAILURE_LIMIT == 5
    assert settings.AXES_COOLOFF_TIME.total_seconds() == 15 * 60
    assert settings.AXES_LOCKOUT_PARAMETERS == [["username", "ip_address"]]
    assert settings.AUTHENTICATION_BACKENDS[0] == "config.throttling.LockoutBackend"


def test_a_login_without_a_request_still_works(manager, client):
    """Django's test client (and a script) authenticate without a request: nothing to count."""
    assert client.login(username="mia", password=PASSWORD)
    assert not client.login(username="mia", password="wrong")


def test_admin_login_locks_out_after_the_limit_even_with_the_right_password(manager):
    client = Client()
    for _ in range(LIMIT - 1):
        wrong = admin_login(client, "wrong")
        assert wrong.status_code == 200 and "_auth_user_id" not in client.session
    assert admin_login(client, "wrong").status_code == 429
    refused = admin_login(client, PASSWORD)
    assert refused.status_code == 429 and b"too many login attempts" in refused.content
    assert "_auth_user_id" not in client.session
    call_command("axes_reset", stdout=io.StringIO())
    welcome = admin_login(client, PASSWORD)
    assert welcome.status_code == 302 and welcome["Location"] == "/admin/"
    assert client.session["_auth_user_id"] == str(manager.pk)


def test_token_endpoint_locks_out_after_the_limit_even_with_the_right_password(manager):
    client = APIClient()
    for _ in range(LIMIT - 1):
        assert token_login(client, "wrong").status_code == 400
    assert token_login(client, "wrong").status_code == 429
    refused = token_login(client, PASSWORD)
    assert refused.status_code == 429 and "too many login attempts" in refused.json()["detail"]
    assert "token" not in refused.json()
    call_command("axes_reset_username", "mia", stdout=io.StringIO())
    assert token_login(client, PASSWORD).json()["token"]


def test_the_lock_out_is_for_that_username_from_that_address(manager):
    get_user_model().objects.create_user("rex", password=PASSWORD)
    attacker = APIClient(REMOTE_ADDR="203.0.113.9")
    for _ in range(LIMIT):
        token_login(attacker, "wrong")
    assert token_login(attacker, PASSWORD).status_code == 429
    assert token_login(attacker, PASSWORD, username="rex").status_code == 200
    assert token_login(APIClient(REMOTE_ADDR="198.51.100.7"), PASSWORD).status_code == 200
    assert admin_login(Client(REMOTE_ADDR="198.51.100.7"), PASSWORD).status_code == 302


def test_a_success_clears_the_failures_before_it(manager):
    client = APIClient()
    for _ in range(LIMIT - 1):
        token_login(client, "wrong")
    assert token_login(client, PASSWORD).status_code == 200
    for _ in range(LIMIT - 1):
        assert token_login(client, "wrong").status_code == 400
    assert token_login(client, PASSWORD).status_code == 200


def test_the_lock_out_ends_after_the_cool_off(manager, settings):
    client = APIClient()
    for _ in range(LIMIT):
        token_login(client, "wrong")
    assert token_login(client, PASSWORD).status_code == 429
    settings.AXES_COOLOFF_TIME = timedelta(milliseconds=1)  # as if the 15 minutes had passed
    time.sleep(0.01)
    assert token_login(client, PASSWORD).status_code == 200
