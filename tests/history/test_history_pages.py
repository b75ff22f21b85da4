"""The history pages, the API answers and the command, over the two seasons of ``past``."""

import json
import re
from datetime import timedelta
from io import StringIO

import pytest
from django.core.cache import cache
from django.core.management import CommandError, call_command
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from competitions.history import compute_history
from competitions.seasons import current_season, is_finished, with_progress
from leagues.models import Season
from matches.models import Match, PlayerMatchStat
from tests.api.test_api_schema import answer_problems
from tests.history.conftest import FIRST, START, play_season


@pytest.fixture
def document(client):
    return client.get("/api/schema/?format=json").json()


def test_the_history_page_names_each_champion_and_draws_the_chart(client, past):
    html = client.get(reverse("web:history", args=[past["league"].slug])).content.decode()
    assert "champion <a" in html and html.count('data-chart="history"') == 1
    assert html.index("Season 2026") < html.index("Season 2025")  # newest first
    assert "Alpha: 1, 3." in html and "Beta: 3, 1." in html  # the chart's description: places by season


def test_the_all_time_and_records_pages_link_their_teams_matches_and_seasons(client, past):
    slug = past["league"].slug
    all_time = client.get(reverse("web:all-time", args=[slug])).content.decode()
    assert all_time.index("Alpha") < all_time.index("Beta") < all_time.index("Gamma")
    records = client.get(reverse("web:records", args=[slug])).content.decode()
    assert reverse("web:match", args=[past["matches"][0].id]) in records  # the biggest win
    assert reverse("web:season", args=[past["seasons"][0].id]) in records  # the most points
    assert reverse("web:player", args=[past["bolt"].id]) in records


def test_a_cards_career_adds_up_its_seasons_and_the_games_counters(client, past):
    PlayerMatchStat.objects.filter(player=past["ace"]).update(extra={"tackles": 2, "note": "x"}, yellow_cards=1)
    html = client.get(reverse("web:player", args=[past["ace"].id])).content.decode()
    assert "tackles" in html
    body = client.get(f"/api/players/{past['ace'].id}/career/").json()
    lines = [(s["season_name"], s["team_name"], s["matches"], s["goals"], s["extra"]) for s in body["seasons"]]
    assert lines == [("2025", "Alpha", 2, 3, {"tackles": 4}), ("2026", "Alpha", 1, 2, {"tackles": 2})]
    total = body["total"]
    assert (total["matches"], total["goals"], total["shots"], total["yellow_cards"], total["extra"]) == (
        3, 5, 8, 3, {"tackles": 6}
    )  # fmt: skip


def test_the_all_time_players_page_ranks_by_every_stat(client, past):
    html = client.get(reverse("web:all-time-players", args=[past["league"].slug])).content.decode()
    goals = html[html.index("Goals, every season") :]
    assert goals.index("Ace") < goals.index("Bolt")  # 5 goals to 3


def test_head_to_head_counts_every_season_from_the_first_teams_side(client, past):
    alpha, beta = past["teams"]["Alpha"], past["teams"]["Beta"]
    html = client.get(reverse("web:head-to-head", args=[alpha.id, beta.id])).content.decode()
    assert "played 2, Alpha won 1, drawn 0, lost 1" in html and "goals 5-4" in html
    assert client.get(reverse("web:head-to-head", args=[alpha.id, 999999])).status_code == 404


def test_the_team_page_has_its_season_by_season_record_and_a_switcher(client, past):
    alpha = past["teams"]["Alpha"]
    first, second = past["seasons"]
    html = client.get(reverse("web:team", args=[alpha.id])).content.decode()
    record = html[html.index('id="record"') :]
    assert record.index(">2026<") < record.index(">2025<") and "champion" in record
    assert f"?season={first.id}" in html and f"?season={second.id}" in html
    assert client.get(reverse("web:team", args=[alpha.id]) + "?season=999999").status_code == 404


def test_the_api_answers_match_the_schema_read_strictly(client, past, document):
    league = past["league"].id
    for path, url in (
        ("/api/leagues/{id}/history/", f"/api/leagues/{league}/history/"),
        ("/api/leagues/{id}/all-time/", f"/api/leagues/{league}/all-time/"),
        ("/api/leagues/{id}/records/", f"/api/leagues/{league}/records/"),
        ("/api/players/{id}/career/", f"/api/players/{past['ace'].id}/career/"),
    ):
        body = client.get(url).json()
        assert not answer_problems(document, path, body), path
    rows = client.get(f"/api/leagues/{league}/all-time/").json()["rows"]
    assert [(r["name"], r["points"], r["titles"]) for r in rows] == [("Alpha", 7, 1), ("Beta", 7, 1), ("Gamma", 2, 0)]


