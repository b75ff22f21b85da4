"""A commissioner's edit of a knockout result after the next round was drawn: the bracket
sends the new winner on while its next match is not played, and refuses the edit (nothing
changed) once it is."""

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import connection
from django.urls import reverse

from competitions.knockout import bracket_draw
from competitions.table_results import result_decide, result_edit, result_submit
from leagues.models import PlayMode
from matches.fixtures import match_set_status
from matches.models import Match, ResultSubmission
from ops.demo import demo_season_create
from tournaments.models import Tie

from .conftest import held_meanwhile, players, scoresheet

pytestmark = pytest.mark.django_db


@pytest.fixture
def commissioner(db):
    return User.objects.create_user("commissioner", is_staff=True)


def table_bracket(commissioner, **options):
    season = demo_season_create(engine="futti", teams=4, seed=1)
    season.matches.all().delete()
    bracket_draw(season, **options)
    season.league.play_mode = PlayMode.TABLE
    season.league.save(update_fields=["play_mode"])
    season.league.commissioners.add(commissioner)
    return season.bracket


def tie(bracket, round_number, slot=0, third_place=False):
    return Tie.objects.select_related("first_leg", "match", "decider").get(
        bracket=bracket, round=round_number, slot=slot, third_place=third_place
    )


def decide(user, match, home, away):
    result_decide(match_id=match.id, user=user, data=scoresheet(match, home, away))


def edit(user, match, home, away):
    return result_edit(match_id=match.id, user=user, data=scoresheet(match, home, away), note="wrong sheet")


def test_an_edit_that_changes_the_winner_sends_the_new_one_to_the_final_and_the_third_place(commissioner):
    bracket = table_bracket(commissioner, third_place=True)
    semi, other = tie(bracket, 1, 0), tie(bracket, 1, 1)
    decide(commissioner, semi.match, 2, 1)
    decide(commissioner, other.match, 0, 1)
    final, third = tie(bracket, 2), tie(bracket, 2, third_place=True)
    final_match, third_match = final.match_id, third.match_id
    assert semi.home_id in (final.home_id, final.away_id) and semi.away_id in (third.home_id, third.away_id)

    edit(commissioner, semi.match, 1, 2)  # the away side won the semi-final after all

    semi, final, third = tie(bracket, 1, 0), tie(bracket, 2), tie(bracket, 2, third_place=True)
    assert semi.winner_id == semi.away_id
    assert {final.home_id, final.away_id} == {semi.away_id, other.away_id}
    assert {third.home_id, third.away_id} == {semi.home_id, other.home_id}
    for moved in (final, third):
        # the same matches, kept with their kickoffs, the higher seed at home again
        assert moved.home_seed < moved.away_seed
        assert (moved.match.home_id, moved.match.away_id) == (moved.home_id, moved.away_id)
        assert moved.match.status == Match.Status.SCHEDULED
    assert (final.match_id, third.match_id) == (final_match, third_match)
    assert Match.objects.get(id=semi.match_id).home_goals == 1


def semi_finals_won_at_home(commissioner, bracket):
    """Both semi-finals won by the home side (2-1, 2-0): the final is drawn."""
    semi, other = tie(bracket, 1, 0), tie(bracket, 1, 1)
    decide(commissioner, semi.match, 2, 1)
    decide(commissioner, other.match, 2, 0)
    return semi, tie(bracket, 2)


def test_an_edit_that_changes_the_winner_after_the_final_was_played_is_refused(commissioner):
    bracket = table_bracket(commissioner)
    semi, final = semi_finals_won_at_home(commissioner, bracket)
    decide(commissioner, final.match, 1, 0)
    edits = ResultSubmission.objects.count()

    with pytest.raises(ValidationError) as refused:
        edit(commissioner, semi.match, 1, 2)
    errors = refused.value.message_dict
    assert set(errors) == {"home_goals", "away_goals"}  # the fields the edit changed
    assert "Final) has been played" in errors["home_goals"][0]
    assert f"{semi.away} through instead of {semi.home}" in errors["home_goals"][0]
    semi = tie(bracket, 1, 0)
    assert (semi.match.home_goals, semi.match.away_goals, semi.winner_id) == (2, 1, semi.home_id)
    assert ResultSubmission.objects.count() == edits  # nothing stored is lost, nothing added

    edit(commissioner, semi.match, 3, 1)  # the same winner: the correction is taken
    assert Match.objects.get(id=semi.match_id).home_goals == 3


