"""The steps of a result entered at the table (``matches.table_results`` says who may do
what and checks the result): each owns its transaction, stores an agreed result as the
engine's would be and sets off what it decides (``competitions.progress.on_result``)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.urls import reverse
from django.utils.functional import lazy
from django.utils.translation import gettext as _

from competitions.bracket import WinnerMovedOn
from competitions.progress import on_result
from engines import MatchResult
from engines.core import Event
from engines.published import OWN_GOAL
from matches.models import Match, PlayByPlay, PlayerMatchStat, ResultSubmission
from matches.services import RESULT_FIELDS, STAT_FIELDS, SquadSheet, result_store, team_sheets
from matches.table_results import (
    TABLE_VERSION,
    Action,
    State,
    check_open,
    manager_side,
    open_submissions,
    require_commissioner,
    result_clean,
    result_lock,
    scored_for,
    side_of,
    squad_of,
    table_entry,
)
from notifications.models import Kind
from notifications.services import notify

# --- storing ---------------------------------------------------------------------------


def _store(match: Match, payload: dict[str, Any]) -> None:
    """Store an agreed result as the engine's would be: score, play-by-play, stats; then the bracket."""
    # every card of both squads, those out included: the result says who played, as entered
    home, away = (sheet.full if isinstance(sheet, SquadSheet) else sheet for sheet in team_sheets(match))
    squad = squad_of(match)
    game = table_entry(match.season.league.engine)
    stats: dict[str, dict[str, int]] = {}
    events = []
    for event in payload["events"]:
        player, side = str(event["player"]), squad[event["player"]][0]
        detail: dict[str, Any] = {"source": "table"}
        if event["out"] is not None:
            detail["out"] = str(event["out"])
        if event["kind"] == OWN_GOAL:
            detail["for"] = scored_for(side, OWN_GOAL)
        kinds = [event["kind"]]
        if event["kind"] == game.second_yellow:  # as the engines log it: the booking, then the sending-off
            kinds, detail["second_yellow"] = ["yellow_card", "red_card"], True
        for kind in kinds:
            events.append(Event(len(events) + 1, event["minute"], kind, side, player, dict(detail)))
            if stat := game.timed.get(kind):
                line = stats.setdefault(player, dict.fromkeys(STAT_FIELDS, 0))
                line[stat] += 1
    for player, counted in payload["counts"].items():
        stats.setdefault(player, dict.fromkeys(STAT_FIELDS, 0)).update(counted)
    result = MatchResult(
        engine=match.season.league.engine,
        version=TABLE_VERSION,
        seed=match.seed,
        home_goals=payload["home_goals"],
        away_goals=payload["away_goals"],
        decided_by=payload["decided_by"],
        shootout_home=payload["shootout_home"],
        shootout_away=payload["shootout_away"],
        events=events,
        player_stats=stats,
    )
    PlayByPlay.objects.filter(match=match).delete()
    PlayerMatchStat.objects.filter(match=match).delete()
    result_store(match, result, home, away)
    on_result(match)


def _accept(
    match: Match, submission: ResultSubmission, *, action: str | None, user=None, side: str = "", note: str = ""
) -> None:
    """Make ``submission`` the result: store it, close every other open submission, and log
    the step (``action``) unless the submission is itself the step."""
    for other in open_submissions(match):
        if other.pk != submission.pk:
            other.state = State.REJECTED
            other.save(update_fields=["state"])
    submission.state = State.ACCEPTED
    submission.save(update_fields=["state"])
    if action:
        ResultSubmission.objects.create(match=match, action=action, side=side, by=user, refers_to=submission, note=note)
    _store(match, submission.payload)


# --- the steps -------------------------------------------------------------------------


def result_submit(*, match_id: int, user, data: dict[str, Any]) -> ResultSubmission:
    """A manager of either team submits the scoresheet's result.

    It waits for the other side. If the other manager already submitted the same result,
    this confirms it; a different one puts both in dispute for the commissioner. A
    manager's own earlier open submission is superseded.
    """
    with transaction.atomic():
        match = result_lock(match_id)
        side = manager_side(match, user)
        check_open(match)
        payload = result_clean(match, data)
        waiting = open_submissions(match)
        for own in (s for s in waiting if s.side == side):
            own.state = State.SUPERSEDED
            own.save(update_fields=["state"])
        submission = ResultSubmission.objects.create(
            match=match, action=Action.SUBMIT, side=side, by=user, payload=payload, state=State.PENDING
        )
        theirs = [s for s in waiting if s.side != side]
        if theirs and theirs[-1].payload == payload:
            _accept(match, theirs[-1], action=Action.CONFIRM, user=user, side=side, note="submitted the same result")
            submission.state = State.ACCEPTED
            submission.save(update_fields=["state"])
        elif theirs:
            for s in (theirs[-1], submission):
                s.state = State.DISPUTED
                s.save(update_fields=["state"])
        else:
            confirmation_ask(match, submission)
    return submission


def confirmation_ask(match: Match, submission: ResultSubmission) -> None:
    """Tell the other side's manager that a result waits for their confirmation."""
    other = match.away if submission.side == Match.Side.HOME else match.home
    score = f"{submission.payload.get('home_goals')}-{submission.payload.get('away_goals')}"
    entered_by = match.home if submission.side == Match.Side.HOME else match.away
    # lazy: ``notify`` words them in the other manager's language
    notify(
        other.manager,
        Kind.CONFIRM,
        f"confirm:{submission.pk}",
        lazy(confirm_subject, str)(match, score),
        lazy(confirm_body, str)(entered_by),
        reverse("admin:matches_table_enter", args=[match.pk]),
    )


