"""Every rule of the Calciotto rule book, each with forced dice and a stacked hand.

Squares are absolute (col, row): home defends row -1 and attacks row 20. A
typical cast: home forward ``hA`` and midfielder ``hC``, away defender ``aD``
and goalkeepers ``hP`` / ``aP`` on their goal areas.
"""

from __future__ import annotations

import pytest

from engines.calciotto import ENGINE
from engines.calciotto import cards as C
from engines.calciotto import field as F
from engines.calciotto.coach import Coach
from engines.calciotto.match import KICK_OFF, NORMAL, THROW, IllegalAction, Match
from engines.calciotto.testing import ScriptedCoach, kinds, piece_by_id, position, start_phase
from engines.core import Dice, DiceExhausted, MatchOptions, TeamSheet

HOME, AWAY = 0, 1
KEEPERS_HOME = [("hP", "P", 2, 4, (7, -1))]
KEEPERS_AWAY = [("aP", "P", 2, 4, (8, 20))]
#: Rolls for whatever the coach does after the part a test checks (decisive, never tied).
PAD = [6, 5, 1, 2] * 10


def attack_scene(rolls, hands=None, coaches=None, home_extra=(), away_extra=(), ball="hA"):
    """Home forward on the edge of the away penalty area, one away defender near him."""
    home = [*KEEPERS_HOME, ("hA", "A", 4, 4, (7, 15)), ("hC", "C", 4, 3, (4, 12)), *home_extra]
    away = [*KEEPERS_AWAY, ("aD", "D", 3, 4, (7, 16)), ("aC", "C", 4, 3, (12, 10)), *away_extra]
    return position(rolls, home, away, ball=ball, hands=hands, coaches=coaches)


def sq(col, row):
    return F.cell(col, row)


# ---------------------------------------------------------------- formation


def test_a_side_calls_thirteen_places_eight_in_its_half_and_benches_five():
    sheets = [ENGINE.validate_sheet(TeamSheet.coerce(ENGINE.sample_team(s)), "home") for s in (1, 2)]
    match = Match(sheets, Dice(1), MatchOptions(), [Coach(), Coach()])
    for side in (HOME, AWAY):
        match.line_up(side)
    match.kick_off(HOME)
    for side in (HOME, AWAY):
        assert len(match.field[side]) == 8 and len(match.bench[side]) == 5
        assert sum(p.keeper for p in match.field[side]) == 1
        for piece in match.field[side]:
            assert F.OWN_HALF[side][piece.pos]
            if F.CENTRE_CIRCLE[side][piece.pos]:
                assert side == HOME and F.to_relative(side, piece.pos) in F.KICK_OFF_SQUARES


def test_the_highest_roll_takes_the_ball_and_ties_roll_again():
    match = attack_scene([3, 3, 2, 4, 1, 2, 6, 5])
    assert match.possession_roll() == AWAY  # 6 v 6 is rolled again, then 3 v 11
    assert match.events[-1].detail == {"home": [1, 2], "away": [6, 5]}


def test_the_side_without_the_ball_deals_five_cards_each():
    match = attack_scene([1] * 41)
    match.deal(dealer=AWAY)
    assert len(match.hands[HOME]) == len(match.hands[AWAY]) == 5
    assert len(match.deck) == 42 - 10


def test_the_kick_off_puts_two_pieces_on_the_centre_squares_and_starts_with_a_pass():
    match = attack_scene([4, 3])
    match.kick_off(AWAY)
    takers = [match.board[F.to_absolute(AWAY, *s)] for s in F.KICK_OFF_SQUARES]
    assert all(p is not None and p.side == AWAY for p in takers)
    assert match.ball is takers[0] and (match.next_side, match.next_mode) == (AWAY, KICK_OFF)
    match.phase_side, match.points, match.must_pass_first, match.phase_over = AWAY, 7, True, False
    with pytest.raises(IllegalAction, match="start with a pass"):
        match.move(takers[1], [takers[1].pos - F.WIDTH])
    match.pass_ball(takers[1])
    assert match.points == 6 and not match.must_pass_first


def test_a_kick_off_phase_opens_with_the_pass():
    match = attack_scene([4, 3, *PAD])
    match.kick_off(HOME)
    match.moving_phase(HOME, KICK_OFF)
    ball_events = [e.kind for e in match.events if e.kind in ("pass", "move", "shot")]
    assert ball_events[0] == "pass"


# ------------------------------------------------------------- moving phase


def test_two_dice_give_the_moving_points():
    match = attack_scene([3, 4, *PAD])
    match.moving_phase(HOME, NORMAL)
    turn = next(e for e in match.events if e.kind == "turn")
    assert turn.detail["dice"] == [3, 4] and turn.detail["points"] == 7


