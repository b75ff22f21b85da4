"""The draft clock's notices word for word, when a warning is worth sending, and the tasks it
queues (found by mutation testing: the notification tests read the notices' keys only).

The cast and the pool as in test_draft_snake; Bruno manages Alpha, Carla Beta, Gamma and Delta
have no manager.
"""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import TestCase
from django.urls import reverse
from django.utils import timezone

from notifications.models import Kind, Notification
from rosters.drafts import clock
from rosters.drafts.clock import schedule_clock as send_clock  # the real one: the roster tests record it
from rosters.drafts.moves import draft_start
from rosters.drafts.setup import draft_create
from rosters.drafts.values import CARD_VALUES_TASK
from rosters.models import Draft

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent(monkeypatch):
    """The tasks the clock sends (the clock task and the warning), recorded instead of sent."""
    tasks = []
    monkeypatch.setattr(clock.app, "send_task", lambda name, args, eta=None: tasks.append((name, args, eta)))
    return tasks


def warnings(sent) -> list:
    return [task for task in sent if task[0] == clock.WARNING_TASK]


def snake(season, cast, first: str, seconds: int) -> Draft:
    names = [first, *(n for n in ("Alpha", "Beta", "Gamma", "Delta") if n != first)]
    order = [season.teams.get(name=n).pk for n in names]
    made = draft_create(season, order_method=Draft.OrderMethod.MANUAL, order=order, seconds_per_pick=seconds)
    with TestCase.captureOnCommitCallbacks(execute=True):
        return draft_start(made.pk, by=cast["anna"])


def test_the_manager_on_the_clock_is_told_how_long_they_have_with_a_link_to_the_room(season, cast, pool, sent):
    draft = snake(season, cast, "Alpha", 90)
    note = Notification.objects.get(kind=Kind.PICK)
    assert (note.user, note.subject) == (cast["bruno"], f"Alpha is on the clock in the draft of {draft.season}")
    assert note.body == "You have 90 seconds for your move."
    assert note.url == reverse("admin:rosters_draft_room", args=[draft.pk])


def test_the_warning_says_how_long_is_left(season, cast, pool, sent):
    draft = snake(season, cast, "Beta", 90)
    clock.pick_warning(draft.pk, draft.clock_token)
    note = Notification.objects.get(kind=Kind.PICK_WARNING)
    assert (note.user, note.subject) == (
        cast["carla"],
        f"30 seconds left for Beta's move in the draft of {draft.season}",
    )
    assert note.body == "The clock picks for your team when the time runs out."
    assert note.key == f"draft:{draft.pk}:move:0:warning"
    assert note.url == reverse("admin:rosters_draft_room", args=[draft.pk])


def test_the_clock_task_is_queued_for_the_deadline_and_the_warning_thirty_seconds_before(
    season, cast, pool, sent, clock_tasks
):
    draft = snake(season, cast, "Alpha", 61)
    assert clock_tasks == [((draft.pk, draft.clock_token), draft.deadline)]
    assert warnings(sent) == [
        (clock.WARNING_TASK, (draft.pk, draft.clock_token), draft.deadline - timedelta(seconds=30))
    ]
    assert len(draft.clock_token) == 32 and draft.seconds_left is None


def test_the_clock_task_goes_to_the_worker_by_name(sent):
    eta = timezone.now()
    send_clock((7, "a token"), eta)
    assert sent == [("rosters.tasks.draft_clock", (7, "a token"), eta)]


def test_a_clock_of_a_minute_or_less_has_no_warning(season, cast, pool, sent):
    snake(season, cast, "Alpha", 60)
    assert warnings(sent) == []


def test_a_team_without_a_manager_gets_no_warning(season, cast, pool, sent):
    snake(season, cast, "Gamma", 120)
    assert warnings(sent) == []
    assert not Notification.objects.filter(kind__in=[Kind.PICK, Kind.PICK_WARNING]).exists()


def test_no_warning_for_a_paused_draft(season, cast, pool, sent):
    draft = snake(season, cast, "Beta", 120)
    token = draft.clock_token
    Draft.objects.filter(pk=draft.pk).update(state=Draft.State.PAUSED)
    clock.pick_warning(draft.pk, token)
    assert not Notification.objects.filter(kind=Kind.PICK_WARNING).exists()


def values_asked(sent) -> list:
    return [args for name, args, _ in sent if name == CARD_VALUES_TASK]


def test_card_values_are_asked_for_the_team_choosing_not_one_the_clock_picks_for(season, cast, pool, sent):
    cache.clear()  # a request is asked once a while per draft, team and squad
    order = [season.teams.get(name=n).pk for n in ("Alpha", "Beta", "Gamma", "Delta")]
    made = draft_create(season, order_method=Draft.OrderMethod.MANUAL, order=order, seconds_per_pick=120)
    made.autopick_teams.add(cast["alpha"])
    with TestCase.captureOnCommitCallbacks(execute=True):
        draft = draft_start(made.pk, by=cast["anna"])
    assert values_asked(sent) == [(draft.pk, cast["beta"].pk)]  # Alpha's pick was the clock's at once
    assert warnings(sent) == [
        (clock.WARNING_TASK, (draft.pk, draft.clock_token), draft.deadline - timedelta(seconds=30))
    ]


def test_an_auction_asks_for_no_card_values(auction, sent):
    cache.clear()
    with TestCase.captureOnCommitCallbacks(execute=True):
        clock.clock_set(auction)
    assert values_asked(sent) == []
