"""The use cases that store a played or forfeited match's result: each owns the transaction,
stores the result with ``matches.services`` and then sets off what it decides
(``competitions.progress.on_result``), so the two stand or fall together."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import datetime

from django.conf import settings
from django.db import InterfaceError, OperationalError, connection, transaction
from django.utils import timezone

from audit import services as audit
from competitions.progress import on_failure, on_result
from leagues.cache import standings_changes_collected
from matches import absences, services
from matches.models import Match

log = logging.getLogger(__name__)


def match_play(*, match_id: int) -> Match:
    """Play a match that is ready (``matches.services.matches_ready``) with its league's engine,
    then store the result and move its tournament on in one transaction holding the match's
    row; an engine error is raised. Any other match, or one stored meanwhile by another
    worker, is returned unchanged."""
    ready = services.matches_ready([match_id])
    if ready:
        inputs, simulated = services.playing_inputs(ready[0]), match_simulate_or_short(ready[0])
        with transaction.atomic():
            for match in services.matches_lock(ready):
                if services.playing_inputs(match) != inputs:
                    simulated = match_simulate_or_short(match)  # changed since it was read
                match = simulated_or_forfeit_store(match, simulated)
                on_result(match)
                return match
    return Match.objects.get(id=match_id)


def match_simulate_or_short(match: Match) -> services.Simulated | services.SidesShort:
    """What the engine played, or the one side too short to play (an engine error, or both
    sides short, is raised)."""
    try:
        return services.match_simulate(match)
    except services.SidesShort as short:
        if len(short.sides) > 1:
            raise
        return short


def simulated_or_forfeit_store(
    match: Match, simulated: services.Simulated | services.SidesShort, audit_entries: list | None = None
) -> Match:
    """Store what the engine played on the locked match, or, when one side could not field the
    game's minimum without its absent players, a forfeit against it with the reason (the
    caller holds the transaction and sets off what the result decides). Both sides short: the
    match cannot be decided here, ``SidesShort`` is raised (the match fails, with why)."""
    if isinstance(simulated, services.SidesShort):
        if len(simulated.sides) > 1:
            raise simulated
        ((side, reason),) = simulated.sides.items()
        return services.forfeit_store(match, forfeited_by=side, reason=reason)
    return services.simulated_store(match, simulated, audit_entries)


def match_forfeit(match: Match, *, forfeited_by: str) -> Match:
    """Award the match against the side that forfeited and move its tournament on."""
    with transaction.atomic():
        match = services.forfeit_store(match, forfeited_by=forfeited_by)
        on_result(match)
    return match


def matches_play(ids: Iterable[int]) -> list[Match]:
    """Play matches in batches of ``PLAY_BATCH_SIZE`` (``batch_play``). A second leg whose first
    leg is among them is played after it, in a pass of its own; so is a team's later match of a
    season (overdue rounds), since who is out of it follows from the earlier one's result.
    Returns the matches of ``ids`` as they stand, in that order."""
    ids = list(ids)
    pending = ids
    size = settings.PLAY_BATCH_SIZE
    while ready := services.matches_ready(pending):
        ready = teams_first_matches(ready)
        for start in range(0, len(ready), size):
            batch_play(ready[start : start + size])
        played = {match.id for match in ready}
        pending = [match_id for match_id in pending if match_id not in played]
    found = Match.objects.in_bulk(ids)
    return [found[match_id] for match_id in ids if match_id in found]


def teams_first_matches(matches: list[Match]) -> list[Match]:
    """Of ``matches``, those that are each of their teams' first of the season among them (by
    kickoff, then id), in their order: a batch reads each team's sheet once, for its next match
    (its suspended and injured players left off), so a team's later match waits for a pass of
    its own, after the earlier one's result is stored. In a league where nobody is ever out
    (no suspensions or injuries), any number of a team's matches play together."""
    first: dict[tuple[int, int], tuple] = {}
    for match in matches:
        for team_id in (match.home_id, match.away_id):
            key = (match.season_id, team_id)
            first[key] = min(first.get(key, (match.kickoff, match.id)), (match.kickoff, match.id))
    return [
        match
        for match in matches
        if not absences.rules_apply(match.season)
        or first[match.season_id, match.home_id][1] == match.id == first[match.season_id, match.away_id][1]
    ]


