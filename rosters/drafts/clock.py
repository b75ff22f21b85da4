"""The draft clock: a deadline per pick, and a task queued for the moment it runs out
(``rosters.tasks.draft_clock``, sent by name: the task calls the moves)."""

from __future__ import annotations

import uuid
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from config.celery import app
from rosters.models import Draft

#: The clock task, by name: it calls ``moves.clock_expired``, which sets the clock again.
CLOCK_TASK = "rosters.tasks.draft_clock"


def clock_set(draft: Draft) -> None:
    """Start the clock for the pick now due, and have a worker look when it runs out."""
    draft.deadline = timezone.now() + timedelta(seconds=draft.seconds_per_pick)
    draft.clock_token = uuid.uuid4().hex
    draft.seconds_left = None
    args, eta = (draft.pk, draft.clock_token), draft.deadline
    transaction.on_commit(lambda: schedule_clock(args, eta))


def schedule_clock(args: tuple[int, str], eta) -> None:
    """Queue the clock task (a separate function so tests can record instead of queueing)."""
    app.send_task(CLOCK_TASK, args, eta=eta)
