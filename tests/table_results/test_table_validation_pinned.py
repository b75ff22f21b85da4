"""A table result's refusals word for word, each under the field at fault and nothing else
said (found by mutation testing)."""

from dataclasses import dataclass
from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError

from leagues.models import PlayMode, Season
from matches import table_results
from matches.table_results import check_open, result_clean, table_entry
from ops.demo import demo_season_create
from rosters.models import SquadMember

from .conftest import players, scoresheet

pytestmark = pytest.mark.django_db


def errors_of(match, data) -> dict[str, list[str]]:
    with pytest.raises(ValidationError) as caught:
        result_clean(match, data)
    return caught.value.message_dict


def changed(match, home=1, away=0, **fields) -> dict:
    """The scoresheet of ``home``-``away`` with ``fields`` put in (None: left out)."""
    data = scoresheet(match, home, away) | fields
    return {key: value for key, value in data.items() if value is not None}


@pytest.fixture
def knockout_match(match):
    match.winner_required = True
    match.save(update_fields=["winner_required"])
    return match


def test_the_score_is_a_whole_number_from_nought_up_on_each_side(match):
    assert errors_of(match, changed(match, home_goals="two")) == {"home_goals": ["'two' is not a whole number."]}
    assert errors_of(match, changed(match, home_goals="")) == {"home_goals": ["Enter the score."]}
    assert errors_of(match, changed(match, 0, 1, away_goals=-1)) == {"away_goals": ["-1 is below 0."]}
    assert errors_of(match, changed(match, 0, 1, away_goals=[1])) == {"away_goals": ["[1] is not a whole number."]}
    assert errors_of(match, changed(match, shootout_home="x")) == {"shootout_home": ["'x' is not a whole number."]}


def test_a_score_unlike_the_goals_entered_names_the_side_it_wrongs(match):
    said = "are entered (its players' goals and the other side's own goals)."
    assert errors_of(match, changed(match, 2, 1, home_goals=3)) == {
        "home_goals": [f"The score gives {match.home} 3 goals but 2 goals for {match.home} {said}"]
    }
    assert errors_of(match, changed(match, 2, 1, away_goals=0)) == {
        "away_goals": [f"The score gives {match.away} 0 goals but 1 goals for {match.away} {said}"]
    }
    # events that are not a list are the one thing said: the score is not held against them
    assert errors_of(match, changed(match, 2, 1, events="a goal")) == {"events": ["Give a list of events."]}


def test_a_league_match_is_decided_in_regulation_without_a_shoot_out(match):
    assert errors_of(match, changed(match, decided_by="penalties", shootout_home=3, shootout_away=2)) == {
        "decided_by": ["A league match is decided in regulation time; a draw stands."],
        "shootout_home": ["A league match has no shoot-out."],
    }


@pytest.mark.parametrize(
    ("home", "away", "fields", "errors"),
    [
        (
            1,
            0,
            {"decided_by": "extra_time"},
            {"decided_by": ["A Fütti knockout is decided by one of: regulation, sudden_death, penalties."]},
        ),
        (2, 1, {"decided_by": "penalties"}, {"decided_by": ["Only a draw goes to penalties."]}),
        (
            1,
            1,
            {"decided_by": "penalties", "shootout_home": 4},
            {"shootout_home": ["Enter both sides' shoot-out goals."]},
        ),
        (
            1,
            1,
            {"decided_by": "penalties", "shootout_home": 3, "shootout_away": 3},
            {"shootout_home": ["A shoot-out has a winner: the two sides cannot score the same."]},
        ),
        (1, 1, {}, {"decided_by": ["A knockout needs a winner: a draw goes to penalties."]}),
        (
            2,
            1,
            {"shootout_home": 3, "shootout_away": 2},
            {"shootout_home": ["Only a match decided by penalties has a shoot-out."]},
        ),
        # a missing score is all that is said: the decision is not judged without it
        (0, 1, {"home_goals": None, "decided_by": "penalties"}, {"home_goals": ["Enter the score."]}),
    ],
)
def test_a_knockout_is_decided_the_games_way(knockout_match, home, away, fields, errors):
    data = scoresheet(knockout_match, home, away) | fields
    assert errors_of(knockout_match, {k: v for k, v in data.items() if v is not None}) == errors


def test_counts_are_the_games_own(match):
    player = players(match, "home")[0]
    data = changed(match, counts={str(player): {"tackles": 2}})
    assert errors_of(match, data) == {
        f"counts[{player}].tackles": ["A Fütti scoresheet counts shots, saves, steals, not 'tackles'."]
    }