def test_a_piece_moves_no_further_than_its_movement_number():
    match = attack_scene([])
    start_phase(match, HOME, 12)
    mid = piece_by_id(match, "hC")  # move 4 at (4, 12)
    with pytest.raises(IllegalAction, match="cannot move 5"):
        match.move(mid, [sq(4, 13), sq(4, 14), sq(4, 15), sq(4, 16), sq(4, 17)])
    match.move(mid, [sq(4, 13), sq(4, 14)])
    match.move(mid, [sq(5, 14), sq(5, 13)])  # two more: four in all
    with pytest.raises(IllegalAction):
        match.move(mid, [sq(5, 12)])
    assert match.points == 8


def test_pieces_move_only_orthogonally_onto_free_squares():
    match = attack_scene([])
    start_phase(match, HOME, 12)
    mid = piece_by_id(match, "hC")
    with pytest.raises(IllegalAction, match="illegal step"):
        match.move(mid, [sq(5, 13)])  # diagonal
    forward = piece_by_id(match, "hA")
    with pytest.raises(IllegalAction, match="illegal step"):
        match.move(forward, [sq(7, 16)])  # the away defender stands there


def test_moving_points_are_shared_by_the_whole_side():
    match = attack_scene([])
    start_phase(match, HOME, 3)
    match.move(piece_by_id(match, "hC"), [sq(4, 13), sq(4, 14)])
    with pytest.raises(IllegalAction, match="cannot move 2"):
        match.move(piece_by_id(match, "hA"), [sq(6, 15), sq(5, 15)])


def test_a_pass_runs_in_a_straight_line_one_point_a_square_and_never_over_a_piece():
    match = attack_scene([], home_extra=[("hT", "T", 5, 3, (10, 18))])
    start_phase(match, HOME, 10)
    winger = piece_by_id(match, "hT")
    mid = piece_by_id(match, "hC")
    # hA (7,15) to hT (10,18) is a diagonal of 3 squares.
    match.pass_ball(winger)
    assert match.points == 7 and match.ball is winger
    # hT (10,18) to hC (4,12): the diagonal crosses (7,15), where hA stands; the ball stops at hA.
    with pytest.raises(IllegalAction, match="no straight free line"):
        match.pass_ball(mid)
    match.pass_ball(piece_by_id(match, "hA"))
    assert match.points == 4


def test_a_pass_to_a_piece_off_the_lines_is_refused():
    match = attack_scene([], home_extra=[("hT", "T", 5, 3, (9, 18))])
    start_phase(match, HOME, 10)
    with pytest.raises(IllegalAction):
        match.pass_ball(piece_by_id(match, "hT"))


def test_shots_only_from_the_attacking_penalty_area_into_the_goal_area():
    match = attack_scene([6, 6, 1, 1])
    start_phase(match, HOME, 12)
    forward = piece_by_id(match, "hA")
    assert not F.PENALTY_AREA[AWAY][forward.pos]  # row 15 is outside the 8x4 box
    with pytest.raises(IllegalAction, match="no open shot"):
        match.shoot(sq(7, 20))
    match.move(forward, [sq(6, 15), sq(6, 16)])
    with pytest.raises(IllegalAction, match="no open shot"):
        match.shoot(sq(7, 20))  # not a straight line from (6, 16)
    match.shoot(sq(6, 20))
    assert match.points == 12 - 2 - 4 and "goal" in kinds(match)


def test_a_shot_line_must_be_free():
    match = attack_scene([])
    forward = piece_by_id(match, "hA")
    match.place(forward, sq(7, 17))
    assert sq(7, 20) in [g for g, _ in match.open_shots(HOME, forward.pos, 9)]
    match.place(piece_by_id(match, "hC"), sq(7, 18))  # a team-mate blocks the line too
    assert sq(7, 20) not in [g for g, _ in match.open_shots(HOME, forward.pos, 9)]
    assert match.open_shots(HOME, forward.pos, 2) == []  # every line needs 3 points


def test_defenders_keep_out_of_their_own_small_area_but_attackers_may_enter_it():
    match = attack_scene([])
    start_phase(match, AWAY, 12)
    defender = piece_by_id(match, "aD")  # at (7,16); the away small area is rows 18-19, cols 5-10
    with pytest.raises(IllegalAction, match="illegal step"):
        match.move(defender, [sq(7, 17), sq(7, 18)])
    start_phase(match, HOME, 12)
    forward = piece_by_id(match, "hA")
    match.move(forward, [sq(6, 15), sq(6, 16), sq(6, 17), sq(6, 18)])
    assert F.SMALL_AREA[AWAY][forward.pos]


def test_the_goalkeeper_stays_on_his_four_goal_squares():
    match = attack_scene([])
    start_phase(match, AWAY, 12)
    keeper = piece_by_id(match, "aP")
    match.move(keeper, [sq(9, 20)])
    with pytest.raises(IllegalAction):
        match.move(keeper, [sq(9, 19)])


