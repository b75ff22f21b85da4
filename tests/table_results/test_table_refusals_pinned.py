"""Who may enter a result and which matches take one (``matches.table_results``), the refusals
word for word (found by mutation testing)."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection, transaction
from django.db.models import Q

from competitions.table_results import result_submit
from leagues.models import PlayMode
from matches.models import Match, ResultSubmission
from matches.table_results import check_open, result_clean, result_lock

from .conftest import held_meanwhile, players, scoresheet

pytestmark = pytest.mark.django_db


def refused(match) -> dict[str, list[str]]:
    with pytest.raises(ValidationError) as caught:
        check_open(match)
    return caught.value.message_dict


def test_only_the_two_managers_submit(match, other_manager):
    with pytest.raises(PermissionDenied) as caught:
        result_submit(match_id=match.id, user=other_manager, data=scoresheet(match))
    said = f"Only the managers of {match.home} and {match.away} may submit or confirm this result."
    assert str(caught.value) == said
    assert not match.result_submissions.exists()


def test_a_match_the_worker_simulates_takes_no_table_result(match):
    match.play_mode = PlayMode.SIMULATED
    assert refused(match) == {"match": [f"{match} is simulated by the worker; set it to be played at the table first."]}


@pytest.mark.parametrize("status", [Match.Status.PLAYED, Match.Status.FORFEITED])
def test_a_match_with_a_result_takes_no_other(match, status):
    match.status = status
    assert refused(match) == {"match": [f"{match} already has a confirmed result; only a commissioner may edit it."]}


@pytest.mark.parametrize("status", [Match.Status.POSTPONED, Match.Status.CANCELLED, Match.Status.FAILED])
def test_a_match_neither_scheduled_nor_decided_takes_no_result(match, status):
    match.status = status
    assert refused(match) == {"match": [f"{match} is {status}; it takes no result."]}


def test_a_substitution_is_within_one_side(match):
    home, away = players(match, "home"), players(match, "away")
    data = scoresheet(match, 0, 0)
    data["events"].append({"minute": 12, "kind": "substitution", "player": home[1], "out": away[2]})
    name = match.away.squad_members.get(player_id=away[2], season=match.season).player.name
    with pytest.raises(ValidationError) as caught:
        result_clean(match, data)
    assert caught.value.message_dict == {"events[1].out": [f"{name} plays for the other side."]}


@pytest.mark.django_db(transaction=True)
def test_a_step_under_way_holds_its_match_alone(match, home_manager):
    """A result step locks its match's row, not its league's, season's or teams' (which the lock
    reads with it): a step on another match of the same team, entered meanwhile, does not wait."""
    if connection.vendor != "postgresql":
        pytest.skip("row locks are PostgreSQL's; SQLite serialises writers")
    scheduled = Match.objects.filter(season=match.season, status=Match.Status.SCHEDULED).exclude(id=match.id)
    other = scheduled.filter(Q(home=match.home) | Q(away=match.home)).order_by("kickoff", "id").first()
    with held_meanwhile(lambda: result_lock(match.id)), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL lock_timeout = '2s'")  # waiting would wait for the step
        submission = result_submit(match_id=other.id, user=home_manager, data=scoresheet(other, 1, 0))
    assert submission.state == ResultSubmission.State.PENDING