def test_a_pending_result_of_the_next_match_also_refuses_the_edit(commissioner):
    bracket = table_bracket(commissioner)
    semi, final = semi_finals_won_at_home(commissioner, bracket)
    manager = User.objects.create_user("manager")
    final.match.home.manager = manager
    final.match.home.save(update_fields=["manager"])

    result_submit(match_id=final.match_id, user=manager, data=scoresheet(final.match, 1, 0))
    with pytest.raises(ValidationError, match="has a result entered"):
        edit(commissioner, semi.match, 0, 1)


def test_a_first_leg_edit_that_turns_the_aggregate_sends_the_other_team_on(commissioner):
    bracket = table_bracket(commissioner, two_legged_rounds=[1], away_goals=True)
    semi, other = tie(bracket, 1, 0), tie(bracket, 1, 1)
    decide(commissioner, semi.first_leg, 1, 1)  # first leg at the lower seed's ground
    decide(commissioner, semi.match, 2, 0)  # 3-1 on aggregate to the higher seed
    decide(commissioner, other.first_leg, 0, 0)
    decide(commissioner, other.match, 1, 0)
    final = tie(bracket, 2)
    assert semi.home_id in (final.home_id, final.away_id)

    edit(commissioner, semi.first_leg, 3, 0)  # 3-2 to the lower seed on aggregate

    semi, final = tie(bracket, 1, 0), tie(bracket, 2)
    assert semi.winner_id == semi.away_id
    assert semi.away_id in (final.home_id, final.away_id) and semi.home_id not in (final.home_id, final.away_id)
    assert {final.match.home_id, final.match.away_id} == {final.home_id, final.away_id}

    decide(commissioner, final.match, 1, 0)
    with pytest.raises(ValidationError, match="has been played") as refused:
        edit(commissioner, semi.first_leg, 0, 0)  # 2-0 to the higher seed again: refused now
    assert set(refused.value.message_dict) == {"home_goals"}
    assert Match.objects.get(id=semi.first_leg_id).home_goals == 3


def test_a_first_leg_edit_that_levels_the_tie_empties_the_final_for_a_deciding_match(commissioner):
    bracket = table_bracket(commissioner, two_legged_rounds=[1])
    semi, other = tie(bracket, 1, 0), tie(bracket, 1, 1)
    decide(commissioner, semi.first_leg, 0, 0)
    decide(commissioner, semi.match, 1, 0)
    decide(commissioner, other.first_leg, 0, 0)
    decide(commissioner, other.match, 1, 0)
    final = tie(bracket, 2)
    scheduled = final.match_id

    edit(commissioner, semi.first_leg, 1, 0)  # 1-1 on aggregate, no shoot-out: a deciding match

    semi, final = tie(bracket, 1, 0), tie(bracket, 2)
    assert semi.winner_id is None and semi.decider.status == Match.Status.SCHEDULED
    assert (final.home_id, final.away_id, final.match_id) == (None, None, None)
    assert not Match.objects.filter(id=scheduled).exists()  # it had no result
    decider = semi.decider_id

    edit(commissioner, semi.first_leg, 0, 0)  # 1-0 to the higher seed again: no deciding match

    semi, final = tie(bracket, 1, 0), tie(bracket, 2)
    assert semi.winner_id == semi.home_id and semi.decider is None
    assert not Match.objects.filter(id=decider).exists()  # it had no result
    assert {final.home_id, final.away_id} == {semi.home_id, other.home_id}

    edit(commissioner, semi.first_leg, 1, 0)  # level again: a deciding match, and it is played
    semi = tie(bracket, 1, 0)
    decide(commissioner, semi.decider, 0, 1)
    final = tie(bracket, 2)
    assert {final.home_id, final.away_id} == {semi.away_id, other.home_id}
    assert final.match.status == Match.Status.SCHEDULED


def test_the_admin_shows_a_refused_edit_on_the_score_and_a_refused_walkover(client, commissioner):

    bracket = table_bracket(commissioner)
    semi, other = tie(bracket, 1, 0), tie(bracket, 1, 1)
    decide(commissioner, semi.match, 1, 0)
    decide(commissioner, other.match, 1, 0)
    decide(commissioner, tie(bracket, 2).match, 1, 0)
    commissioner.is_superuser = True  # the match admin's actions as well as the table pages
    commissioner.save(update_fields=["is_superuser"])
    client.force_login(commissioner)
    scorer = players(semi.match, "away")[0]
    data = {
        "score-home_goals": 0,
        "score-away_goals": 1,
        "events-TOTAL_FORMS": 16,
        "events-INITIAL_FORMS": 0,
        "events-0-minute": 12,
        "events-0-kind": "goal",
        "events-0-player": scorer,
        "edit": "1",
    }
    html = client.post(reverse("admin:matches_table_enter", args=[semi.match_id]), data).content.decode()
    assert "Final) has been played" in html
    assert Match.objects.get(id=semi.match_id).home_goals == 1
    action = {"action": "forfeit_home", "_selected_action": [semi.match_id]}
    response = client.post(reverse("admin:matches_match_changelist"), action, follow=True)
    assert "not forfeited: winner: This result puts" in response.content.decode()
    assert Match.objects.get(id=semi.match_id).status == Match.Status.PLAYED


