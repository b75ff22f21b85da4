"""The strong coach's choices where the rule book leaves them to the player, with forced positions."""

from __future__ import annotations

from engines.calciotto import cards as C
from engines.calciotto import field as F
from engines.calciotto.coach import GUARDS, Coach
from engines.calciotto.testing import ScriptedCoach, piece_by_id, position, start_phase

HOME, AWAY = 0, 1


def shooter_in_front_of(keeper_strength):
    """Home forward (base 4) on (7,17) with a free line to (7,20), beside the away keeper on (8,20)."""
    home = [("hP", "P", 2, 4, (7, -1)), ("hA", "A", 4, 4, (7, 17))]
    away = [("aP", "P", 2, keeper_strength, (8, 20)), ("aD", "D", 3, 4, (12, 10))]
    match = position([1, 1, 5, 5], home, away, ball="hA")  # the keeper saves
    start_phase(match, HOME, 8)
    return match


def test_against_a_keeper_no_stronger_than_the_shooter_the_coach_shoots_from_where_it_stands():
    # Beside a base-2 keeper the shot counts both bases (4 v 2): even odds or better, so no run to the far
    # corner first; the keeper's save base is in the duel.
    match = shooter_in_front_of(2)
    assert match.coaches[HOME].try_shot(match, HOME)
    shot = next(e for e in match.events if e.kind == "shot")
    assert shot.detail["target"] == [7, 20] and shot.detail["bases"] == [4, 2]
    assert not any(e.kind == "move" for e in match.events)


def test_against_a_stronger_keeper_the_coach_works_the_ball_round_to_the_square_he_cannot_reach():
    match = shooter_in_front_of(6)
    assert match.coaches[HOME].try_shot(match, HOME)
    shot = next(e for e in match.events if e.kind == "shot")
    assert shot.detail["keeper_offset"] >= 2 and shot.detail["bases"][1] == 0


def box_tackle(carrier_hand):
    """Away defender aD next to the home forward on (7,17), in the away penalty area, holding a TACKLE."""
    home = [("hP", "P", 2, 4, (7, -1)), ("hA", "A", 4, 4, (7, 17))]
    away = [("aP", "P", 2, 4, (8, 20)), ("aD", "D", 3, 4, (7, 16))]
    match = position([], home, away, ball="hA", hands={HOME: carrier_hand, AWAY: [C.TACKLE]})
    match.pending_tackle = piece_by_id(match, "aD")
    return match


def test_in_its_own_box_the_strong_coach_goes_in_hard_when_a_penalty_is_unlikely():
    # The carrier's side holds no card, so it cannot answer with a sanction: the hard tackle is free.
    match = box_tackle([])
    assert Coach("strong").action_card(match, AWAY, "tackle", "defender", None, None) == C.TACKLE


def test_in_its_own_box_the_strong_coach_stays_clean_against_a_full_hand():
    # Five cards in the carrier's hand: two in three hold a sanction, a penalty is likelier than the gain.
    match = box_tackle([C.DRIBBLING, C.SPRINT_3, C.SPRINT_4, C.CANCELLA, C.SICUREZZA])
    assert Coach("strong").action_card(match, AWAY, "tackle", "defender", None, None) is None


def test_the_defence_covers_the_lines_into_the_goal_square_its_keeper_cannot_reach():
    # The home carrier on (8,12) is near the away box; the away keeper stands on (8,20), so the away goal
    # square two from him wrong-foots him: the strong coach sends pieces onto the squares that close its lines.
    home = [("hP", "P", 2, 4, (7, -1)), ("hA", "A", 4, 4, (8, 12))]
    away = [
        ("aP", "P", 2, 4, (8, 20)),
        ("aD", "D", 4, 4, (5, 15)),
        ("aE", "D", 4, 4, (10, 15)),
        ("aT", "T", 4, 4, (4, 16)),
    ]
    match = position([], home, away, ball="hA", coaches=[ScriptedCoach(), ScriptedCoach()])
    start_phase(match, AWAY, 12)
    match.coaches[AWAY].support(match, AWAY, attacking=False)
    keeper_col = F.REL_COL[AWAY][piece_by_id(match, "aP").pos]
    guards = set(GUARDS[AWAY][keeper_col])
    assert guards and all(match.board[s] is not None and match.board[s].side == AWAY for s in guards)
