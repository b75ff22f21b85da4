"""A match the commissioner plays before its kickoff ("Play now") took place when it was played:
its pages show that time and the form guide takes its result in that order (issue #28)."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from competitions.standings import compute_standings
from leagues.models import Team
from matches.models import Match
from ops.demo import demo_season_create

pytestmark = pytest.mark.django_db


def result(season, round_number, home, away, goals, *, kickoff, played_at):
    teams = {t.name: t for t in Team.objects.filter(league=season.league)}
    return Match.objects.create(
        season=season,
        round=round_number,
        home=teams[home],
        away=teams[away],
        kickoff=kickoff,
        played_at=played_at,
        status=Match.Status.PLAYED,
        home_goals=goals[0],
        away_goals=goals[1],
    )


def test_the_form_guide_follows_the_order_the_matches_were_played(season):
    now = timezone.now()
    # round 2 played early (a week before its kickoff), round 1 at its kickoff afterwards
    result(season, 2, "Alpha", "Gamma", (2, 0), kickoff=now + timedelta(days=2), played_at=now - timedelta(days=5))
    result(season, 1, "Beta", "Alpha", (1, 0), kickoff=now - timedelta(days=1), played_at=now - timedelta(days=1))
    alpha = next(row for row in compute_standings(season).rows if row.name == "Alpha")
    assert "".join(alpha.form) == "WL"


def test_a_match_played_now_shows_when_it_was_played(client):
    season = demo_season_create(engine="futti", teams=4, seed=12, double=False)
    kickoff = timezone.now() + timedelta(days=40)
    match = Match.objects.filter(season=season).first()
    Match.objects.filter(id=match.id).update(kickoff=kickoff)
    client.force_login(User.objects.create_superuser("boss", "boss@example.com", "pw-for-tests-only"))
    client.post("/admin/matches/match/", {"action": "play_now", "_selected_action": [match.id]})
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYED and match.played_at < kickoff
    played = timezone.localtime(match.played_at)
    future = timezone.localtime(kickoff)
    for page in (f"/seasons/{season.id}/", f"/teams/{match.home_id}/", f"/matches/{match.id}/"):
        html = client.get(page).content.decode()
        assert played.isoformat() in html, page
        assert future.isoformat() not in html, page