def batch_play(ready: list[Match]) -> None:
    """Play a batch of ready matches: each is simulated first, outside any transaction (the
    engine holds no lock, so other writers never wait for it), from squads read once for the
    batch, then all are stored in one transaction holding their rows: the league matches
    together (``league_results_store``), the rest each in a savepoint of its own. A match is
    stored exactly once (one stored meanwhile by another worker is skipped; one whose teams,
    seed or season changed since it was read is played again under the lock), a failure marks
    only its own match failed, and nothing of the batch is stored until it commits (a batch
    lost with its worker leaves its matches scheduled and queued, recovered as a single lost
    match is). A lost connection or a deadlock is raised for the caller to retry."""
    sheets = services.seasons_sheets(ready)
    simulated = {match.id: (services.playing_inputs(match), match_simulate_or_error(match, sheets)) for match in ready}
    audit_entries: list = []
    alone = not connection.in_atomic_block  # its own transaction, not a caller's
    with transaction.atomic(), standings_changes_collected():
        if alone:
            commit_without_waiting_for_disk()
        locked = []
        for match in services.matches_lock(ready):
            inputs, played = simulated[match.id]
            if services.playing_inputs(match) != inputs:
                played = match_simulate_or_error(match)
            locked.append((match, played))
        league_matches = [(m, p) for m, p in locked if together_storable(m) and not isinstance(p, Exception)]
        together = {m.id for m, _ in league_matches}
        others = [(m, p) for m, p in locked if m.id not in together]
        for match, played in [*league_results_store(league_matches, audit_entries), *others]:
            match_store_or_fail(match, played, audit_entries)
        audit.record_all(audit_entries)


def commit_without_waiting_for_disk() -> None:
    """Let PostgreSQL confirm a batch's own transaction before it is on disk (unless
    ``PLAY_SYNCHRONOUS_COMMIT``): a crash may then lose the commit, never half of it, and what
    it stored is replayable. Its matches stay claimed and scheduled, so they are queued again
    (``queue_lost_matches``, or once their claim is stale) and played with the same seeds. Never
    for a caller's transaction, which may hold writes that are not replayable."""
    if connection.vendor == "postgresql" and not settings.PLAY_SYNCHRONOUS_COMMIT:
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL synchronous_commit TO OFF")


def together_storable(match: Match) -> bool:
    """A league match (no winner required, no bracket's first leg, whose result may move the
    bracket on): what its result sets off does not depend on the batch's other results."""
    return not match.winner_required and not hasattr(match.season, "bracket")


def league_results_store(
    played: list[tuple[Match, services.Simulated]], audit_entries: list
) -> list[tuple[Match, services.Simulated]]:
    """Store the engine's results of locked league matches together, in one savepoint: one
    update and two COPYs for them all, then what each sets off (a league result at most draws
    the next stage, in a savepoint of its own, and asks for the round's odds). Returns what is
    left to store one by one: nothing, or, when anything of it failed (the savepoint rolled
    back), all of them read again, so that each failure is only its own match's."""
    if len(played) < 2:
        return played
    entries: list = []
    try:
        with transaction.atomic():
            services.simulated_store_all(played, entries)
            for match, _ in played:
                on_result(match)
    except (OperationalError, InterfaceError):  # the connection or the transaction: the batch's
        raise
    except Exception:
        log.warning("storing %s results together failed; storing them one by one", len(played), exc_info=True)
        again = services.matches_ready(match.id for match, _ in played)  # what the rollback undid
        fresh = {match.id: match for match in services.matches_lock(again)}
        return [(fresh[match.id], simulated) for match, simulated in played if match.id in fresh]
    audit_entries.extend(entries)
    return []


def match_simulate_or_error(
    match: Match, sheets: services.SeasonSheets | None = None
) -> services.Simulated | Exception:
    """What the engine played, or the error it (or the match's squads) raised."""
    try:
        return services.match_simulate(match, sheets)
    except Exception as exc:  # an engine or squad error fails this match, not the batch
        return exc


def match_store_or_fail(match: Match, simulated: services.Simulated | Exception, audit_entries: list) -> None:
    """Store a locked match's result in a savepoint and set off what it decides; an error of this
    match (its engine's, or what its result sets off) rolls back only its savepoint and marks it
    failed. Its audit entry joins ``audit_entries`` once its savepoint is kept."""
    try:
        if isinstance(simulated, Exception) and not is_one_side_short(simulated):
            raise simulated
        entries: list = []
        with transaction.atomic():
            match = simulated_or_forfeit_store(match, simulated, entries)  # type: ignore[arg-type]
            on_result(match)
        audit_entries.extend(entries)
    except (OperationalError, InterfaceError):  # the connection or the transaction: the batch's
        raise
    except Exception as exc:
        log.exception("match %s failed", match.id)
        services.match_fail(match_id=match.id, error=f"{type(exc).__name__}: {exc}")
        on_failure(match)


def is_one_side_short(error: Exception) -> bool:
    """Whether the error is one side too short to play: that match is forfeited, not failed."""
    return isinstance(error, services.SidesShort) and len(error.sides) == 1


def due_matches_play(now: datetime | None = None) -> list[Match]:
    """Play every due match here and now, without a worker (``manage.py simulate_due``)."""
    return matches_play(services.due_matches(now or timezone.now()).values_list("id", flat=True))