def test_double_elimination_takes_a_new_winner_only_before_both_teams_are_sent_on(commissioner):
    bracket = table_bracket(commissioner, double_elimination=True)
    first = Tie.objects.select_related("match").get(bracket=bracket, side="W", round=1, slot=0)
    decide(commissioner, first.match, 2, 1)
    edit(commissioner, first.match, 1, 2)  # nothing fed by it has its teams yet: taken
    first.refresh_from_db()
    assert first.winner_id == first.away_id
    second = Tie.objects.select_related("match").get(bracket=bracket, side="W", round=1, slot=1)
    decide(commissioner, second.match, 1, 0)  # the winners' final and losers' round one are drawn
    with pytest.raises(ValidationError, match="both teams have been sent on already") as refused:
        edit(commissioner, first.match, 2, 1)
    assert set(refused.value.message_dict) == {"home_goals", "away_goals"}
    first.refresh_from_db()
    assert first.winner_id == first.away_id and first.match.home_goals == 1


@pytest.mark.django_db(transaction=True)
def test_an_edit_while_a_worker_holds_the_next_match_is_refused_without_waiting(commissioner):
    """A worker playing the final holds its row and will want the bracket's: the edit, which holds
    the bracket, does not wait for the final (that would deadlock) but asks to try again."""

    if connection.vendor != "postgresql":
        pytest.skip("row locks are PostgreSQL's; SQLite serialises writers")
    bracket = table_bracket(commissioner)
    semi, final = semi_finals_won_at_home(commissioner, bracket)
    worker = held_meanwhile(lambda: list(Match.objects.select_for_update().filter(id=final.match_id)))
    with worker, pytest.raises(ValidationError, match="is being played right now: try again"):
        edit(commissioner, semi.match, 1, 2)
    assert Match.objects.get(id=semi.match_id).home_goals == 2
    edit(commissioner, semi.match, 1, 2)  # the final is free again and not played: taken
    assert semi.away_id in (tie(bracket, 2).home_id, tie(bracket, 2).away_id)


def test_a_two_legged_tie_is_decided_when_its_first_leg_comes_in_after_the_second(commissioner):
    bracket = table_bracket(commissioner, two_legged_rounds=[1, 2])
    for slot in (0, 1):
        semi = tie(bracket, 1, slot)
        decide(commissioner, semi.match, 2, 0)  # the second leg's sheet is entered first ...
        assert tie(bracket, 1, slot).winner_id is None
        decide(commissioner, semi.first_leg, 1, 0)  # ... then the first leg's: 2-1 on aggregate
        assert tie(bracket, 1, slot).winner_id == semi.home_id
    final = tie(bracket, 2)
    assert {final.home_id, final.away_id} == {tie(bracket, 1, 0).home_id, tie(bracket, 1, 1).home_id}
    decide(commissioner, final.match, 0, 1)
    decide(commissioner, final.first_leg, 3, 0)  # the final's first leg last (at the lower seed's): 4-0 on aggregate
    assert tie(bracket, 2).winner_id == final.away_id


def test_a_refusal_for_the_third_place_match_names_who_would_go_there(commissioner):
    bracket = table_bracket(commissioner, third_place=True)
    semi, _final = semi_finals_won_at_home(commissioner, bracket)
    decide(commissioner, tie(bracket, 2, third_place=True).match, 1, 0)
    with pytest.raises(ValidationError) as refused:
        edit(commissioner, semi.match, 1, 2)
    message = refused.value.message_dict["home_goals"][0]
    assert f"{semi.home} into the third-place match instead of {semi.away}" in message


def test_a_postponed_next_match_is_no_reason_to_refuse_an_edit(commissioner):
    bracket = table_bracket(commissioner)
    semi, final = semi_finals_won_at_home(commissioner, bracket)
    match_set_status(match_id=final.match_id, status=Match.Status.POSTPONED)
    edit(commissioner, semi.match, 1, 2)
    final = tie(bracket, 2)
    assert semi.away_id in (final.home_id, final.away_id) and semi.home_id not in (final.home_id, final.away_id)
    assert final.match.status == Match.Status.POSTPONED