def test_one_moving_card_is_played_before_the_roll_and_a_sprint_adds_points_and_reach():
    coach = ScriptedCoach(moving_cards=[C.SPRINT_3])
    match = attack_scene([2, 3, *PAD], hands={HOME: [C.SPRINT_3, C.SPRINT_4]}, coaches=[coach, ScriptedCoach()])
    match.moving_phase(HOME, NORMAL)
    played, turn = (e for e in match.events if e.kind in ("card_played", "turn"))
    assert played.seq < turn.seq and played.detail == {"card": C.SPRINT_3, "phase": "moving"}
    assert turn.detail["points"] == 5 + 4
    assert match.sprint_reach == 3 and match.hands[HOME] == [C.SPRINT_4]
    assert match.deck[-1] == C.SPRINT_3  # used cards go under the pack


def test_a_sprinter_runs_past_his_movement_number():
    match = attack_scene([])
    start_phase(match, HOME, 9)
    mid = piece_by_id(match, "hC")
    match.sprinter, match.sprint_reach = mid, 3
    match.move(mid, [sq(4, 13 + i) for i in range(7)])
    assert F.to_relative(HOME, mid.pos) == (4, 19)


def test_raddoppia_doubles_the_moving_points():
    coach = ScriptedCoach(moving_cards=[C.RADDOPPIA])
    match = attack_scene([2, 3, *PAD], hands={HOME: [C.RADDOPPIA]}, coaches=[coach, ScriptedCoach()])
    match.moving_phase(HOME, NORMAL)
    assert next(e for e in match.events if e.kind == "turn").detail["points"] == 10


def test_cancella_from_the_other_side_cancels_a_moving_card():
    home = ScriptedCoach(moving_cards=[C.RADDOPPIA])
    away = ScriptedCoach(answers=[C.CANCELLA])
    match = attack_scene([2, 3, *PAD], hands={HOME: [C.RADDOPPIA], AWAY: [C.CANCELLA]}, coaches=[home, away])
    match.moving_phase(HOME, NORMAL)
    assert next(e for e in match.events if e.kind == "turn").detail["points"] == 5
    assert [e.detail["card"] for e in match.events if e.kind == "card_played"] == [C.RADDOPPIA, C.CANCELLA]


def test_contropiede_only_after_winning_the_ball_and_gives_a_second_phase():
    home = ScriptedCoach(moving_cards=[C.CONTROPIEDE])
    match = attack_scene([2, 3, *PAD], hands={HOME: [C.CONTROPIEDE]}, coaches=[home, ScriptedCoach()])
    with pytest.raises(IllegalAction):
        match.moving_phase(HOME, NORMAL)
    home = ScriptedCoach(moving_cards=[C.CONTROPIEDE])
    match = attack_scene([2, 3, *PAD], hands={HOME: [C.CONTROPIEDE]}, coaches=[home, ScriptedCoach()])
    match.won_ball[HOME] = True
    assert match.moving_phase(HOME, NORMAL) == HOME


def test_a_six_may_be_dropped_to_draw_a_card():
    coach = ScriptedCoach(drop_sixes=[True])
    match = attack_scene([6, 4, *PAD], coaches=[coach, ScriptedCoach()])
    top = match.deck[0]
    match.moving_phase(HOME, NORMAL)
    turn = next(e for e in match.events if e.kind == "turn")
    assert turn.detail["points"] == 4 and turn.detail["dropped_six"]
    assert match.hands[HOME] == [top]


def test_a_kept_six_counts_in_full():
    match = attack_scene([6, 4, *PAD])
    match.moving_phase(HOME, NORMAL)
    assert next(e for e in match.events if e.kind == "turn").detail["points"] == 10


# ------------------------------------------------------------------ tackles


def tackle_scene(rolls, **kw):
    """Away defender aD at (7,16) tackles the home forward on (7,17), both in their own areas."""
    match = attack_scene(rolls, **kw)
    forward = piece_by_id(match, "hA")
    match.place(forward, sq(7, 17))
    match.phase_side = AWAY
    return match, piece_by_id(match, "aD"), forward


def test_a_tackle_adds_each_base_inside_its_competence_area_and_the_winner_takes_the_ball():
    match, defender, forward = tackle_scene([5, 4, 3, 5])
    # (7,17) is the away defence area and the home attack area: both bases count.
    assert match.tackle_action(defender) == AWAY
    tackle = match.events[-1]
    assert tackle.detail["bases"] == [4, 4] and tackle.detail["rolls"][0]["scores"] == [13, 12]
    assert match.ball is defender and match.stats["aD"]["steals"] == 1 and match.won_ball[AWAY]


def test_the_carrier_who_wins_the_tackle_keeps_the_ball_and_moves_next():
    match, defender, forward = tackle_scene([1, 1, 3, 3])
    assert match.tackle_action(defender) == HOME and match.ball is forward


