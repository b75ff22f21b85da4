"""The use cases that store a played or forfeited match's result: each owns the transaction,
stores the result with ``matches.services`` and then sets off what it decides
(``competitions.progress.on_result``), so the two stand or fall together."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from competitions.progress import on_result
from matches import services
from matches.models import Match

log = logging.getLogger(__name__)


def match_play(*, match_id: int) -> Match:
    """Play a match that is ready (``matches.services.match_lock``) with its league's engine,
    store the result and move its tournament on, in one transaction holding the match's row.
    Any other match is returned unchanged."""
    with transaction.atomic():
        match = services.match_lock(match_id)
        if match is None:
            return Match.objects.get(id=match_id)
        services.match_simulate_and_store(match)
        on_result(match)
    return match


def match_forfeit(match: Match, *, forfeited_by: str) -> Match:
    """Award the match against the side that forfeited and move its tournament on."""
    with transaction.atomic():
        match = services.forfeit_store(match, forfeited_by=forfeited_by)
        on_result(match)
    return match


def matches_play(ids: Iterable[int]) -> list[Match]:
    """Play matches in this process, one transaction each; a failure marks only its own match."""
    played = []
    for match_id in ids:
        try:
            played.append(match_play(match_id=match_id))
        except Exception as exc:  # an engine or squad error fails this match, not the run
            log.exception("match %s failed", match_id)
            services.match_fail(match_id=match_id, error=f"{type(exc).__name__}: {exc}")
            played.append(Match.objects.get(id=match_id))
    return played


def due_matches_play(now: datetime | None = None) -> list[Match]:
    """Play every due match here and now, without a worker (``manage.py simulate_due``)."""
    return matches_play(services.due_matches(now or timezone.now()).values_list("id", flat=True))
