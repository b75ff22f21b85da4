"""The commissioner's match actions in the admin: play now, postpone, reschedule, cancel, forfeit."""

import pytest
from django.contrib.auth.models import User

from leagues.demo import create_demo_season
from matches.models import Match, MatchEvent

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    client.force_login(User.objects.create_superuser("boss", "boss@example.com", "pw-for-tests-only"))
    return client


@pytest.fixture
def season():
    return create_demo_season(engine="futti", teams=4, seed=12, double=False)


def act(client, action, matches):
    return client.post(
        "/admin/matches/match/",
        {"action": action, "_selected_action": [m.id for m in matches]},
        follow=True,
    )


def test_play_now_plays_scheduled_matches_and_leaves_others(admin_client, season):
    first, second, third = Match.objects.filter(season=season)[:3]
    Match.objects.filter(id=third.id).update(status=Match.Status.POSTPONED)
    response = act(admin_client, "play_now", [first, second, third])
    assert "Played 2 matches." in response.content.decode()
    assert "1 matches were not scheduled and were left alone." in response.content.decode()
    first.refresh_from_db()
    third.refresh_from_db()
    assert first.status == Match.Status.PLAYED and MatchEvent.objects.filter(match=first).exists()
    assert third.status == Match.Status.POSTPONED


def test_postpone_then_reschedule(admin_client, season):
    match = Match.objects.filter(season=season).first()
    act(admin_client, "postpone", [match])
    match.refresh_from_db()
    assert match.status == Match.Status.POSTPONED
    act(admin_client, "reschedule", [match])
    match.refresh_from_db()
    assert match.status == Match.Status.SCHEDULED


def test_a_played_match_cannot_be_cancelled_or_postponed(admin_client, season):
    match = Match.objects.filter(season=season).first()
    act(admin_client, "play_now", [match])
    act(admin_client, "cancel", [match])
    act(admin_client, "postpone", [match])
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYED


def test_forfeit_by_the_away_side(admin_client, season):
    match = Match.objects.filter(season=season).first()
    act(admin_client, "forfeit_away", [match])
    match.refresh_from_db()
    assert (match.status, match.home_goals, match.away_goals, match.forfeited_by) == ("forfeited", 3, 0, "away")