def confirm_subject(match: Match, score: str) -> str:
    """ "Confirm the result Alpha 2-1 Beta", in the active language."""
    return _("Confirm the result %(home)s %(score)s %(away)s") % {
        "home": match.home,
        "score": score,
        "away": match.away,
    }


def confirm_body(entered_by) -> str:
    """Who entered the result and what confirming it does, in the active language."""
    return _(
        "The manager of %(team)s entered it; it counts once you confirm it (or the commissioner decides if you "
        "enter another)."
    ) % {"team": entered_by}


def result_confirm(*, match_id: int, user) -> ResultSubmission:
    """The other manager confirms the result waiting for them; it counts from now."""
    with transaction.atomic():
        match = result_lock(match_id)
        side = manager_side(match, user)
        check_open(match)
        waiting = open_submissions(match)
        if any(s.state == State.DISPUTED for s in waiting):
            raise ValidationError(
                {"match": _("The two managers submitted different results; the commissioner decides.")}
            )
        theirs = [s for s in waiting if s.side != side]
        if not theirs:
            if waiting:
                raise PermissionDenied(_("You submitted this result; the other team's manager confirms it."))
            raise ValidationError(
                {"match": _("No result for %(match)s is waiting to be confirmed.") % {"match": match}}
            )
        _accept(match, theirs[-1], action=Action.CONFIRM, user=user, side=side)
    return theirs[-1]


def result_decide(
    *, match_id: int, user, submission_id: int | None = None, data: dict[str, Any] | None = None, note: str = ""
) -> ResultSubmission:
    """The commissioner settles the result: approves a waiting submission, picks one side of
    a dispute (``submission_id``), or enters the result themselves (``data``)."""
    with transaction.atomic():
        match = result_lock(match_id)
        require_commissioner(match, user, "approve or decide a result")
        check_open(match)
        waiting = open_submissions(match)
        disputed = any(s.state == State.DISPUTED for s in waiting)
        if data is not None:
            chosen = ResultSubmission.objects.create(
                match=match, action=Action.DECIDE, by=user, payload=result_clean(match, data), note=note
            )
            _accept(match, chosen, action=None)
            return chosen
        if submission_id is None and len(waiting) == 1:
            submission_id = waiting[0].pk
        chosen = next((s for s in waiting if s.pk == submission_id), None)
        if chosen is None:
            raise ValidationError(
                {"submission": _("Choose one of the submissions waiting for this match, or enter a result.")}
            )
        _accept(match, chosen, action=Action.DECIDE if disputed else Action.APPROVE, user=user, note=note)
    return chosen


def result_edit(*, match_id: int, user, data: dict[str, Any], note: str = "") -> ResultSubmission:
    """The commissioner corrects a confirmed table result; the old score is kept in the log. In
    a knockout the bracket follows (``advance``): a new winner takes the old one's place in a
    next match not played yet; once it is played the edit is refused and nothing changes."""
    with transaction.atomic():
        match = result_lock(match_id)
        require_commissioner(match, user, "edit a confirmed result")
        if match.status != Match.Status.PLAYED or match.engine_version != TABLE_VERSION:
            raise ValidationError({"match": _("%(match)s has no confirmed table result to edit.") % {"match": match}})
        was = f"was {match.home_goals}-{match.away_goals}"
        edit = ResultSubmission.objects.create(
            match=match,
            action=Action.EDIT,
            by=user,
            payload=result_clean(match, data),
            state=State.ACCEPTED,
            note=f"{was}; {note}" if note else was,
        )
        before = {field: getattr(match, field) for field in RESULT_KEYS}
        try:
            _store(match, edit.payload)
        except ValidationError as exc:
            raise _keyed_by_the_change(exc, before, edit.payload) from exc
    return edit


#: What a result says about who won (its stored fields but the status): an edit refused by the
#: bracket names the ones it changed.
RESULT_KEYS = tuple(field for field in RESULT_FIELDS if field != "status")


def _keyed_by_the_change(exc: ValidationError, before: dict[str, Any], payload: dict[str, Any]) -> ValidationError:
    """The bracket refuses an edit that would change who goes through once the teams have
    played on (``competitions.knockout.WinnerMovedOn``, keyed ``winner``): say it on the fields
    the edit changed, so the form shows it where the commissioner typed."""
    if not isinstance(exc, WinnerMovedOn):
        return exc
    changed = [field for field in RESULT_KEYS if payload[field] != before[field]] or ["home_goals"]
    return ValidationError(dict.fromkeys(changed, exc.message_dict["winner"]))


def result_enter(*, match_id: int, user, data: dict[str, Any], note: str = "") -> ResultSubmission:
    """Whatever entering a result means for this user: a manager submits it; a commissioner
    decides it, or edits it once confirmed. The admin, the API and ``enter_result`` call this."""
    match = Match.objects.select_related("season__league", "home", "away").get(id=match_id)
    if side_of(match, user):
        return result_submit(match_id=match_id, user=user, data=data)
    if not (user and user.is_authenticated and match.season.league.is_commissioner(user)):
        raise PermissionDenied(
            _("Only the managers of %(match_home)s and %(match_away)s, or a commissioner, may enter it.")
            % {"match_home": match.home, "match_away": match.away}
        )
    if match.status == Match.Status.PLAYED:
        return result_edit(match_id=match_id, user=user, data=data, note=note)
    return result_decide(match_id=match_id, user=user, data=data, note=note)