def test_outside_the_competence_area_a_piece_has_no_base():
    match = attack_scene([4, 4, 4, 3])
    mid, away_mid = piece_by_id(match, "hC"), piece_by_id(match, "aC")
    match.ball = mid
    match.place(mid, sq(12, 11))  # the away wing? no: column 12 is central midfield for both
    assert match.tackle_action(away_mid) == AWAY  # both in the midfield area: 8+3 v 7+3
    assert match.events[-1].detail["bases"] == [3, 3]
    match = attack_scene([4, 4, 4, 3])
    forward, away_mid = piece_by_id(match, "hA"), piece_by_id(match, "aC")
    match.place(forward, sq(12, 11))  # a forward in midfield has no base there
    assert match.tackle_action(away_mid) == AWAY
    assert match.events[-1].detail["bases"] == [3, 0]


def test_a_tied_tackle_is_rolled_again():
    match, defender, _ = tackle_scene([3, 3, 2, 4, 1, 1, 6, 6])
    assert match.tackle_action(defender) == HOME
    assert len(match.events[-1].detail["rolls"]) == 2


def test_only_a_piece_orthogonally_next_to_the_carrier_tackles():
    match = attack_scene([])
    start_phase(match, AWAY, 7)
    forward = piece_by_id(match, "hA")
    match.place(forward, sq(8, 17))  # diagonal to aD at (7,16)
    with pytest.raises(IllegalAction, match="not next to the ball"):
        match.tackle(piece_by_id(match, "aD"))


def test_a_tackler_who_steps_away_after_asking_does_not_tackle():
    """The tackle is played once all moving is done: adjacency is checked then too."""
    match, defender, _ = tackle_scene([5, 4, 3, 5])
    start_phase(match, AWAY, 7)
    match.tackle(defender)
    match.move(defender, [sq(7, 15), sq(7, 14)])
    with pytest.raises(IllegalAction, match="not next to the ball"):
        match.tackle_action(defender)


@pytest.mark.parametrize(
    ("card", "user_is_tackler", "expected_bases"),
    [
        (C.TACKLE, True, [6, 4]),
        (C.SCIVOLATA, True, [8, 4]),
        (C.DRIBBLING, False, [4, 7]),
        (C.RADDOPPIA, True, [8, 4]),
        (C.ELIMINA, False, [0, 4]),
    ],
)
def test_tackle_cards_change_the_scores(card, user_is_tackler, expected_bases):
    cards_t = [card] if user_is_tackler else [None]
    cards_c = [None] if user_is_tackler else [card]
    hands = {AWAY if user_is_tackler else HOME: [card]}
    coaches = [ScriptedCoach(action_cards=cards_c), ScriptedCoach(action_cards=cards_t)]
    match, defender, _ = tackle_scene([2, 2, 1, 2], hands=hands, coaches=coaches)
    match.tackle_action(defender)
    assert match.events[-1].detail["bases"] == expected_bases


def test_cancella_cancels_the_tacklers_card():
    coaches = [ScriptedCoach(action_cards=[C.CANCELLA]), ScriptedCoach(action_cards=[C.SCIVOLATA])]
    hands = {HOME: [C.CANCELLA], AWAY: [C.SCIVOLATA]}
    match, defender, _ = tackle_scene([2, 2, 1, 2], hands=hands, coaches=coaches)
    match.tackle_action(defender)
    assert match.events[-1].detail["bases"] == [4, 4]


def test_a_sanction_card_answers_only_a_hard_tackle():
    coaches = [ScriptedCoach(action_cards=[C.PUNIZIONE]), ScriptedCoach()]
    match, defender, _ = tackle_scene([2, 2], hands={HOME: [C.PUNIZIONE]}, coaches=coaches)
    with pytest.raises(IllegalAction, match="hard tackle"):
        match.tackle_action(defender)


def midfield_foul(rolls, tackle_card, sanction, cautions=0, free_kick="coach", taker=None, home_extra=()):
    """Away midfielder aC tackles the home midfielder hC in midfield with a hard tackle."""
    coaches = [
        ScriptedCoach(action_cards=[sanction], free_kick=free_kick, taker=taker),
        ScriptedCoach(action_cards=[tackle_card]),
    ]
    match = attack_scene(rolls, hands={HOME: [sanction], AWAY: [tackle_card]}, coaches=coaches, home_extra=home_extra)
    mid, away_mid = piece_by_id(match, "hC"), piece_by_id(match, "aC")
    match.place(mid, sq(12, 11))
    match.ball = mid
    away_mid.cautions = cautions
    return match, away_mid, mid


