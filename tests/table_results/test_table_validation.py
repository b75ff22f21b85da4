"""Validation of an entered result: every refusal names the field at fault."""

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from competitions.table_results import result_confirm, result_submit
from matches.models import Match, ResultSubmission
from matches.table_results import result_clean
from rosters.models import SquadMember

from .conftest import players, scoresheet

pytestmark = pytest.mark.django_db


def errors_of(match, data) -> dict[str, list[str]]:
    with pytest.raises(ValidationError) as caught:
        result_clean(match, data)
    return caught.value.message_dict


def test_a_good_scoresheet_is_normalised(match):
    payload = result_clean(match, scoresheet(match, 2, 1))
    assert payload["home_goals"] == 2 and payload["decided_by"] == "regulation"
    assert [e["minute"] for e in payload["events"]] == [5, 7, 10, 30]


def test_the_score_must_equal_the_goals_entered(match):
    data = scoresheet(match, 2, 1)
    data["home_goals"] = 3
    errors = errors_of(match, data)
    assert list(errors) == ["home_goals"]
    assert "3 goals but 2 goals" in errors["home_goals"][0]


def test_the_score_is_required(match):
    data = scoresheet(match, 0, 0)
    del data["away_goals"]
    assert errors_of(match, data)["away_goals"] == ["Enter the score."]


def test_a_player_must_belong_to_one_of_the_two_squads(match, season, other_manager):
    other_team = season.teams.get(manager=other_manager)

    outsider = SquadMember.objects.filter(season=season, team=other_team).first().player_id
    data = scoresheet(match, 1, 0)
    data["events"][0]["player"] = outsider
    errors = errors_of(match, data)
    assert "not in either squad" in errors["events[0].player"][0]
    data = scoresheet(match, 0, 0, counts={str(outsider): {"shots": 1}})
    assert f"counts[{outsider}]" in errors_of(match, data)


def test_minutes_lie_within_the_game(match):
    data = scoresheet(match, 1, 0)
    data["events"][0]["minute"] = 41
    assert "40 minutes" in errors_of(match, data)["events[0].minute"][0]
    data["events"][0]["minute"] = 0
    assert "below 1" in errors_of(match, data)["events[0].minute"][0]


def test_a_player_sent_off_cannot_score_afterwards(match):
    scorer = players(match, "home")[0]
    data = scoresheet(match, 1, 0)
    data["events"].insert(0, {"minute": 3, "kind": "red_card", "player": scorer})
    errors = errors_of(match, data)
    assert "sent off in minute 3 and cannot score in minute 5" in errors["events[1].player"][0]
    data["events"][0]["minute"] = 5  # sent off in the minute he scored: he scored first
    result_clean(match, data)


def test_only_the_games_event_kinds_and_counts(match):
    data = scoresheet(match, 0, 0)
    data["events"][0]["kind"] = "caution"
    assert "Fütti has no event 'caution'" in errors_of(match, data)["events[0].kind"][0]
    player = players(match, "home")[0]
    data = scoresheet(match, 0, 0, counts={str(player): {"tackles": 2}})
    assert f"counts[{player}].tackles" in errors_of(match, data)


def test_a_substitution_names_who_went_off_on_the_same_side(match):
    home, away = players(match, "home"), players(match, "away")
    data = scoresheet(match, 0, 0)
    data["events"].append({"minute": 20, "kind": "substitution", "player": home[5], "out": away[1]})
    assert "other side" in errors_of(match, data)["events[1].out"][0]
    data["events"][-1]["out"] = home[1]
    substitution = next(e for e in result_clean(match, data)["events"] if e["kind"] == "substitution")
    assert substitution["out"] == home[1]


def test_a_league_match_has_no_shootout_and_ends_in_regulation(match):
    data = scoresheet(match, 1, 1, decided_by="penalties", shootout_home=4, shootout_away=3)
    errors = errors_of(match, data)
    assert "decided_by" in errors and "shootout_home" in errors


def test_a_knockout_needs_a_winner_the_games_way(match):
    match.winner_required = True
    data = scoresheet(match, 1, 1)
    assert "draw goes to penalties" in errors_of(match, data)["decided_by"][0]
    data.update(decided_by="penalties", shootout_home=3, shootout_away=3)
    assert "cannot score the same" in errors_of(match, data)["shootout_home"][0]
    data.update(shootout_home=4)
    assert result_clean(match, data)["shootout_home"] == 4
    data = scoresheet(match, 1, 0, decided_by="extra_time")
    assert "sudden_death" in errors_of(match, data)["decided_by"][0]
    data = scoresheet(match, 1, 0, decided_by="sudden_death")
    data["events"][0]["minute"] = 55  # sudden death runs past 40
    assert result_clean(match, data)["decided_by"] == "sudden_death"


def test_a_match_not_yet_due_is_refused(match, home_manager):
    Match.objects.filter(id=match.id).update(kickoff=timezone.now() + timezone.timedelta(hours=1))
    with pytest.raises(ValidationError) as caught:
        result_submit(match_id=match.id, user=home_manager, data=scoresheet(match))
    assert "not due yet" in caught.value.message_dict["match"][0]


def test_a_simulated_match_takes_no_table_result(match, home_manager):
    Match.objects.filter(id=match.id).update(play_mode="simulated")
    with pytest.raises(ValidationError) as caught:
        result_submit(match_id=match.id, user=home_manager, data=scoresheet(match))
    assert "simulated by the worker" in caught.value.message_dict["match"][0]


def test_a_postponed_match_takes_no_result(match, home_manager):
    Match.objects.filter(id=match.id).update(status=Match.Status.POSTPONED)
    with pytest.raises(ValidationError) as caught:
        result_submit(match_id=match.id, user=home_manager, data=scoresheet(match))
    assert "postponed" in caught.value.message_dict["match"][0]


def test_a_confirmed_result_is_refused_to_managers(match, home_manager, away_manager):
    result_submit(match_id=match.id, user=home_manager, data=scoresheet(match))
    result_confirm(match_id=match.id, user=away_manager)
    for user in (home_manager, away_manager):
        with pytest.raises(ValidationError) as caught:
            result_submit(match_id=match.id, user=user, data=scoresheet(match, 0, 0))
        assert "already has a confirmed result" in caught.value.message_dict["match"][0]
    assert ResultSubmission.objects.filter(match=match, action="submit").count() == 1


def test_an_invalid_submission_stores_nothing(match, home_manager):
    with pytest.raises(ValidationError):
        result_submit(match_id=match.id, user=home_manager, data=scoresheet(match, 2, 1) | {"home_goals": 5})
    assert not ResultSubmission.objects.exists()
