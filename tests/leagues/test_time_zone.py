"""A league's time zone (issue #28): a Hamburg league's kickoffs are entered and read as 19:30 in
Europe/Berlin, on both sides of the change to summer time, and stored in UTC (18:30 in winter,
17:30 in summer); pages, the cache, the calendar feed, the scoresheet and the API agree."""

import re
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.urls import reverse
from rest_framework.test import APIClient

from competitions.round_robin import fixtures_generate
from leagues.models import League
from leagues.zones import round_kickoff
from matches.models import Match
from printing.scoresheets.selectors import scoresheet_for_match
from rosters.models import TransferWindow
from rosters.transfers import window_required
from tests.conftest import make_league, make_season

WINTER = datetime(2027, 1, 15, 18, 30, tzinfo=UTC)  # 19:30 CET
SUMMER = datetime(2027, 7, 15, 17, 30, tzinfo=UTC)  # 19:30 CEST


@pytest.fixture
def hamburg(db):
    """A league in Europe/Berlin with a season of two teams and one match in winter."""
    league = make_league("Hamburg League", time_zone="Europe/Berlin")
    season = make_season(league, ["Altona", "Barmbek"])
    altona, barmbek = season.teams.order_by("name")
    match = Match.objects.create(season=season, round=1, home=altona, away=barmbek, kickoff=WINTER)
    return match


def management_forms(html: str) -> dict[str, str]:
    """The inlines' management fields of an admin page, as a browser would post them back."""
    return dict(re.findall(r'name="([\w-]+-(?:TOTAL|INITIAL|MIN_NUM|MAX_NUM)_FORMS)" value="(\d+)"', html))


def match_form(client, match: Match, day: str, time: str):
    url = reverse("admin:matches_match_change", args=[match.pk])
    data = {
        **management_forms(client.get(url).content.decode()),
        "season": match.season_id,
        "round": match.round,
        "home": match.home_id,
        "away": match.away_id,
        "kickoff_0": day,
        "kickoff_1": time,
        "play_mode": "",
        "_save": "Save",
    }
    return client.post(url, data)


@pytest.mark.parametrize(("day", "stored"), [("2027-01-22", "18:30"), ("2027-07-22", "17:30")])
def test_a_kickoff_entered_in_the_admin_is_read_in_the_leagues_zone(admin_client, hamburg, day, stored):
    response = match_form(admin_client, hamburg, day, "19:30")
    assert response.status_code == 302, response.content.decode()[:2000]
    hamburg.refresh_from_db()
    assert hamburg.kickoff.astimezone(UTC).strftime("%Y-%m-%d %H:%M") == f"{day} {stored}"


def test_the_match_page_of_the_admin_shows_the_kickoff_in_the_leagues_zone(admin_client, hamburg):
    html = admin_client.get(reverse("admin:matches_match_change", args=[hamburg.pk])).content.decode()
    assert 'name="kickoff_1" value="19:30:00"' in html
    assert "Times in Europe/Berlin." in html


def test_the_reschedule_form_reads_the_new_kickoff_in_the_leagues_zone(admin_client, hamburg):
    Match.objects.filter(pk=hamburg.pk).update(status=Match.Status.POSTPONED)
    url = reverse("admin:matches_match_act", args=[hamburg.pk, "reschedule"])
    assert "Times in Europe/Berlin." in admin_client.get(url).content.decode()
    response = admin_client.post(url, {"kickoff_0": "2027-07-22", "kickoff_1": "19:30"}, follow=True)
    hamburg.refresh_from_db()
    assert hamburg.kickoff == datetime(2027, 7, 22, 17, 30, tzinfo=UTC)
    assert "for 2027-07-22 19:30" in response.content.decode()  # the message says the league's time


