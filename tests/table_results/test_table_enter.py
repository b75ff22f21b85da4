"""``result_enter``, the one door of the admin, the API and the ``enter_result`` command: a
manager's entry is a submission, a commissioner's a decision (or an edit once confirmed), and
the commissioner's note is kept with it."""

import pytest

from competitions.table_results import result_enter
from matches.models import Match, ResultSubmission
from matches.table_results import table_state

from .conftest import scoresheet

pytestmark = pytest.mark.django_db


def test_a_commissioners_entry_decides_the_result_with_the_note_given(match, commissioner):
    decision = result_enter(match_id=match.id, user=commissioner, data=scoresheet(match, 3, 1), note="sheet photo")
    match.refresh_from_db()
    assert (match.status, match.home_goals, match.away_goals) == (Match.Status.PLAYED, 3, 1)
    assert (decision.action, decision.note, decision.by) == (
        ResultSubmission.Action.DECIDE,
        "sheet photo",
        commissioner,
    )


def test_an_entry_without_a_note_logs_none(match, season, commissioner):
    decision = result_enter(match_id=match.id, user=commissioner, data=scoresheet(match, 1, 0))
    assert decision.note == ""
    edit = result_enter(match_id=match.id, user=commissioner, data=scoresheet(match, 1, 1))
    assert (edit.action, edit.note) == (ResultSubmission.Action.EDIT, "was 1-0")


def test_a_managers_entry_waits_for_the_other_side(match, home_manager):
    submission = result_enter(match_id=match.id, user=home_manager, data=scoresheet(match, 0, 2))
    assert (submission.action, submission.state, submission.side) == ("submit", "pending", "home")
    assert Match.objects.get(id=match.id).status == Match.Status.SCHEDULED


def test_a_table_match_awaits_its_result_and_a_simulated_one_has_no_table_state(match):
    assert table_state(match) == "awaiting"
    Match.objects.filter(id=match.id).update(play_mode="simulated")
    assert table_state(Match.objects.get(id=match.id)) == ""