def test_the_command_prints_the_history_as_json(past):
    out = StringIO()
    call_command("history", str(past["league"].id), "--json", stdout=out)
    document = json.loads(out.getvalue())
    assert set(document) == {"league", "seasons", "all_time", "records"}
    first = document["seasons"][0]
    assert set(first) == {"id", "name", "division", "tier", "champion", "promoted", "relegated", "standings"}
    assert first["champion"] == past["teams"]["Alpha"].id and first["tier"] == 1
    assert set(first["standings"][0]) == {
        "team", "played", "won", "drawn", "lost", "goals_for", "goals_against", "points"
    }  # fmt: skip
    assert set(document["all_time"][0]) == {
        "team", "seasons", "played", "won", "drawn", "lost", "goals_for", "goals_against", "points", "titles"
    }  # fmt: skip
    assert document["records"]["biggest_win"]["match"] == past["matches"][0].id
    with pytest.raises(CommandError, match="LEAGUE_ID"):
        call_command("history", "nope")


def test_the_history_pages_cost_the_same_queries_however_many_seasons(client, past, django_assert_num_queries):
    slug = past["league"].slug
    pages = [reverse(name, args=[slug]) for name in ("web:history", "web:all-time", "web:records")]
    counts = {}
    for url in pages:
        with CaptureQueriesContext(connection) as queries:
            client.get(url)
        counts[url] = len(queries)
    for year in range(3):
        play_season(past["league"], f"20{27 + year}", FIRST, start=START + timedelta(days=300 + 100 * year))
    cache.clear()
    for url in pages:
        with django_assert_num_queries(counts[url]):
            client.get(url)


def progress(league):
    return list(with_progress(Season.objects.filter(league=league)))


def test_the_current_season_is_the_running_one_else_the_next_else_the_last_finished(past):
    league, now = past["league"], timezone.now()
    first, second = past["seasons"]
    assert current_season(progress(league), now) == second  # both finished: the last
    future, _ = play_season(league, "2099", FIRST, start=now + timedelta(days=30), status="scheduled")
    assert current_season(progress(league), now) == future  # the next to start
    running, _ = play_season(league, "now", FIRST, start=now - timedelta(days=1), status="scheduled")
    assert current_season(progress(league), now) == running  # started, matches to play


def test_a_season_closed_with_matches_unplayed_is_finished_and_has_its_champion(past):
    league, now = past["league"], timezone.now()
    short, (_, unplayed) = play_season(league, "2027", ["Alpha 1-0 Beta", "Beta 0-0 Gamma"], start=now - timedelta(3))
    Match.objects.filter(id=unplayed.id).update(status="scheduled", home_goals=None, away_goals=None)
    assert current_season(progress(league), now) == short  # running
    assert compute_history(league).seasons[-1].champion is None
    Match.objects.filter(id=unplayed.id).update(status="postponed")
    assert current_season(progress(league), now) == short  # a postponed match is still to play
    assert not is_finished(next(s for s in progress(league) if s.id == short.id))
    Season.objects.filter(id=short.id).update(closed_at=now, standings_version=F("standings_version") + 1)
    assert current_season(progress(league), now) == short  # the last finished
    assert compute_history(league).seasons[-1].champion_name == "Alpha"


def test_the_league_and_team_feeds_follow_the_current_season(client, past):
    league, now = past["league"], timezone.now()
    running, (match,) = play_season(league, "now", ["Alpha 0-0 Gamma"], start=now - timedelta(1), status="scheduled")
    Match.objects.create(
        season=running, round=2, home=past["teams"]["Gamma"], away=past["teams"]["Alpha"], kickoff=now + timedelta(1)
    )
    for url in (
        reverse("web:league-calendar", args=[league.slug]),
        reverse("web:team-calendar", args=[past["teams"]["Alpha"].id]),
    ):
        text = client.get(url).content.decode()
        uids = set(re.findall(r"UID:match-(\d+)@", text))
        assert uids == {str(m.id) for m in running.matches.all()}, url