def test_an_add_form_reads_times_in_the_chosen_seasons_league(admin_client, hamburg):
    make_league("Other League")  # the site's zone (UTC): the add page has no one zone before a season is chosen
    url = reverse("admin:rosters_transferwindow_add")
    assert "Times in UTC." in admin_client.get(url).content.decode()
    assert "Times in Europe/Berlin." in admin_client.get(f"{url}?season={hamburg.season_id}").content.decode()
    times = {
        f"{name}_{part}": value
        for name, day in [("opens_at", "2027-01-10"), ("claims_deadline", "2027-01-12"), ("closes_at", "2027-01-14")]
        for part, value in (("0", day), ("1", "19:30"))
    }
    response = admin_client.post(url, {"season": hamburg.season_id, "after_round": 1, **times, "_save": "Save"})
    assert response.status_code == 302, response.content.decode()[:2000]
    window = TransferWindow.objects.get(season=hamburg.season)
    assert window.opens_at == datetime(2027, 1, 10, 18, 30, tzinfo=UTC)


def test_the_match_list_filtered_by_league_edits_kickoffs_in_its_zone(admin_client, hamburg):
    url = reverse("admin:matches_match_changelist") + f"?season__league__id__exact={hamburg.season.league_id}"
    html = admin_client.get(url).content.decode()
    assert "Times in Europe/Berlin." in html and 'value="19:30:00"' in html


def test_a_bad_zone_is_refused_naming_the_field(hamburg):
    league = hamburg.season.league
    league.time_zone = "Europe/Hamburgg"
    with pytest.raises(ValidationError) as refused:
        league.full_clean()
    assert list(refused.value.message_dict) == ["time_zone"]
    assert "time_zone: 'Europe/Hamburgg' is not a time zone" in refused.value.message_dict["time_zone"][0]


def test_the_league_admin_offers_every_zone_and_refuses_another(admin_client, hamburg):
    url = reverse("admin:leagues_league_change", args=[hamburg.season.league_id])
    html = admin_client.get(url).content.decode()
    assert '<option value="Europe/Berlin" selected>' in html and '<option value="America/New_York">' in html


def test_a_new_league_takes_the_sites_zone(db, settings):
    settings.TIME_ZONE = "Europe/Rome"
    assert make_league("Calciotto League").time_zone == "Europe/Rome"


def test_the_match_page_and_the_fixtures_show_the_leagues_time(client, hamburg):
    assert "19:30" in client.get(reverse("web:match", args=[hamburg.pk])).content.decode()
    season_page = client.get(reverse("web:season", args=[hamburg.season_id])).content.decode()
    assert "<span>19:30</span>" in season_page and "18:30" not in season_page
    assert "<span>19:30</span>" in client.get(reverse("web:team", args=[hamburg.home_id])).content.decode()


def test_a_zone_changed_is_never_read_from_the_cache(client, hamburg):
    url = reverse("web:season", args=[hamburg.season_id])
    assert "<span>19:30</span>" in client.get(url).content.decode()  # now cached
    # an update() sends no signal, so the season's standings version stays: only the key's zone moves
    League.objects.filter(pk=hamburg.season.league_id).update(time_zone="America/New_York")
    assert "<span>13:30</span>" in client.get(url).content.decode()


def test_the_home_page_shows_each_league_in_its_zone_and_names_the_zones(client, hamburg):
    new_york = make_league("Brooklyn League", time_zone="America/New_York")
    season = make_season(new_york, ["Bushwick", "Flatbush"])
    home, away = season.teams.order_by("name")
    Match.objects.create(season=season, round=1, home=home, away=away, kickoff=WINTER)
    html = client.get(reverse("web:home")).content.decode()
    assert "<span>19:30 CET</span>" in html and "<span>13:30 EST</span>" in html


def test_the_calendar_names_the_zone_and_keeps_utc_times(client, hamburg):
    text = client.get(reverse("web:season-calendar", args=[hamburg.season_id])).content.decode()
    lines = text.replace("\r\n ", "").split("\r\n")  # unfolded (RFC 5545 3.1)
    assert "X-WR-TIMEZONE:Europe/Berlin" in lines
    assert "DTSTART:20270115T183000Z" in lines and "DTEND:20270115T193000Z" in lines
    assert all(re.fullmatch(r"DTSTART:\d{8}T\d{6}Z", line) for line in lines if line.startswith("DTSTART"))


