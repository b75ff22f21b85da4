"""A calendar client replaces its copy of an event only with a later revision (RFC 5545
3.8.7.4 SEQUENCE, 3.8.7.3 LAST-MODIFIED) and matches copies by UID: so every change of a
match's kickoff or status, by whichever service or bulk update, must show in both, and the
UID must not depend on the host the feed was fetched by."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from competitions import results
from matches import fixtures, services
from matches.models import Match
from ops.demo import demo_season_create
from tests.web.test_web_ical import events
from web import ical

pytestmark = pytest.mark.django_db


@pytest.fixture
def fixture_list(db):
    """A four-team season not played yet: twelve scheduled matches."""
    return demo_season_create(engine="futti", teams=4, seed=3)


def feed(client, season, **headers) -> dict[str, dict[str, str]]:
    response = client.get(reverse("web:season-calendar", args=[season.id]), **headers)
    return {event["UID"]: event for event in events(response.content.decode())}


def event_of(client, match: Match) -> dict[str, str]:
    return feed(client, match.season)[ical.uid(match)]


def test_uids_are_the_same_whatever_the_host(client, fixture_list):
    by_localhost = feed(client, fixture_list, HTTP_HOST="localhost")
    by_address = feed(client, fixture_list, HTTP_HOST="127.0.0.1:8000")
    assert set(by_localhost) == set(by_address)
    assert set(by_localhost) == {f"match-{m.id}@bootroom" for m in fixture_list.matches.all()}


def test_the_uid_domain_is_a_setting(client, fixture_list, settings):
    settings.ICAL_UID_DOMAIN = "league.example.org"
    assert all(uid.endswith("@league.example.org") for uid in feed(client, fixture_list))


def test_a_moved_kickoff_is_a_later_revision(client, fixture_list):
    match = fixture_list.matches.order_by("id").first()
    before = event_of(client, match)
    assert before["SEQUENCE"] == "0"
    assert before["LAST-MODIFIED"] == ical.stamp(match.updated_at)
    assert before["STATUS"] == "CONFIRMED"
    new_kickoff = timezone.now() + timedelta(days=3)
    fixtures.match_move(match_id=match.id, kickoff=new_kickoff)
    after = event_of(client, match)
    assert after["DTSTART"] == ical.stamp(new_kickoff)
    assert after["SEQUENCE"] == "1"
    assert after["LAST-MODIFIED"] >= before["LAST-MODIFIED"]
    assert after["LAST-MODIFIED"] == ical.stamp(Match.objects.get(id=match.id).updated_at)
    assert after["DTSTAMP"]


def test_each_change_of_status_is_a_later_revision(client, fixture_list):
    first, second, third = fixture_list.matches.order_by("id")[:3]
    fixtures.match_set_status(match_id=first.id, status="postponed")
    assert (event_of(client, first)["SEQUENCE"], event_of(client, first)["STATUS"]) == ("1", "TENTATIVE")
    fixtures.match_set_status(match_id=first.id, status="scheduled", kickoff=timezone.now() + timedelta(days=1))
    assert (event_of(client, first)["SEQUENCE"], event_of(client, first)["STATUS"]) == ("2", "CONFIRMED")
    fixtures.match_set_status(match_id=first.id, status="cancelled")
    assert (event_of(client, first)["SEQUENCE"], event_of(client, first)["STATUS"]) == ("3", "CANCELLED")
    services.match_fail(match_id=second.id, error="engine trouble")  # a queryset update()
    assert (event_of(client, second)["SEQUENCE"], event_of(client, second)["STATUS"]) == ("1", "TENTATIVE")
    results.match_forfeit(third, forfeited_by="home")
    assert event_of(client, third)["SEQUENCE"] == "1"


def test_a_result_stored_is_a_later_revision(client, fixture_list):
    results.due_matches_play()
    found = feed(client, fixture_list)
    assert {event["SEQUENCE"] for event in found.values()} == {"1"}
    assert all(event["SUMMARY"].count("-") >= 1 and " v " not in event["SUMMARY"] for event in found.values())
