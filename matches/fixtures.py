"""A commissioner's changes to fixtures: move a kickoff, postpone, cancel, reschedule.

The same rules the admin's actions apply (a result is never touched), as functions
the API calls. Each locks the match row, so a worker that is about to play the
match either plays it first (and the change is refused) or sees the change.
"""

from __future__ import annotations

from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from audit import services as audit
from matches.models import Match
from matches.services import match_revised

Status = Match.Status

#: For each status a commissioner may set, the statuses a match may be in to get it.
ALLOWED_FROM: dict[str, tuple[str, ...]] = {
    Status.POSTPONED: (Status.SCHEDULED, Status.FAILED),
    Status.CANCELLED: (Status.SCHEDULED, Status.POSTPONED, Status.FAILED),
    Status.SCHEDULED: (Status.POSTPONED, Status.FAILED),
}
#: What the audit log calls each change of status, and the fields it keeps.
STATUS_ACTIONS = {
    Status.POSTPONED: "match.postponed",
    Status.CANCELLED: "match.cancelled",
    Status.SCHEDULED: "match.rescheduled",
}
AUDITED = ["status", "kickoff", "error"]
#: A kickoff may move while the match has no result.
MOVABLE = (Status.SCHEDULED, Status.POSTPONED, Status.FAILED)


def status_word(status: str) -> str:
    """A status as a sentence says it ("a postponed match"), in the reader's language."""
    return str(Match.WORDS.get(status, status))


def match_move(*, match_id: int, kickoff: datetime) -> Match:
    """Move a match without a result to a new kickoff; it is queued again when that time comes."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(id=match_id)
        if match.status not in MOVABLE:
            raise ValidationError(
                {
                    "kickoff": _("A %(match_status)s match keeps its kickoff.")
                    % {"match_status": status_word(match.status)}
                }
            )
        before = audit.snapshot(match, ["kickoff"])
        match.kickoff, match.queued_at = kickoff, None
        match.save(update_fields=["kickoff", "queued_at", *match_revised(match)])
        audit.record(
            "match.moved", match, before=before, after=audit.snapshot(match, ["kickoff"]), **match.audit_scope()
        )
    return match


def match_set_status(*, match_id: int, status: str, kickoff: datetime | None = None) -> Match:
    """Postpone, cancel or reschedule a match (optionally at a new kickoff).

    Refused with a ValidationError when the match's current status does not allow
    it, e.g. cancelling a played match: its result stays.
    """
    if status not in ALLOWED_FROM:
        raise ValidationError(
            {"status": _("Choose from %(join_allowed_from)s.") % {"join_allowed_from": ", ".join(ALLOWED_FROM)}}
        )
    with transaction.atomic():
        match = Match.objects.select_for_update().get(id=match_id)
        if match.status not in ALLOWED_FROM[status]:
            allowed = ", ".join(status_word(s) for s in ALLOWED_FROM[status])
            raise ValidationError(
                {
                    "status": _("A %(match_status)s match cannot become %(status)s (only %(allowed)s).")
                    % {"match_status": status_word(match.status), "status": status_word(status), "allowed": allowed}
                }
            )
        before = audit.snapshot(match, AUDITED)
        match.status, match.queued_at = status, None
        fields = ["status", "queued_at"]
        if status == Status.SCHEDULED:
            match.error = ""
            fields.append("error")
        if kickoff is not None:
            match.kickoff = kickoff
            fields.append("kickoff")
        match.save(update_fields=[*fields, *match_revised(match)])
        audit.record(
            STATUS_ACTIONS[status], match, before=before, after=audit.snapshot(match, AUDITED), **match.audit_scope()
        )
    return match
