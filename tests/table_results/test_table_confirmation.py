"""Two-sided confirmation: who may submit, confirm, approve, decide and edit, and the log of it."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied, ValidationError

from competitions import results
from competitions.standings import compute_standings
from competitions.table_results import result_confirm, result_decide, result_edit, result_submit
from matches.models import Match, PlayerMatchStat, ResultSubmission, played_events
from matches.table_results import TABLE_VERSION, table_state

from .conftest import players, scoresheet

pytestmark = pytest.mark.django_db


def played(match) -> Match:
    match.refresh_from_db()
    return match


def steps(match) -> list[tuple[str, str, str]]:
    return [(s.action, s.state, s.by.username) for s in ResultSubmission.objects.filter(match=match)]


@pytest.mark.parametrize("submitter", ["home_manager", "away_manager"])
def test_either_manager_submits_and_the_other_confirms(request, match, submitter):
    first = request.getfixturevalue(submitter)
    second = request.getfixturevalue("away_manager" if submitter == "home_manager" else "home_manager")
    submission = result_submit(match_id=match.id, user=first, data=scoresheet(match, 2, 1))
    assert submission.state == "pending" and table_state(played(match)) == "pending"
    assert match.status == Match.Status.SCHEDULED  # pending: not counted yet
    assert sum(r.played for r in compute_standings(match.season).rows) == 0
    result_confirm(match_id=match.id, user=second)
    match = played(match)
    assert (match.status, match.home_goals, match.away_goals) == ("played", 2, 1)
    assert match.engine_version == TABLE_VERSION and table_state(match) == "confirmed"
    assert steps(match) == [("submit", "accepted", first.username), ("confirm", "recorded", second.username)]
    assert all(s.at for s in ResultSubmission.objects.filter(match=match))


def test_the_play_by_play_and_stats_come_from_the_scoresheet(match, home_manager, away_manager):
    result_submit(match_id=match.id, user=home_manager, data=scoresheet(match, 2, 1))
    result_confirm(match_id=match.id, user=away_manager)
    events = played_events(match.id)
    assert [(e.seq, e.minute, e.kind, e.side) for e in events] == [
        (1, 5, "goal", "home"),
        (2, 7, "goal", "away"),
        (3, 10, "goal", "home"),
        (4, 30, "yellow_card", "away"),
    ]
    assert all(e.detail == {"source": "table"} for e in events)
    scorer = PlayerMatchStat.objects.get(match=match, player_id=players(match, "home")[0])
    assert (scorer.goals, scorer.shots, scorer.team_id) == (2, 4, match.home_id)
    keeper = PlayerMatchStat.objects.get(match=match, player_id=players(match, "away", "goalkeeper")[0])
    assert keeper.saves == 3
    booked = PlayerMatchStat.objects.get(match=match, player_id=players(match, "away")[1])
    assert booked.yellow_cards == 1
    table = {r.team_id: r for r in compute_standings(match.season).rows}
    assert (table[match.home_id].points, table[match.away_id].points) == (3, 0)


def test_the_same_result_from_both_sides_counts(match, home_manager, away_manager):
    result_submit(match_id=match.id, user=home_manager, data=scoresheet(match, 1, 1))
    result_submit(match_id=match.id, user=away_manager, data=scoresheet(match, 1, 1))
    assert played(match).status == "played"
    assert [a for a, _, _ in steps(match)] == ["submit", "submit", "confirm"]


def test_a_manager_resubmits_before_confirmation(match, home_manager, away_manager):
    result_submit(match_id=match.id, user=home_manager, data=scoresheet(match, 1, 0))
    result_submit(match_id=match.id, user=home_manager, data=scoresheet(match, 2, 0))
    result_confirm(match_id=match.id, user=away_manager)
    assert played(match).home_goals == 2
    assert [s for _, s, _ in steps(match)] == ["superseded", "accepted", "recorded"]


def test_a_manager_cannot_confirm_their_own_result(match, home_manager):
    result_submit(match_id=match.id, user=home_manager, data=scoresheet(match))
    with pytest.raises(PermissionDenied, match="other team's manager confirms"):
        result_confirm(match_id=match.id, user=home_manager)
    assert played(match).status == "scheduled"


def test_nothing_to_confirm(match, away_manager):
    with pytest.raises(ValidationError, match="No result"):
        result_confirm(match_id=match.id, user=away_manager)


@pytest.mark.parametrize("who", ["other_manager", "commissioner", "stranger"])
def test_only_the_two_managers_submit_and_confirm(request, match, home_manager, who):
    user = request.getfixturevalue(who)
    with pytest.raises(PermissionDenied, match="Only the managers"):
        result_submit(match_id=match.id, user=user, data=scoresheet(match))
    result_submit(match_id=match.id, user=home_manager, data=scoresheet(match))
    with pytest.raises(PermissionDenied, match="Only the managers"):
        result_confirm(match_id=match.id, user=user)
    assert played(match).status == "scheduled"


def test_anonymous_is_refused(match):
    with pytest.raises(PermissionDenied):
        result_submit(match_id=match.id, user=AnonymousUser(), data=scoresheet(match))
    with pytest.raises(PermissionDenied):
        result_decide(match_id=match.id, user=AnonymousUser(), data=scoresheet(match))


def test_the_commissioner_approves_a_pending_result(match, home_manager, commissioner):
    result_submit(match_id=match.id, user=home_manager, data=scoresheet(match, 0, 1))
    result_decide(match_id=match.id, user=commissioner)
    assert played(match).away_goals == 1
    assert steps(match)[-1] == ("approve", "recorded", "commissioner")


def test_a_disagreement_is_flagged_and_the_commissioner_decides(match, home_manager, away_manager, commissioner):
    home_says = result_submit(match_id=match.id, user=home_manager, data=scoresheet(match, 2, 1))
    away_says = result_submit(match_id=match.id, user=away_manager, data=scoresheet(match, 1, 1))
    assert set(ResultSubmission.objects.values_list("state", flat=True)) == {"disputed"}
    assert table_state(played(match)) == "disputed"
    with pytest.raises(ValidationError, match="commissioner decides"):
        result_confirm(match_id=match.id, user=home_manager)
    with pytest.raises(PermissionDenied, match="commissioner"):
        result_decide(match_id=match.id, user=home_manager, submission_id=home_says.id)
    with pytest.raises(ValidationError, match="Choose one"):
        result_decide(match_id=match.id, user=commissioner)
    result_decide(match_id=match.id, user=commissioner, submission_id=away_says.id, note="sheet photo")
    match = played(match)
    assert (match.home_goals, match.away_goals) == (1, 1)
    assert steps(match) == [
        ("submit", "rejected", home_manager.username),
        ("submit", "accepted", away_manager.username),
        ("decide", "recorded", "commissioner"),
    ]


def test_the_commissioner_enters_a_result_themselves(match, commissioner, home_manager, away_manager):
    result_submit(match_id=match.id, user=home_manager, data=scoresheet(match, 2, 1))
    result_submit(match_id=match.id, user=away_manager, data=scoresheet(match, 1, 1))
    result_decide(match_id=match.id, user=commissioner, data=scoresheet(match, 3, 0))
    assert played(match).home_goals == 3
    assert [(a, s) for a, s, _ in steps(match)] == [
        ("submit", "rejected"),
        ("submit", "rejected"),
        ("decide", "accepted"),
    ]


def test_another_leagues_commissioner_cannot_decide(match, home_manager, other_manager):
    result_submit(match_id=match.id, user=home_manager, data=scoresheet(match))
    with pytest.raises(PermissionDenied):
        result_decide(match_id=match.id, user=other_manager)


def test_editing_a_confirmed_result_is_the_commissioners_alone_and_logged(
    match, home_manager, away_manager, commissioner
):
    result_submit(match_id=match.id, user=home_manager, data=scoresheet(match, 2, 1))
    result_confirm(match_id=match.id, user=away_manager)
    for user in (home_manager, away_manager):
        with pytest.raises(PermissionDenied, match="edit a confirmed result"):
            result_edit(match_id=match.id, user=user, data=scoresheet(match, 0, 0))
    with pytest.raises(ValidationError):
        result_decide(match_id=match.id, user=commissioner, data=scoresheet(match, 0, 0))
    edit = result_edit(match_id=match.id, user=commissioner, data=scoresheet(match, 1, 1), note="misread sheet")
    match = played(match)
    assert (match.home_goals, match.away_goals) == (1, 1)
    assert edit.note == "was 2-1; misread sheet" and edit.by == commissioner
    assert [e.kind for e in played_events(match.id)].count("goal") == 2
    assert PlayerMatchStat.objects.get(match=match, player_id=players(match, "home")[0]).goals == 1


def test_a_simulated_result_cannot_be_edited_as_a_table_result(season, commissioner):
    match = season.matches.first()
    Match.objects.filter(id=match.id).update(play_mode="simulated")
    results.match_play(match_id=match.id)
    with pytest.raises(ValidationError, match="no confirmed table result"):
        result_edit(match_id=match.id, user=commissioner, data=scoresheet(match, 0, 0))
