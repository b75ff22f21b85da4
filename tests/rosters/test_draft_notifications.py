"""The manager on the clock is told when their move is due, once per move, and warned before the
time runs out; a team the clock picks for is told nothing."""

from datetime import timedelta

import pytest
from django.test import TestCase
from django.utils import timezone

from leagues.models import Team
from notifications.models import Kind, Notification
from rosters.drafts import clock
from rosters.drafts.moves import autopick_set, draft_pause, draft_resume, draft_start, move_make
from rosters.drafts.setup import draft_create
from rosters.models import Draft

pytestmark = pytest.mark.django_db


def told(kind=Kind.PICK):
    return [(n.user.username, n.key) for n in Notification.objects.filter(kind=kind).order_by("id")]


def test_the_manager_on_the_clock_is_told_once_per_move(draft, cast, client):
    assert told() == [("bruno@example.com", f"draft:{draft.pk}:move:0")]
    client.force_login(cast["bruno"])
    assert f"Your move in the draft of {draft.season}" in client.get("/me/").content.decode()
    draft_pause(draft.pk, by=cast["anna"])
    draft_resume(draft.pk, by=cast["anna"])
    assert len(told()) == 1  # the same move: told already
    card = draft.season.league.players.order_by("price", "name").first()
    move_make(draft.pk, team_id=cast["alpha"].pk, kind="pick", player_id=card.pk, pick_number=0, by=cast["bruno"])
    assert told()[1] == ("carla@example.com", f"draft:{draft.pk}:move:1")
    assert f"Your move in the draft of {draft.season}" not in client.get("/me/").content.decode()


def test_a_team_on_autopick_is_not_told_and_the_warning_comes_before_the_time_runs_out(season, cast, pool, monkeypatch):
    warnings = []
    monkeypatch.setattr(clock.app, "send_task", lambda name, args, eta=None: warnings.append((name, args, eta)))
    order = [Team.objects.get(league=season.league, name=n).pk for n in ("Alpha", "Beta", "Gamma", "Delta")]
    made = draft_create(season, order_method=Draft.OrderMethod.MANUAL, order=order, seconds_per_pick=120)
    autopick_set(made.pk, team_id=cast["alpha"].pk, on=True, by=cast["bruno"])
    with TestCase.captureOnCommitCallbacks(execute=True):
        draft = draft_start(made.pk, by=cast["anna"])
    assert [user for user, _ in told()] == ["carla@example.com"]  # Alpha's first pick was the clock's
    clock.pick_warning(draft.pk, "an old token")
    assert told(Kind.PICK_WARNING) == []
    draft.refresh_from_db()
    clock.pick_warning(draft.pk, draft.clock_token)
    assert told(Kind.PICK_WARNING) == [("carla@example.com", f"draft:{draft.pk}:move:1:warning")]
    assert draft.deadline - timedelta(seconds=clock.WARNING_SECONDS) in [eta for *_, eta in warnings]


def test_a_resumed_clock_warns_again_before_the_time_it_had_left(season, cast, pool, monkeypatch):
    warnings = []
    monkeypatch.setattr(clock.app, "send_task", lambda name, args, eta=None: warnings.append((name, eta)))
    order = [Team.objects.get(league=season.league, name=n).pk for n in ("Alpha", "Beta", "Gamma", "Delta")]
    made = draft_create(season, order_method=Draft.OrderMethod.MANUAL, order=order, seconds_per_pick=120)
    draft = draft_start(made.pk, by=cast["anna"])
    draft_pause(draft.pk, by=cast["anna"])
    Draft.objects.filter(pk=draft.pk).update(seconds_left=100)
    with TestCase.captureOnCommitCallbacks(execute=True):
        resumed = draft_resume(draft.pk, by=cast["anna"])
    assert abs((resumed.deadline - timezone.now()).total_seconds() - 100) < 5  # the time that was left
    # (the resumed clock also asks for the team's card values, sent by name like the warning)
    warned = [(name, eta) for name, eta in warnings if name == clock.WARNING_TASK]
    assert warned == [(clock.WARNING_TASK, resumed.deadline - timedelta(seconds=clock.WARNING_SECONDS))]
