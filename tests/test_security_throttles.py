"""The expensive public views are throttled per client: the PDFs (API and pages share one budget),
the iCal feeds, the anonymous API and the token endpoint answer 429 past their rate, counted in
the cache that CACHE_URL (or REDIS_URL) names."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from ops.demo import demo_season_create

pytestmark = pytest.mark.django_db
PROJECT = Path(__file__).resolve().parent.parent


def rate(scope: str) -> int:
    """How many requests the scope allows in its period."""
    return int(django_settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"][scope].split("/")[0])


@pytest.fixture
def season(db):
    return demo_season_create(engine="futti", teams=4, seed=1)


@pytest.fixture
def rates(settings):
    """Lower rates, so a test reaches them in a few requests."""

    def lower(**given: str) -> None:
        framework = settings.REST_FRAMEWORK
        settings.REST_FRAMEWORK = {
            **framework,
            "DEFAULT_THROTTLE_RATES": {**framework["DEFAULT_THROTTLE_RATES"], **given},
        }

    return lower


def test_the_default_rates():
    assert django_settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] == {
        "anon": "120/minute",
        "pdf": "20/minute",
        "ical": "60/minute",
        "login": "20/minute",
    }


def test_a_scoresheet_pdf_answers_429_past_its_rate(season):
    match = season.matches.first()
    url = f"/matches/{match.id}/scoresheet.pdf?blank=1"
    client = Client()
    for _ in range(rate("pdf")):
        assert client.get(url).status_code == 200
    refused = client.get(url)
    assert refused.status_code == 429 and 0 < int(refused["Retry-After"]) <= 60
    assert b"Too many requests" in refused.content
    assert Client(REMOTE_ADDR="198.51.100.7").get(url).status_code == 200  # another client


def test_the_api_and_the_pages_share_one_pdf_budget(season, rates):
    rates(pdf="3/minute")
    match, team = season.matches.first(), season.teams.first()
    client = APIClient()
    assert client.get(f"/matches/{match.id}/scoresheet.pdf").status_code == 200
    assert client.get(f"/teams/{team.id}/cards.pdf").status_code == 200
    assert client.get(f"/api/seasons/{season.id}/cards/").status_code == 200
    for url in [
        f"/api/matches/{match.id}/scoresheet/",
        f"/api/teams/{team.id}/cards/",
        f"/seasons/{season.id}/cards.pdf",
        "/pools/futti/cards.pdf",
    ]:
        assert client.get(url).status_code == 429, url


def test_a_signed_in_user_has_a_pdf_budget_of_his_own(season, rates):
    rates(pdf="1/minute")
    match = season.matches.first()
    users = get_user_model().objects
    one, other = Client(), Client()
    one.force_login(users.create_user("one"))
    other.force_login(users.create_user("other"))
    url = f"/matches/{match.id}/scoresheet.pdf"
    assert one.get(url).status_code == 200 and one.get(url).status_code == 429
    assert other.get(url).status_code == 200


def test_a_bracket_pdf_answers_429_past_its_rate(season, rates):
    rates(pdf="1/minute")
    client = Client()
    client.get(f"/seasons/{season.id}/bracket.pdf")  # 404 (no bracket) still counts
    assert client.get(f"/seasons/{season.id}/bracket.pdf").status_code == 429


def test_the_ical_feeds_answer_429_past_their_rate(season, rates):
    rates(ical="2/minute")
    client = Client()
    team = season.teams.first()
    assert client.get(f"/seasons/{season.id}/fixtures.ics").status_code == 200
    assert client.get(f"/teams/{team.id}/fixtures.ics").status_code == 200
    assert client.get(f"/seasons/{season.id}/fixtures.ics").status_code == 429
    assert client.get(f"/seasons/{season.id}/").status_code == 200  # the pages are not throttled


def test_the_anonymous_api_answers_429_past_its_rate(season, rates):
    rates(anon="3/minute")
    anonymous = APIClient()
    for _ in range(3):
        assert anonymous.get("/api/leagues/").status_code == 200
    refused = anonymous.get(f"/api/seasons/{season.id}/standings/")
    assert refused.status_code == 429 and "throttled" in refused.json()["detail"]
    assert int(refused["Retry-After"]) > 0
    signed_in = APIClient()
    signed_in.credentials(
        HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=get_user_model().objects.create_user('u')).key}"
    )
    assert signed_in.get("/api/leagues/").status_code == 200


def test_a_forged_forwarded_for_does_not_reset_the_count(season, rates):
    """No proxy is trusted by default (PROXY_COUNT=0): the socket's address is the client."""
    rates(anon="2/minute")
    client = APIClient()
    for n in range(2):
        client.get("/api/leagues/", HTTP_X_FORWARDED_FOR=f"203.0.113.{n}")
    assert client.get("/api/leagues/", HTTP_X_FORWARDED_FOR="203.0.113.99").status_code == 429


def test_behind_a_proxy_the_forwarded_address_is_the_client(season, rates, settings):
    rates(anon="1/minute")
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    proxy = APIClient(REMOTE_ADDR="10.0.0.2")
    assert proxy.get("/api/leagues/", HTTP_X_FORWARDED_FOR="203.0.113.1").status_code == 200
    assert proxy.get("/api/leagues/", HTTP_X_FORWARDED_FOR="203.0.113.1").status_code == 429
    assert proxy.get("/api/leagues/", HTTP_X_FORWARDED_FOR="203.0.113.2").status_code == 200


def test_the_token_endpoint_has_a_rate_whatever_the_username(db, rates):
    rates(login="3/minute")
    client = APIClient()
    for n in range(3):
        assert client.post("/api/auth/token/", {"username": f"user{n}", "password": "x"}).status_code == 400
    assert client.post("/api/auth/token/", {"username": "user9", "password": "x"}).status_code == 429


def cache_settings(**env: str) -> subprocess.CompletedProcess:
    code = "from django.conf import settings; c = settings.CACHES['default']; print(c['BACKEND'], c['LOCATION'])"
    base = {k: v for k, v in os.environ.items() if k not in ("CACHE_URL", "REDIS_URL")}
    return subprocess.run(
        [sys.executable, "manage.py", "shell", "--no-imports", "-c", code],
        cwd=PROJECT,
        env={**base, **env},
        capture_output=True,
        text=True,
    )


def test_the_cache_comes_from_cache_url_or_redis_url():
    redis = "django.core.cache.backends.redis.RedisCache"
    assert cache_settings(CACHE_URL="redis://cache:6379/3").stdout.split() == [redis, "redis://cache:6379/3"]
    assert cache_settings(REDIS_URL="rediss://r:6380/1").stdout.split() == [redis, "rediss://r:6380/1"]
    local = cache_settings().stdout.split()
    assert local == ["django.core.cache.backends.locmem.LocMemCache"]
    wrong = cache_settings(CACHE_URL="memcache://x")
    assert wrong.returncode != 0 and "CACHE_URL: 'memcache://x' is not a redis://" in wrong.stderr