def test_punizione_on_a_tackle_gives_a_free_kick_without_a_caution():
    match, tackler, mid = midfield_foul([3, 3, 2, 2, 1], C.TACKLE, C.PUNIZIONE)
    match.place(piece_by_id(match, "hA"), sq(10, 11))  # two squares beside the ball: the kick's target
    assert match.tackle_action(tackler) == HOME
    assert "free_kick" in kinds(match) and "caution" not in kinds(match)
    assert match.events[-1].detail["dice"] == [2, 2] and match.events[-1].detail["points"] == 8


def test_ammonizione_cautions_the_tackler():
    match, tackler, _ = midfield_foul([3, 3, 2, 2, 1], C.TACKLE, C.AMMONIZIONE)
    match.tackle_action(tackler)
    assert tackler.cautions == 1 and match.stats[tackler.id]["yellow_cards"] == 1


def test_any_sanction_on_a_slide_tackle_cautions_and_a_second_caution_sends_off():
    match, tackler, _ = midfield_foul([3, 3, 2, 2, 1], C.SCIVOLATA, C.PUNIZIONE, cautions=1)
    match.tackle_action(tackler)
    assert kinds(match).count("expulsion") == 1
    assert tackler not in match.field[AWAY] and tackler.pos == -1
    assert match.stats[tackler.id]["red_cards"] == 1


# ---------------------------------------------------------------- free kicks


def test_the_barrier_stands_two_squares_goal_side_and_a_low_kick_stops_at_it():
    # home hC fouled at (7,11); barrier on (7,13) and (8,13); hA waits at (7,15) behind it.
    match, tackler, mid = midfield_foul([3, 3, 3, 3, 1], C.TACKLE, C.PUNIZIONE)
    match.place(mid, sq(7, 11))
    match.place(tackler, sq(6, 11))
    forward = piece_by_id(match, "hA")
    match.tackle_action(tackler)
    barrier = match.events[-1].detail["barrier"]
    assert {F.to_relative(HOME, piece_by_id(match, p).pos) for p in barrier} == {(7, 13), (8, 13)}
    assert match.events[-1].detail["high"] is False
    assert forward.id not in [t[1].id for t in match.coaches[HOME].seen_free_kick_targets if t[0] == "pass"]


def test_a_high_free_kick_flies_over_the_barrier():
    match, tackler, mid = midfield_foul([3, 3, 3, 3, 2], C.TACKLE, C.PUNIZIONE)
    match.place(mid, sq(7, 11))
    match.place(tackler, sq(6, 11))
    forward = piece_by_id(match, "hA")
    match.tackle_action(tackler)
    assert match.events[-1].detail["high"] is True
    targets = match.coaches[HOME].seen_free_kick_targets
    assert ("pass", forward, 4) in targets


def test_a_free_kick_that_reaches_the_goal_area_is_a_shot_at_goal():
    # 6+6 doubled = 24 points: from (7,11) straight up, high over the barrier, to (7,20).
    match, tackler, mid = midfield_foul([3, 3, 6, 6, 2, 5, 5, 1, 1], C.TACKLE, C.PUNIZIONE)
    match.place(mid, sq(7, 11))
    match.place(tackler, sq(6, 11))
    match.place(piece_by_id(match, "hA"), sq(2, 15))
    match.place(piece_by_id(match, "aD"), sq(12, 16))
    match.coaches[HOME].free_kick = ("shot", sq(7, 20))
    match.tackle_action(tackler)
    assert [k for k in kinds(match) if k in ("free_kick", "shot", "goal")] == ["free_kick", "shot", "goal"]


def test_a_foul_in_the_penalty_area_is_a_penalty_taken_by_the_centre_forward():
    coaches = [ScriptedCoach(action_cards=[C.PUNIZIONE]), ScriptedCoach(action_cards=[C.TACKLE])]
    match, defender, forward = tackle_scene(
        [4, 4, 5, 5, 1, 1], hands={HOME: [C.PUNIZIONE], AWAY: [C.TACKLE]}, coaches=coaches
    )
    match.tackle_action(defender)
    penalty = next(e for e in match.events if e.kind == "penalty_kick")
    assert penalty.player_id == "hA"
    shot = next(e for e in match.events if e.kind == "shot")
    # The spot is in the attack area: the forward keeps his base; the keeper (8) is beaten to (6).
    assert shot.detail["target"] == [6, 20] and shot.detail["bases"] == [4, 0]
    assert match.score == [1, 0]


def test_any_other_piece_may_take_the_free_kick_from_where_the_ball_is():
    # The book: "it can be made by any other football player too". hA swaps squares with the fouled hC.
    match, tackler, mid = midfield_foul([3, 3, 2, 2, 1], C.TACKLE, C.PUNIZIONE, taker="hA")
    forward = piece_by_id(match, "hA")
    foul_square, forward_square = mid.pos, forward.pos
    match.place(piece_by_id(match, "hC"), sq(12, 11))
    match.tackle_action(tackler)
    kick = next(e for e in match.events if e.kind == "free_kick")
    assert kick.player_id == "hA" and kick.detail["fouled"] == "hC"
    assert forward.pos == foul_square and mid.pos == forward_square
    assert match.stats["hA"]["free_kicks"] == 1 and match.stats["hC"]["free_kicks"] == 0