def test_a_match_takes_a_result_from_its_kickoff_on(match):
    check_open(match, now=match.kickoff)
    with pytest.raises(ValidationError) as caught:
        check_open(match, now=match.kickoff - timedelta(seconds=1))
    assert caught.value.message_dict == {
        "match": [f"{match} is not due yet: it kicks off at {match.kickoff:%Y-%m-%d %H:%M} UTC."]
    }


def test_the_last_minute_is_the_length_the_league_plays():
    season = demo_season_create(engine="calciotto", teams=2, seed=3)
    season.league.play_mode = PlayMode.TABLE
    season.league.engine_settings = {"minutes": 90}
    season.league.save(update_fields=["play_mode", "engine_settings"])
    match = season.matches.select_related("season__league", "home", "away").first()
    scorer = players(match, "home")[0]
    data = {"home_goals": 1, "away_goals": 0, "events": [{"minute": 75, "kind": "goal", "player": scorer}]}
    assert result_clean(match, data)["events"][0]["minute"] == 75  # 60 minutes unless the league says
    data["events"][0]["minute"] = 91
    assert errors_of(match, data) == {
        "events[0].minute": ["Minute 91 is after the end of the game (Calciotto: 90 minutes)."]
    }


def test_an_event_that_is_not_a_mapping_is_an_empty_one(match):
    kinds = "goal, yellow_card, second_yellow, red_card, injury, substitution, own_goal"
    assert errors_of(match, changed(match, 0, 0, events=["a goal"])) == {
        "events[0].kind": [f"Fütti has no event ''; choose from {kinds}."],
        "events[0].minute": ["Enter the minute."],
        "events[0].player": ["Choose a player."],
    }


def test_counts_are_numbers_per_player_and_noughts_are_left_out(match):
    assert errors_of(match, changed(match, counts="shots: 3")) == {"counts": ["Give the counts per player."]}
    player = players(match, "home")[0]
    data = changed(match, counts={str(player): {"tackles": 2, "shots": "many"}})
    assert errors_of(match, data) == {
        f"counts[{player}].tackles": ["A Fütti scoresheet counts shots, saves, steals, not 'tackles'."],
        f"counts[{player}].shots": ["'many' is not a whole number."],
    }
    assert result_clean(match, changed(match, counts={str(player): {"shots": 0, "saves": 2}}))["counts"] == {
        str(player): {"saves": 2}
    }


def test_events_run_to_the_last_minute_and_a_booking_in_the_same_minute_counts(match):
    home, away = players(match, "home"), players(match, "away")
    events = [
        {"minute": 40, "kind": "goal", "player": home[0]},
        {"minute": 20, "kind": "yellow_card", "player": away[1]},
        {"minute": 20, "kind": "second_yellow", "player": away[1]},
    ]
    cleaned = result_clean(match, {"home_goals": 1, "away_goals": 0, "events": events})
    assert [(e["minute"], e["kind"]) for e in cleaned["events"]] == [
        (20, "yellow_card"),
        (20, "second_yellow"),
        (40, "goal"),
    ]


def test_a_player_is_off_from_his_first_red_card(match):
    scorer = players(match, "home")[0]
    events = [
        {"minute": 3, "kind": "red_card", "player": scorer},
        {"minute": 10, "kind": "red_card", "player": scorer},
        {"minute": 5, "kind": "goal", "player": scorer},
    ]
    name = match.home.squad_members.get(player_id=scorer, season=match.season).player.name
    assert errors_of(match, {"home_goals": 1, "away_goals": 0, "events": events}) == {
        "events[2].player": [f"{name} was sent off in minute 3 and cannot score in minute 5."]
    }


def test_a_substitution_names_a_player_going_off(match):
    player = players(match, "home")[1]
    data = changed(match, 0, 0)
    data["events"].append({"minute": 12, "kind": "substitution", "player": player, "out": "the tall one"})
    assert errors_of(match, data) == {"events[1].out": ["'the tall one' is not a player id."]}


def test_a_player_of_the_team_in_another_season_is_not_in_its_squad(match, season, other_manager):
    outsider = SquadMember.objects.filter(season=season, team__manager=other_manager).first().player_id
    earlier = Season.objects.create(league=season.league, name="Earlier", seed=1)
    SquadMember.objects.create(season=earlier, team=match.home, player_id=outsider)
    data = changed(match, 1, 0)
    data["events"][0]["player"] = outsider
    errors = errors_of(match, data)
    assert errors["events[0].player"] == [f"Player {outsider} is not in either squad of this match."]


def test_a_game_without_a_table_form_is_refused_by_name(monkeypatch):
    @dataclass
    class Formless:
        name: str = "Formless"
        table_entry: None = None

    monkeypatch.setattr(table_results, "get_engine", {"formless": Formless()}.__getitem__)
    with pytest.raises(ValidationError) as caught:
        table_entry("formless")
    assert caught.value.message_dict == {"match": ["Formless publishes no table-result form."]}