def test_the_scoresheet_prints_the_leagues_time(hamburg):
    assert scoresheet_for_match(hamburg.pk, blank=True).kickoff == "2027-01-15 19:30 CET"


def test_a_message_about_a_window_says_the_leagues_time(hamburg):
    TransferWindow.objects.create(
        season=hamburg.season, opens_at=SUMMER, claims_deadline=SUMMER, closes_at=SUMMER, after_round=1
    )
    with pytest.raises(ValidationError, match="the next opens 2027-07-15 19:30 CEST"):
        window_required(hamburg.season, at=WINTER)


def test_the_api_says_the_zone_keeps_offsets_and_refuses_a_bad_zone(hamburg):
    api = APIClient()
    api.force_authenticate(get_user_model().objects.create_superuser("root", password=None))
    league_id = hamburg.season.league_id
    assert api.get(f"/api/leagues/{league_id}/").json()["time_zone"] == "Europe/Berlin"
    kickoff = api.get(f"/api/matches/{hamburg.pk}/").json()["kickoff"]
    assert datetime.fromisoformat(kickoff) == WINTER  # ISO 8601 with its offset: the same moment anywhere
    refused = api.patch(f"/api/leagues/{league_id}/", {"time_zone": "Mars/Olympus_Mons"}, format="json")
    assert refused.status_code == 400 and "Mars/Olympus_Mons" in refused.json()["time_zone"][0]
    moved = api.patch(f"/api/leagues/{league_id}/", {"time_zone": "Europe/Rome"}, format="json")
    assert moved.status_code == 200 and League.objects.get(pk=league_id).time_zone == "Europe/Rome"


def test_the_transactions_page_shows_a_window_in_the_leagues_time(client, hamburg):
    TransferWindow.objects.create(
        season=hamburg.season, opens_at=WINTER, claims_deadline=SUMMER, closes_at=SUMMER, after_round=1
    )
    html = client.get(reverse("web:transactions", args=[hamburg.season_id])).content.decode()
    assert "2027-01-15 19:30" in html and "2027-07-15 19:30" in html


def test_a_managers_home_shows_each_next_match_in_its_leagues_zone(client, hamburg):
    manager = get_user_model().objects.create_user("mia")
    new_york = make_league("Brooklyn League", time_zone="America/New_York")
    season = make_season(new_york, ["Bushwick", "Flatbush"])
    home, away = season.teams.order_by("name")
    Match.objects.create(season=season, round=1, home=home, away=away, kickoff=WINTER)
    for team in (hamburg.home, home):
        team.manager = manager
        team.save(update_fields=["manager"])
    client.force_login(manager)
    html = client.get(reverse("web:me")).content.decode()
    assert "Fri 15 Jan 2027, 19:30 CET" in html and "Fri 15 Jan 2027, 13:30 EST" in html


def test_weekly_rounds_keep_the_leagues_wall_clock_time_across_summer_time(db):
    """Rounds a week apart from 19:30 on 20 March stay at 19:30 in Berlin after the clocks
    go forward on 28 March (17:30 UTC, not 18:30); rounds two hours apart count real hours."""
    league = make_league("Hamburg Weekly", time_zone="Europe/Berlin")
    season = make_season(league, ["Altona", "Barmbek", "Eimsbüttel", "Harburg"])
    fixtures_generate(season, first_kickoff=datetime(2027, 3, 20, 18, 30, tzinfo=UTC), interval=timedelta(days=7))
    kickoffs = sorted(set(Match.objects.filter(season=season).values_list("kickoff", flat=True)))
    berlin = ZoneInfo("Europe/Berlin")
    assert len(kickoffs) >= 3
    assert {k.astimezone(berlin).strftime("%H:%M") for k in kickoffs} == {"19:30"}
    assert [k.strftime("%H:%M") for k in kickoffs] == ["18:30", "18:30"] + ["17:30"] * (len(kickoffs) - 2)
    assert round_kickoff(kickoffs[0], timedelta(hours=2), 6, "Europe/Berlin") == kickoffs[0] + timedelta(hours=12)
