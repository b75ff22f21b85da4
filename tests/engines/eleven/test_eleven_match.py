"""The match around the turns: setup, shots at goal, restarts, the clock, extra time, shoot-out.

The dice are scripted; coaches that never move (``passive``) keep the rolls to
exactly one a turn, so each test knows every roll the match takes.
"""

from __future__ import annotations

import itertools

import pytest

from engines.core import MatchOptions, ScriptedDice, TeamSheet
from engines.eleven import ENGINE
from engines.eleven.board import CENTRAL_AREA, HALF_OF_GOAL, LABELS, NORTH_GOAL, SOUTH_GOAL, SPACE_BY_LABEL
from engines.eleven.match import (
    ClockSettings,
    new_match_state,
    periods_for,
    piece_ids,
    play,
    play_turn,
    resolve_shot,
    restart_after_goal,
    start_period,
)
from engines.eleven.rules import END_ACTION, OFF, PASS, Position, Turn, must_pass

HOME = TeamSheet.coerce(ENGINE.sample_team(1, name="Home"))
AWAY = TeamSheet.coerce(ENGINE.sample_team(2, name="Away"))


def match_state(coaches, rolls=()):
    return new_match_state((piece_ids(HOME), piece_ids(AWAY)), coaches, ScriptedDice(rolls), validate=True)


def play_passive(passive, rolls, winner_required=False, **settings):
    dice = ScriptedDice(rolls)
    options = MatchOptions(winner_required=winner_required, settings={"turns_per_half": 1, **settings})
    result = play(HOME, AWAY, dice, options, coaches=(passive(), passive()), validate=True)
    assert dice.remaining == []
    return result


# -- setup ---------------------------------------------------------------------------