def test_the_strong_coach_gives_the_free_kick_to_the_piece_whose_base_counts_there():
    # hC fouled at (12,15), in the attack area: the forward's base counts there, the midfielder's not.
    match, tackler, mid = midfield_foul([3, 3, 2, 2, 1, *PAD], C.TACKLE, C.PUNIZIONE)
    match.place(mid, sq(12, 15))
    match.place(tackler, sq(12, 14))
    match.tackle_action(tackler)
    assert next(e for e in match.events if e.kind == "free_kick").player_id == "hA"


def test_a_free_kick_must_move_the_ball():
    # The book: the score "must be used for the free kick displacing the ball". hA two squares beside.
    match, tackler, mid = midfield_foul([3, 3, 2, 2, 1], C.TACKLE, C.PUNIZIONE, free_kick=None)
    match.place(piece_by_id(match, "hA"), sq(10, 11))
    with pytest.raises(IllegalAction, match="must move the ball"):
        match.tackle_action(tackler)


def test_a_free_kick_with_only_opponents_on_its_lines_gives_them_the_ball():
    # hC fouled at (12,11), low kick of 4: the first piece on any line is the barrier (aC), in reach.
    match, tackler, mid = midfield_foul([3, 3, 1, 1, 1], C.TACKLE, C.PUNIZIONE)
    assert match.tackle_action(tackler) == AWAY
    kick = next(e for e in match.events if e.kind == "free_kick")
    assert kick.detail["outcome"] == "intercepted" and match.ball.side == AWAY and match.ball.id == kick.detail["to"]


def test_the_wall_has_two_pieces_when_a_square_of_its_row_is_taken():
    # The kicking side stands on (7,13), two squares in front of the ball: the wall takes (8,13) and (6,13).
    match, tackler, mid = midfield_foul([3, 3, 3, 3, 1], C.TACKLE, C.PUNIZIONE, home_extra=[("hT", "T", 4, 2, (7, 13))])
    match.place(mid, sq(7, 11))
    match.place(tackler, sq(6, 11))
    match.tackle_action(tackler)
    barrier = next(e for e in match.events if e.kind == "free_kick").detail["barrier"]
    assert sorted(F.to_relative(HOME, piece_by_id(match, p).pos) for p in barrier) == [(6, 13), (8, 13)]


def test_the_wall_has_two_pieces_next_to_the_goal_line():
    # Fouled in the away team's corner at (14,19): no row two squares goal-side, so the wall stands two
    # squares away toward the goal, on the goal line first.
    match, tackler, mid = midfield_foul([3, 3, 3, 3, 1], C.TACKLE, C.PUNIZIONE)
    match.place(mid, sq(14, 19))
    match.place(tackler, sq(14, 18))
    match.tackle_action(tackler)
    barrier = next(e for e in match.events if e.kind == "free_kick").detail["barrier"]
    assert len(barrier) == 2
    assert all(F.chebyshev(piece_by_id(match, p).pos, sq(14, 19)) == 2 for p in barrier)


def test_at_a_penalty_the_taker_stands_behind_the_spot_and_everybody_else_behind_him():
    # The away spot is (8,16): the taker goes to a central square behind it, (8,15) or (7,15); hA on (7,17)
    # and aD on (7,16) stood in front of that line.

    class Watching(ScriptedCoach):
        def penalty_target(self, match, side, keeper):
            self.seen = {p.id: F.to_relative(AWAY, p.pos) for p in (*match.field[HOME], *match.field[AWAY])}
            return super().penalty_target(match, side, keeper)

    coaches = [Watching(action_cards=[C.PUNIZIONE]), ScriptedCoach(action_cards=[C.TACKLE])]
    match, defender, forward = tackle_scene(
        [4, 4, 5, 5, 1, 1], hands={HOME: [C.PUNIZIONE], AWAY: [C.TACKLE]}, coaches=coaches
    )
    match.tackle_action(defender)
    seen = match.coaches[HOME].seen
    assert seen["hA"] in ((7, 4), (8, 4))
    assert all(row >= 4 for pid, (_, row) in seen.items() if pid not in ("hP", "aP"))
    moved = {e.player_id for e in match.events if e.kind == "move" and e.detail.get("penalty")}
    assert moved == {"hA", "aD"}
    assert next(e for e in match.events if e.kind == "penalty_kick").player_id == "hA"


# -------------------------------------------------------------------- shots


def shot_scene(rolls, keeper_col=8, **kw):
    match = attack_scene(rolls, **kw)
    forward = piece_by_id(match, "hA")
    match.place(forward, sq(7, 17))
    match.place(piece_by_id(match, "aD"), sq(11, 16))
    match.place(piece_by_id(match, "aP"), sq(keeper_col, 20))
    start_phase(match, HOME, 12)
    return match, forward


