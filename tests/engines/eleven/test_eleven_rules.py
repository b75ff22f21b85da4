"""Every rule of a turn of "11", each on a position written out by hand.

Piece numbers: 0 is the home goalie (defending d0 in these positions), 1-10
home players, 11 the away goalie (defending d12), 12-21 away players.
"""

from __future__ import annotations

from engines.eleven.board import LABELS, SPACE_BY_LABEL
from engines.eleven.rules import (
    END_ACTION,
    PASS,
    SHOT,
    Turn,
    apply_action,
    legal_actions,
    must_pass,
    pass_targets,
)


def passes(position, turn) -> set[str]:
    return {LABELS[a[1]] for a in legal_actions(position, turn) if a[0] == PASS}


def pass_to(position, turn, name: str) -> None:
    apply_action(position, turn, (PASS, SPACE_BY_LABEL[name], 0, 0, -1))


# -- moving ------------------------------------------------------------------------


def test_a_run_follows_one_line_and_never_bends(build, ends):
    position = build({1: "d3"})
    reached = ends(position, Turn(side=0, points=2), 1)
    assert reached == {"d4", "d5", "e4", "f5", "e3", "f3", "e2", "f1", "d2", "d1", "c2", "b1", "c3", "b3", "c4", "b5"}
    assert "e5" not in reached  # one up, one diagonal: a bend where lines cross


def test_each_point_buys_one_space_and_points_may_be_discarded(build, ends):
    position = build({1: "d3"})
    turn = Turn(side=0, points=1)
    assert ends(position, turn, 1) == {"d4", "e4", "e3", "e2", "d2", "c2", "c3", "c4"}
    assert END_ACTION in legal_actions(position, turn)


def test_a_piece_runs_once_a_turn(build, ends, run):
    position = build({1: "d3", 2: "a3"})
    turn = Turn(side=0, points=6)
    apply_action(position, turn, run(position, turn, 1, "d4"))
    assert turn.points == 5
    assert ends(position, turn, 1) == set()
    assert "a4" in ends(position, turn, 2)


def test_a_run_is_stopped_by_a_teammate(build, ends):
    position = build({1: "d3", 2: "d5"})
    assert not {"d5", "d6"} & ends(position, Turn(side=0, points=6), 1)


def test_only_the_own_goalie_enters_the_goal_space(build, ends):
    position = build({0: "d2", 1: "c1", 11: "e2"})
    assert "d0" in ends(position, Turn(side=0, points=2), 0)
    assert "d0" not in ends(position, Turn(side=0, points=2), 1)
    assert "d0" not in ends(position, Turn(side=1, points=2), 11)


# -- attacking ---------------------------------------------------------------------


def test_attacking_an_adjacent_player_costs_two_points(build, ends, run):
    position = build({1: "d3", 12: "d4"})
    assert not any(">" in end for end in ends(position, Turn(side=0, points=1), 1))
    turn = Turn(side=0, points=2)
    assert "d4>e5" in ends(position, turn, 1)
    apply_action(position, turn, run(position, turn, 1, "d4", "e5"))
    assert (LABELS[position.places[1]], LABELS[position.places[12]], turn.points) == ("d4", "e5", 0)


def test_taking_the_ball_costs_a_third_point(build, ends, run):
    position = build({1: "d3", 12: "d4"}, ball="d4")
    assert not any(">" in end for end in ends(position, Turn(side=0, points=2), 1))
    turn = Turn(side=0, points=3)
    apply_action(position, turn, run(position, turn, 1, "d4", "c5"))
    assert position.holder() == 1 and turn.points == 0


def test_the_rule_book_example_costs_four_points(build, ends):
    position = build({1: "d2", 12: "d4"}, ball="d4")
    assert not any(end.startswith("d4>") for end in ends(position, Turn(side=0, points=3), 1))
    assert any(end.startswith("d4>") for end in ends(position, Turn(side=0, points=4), 1))


def test_the_pushed_player_goes_to_a_free_space_next_to_him(build, ends):
    position = build({1: "d3", 2: "c5", 13: "e5", 12: "d4"}, ball="e4")
    pushes = {end.split(">")[1] for end in ends(position, Turn(side=0, points=2), 1) if end.startswith("d4>")}
    # c5 and e5 hold pieces, e4 holds the ball; the attacker's d3 is free again.
    assert pushes == {"c3", "c4", "d3", "d5", "e3"}


def test_a_free_ball_is_taken_for_one_point(build, run):
    position = build({1: "d3"}, ball="d4")
    turn = Turn(side=0, points=1)
    apply_action(position, turn, run(position, turn, 1, "d4"))
    assert position.holder() == 1 and turn.points == 0


def test_a_player_with_the_ball_may_not_attack(build, ends):
    position = build({1: "d3", 12: "d4"}, ball="d3")
    assert not any(">" in end for end in ends(position, Turn(side=0, points=6), 1))


# -- goalies -----------------------------------------------------------------------


def test_a_goalie_in_his_penalty_area_cannot_be_attacked(build, ends):
    position = build({1: "d9", 11: "d10"})
    assert not any(">" in end for end in ends(position, Turn(side=0, points=6), 1))
    outside = build({1: "d8", 11: "d9"})
    assert "d9>d10" in ends(outside, Turn(side=0, points=2), 1)


