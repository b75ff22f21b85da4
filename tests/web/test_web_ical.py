"""Calendar feeds a calendar app can subscribe to: valid iCalendar text, one event per match."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from leagues.models import Team
from matches import fixtures
from matches.models import Match
from web import ical

pytestmark = pytest.mark.django_db


def events(text: str) -> list[dict[str, str]]:
    """Unfold the lines and read each VEVENT's properties."""
    lines = text.replace("\r\n ", "").split("\r\n")
    found, current = [], None
    for line in lines:
        if line == "BEGIN:VEVENT":
            current = {}
        elif line == "END:VEVENT":
            found.append(current)
            current = None
        elif current is not None:
            key, _, value = line.partition(":")
            current[key] = value
    return found


def test_season_feed_has_every_match(client, played_season):
    response = client.get(reverse("web:season-calendar", args=[played_season.id]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    text = response.content.decode()
    assert text.startswith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:") and text.endswith("END:VCALENDAR\r\n")
    assert all(len(line.encode()) <= 75 for line in text.split("\r\n"))
    found = events(text)
    matches = Match.objects.filter(season=played_season).select_related("home", "away")
    assert sorted(e["UID"] for e in found) == sorted(f"match-{m.id}@bootroom" for m in matches)
    match = matches.order_by("kickoff", "id").first()
    first = found[0]
    assert first["DTSTART"] == ical.stamp(match.kickoff)
    assert first["SUMMARY"] == f"{match.home.name} {match.home_goals}-{match.away_goals} {match.away.name}"
    assert first["URL"] == f"http://testserver/matches/{match.id}/"
    assert "round 1" in first["DESCRIPTION"]


def test_team_feed_has_its_matches_and_shows_moves_and_cancellations(client, played_season):
    team = played_season.teams.first()
    mine = Match.objects.filter(season=played_season).filter(home=team) | Match.objects.filter(away=team)
    moved, cancelled = list(mine.order_by("id")[:2])
    new_kickoff = timezone.now() + timedelta(days=7)
    Match.objects.filter(id__in=[moved.id, cancelled.id]).update(status="failed", home_goals=None)
    fixtures.match_set_status(match_id=moved.id, status="scheduled", kickoff=new_kickoff)
    fixtures.match_set_status(match_id=cancelled.id, status="cancelled")
    text = client.get(reverse("web:team-calendar", args=[team.id])).content.decode()
    found = {e["UID"]: e for e in events(text)}
    assert len(found) == 6
    moved_event = found[f"match-{moved.id}@bootroom"]
    assert moved_event["DTSTART"] == ical.stamp(new_kickoff)
    assert " v " in moved_event["SUMMARY"]
    assert moved_event["STATUS"] == "CONFIRMED"
    assert found[f"match-{cancelled.id}@bootroom"]["STATUS"] == "CANCELLED"
    assert f"X-WR-CALNAME:{team.name} (" in text


def test_text_is_escaped_and_long_lines_folded(db):
    assert ical.escape("a,b;c\\d\ne") == "a\\,b\\;c\\\\d\\ne"
    line = "SUMMARY:" + "Fütti " * 30
    folded = ical.fold(line)
    parts = folded.split("\r\n ")
    assert len(parts) > 1 and all(len(p.encode()) <= 75 for p in parts)
    assert "".join(parts) == line


def test_team_names_with_commas_are_escaped(client, played_season):
    team = played_season.teams.first()
    Team.objects.filter(id=team.id).update(name="Rovers, Reserves; B")
    text = client.get(reverse("web:team-calendar", args=[team.id])).content.decode()
    assert "Rovers\\, Reserves\\; B" in text.replace("\r\n ", "")


def test_missing_feeds_are_404(client, db):
    assert client.get("/seasons/999999/fixtures.ics").status_code == 404
    assert client.get("/teams/999999/fixtures.ics").status_code == 404


def test_feed_query_count_is_fixed(client, played_season, django_assert_max_num_queries):
    team = played_season.teams.first()
    with django_assert_max_num_queries(2):
        client.get(reverse("web:season-calendar", args=[played_season.id]))
    with django_assert_max_num_queries(3):  # the team, its current season, the matches
        client.get(reverse("web:team-calendar", args=[team.id]))