def test_setup_goalies_in_goal_kick_off_and_alternate_placement(recording):
    journal: list[tuple[int, str]] = []
    state = match_state((recording(journal), recording(journal)))
    start_period(state, periods_for(ClockSettings(), extra=False)[0])
    position = state.position
    assert position.places[0] == SOUTH_GOAL and position.places[11] == NORTH_GOAL
    assert LABELS[position.ball] == "d6" and position.holder() == 1  # home starts
    assert [side for side, _ in journal] == [1, 0] * 9 + [1]  # away places first, then turn about
    for piece in range(22):
        space = position.places[piece]
        if piece in (0, 11, 1):
            continue
        assert space in HALF_OF_GOAL[position.defends[piece // 11]]
        assert space not in CENTRAL_AREA


def test_the_second_half_changes_ends_and_the_other_side_starts(passive):
    result = play_passive(passive, [4, 1, 4, 1])
    kick_offs = [e for e in result.events if e.kind == "kick_off"]
    assert [e.side for e in kick_offs] == ["home", "away"]
    home_goalie = piece_ids(HOME)[0]
    assert [e.detail["placement"][home_goalie] for e in kick_offs] == ["d0", "d12"]


# -- shots at goal -------------------------------------------------------------------


def shooting_state(passive, rolls, keeper_space="d12"):
    state = match_state((passive(), passive()), rolls)
    position = Position()
    for piece, name in {0: "d0", 1: "d11", 11: keeper_space}.items():
        position.put(piece, SPACE_BY_LABEL[name])
    position.ball = SPACE_BY_LABEL["d11"]
    state.position = position
    return state


@pytest.mark.parametrize(("hidden", "call"), list(itertools.product(range(1, 7), range(1, 4))))
def test_the_goalie_parries_when_his_call_names_the_hidden_number(passive, hidden, call):
    state = shooting_state(passive, [hidden, call])
    scored = resolve_shot(state, 1)
    assert scored is ({1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}[hidden] != call)
    assert state.events[-1].kind == ("goal" if scored else "parry")


def test_after_a_parry_the_goalie_holds_the_ball_and_must_play_it_on(passive):
    state = shooting_state(passive, [6, 3])
    assert not resolve_shot(state, 1)
    assert state.position.holder() == 11
    assert must_pass(state.position, Turn(side=1, points=1))


def test_an_empty_goal_is_a_goal_without_a_throw(passive):
    state = shooting_state(passive, [], keeper_space="d9")
    assert resolve_shot(state, 1)
    assert state.score == [1, 0] and state.events[-1].detail["empty_goal"]


# -- after a goal --------------------------------------------------------------------


def test_after_a_goal_pieces_forward_come_off_and_the_conceding_side_kicks_off(recording):
    journal: list[tuple[int, str]] = []
    state = match_state((recording(journal), recording(journal)))
    start_period(state, periods_for(ClockSettings(), extra=False)[0])
    position = state.position
    for piece, name in {1: "d9", 2: "c6", 3: "a3", 12: "b2", 13: "g10", 11: "d8", 0: "d4"}.items():
        position.put(piece, OFF)
        position.put(piece, SPACE_BY_LABEL[name])
    position.ball = SPACE_BY_LABEL["a3"]
    journal.clear()
    restart_after_goal(state, scorer=0)
    assert position.places[0] == SOUTH_GOAL and position.places[11] == NORTH_GOAL
    assert LABELS[position.places[3]] == "a3" and LABELS[position.places[13]] == "g10"  # stayed home
    assert position.holder() == 12 and LABELS[position.ball] == "d6"  # away conceded, away kicks off
    assert journal[0][0] == 0  # the scorer places first
    assert position.places[1] in HALF_OF_GOAL[SOUTH_GOAL] and position.places[2] in HALF_OF_GOAL[SOUTH_GOAL]


# -- the clock -----------------------------------------------------------------------


def test_a_half_ends_on_the_first_ace_after_its_turns(passive):
    result = play_passive(passive, [1, 1, 1, 1, 5, 2, 6, 4, 1], turns_per_half=3)
    halves = [e.detail["turns"] for e in result.events if e.kind == "half_time"]
    assert halves == [3, 4]  # an ace within the clock is just one point


def test_the_clock_runs_twenty_minutes_a_half(passive):
    result = play_passive(passive, [3] * 4 + [1] + [3] * 4 + [1], turns_per_half=4)
    minutes = [e.minute for e in result.events]
    assert minutes == sorted(minutes) and minutes[-1] == 40
    assert all(stats["minutes"] == 40 for stats in result.player_stats.values())


def test_a_draw_goes_to_extra_time_then_the_shoot_out(passive):
    home_scores, away_misses_first = [1, 3], [1, 1]
    shootout = home_scores + away_misses_first + (home_scores * 2) * 4
    result = play_passive(passive, [2, 1] * 4 + shootout, winner_required=True, extra_time_turns_per_half=1)
    kinds = [e.kind for e in result.events]
    assert kinds.count("extra_time") == 1 and kinds.count("half_time") == 4
    assert kinds.count("penalty_kick") == 10
    assert (result.decided_by, result.shootout_home, result.shootout_away) == ("penalties", 5, 4)
    assert result.winner == "home" and result.home_goals == result.away_goals == 0


def test_a_tied_shoot_out_goes_on_until_one_side_leads_by_two(passive):
    score, miss = [1, 3], [1, 1]
    kicks = score * 12 + score + miss + score + miss  # 6-6, then 7-6, then 8-6
    result = play_passive(passive, [2, 1] * 2 + kicks, winner_required=True, extra_time=False)
    assert (result.shootout_home, result.shootout_away) == (8, 6)
    assert sum(e.kind == "penalty_kick" for e in result.events) == 16


def test_without_winner_required_a_draw_stands(passive):
    result = play_passive(passive, [2, 1, 2, 1])
    assert (result.home_goals, result.away_goals, result.decided_by) == (0, 0, "regulation")
    assert result.winner is None and result.events[-1].kind == "full_time"


class PassBackCoach:
    """Plays the ball back to its goalie in his goal and out again, then stops."""

    def plan_turn(self, position, turn):
        return [(PASS, SPACE_BY_LABEL["d0"], 0, 0, OFF), (PASS, SPACE_BY_LABEL["b2"], 0, 0, OFF), END_ACTION]


def test_a_pass_back_to_the_goalie_in_his_goal_is_legal_in_a_match(passive):
    state = match_state((PassBackCoach(), passive()), [4])
    position = Position()
    home = {0: "d0", 1: "d1", 2: "b2"} | {piece: f"{'abcdefg'[piece - 3]}4" for piece in range(3, 10)} | {10: "a5"}
    away = {11: "d12"} | {
        piece: f"{'abcdefg'[piece - 12 if piece < 19 else piece - 19]}{8 if piece < 19 else 9}"
        for piece in range(12, 22)
    }
    for piece, name in (home | away).items():
        position.put(piece, SPACE_BY_LABEL[name])
    position.ball = SPACE_BY_LABEL["d1"]
    state.position = position
    assert not play_turn(state, 0, state.dice.d6())  # validated against the move generator
    assert position.holder() == 2
    assert [(e.kind, e.detail["to"]) for e in state.events] == [("pass", "d0"), ("pass", "b2")]
