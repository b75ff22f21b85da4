"""What a manager or commissioner is told when a table result is refused: the whole message,
keyed by the field the form shows it at, and who did each step of the log."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied, ValidationError

from competitions.table_results import result_confirm, result_decide, result_edit, result_submit
from leagues.models import Team
from matches.models import Match, ResultSubmission
from matches.table_results import result_clean

from .conftest import scoresheet

pytestmark = pytest.mark.django_db


def refusal(call, **kwargs) -> dict[str, list[str]]:
    with pytest.raises(ValidationError) as refused:
        call(**kwargs)
    return refused.value.message_dict


def test_confirming_a_dispute_is_left_to_the_commissioner(match, home_manager, away_manager):
    result_submit(match_id=match.id, user=home_manager, data=scoresheet(match, 2, 1))
    result_submit(match_id=match.id, user=away_manager, data=scoresheet(match, 1, 1))
    assert refusal(result_confirm, match_id=match.id, user=away_manager) == {
        "match": ["The two managers submitted different results; the commissioner decides."]
    }


def test_a_commissioner_deciding_a_dispute_picks_a_side_and_the_note_is_kept(
    match, home_manager, away_manager, commissioner
):
    result_submit(match_id=match.id, user=home_manager, data=scoresheet(match, 2, 1))
    away_says = result_submit(match_id=match.id, user=away_manager, data=scoresheet(match, 1, 1))
    assert refusal(result_decide, match_id=match.id, user=commissioner) == {
        "submission": ["Choose one of the submissions waiting for this match, or enter a result."]
    }
    result_decide(match_id=match.id, user=commissioner, submission_id=away_says.id, note="sheet photo")
    decision = ResultSubmission.objects.get(match=match, action=ResultSubmission.Action.DECIDE)
    assert (decision.refers_to, decision.note) == (away_says, "sheet photo")


def test_confirming_ones_own_result_or_none_is_refused_with_the_reason(match, home_manager, away_manager):
    assert refusal(result_confirm, match_id=match.id, user=away_manager) == {
        "match": [f"No result for {match} is waiting to be confirmed."]
    }
    result_submit(match_id=match.id, user=home_manager, data=scoresheet(match))
    with pytest.raises(PermissionDenied) as refused:
        result_confirm(match_id=match.id, user=home_manager)
    assert str(refused.value) == "You submitted this result; the other team's manager confirms it."


def test_the_log_says_which_side_confirmed(match, home_manager, away_manager):
    result_submit(match_id=match.id, user=away_manager, data=scoresheet(match))
    result_confirm(match_id=match.id, user=home_manager)
    confirmed = ResultSubmission.objects.get(match=match, action=ResultSubmission.Action.CONFIRM)
    assert (confirmed.side, confirmed.by, confirmed.note) == ("home", home_manager, "")


def test_the_same_result_from_both_sides_is_logged_as_the_second_sides_confirmation(match, home_manager, away_manager):
    result_submit(match_id=match.id, user=home_manager, data=scoresheet(match, 2, 1))
    result_submit(match_id=match.id, user=away_manager, data=scoresheet(match, 2, 1))
    confirmed = ResultSubmission.objects.get(match=match, action=ResultSubmission.Action.CONFIRM)
    assert (confirmed.side, confirmed.by, confirmed.note) == ("away", away_manager, "submitted the same result")


def test_only_a_commissioner_edits_and_only_a_confirmed_table_result(
    match, season, home_manager, away_manager, commissioner
):
    result_submit(match_id=match.id, user=home_manager, data=scoresheet(match, 2, 1))
    result_confirm(match_id=match.id, user=away_manager)
    with pytest.raises(PermissionDenied) as refused:
        result_edit(match_id=match.id, user=home_manager, data=scoresheet(match, 0, 0))
    assert str(refused.value) == f"Only a commissioner of {season.league} may edit a confirmed result."
    unplayed = Match.objects.filter(season=season).exclude(id=match.id).first()
    assert refusal(result_edit, match_id=unplayed.id, user=commissioner, data=scoresheet(unplayed)) == {
        "match": [f"{unplayed} has no confirmed table result to edit."]
    }
    edit = result_edit(match_id=match.id, user=commissioner, data=scoresheet(match, 0, 0))
    assert (edit.action, edit.state, edit.note) == ("edit", "accepted", "was 2-1")


def test_only_a_commissioner_approves_and_an_approval_without_a_note_logs_none(
    match, season, home_manager, commissioner
):
    result_submit(match_id=match.id, user=home_manager, data=scoresheet(match))
    with pytest.raises(PermissionDenied) as refused:
        result_decide(match_id=match.id, user=home_manager)
    assert str(refused.value) == f"Only a commissioner of {season.league} may approve or decide a result."
    result_decide(match_id=match.id, user=commissioner)
    approval = ResultSubmission.objects.get(match=match, action=ResultSubmission.Action.APPROVE)
    assert (approval.by, approval.side, approval.note) == (commissioner, "", "")


def test_nobody_signed_in_is_a_manager_even_of_a_team_without_one(match):
    """A team with no manager must not make every visitor its manager."""
    Team.objects.filter(id=match.home_id).update(manager=None)
    match = Match.objects.select_related("season__league", "home", "away").get(id=match.id)
    for visitor in (None, AnonymousUser()):
        with pytest.raises(PermissionDenied):
            result_submit(match_id=match.id, user=visitor, data=scoresheet(match))
        with pytest.raises(PermissionDenied):
            result_decide(match_id=match.id, user=visitor, data=scoresheet(match))
    assert not ResultSubmission.objects.exists()


def test_an_event_without_a_player_or_with_no_player_id_says_which(match):
    data = scoresheet(match, 0, 0)
    data["events"] = [
        {"minute": 30, "kind": "yellow_card", "player": ""},
        {"minute": 31, "kind": "yellow_card", "player": "Rossi"},
    ]
    assert refusal(result_clean, match=match, data=data) == {
        "events[0].player": ["Choose a player."],
        "events[1].player": ["'Rossi' is not a player id."],
    }