def test_a_shot_into_an_empty_square_beside_the_keeper_counts_both_bases():
    match, _ = shot_scene([3, 3, 3, 2, 5, 5, 1, 1])
    match.shoot(sq(7, 20))
    shot = next(e for e in match.events if e.kind == "shot")
    assert shot.detail["bases"] == [4, 4] and shot.detail["keeper_offset"] == 1
    assert shot.detail["rolls"][0]["scores"] == [10, 9] and match.score == [1, 0]


def test_a_shot_two_squares_from_the_keeper_wrong_foots_him():
    match, _ = shot_scene([3, 3, 3, 2, 5, 5, 1, 1], keeper_col=9)
    match.shoot(sq(7, 20))
    assert next(e for e in match.events if e.kind == "shot").detail["bases"] == [4, 0]


def test_a_shot_at_the_keeper_loses_the_shooters_base():
    match, _ = shot_scene([3, 3, 3, 2], keeper_col=7)
    match.shoot(sq(7, 20))
    assert next(e for e in match.events if e.kind == "shot").detail["bases"] == [0, 4]
    assert "save" in kinds(match)


def test_a_save_gives_the_keeper_the_ball_and_a_throw_of_two_dice_doubled():
    match, _ = shot_scene([3, 3, 5, 2, 4, 2], keeper_col=7)
    match.shoot(sq(7, 20))
    keeper = piece_by_id(match, "aP")
    assert match.ball is keeper and match.stats["aP"]["saves"] == 1
    assert (match.next_side, match.next_mode) == (AWAY, THROW)
    match.dice._rolls.extend(PAD)
    match.moving_phase(AWAY, THROW)
    turn = [e for e in match.events if e.kind == "turn"][-1]
    assert turn.detail["points"] == (4 + 2) * 2


def test_a_goal_restarts_with_the_conceding_side_kicking_off():
    match, _ = shot_scene([6, 6, 1, 1])
    match.shoot(sq(7, 20))
    assert match.score == [1, 0] and (match.next_side, match.next_mode) == (AWAY, KICK_OFF)
    assert kinds(match)[-1] == "kick_off" and match.events[-1].side == "away"


def test_a_tied_shot_is_rolled_again():
    match, _ = shot_scene([3, 3, 3, 3, 1, 1, 6, 6])
    match.shoot(sq(7, 20))
    assert len(next(e for e in match.events if e.kind == "shot").detail["rolls"]) == 2


def test_sicurezza_keeps_the_keepers_base_when_wrong_footed():
    coaches = [ScriptedCoach(), ScriptedCoach(action_cards=[C.SICUREZZA])]
    match, _ = shot_scene([3, 3, 3, 2], keeper_col=9, hands={AWAY: [C.SICUREZZA]}, coaches=coaches)
    match.shoot(sq(7, 20))
    assert next(e for e in match.events if e.kind == "shot").detail["bases"] == [4, 4]


def test_tuffo_doppio_rolls_the_keepers_dice_twice_and_keeps_the_better():
    coaches = [ScriptedCoach(), ScriptedCoach(action_cards=[C.TUFFO_DOPPIO])]
    match, _ = shot_scene([5, 5, 1, 1, 6, 6], keeper_col=9, hands={AWAY: [C.TUFFO_DOPPIO]}, coaches=coaches)
    match.shoot(sq(7, 20))
    shot = next(e for e in match.events if e.kind == "shot")
    assert shot.detail["rolls"][0]["scores"] == [14, 12] and shot.detail["rolls"][0]["second_again"] == [6, 6]
    assert match.score == [1, 0]


def test_the_second_to_roll_may_drop_a_six_for_a_card():
    coaches = [ScriptedCoach(), ScriptedCoach(drop_sixes=[True])]
    match, _ = shot_scene([1, 1, 6, 5, 6, 1], keeper_col=7, coaches=coaches)
    match.shoot(sq(7, 20))
    shot = next(e for e in match.events if e.kind == "shot")
    assert shot.detail["rolls"][0]["scores"] == [2, 9] and len(match.hands[AWAY]) == 1


# ------------------------------------------------------------- replacements


