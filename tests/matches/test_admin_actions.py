"""The commissioner's match actions in the admin: play now, postpone, reschedule, cancel, forfeit."""

import pytest
from django.contrib.auth.models import User

from audit.models import Entry
from competitions.knockout import bracket_draw
from matches.models import Match, played_events
from ops.demo import demo_season_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    client.force_login(User.objects.create_superuser("boss", "boss@example.com", "pw-for-tests-only"))
    return client


@pytest.fixture
def season():
    return demo_season_create(engine="futti", teams=4, seed=12, double=False)


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
    assert first.status == Match.Status.PLAYED and played_events(first.id)
    assert third.status == Match.Status.POSTPONED


def test_play_now_leaves_a_second_leg_until_its_first_leg_is_played(admin_client):
    season = demo_season_create(engine="futti", teams=4, seed=8, knockout=True)
    tie = bracket_draw(season, two_legged_rounds=[1]).ties.filter(round=1).first()
    response = act(admin_client, "play_now", [tie.match]).content.decode()
    assert "Played 0 matches." in response and "second leg whose first leg is not played yet" in response
    assert Match.objects.get(id=tie.match_id).status == Match.Status.SCHEDULED
    response = act(admin_client, "play_now", [tie.first_leg, tie.match]).content.decode()
    assert "Played 2 matches." in response


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


def test_a_kickoff_edited_in_the_admin_moves_the_match_like_the_api(admin_client, season):
    """The list's editable kickoff: queued again, a new calendar revision, an audit entry."""
    match = Match.objects.filter(season=season).order_by("id").first()
    Match.objects.filter(id=match.id).update(queued_at=match.kickoff)
    rows = Match.objects.filter(season=season).order_by("-id")  # the changelist's order
    data = {"form-TOTAL_FORMS": rows.count(), "form-INITIAL_FORMS": rows.count(), "_save": "Save"}
    for i, row in enumerate(rows):
        data[f"form-{i}-id"] = row.id
        data[f"form-{i}-kickoff_0"] = row.kickoff.strftime("%Y-%m-%d")
        data[f"form-{i}-kickoff_1"] = row.kickoff.strftime("%H:%M:%S")
        if row.id == match.id:
            data[f"form-{i}-kickoff_0"] = "2031-05-04"
    response = admin_client.post("/admin/matches/match/", data, follow=True)
    assert response.status_code == 200
    moved = Match.objects.get(id=match.id)
    assert moved.kickoff.date().isoformat() == "2031-05-04"
    assert moved.queued_at is None and moved.sequence == match.sequence + 1
    assert Entry.objects.filter(action="match.moved", match_id=match.id).count() == 1


def test_a_played_match_keeps_its_kickoff_in_the_admin(admin_client, season):
    match = Match.objects.filter(season=season).first()
    Match.objects.filter(id=match.id).update(status=Match.Status.PLAYED, home_goals=1, away_goals=0)
    data = {"season": match.season_id, "round": match.round, "home": match.home_id, "away": match.away_id}
    data |= {"kickoff_0": "2031-05-04", "kickoff_1": "12:00:00", "play_mode": match.play_mode}
    response = admin_client.post(f"/admin/matches/match/{match.id}/change/", data)
    assert response.status_code == 200 and "keeps its kickoff" in response.content.decode()
    assert Match.objects.get(id=match.id).kickoff == match.kickoff


def test_a_refused_postpone_is_an_error_with_its_reason(admin_client, season):
    match = Match.objects.filter(season=season).first()
    act(admin_client, "play_now", [match])
    response = act(admin_client, "postpone", [match])
    why = "status: A played match cannot become postponed (only scheduled, failed)."
    shown = [(m.level_tag, m.message) for m in response.context["messages"]]
    assert shown == [("error", f"{Match.objects.get(id=match.id)}: not postponed: {why}")]


def test_only_an_engine_result_shows_the_replay_command(admin_client, season):
    played, forfeited = Match.objects.filter(season=season)[:2]
    act(admin_client, "play_now", [played])
    act(admin_client, "forfeit_home", [forfeited])
    assert "engines simulate futti --seed" in admin_client.get(f"/matches/{played.id}/").content.decode()
    assert "engines simulate" not in admin_client.get(f"/matches/{forfeited.id}/").content.decode()


def test_a_cancelled_match_cannot_be_forfeited_a_postponed_one_can(admin_client, season):
    cancelled, postponed = Match.objects.filter(season=season)[:2]
    act(admin_client, "cancel", [cancelled])
    act(admin_client, "postpone", [postponed])
    response = act(admin_client, "forfeit_home", [cancelled, postponed])
    shown = [(m.level_tag, m.message) for m in response.context["messages"]]
    why = f"status: {cancelled} is cancelled: a cancelled match never counts, so it cannot be forfeited."
    assert shown[0] == ("error", f"{cancelled}: not forfeited: {why}")
    assert Match.objects.get(id=cancelled.id).status == Match.Status.CANCELLED
    assert Match.objects.get(id=postponed.id).status == Match.Status.FORFEITED
