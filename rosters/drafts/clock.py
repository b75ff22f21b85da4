"""The draft clock: a deadline per pick, a task queued for the moment it runs out
(``rosters.tasks.draft_clock``, sent by name: the task calls the moves), and the notices to the
manager on the clock: now, and again shortly before the time runs out."""

from __future__ import annotations

import uuid
from datetime import timedelta

from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import lazy
from django.utils.translation import gettext as _

from config.celery import app
from leagues.models import Team
from notifications.models import Kind
from notifications.services import notify
from rosters.drafts.state import on_the_clock
from rosters.drafts.values import values_request
from rosters.models import Draft

#: The clock task, by name: it calls ``moves.clock_expired``, which sets the clock again.
CLOCK_TASK = "rosters.tasks.draft_clock"
#: The task that warns the manager on the clock, this many seconds before the time runs out
#: (for clocks of more than twice as long).
WARNING_TASK = "rosters.tasks.pick_warning"
WARNING_SECONDS = 30


def clock_set(draft: Draft, seconds: float | None = None) -> None:
    """Start the clock for the pick now due (``seconds`` of it: the pick time by default, what
    was left when a paused draft resumes), have a worker look when it runs out, and tell the
    manager on the clock, with a warning before the end when there is time for one."""
    seconds = seconds or draft.seconds_per_pick
    draft.deadline = timezone.now() + timedelta(seconds=seconds)
    draft.clock_token = uuid.uuid4().hex
    draft.seconds_left = None
    args, eta = (draft.pk, draft.clock_token), draft.deadline
    transaction.on_commit(lambda: schedule_clock(args, eta))
    card_values_ask(draft)
    if pick_tell(draft) and seconds > 2 * WARNING_SECONDS:
        warn_at = draft.deadline - timedelta(seconds=WARNING_SECONDS)
        transaction.on_commit(lambda: app.send_task(WARNING_TASK, args, eta=warn_at))


def card_values_ask(draft: Draft) -> None:
    """Have a worker measure the free cards for the team now on the clock of a snake draft while
    someone chooses (not for a team the clock picks for at once: it would not wait for them)."""
    team_id = on_the_clock(draft)
    if draft.format != Draft.Format.SNAKE or team_id is None or draft.autopick_teams.filter(pk=team_id).exists():
        return
    values_request(draft, team_id)


def pick_tell(draft: Draft, *, warning: bool = False) -> bool:
    """Tell the manager of the team on the clock (not one the clock picks for) that it is their
    move, once per move; True if the move has someone to tell (told now or before: a resumed
    clock warns again)."""
    team_id = on_the_clock(draft)
    if team_id is None or draft.autopick_teams.filter(pk=team_id).exists():
        return False
    team = Team.objects.select_related("manager").filter(pk=team_id).first()
    if team is None or team.manager is None:
        return False
    room = reverse("admin:rosters_draft_room", args=[draft.pk])
    # lazy: ``notify`` words them in the manager's language
    subject = lazy(pick_subject, str)(team.name, draft.season, warning=warning)
    body = lazy(pick_body, str)(draft.seconds_per_pick, warning=warning)
    key = f"draft:{draft.pk}:move:{draft.pick_number}" + (":warning" if warning else "")
    kind = Kind.PICK_WARNING if warning else Kind.PICK
    notify(team.manager, kind, key, subject, body, room)
    return True


def pick_subject(team: str, season, *, warning: bool = False) -> str:
    """ "Alpha is on the clock in the draft of 2026", or the warning's "30 seconds left for
    Alpha's move ...", in the active language."""
    if warning:
        return _("%(seconds)s seconds left for %(team)s's move in the draft of %(season)s") % {
            "seconds": WARNING_SECONDS,
            "team": team,
            "season": season,
        }
    return _("%(team)s is on the clock in the draft of %(season)s") % {"team": team, "season": season}


def pick_body(seconds_per_pick: int, *, warning: bool = False) -> str:
    """What the manager on the clock is told to expect, in the active language."""
    if warning:
        return _("The clock picks for your team when the time runs out.")
    return _("You have %(seconds)s seconds for your move.") % {"seconds": seconds_per_pick}


def pick_warning(draft_id: int, token: str) -> None:
    """The warning task's body: tell the manager if the same move is still on the clock."""
    draft = Draft.objects.select_related("season__league").filter(pk=draft_id, clock_token=token).first()
    if draft is not None and draft.state == Draft.State.RUNNING:
        pick_tell(draft, warning=True)


def schedule_clock(args: tuple[int, str], eta) -> None:
    """Queue the clock task (a separate function so tests can record instead of queueing)."""
    app.send_task(CLOCK_TASK, args, eta=eta)