def test_three_replacements_at_most_only_at_the_stoppages_and_into_the_same_square():
    subs = [("hA", "hA2"), ("hC", "hC2"), ("hT", "hT2"), ("hD", "hD2")]
    home_coach = ScriptedCoach(subs=subs)
    home = [
        *KEEPERS_HOME,
        ("hA", "A", 4, 4, (7, 15)),
        ("hC", "C", 4, 3, (4, 12)),
        ("hT", "T", 5, 3, (1, 8)),
        ("hD", "D", 3, 4, (5, 3)),
        ("hA2", "A", 4, 4, None),
        ("hC2", "C", 4, 3, None),
        ("hT2", "T", 5, 3, None),
        ("hD2", "D", 3, 4, None),
    ]
    away = [*KEEPERS_AWAY, ("aD", "D", 3, 4, (7, 16)), ("aC", "C", 4, 3, (12, 10))]
    match = position([], home, away, ball="hA", coaches=[home_coach, ScriptedCoach()])
    square = piece_by_id(match, "hA").pos
    match.replacement_window(HOME)
    assert match.subs_used[HOME] == 3 and kinds(match).count("substitution") == 3
    assert match.board[square].id == "hA2" and match.ball.id == "hA2"
    with pytest.raises(IllegalAction, match="three replacements"):
        match.substitute(piece_by_id(match, "hD"), piece_by_id(match, "hD2"))


def test_a_goalkeeper_is_replaced_only_by_a_goalkeeper():
    match = attack_scene([], home_extra=[("hP2", "P", 2, 5, None), ("hD", "D", 3, 3, None)])
    with pytest.raises(IllegalAction, match="goalkeeper"):
        match.substitute(piece_by_id(match, "hP"), piece_by_id(match, "hD"))
    match.substitute(piece_by_id(match, "hP"), piece_by_id(match, "hP2"))
    assert match.keeper_of(HOME).id == "hP2"


def test_the_rolls_run_out_when_a_test_forgets_one():
    match = attack_scene([3])
    with pytest.raises(DiceExhausted):
        match.moving_phase(HOME, NORMAL)


# ----------------------------------------------------------------- shoot-out


def test_a_shoot_out_takes_five_kicks_each_from_the_spot_and_stops_once_settled():
    home_scores, away_misses = [6, 6, 1, 1], [1, 1, 6, 6]
    match = attack_scene((home_scores + away_misses) * 3)
    assert match.shootout() == (3, 0)
    kicks = [e for e in match.events if e.kind == "penalty_kick"]
    assert len(kicks) == 6 and [e.side for e in kicks] == ["home", "away"] * 3
    assert kicks[0].player_id == "hA" and kicks[0].detail["bases"] == [4, 0]
    assert not match.dice.remaining


def test_a_level_shoot_out_goes_to_sudden_death():
    goal, miss = [6, 6, 1, 1], [1, 1, 6, 6]
    match = attack_scene((goal + goal) * 5 + goal + miss)
    assert match.shootout() == (6, 5)
    match = attack_scene(goal + miss)
    match.shootout_kicks = 1
    assert match.shootout() == (1, 0)


def test_the_goalkeeper_never_tackles():
    match = attack_scene([])
    start_phase(match, AWAY, 7)
    forward = piece_by_id(match, "hA")
    match.place(forward, sq(8, 19))  # in front of the away keeper on (8, 20)
    with pytest.raises(IllegalAction, match="goalkeeper"):
        match.tackle(piece_by_id(match, "aP"))


def test_at_a_free_kick_a_side_moves_four_pieces_at_most():
    class Greedy(ScriptedCoach):
        def relocate(self, match, side, count, ball_square, barrier):
            free = [s for s in F.SQUARES if match.board[s] is None and F.GOAL_OF[s] < 0 and F.row_of(s) < 8]
            return [(p, free[i]) for i, p in enumerate(p for p in match.field[side] if p is not match.ball)]

    home = [*KEEPERS_HOME, *((f"h{i}", "C", 3, 3, (3 + i, 11)) for i in range(6))]
    away = [*KEEPERS_AWAY, ("aC", "C", 4, 3, (3, 12))]
    match = position([], home, away, ball="h0", coaches=[Greedy(), ScriptedCoach()])
    with pytest.raises(IllegalAction, match="may move 4 pieces"):
        match.relocate(HOME, 4, piece_by_id(match, "h0").pos, ())


def test_a_penalty_without_a_forward_on_the_field_goes_to_the_strongest_outfielder():
    home = [*KEEPERS_HOME, ("hC", "C", 4, 3, (4, 12)), ("hD", "D", 3, 5, (5, 4))]
    match = position([], home, KEEPERS_AWAY)
    assert match.penalty_taker(HOME).id == "hD"


def test_a_keeper_with_no_line_open_gets_a_team_mate_into_one_and_passes():
    home = [*KEEPERS_HOME, ("hC", "C", 4, 3, (4, 5)), ("hD", "D", 3, 4, (12, 6))]
    away = [*KEEPERS_AWAY, ("aA", "A", 4, 4, (7, 12))]
    match = position([3, 4, *PAD], home, away, ball="hP")
    assert match.pass_targets(match.ball.pos, HOME, 7) == []
    match.moving_phase(HOME, NORMAL)
    acts = [e.kind for e in match.events if e.kind in ("move", "pass")]
    assert acts[:2] == ["move", "pass"] and not match.ball.keeper