def test_a_goalie_may_attack_and_take_the_ball_but_must_pass_it_on(build, run):
    position = build({0: "d0", 2: "b2", 12: "d1"}, ball="d1")
    turn = Turn(side=0, points=3)
    apply_action(position, turn, run(position, turn, 0, "d1", "e2"))
    assert position.holder() == 0
    assert must_pass(position, turn)
    assert END_ACTION not in legal_actions(position, turn)
    pass_to(position, turn, "b2")
    assert END_ACTION in legal_actions(position, turn)


def test_a_goalie_in_his_area_may_not_attack_once_the_shot_is_used(build, ends, run):
    position = build({0: "d0", 1: "a3", 2: "a5", 12: "d1"}, ball="a3")
    turn = Turn(side=0, points=6)
    pass_to(position, turn, "a5")
    apply_action(position, turn, run(position, turn, 1, "a4"))  # the run closes the series
    assert not any(">" in end for end in ends(position, turn, 0))


def test_a_goalie_outside_his_area_keeps_the_ball_and_can_be_attacked(build, ends):
    position = build({0: "d4", 12: "d6"}, ball="d4")
    assert END_ACTION in legal_actions(position, Turn(side=0, points=1))
    assert any(end.startswith("d4>") for end in ends(position, Turn(side=1, points=4), 12))


def test_a_goalie_with_the_ball_may_not_return_after_the_shot(build, ends):
    position = build({0: "d4"}, ball="d4")
    turn = Turn(side=0, points=6, shot_used=True)
    reached = ends(position, turn, 0)
    assert "d3" in reached and not {"d2", "d1", "d0"} & reached


# -- shooting ----------------------------------------------------------------------


def test_a_shot_goes_one_or_two_spaces_and_may_curve(build):
    position = build({1: "d5"}, ball="d5")
    targets = {LABELS[s] for s in pass_targets(position, 1)}
    assert len(targets) == 24 and "d5" not in targets
    assert {"b3", "f7", "d7", "c4"} <= targets


def test_a_shot_never_flies_over_or_onto_an_opponent(build):
    position = build({1: "d3", 12: "c4", 13: "d4", 14: "e4"}, ball="d3")
    targets = {LABELS[s] for s in pass_targets(position, 1)}
    assert not {"c4", "d4", "e4", "b5", "c5", "d5", "e5", "f5"} & targets
    assert {"b4", "f4", "b3", "d1"} <= targets


def test_a_series_goes_on_from_a_teammate_and_ends_on_a_vacant_space(build):
    position = build({1: "d3", 2: "d5"}, ball="d3")
    turn = Turn(side=0, points=0)
    pass_to(position, turn, "d5")
    assert turn.series_open and "d7" in passes(position, turn)
    pass_to(position, turn, "d7")
    assert passes(position, turn) == set()


def test_move_shoot_move_is_allowed_but_not_shoot_move_shoot(build, run):
    position = build({1: "d3", 2: "b5", 3: "f3"}, ball="d3")
    turn = Turn(side=0, points=6)
    apply_action(position, turn, run(position, turn, 2, "c5"))  # move
    pass_to(position, turn, "f3")  # shoot
    apply_action(position, turn, run(position, turn, 3, "f5"))  # and move on with the ball
    assert position.holder() == 3
    assert passes(position, turn) == set()  # no second shot


def test_goals_are_shot_only_from_the_three_shooting_spaces(build):
    for space, allowed in (("c11", True), ("d11", True), ("e11", True), ("d10", False), ("b11", False)):
        position = build({1: space}, ball=space)
        kinds = {a[0] for a in legal_actions(position, Turn(side=0, points=0))}
        assert (SHOT in kinds) is allowed, space


def test_a_goal_shot_ends_the_turn(build):
    position = build({1: "d11"}, ball="d11")
    turn = Turn(side=0, points=5)
    apply_action(position, turn, (SHOT, SPACE_BY_LABEL["d12"], 0, 0, -1))
    assert turn.points == 0 and turn.shot_used


def test_no_teammate_runs_while_a_passed_ball_rests_with_the_goalie(build, ends):
    position = build({0: "d1", 1: "d3", 2: "a3"}, ball="d3")
    turn = Turn(side=0, points=4)
    pass_to(position, turn, "d1")  # back to the goalie in his area
    assert position.holder() == 0 and turn.series_open
    assert ends(position, turn, 2) == set()
    assert END_ACTION not in legal_actions(position, turn)


def test_the_goalie_in_his_goal_space_gets_the_ball_from_a_teammate(build):
    """The book: goalies in their own penalty area may "get the ball from a friendly
    football player"; in his goal he parries and holds the ball under the same rules,
    so a pass reaches him there as it does on d1, and he must play it on."""
    position = build({0: "d0", 1: "d1", 2: "c2", 3: "a3"}, ball="c2")
    turn = Turn(side=0, points=3)
    assert "d0" in passes(position, turn)  # two spaces, over c1 or d1
    pass_to(position, turn, "d1")
    assert "d0" in passes(position, turn)
    pass_to(position, turn, "d0")
    assert position.holder() == 0 and turn.series_open
    assert must_pass(position, turn) and END_ACTION not in legal_actions(position, turn)
    pass_to(position, turn, "c2")
    assert END_ACTION in legal_actions(position, turn)


def test_an_empty_goal_space_or_the_opponents_goalie_takes_no_pass(build):
    position = build({0: "d4", 1: "d1", 11: "d12", 12: "d11"}, ball="d1")
    assert "d0" not in passes(position, Turn(side=0, points=3))
    position = build({1: "d11", 11: "d12"}, ball="d11")
    assert "d12" not in passes(position, Turn(side=0, points=3))
