"""Swiss pairing and ranking as plain data (competitions.pairing): hand-worked cases for the
fold with floaters, forced rematches, the choice of the bye and every column of the table."""

from competitions.pairing import SwissResult, pair_round, swiss_table


def test_floaters_carry_down_through_the_score_groups():
    ranked = [1, 2, 3, 4, 5, 6]
    scores = {1: 2, 2: 2, 3: 2, 4: 1, 5: 1, 6: 0}
    # 1 v 2 on two wins, 3 floats to meet 4, 5 floats to meet 6
    assert pair_round(ranked, scores, set(), set()) == ([(1, 2), (3, 4), (5, 6)], None)


def test_a_score_group_of_four_folds_after_a_floater_joins_it():
    ranked = [1, 2, 3, 4, 5, 6, 7, 8]
    scores = {1: 1, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0, 8: 0}
    # 1 floats down to meet 2; the six left fold 3 v 6, 4 v 7, 5 v 8
    assert pair_round(ranked, scores, set(), set()) == ([(1, 2), (3, 6), (4, 7), (5, 8)], None)


def test_a_forced_rematch_is_the_only_one_and_the_rest_stay_fresh():
    ranked = [1, 2, 3, 4]
    met = {frozenset(p) for p in [(1, 2), (1, 3), (1, 4), (2, 3), (2, 4)]}
    assert pair_round(ranked, dict.fromkeys(ranked, 0), met, set()) == ([(1, 2), (3, 4)], None)


def test_a_rematch_is_avoided_by_looking_past_the_preferred_pairing():
    ranked = [1, 2, 3, 4]
    met = {frozenset((1, 3))}
    # the fold wants 1 v 3 and 2 v 4; 1 v 3 is a rematch, so the Dutch system swaps within the
    # bottom half (1 v 4, 2 v 3), which still pairs the top half with the bottom half (the
    # depth-first search took 1 v 2, 3 v 4, two pairs inside one half)
    assert pair_round(ranked, dict.fromkeys(ranked, 0), met, set()) == ([(1, 4), (2, 3)], None)


def test_the_bye_moves_up_when_the_lowest_would_force_a_rematch():
    scores = dict.fromkeys([1, 2, 3], 0)
    assert pair_round([1, 2, 3], scores, {frozenset((1, 2))}, {3}) == ([(1, 3)], 2)
    assert pair_round([1, 2, 3], scores, {frozenset((1, 3))}, {3}) == ([(2, 3)], 1)
    # everyone has had a bye: the lowest ranked sits out again
    assert pair_round([1, 2, 3], scores, set(), {1, 2, 3}) == ([(1, 2)], 3)
    # only the team that had a bye can sit out without a rematch
    met = {frozenset((1, 2)), frozenset((1, 3))}
    assert pair_round([1, 2, 3], scores, met, {1}) == ([(2, 3)], 1)


def test_every_column_of_the_table():
    results = [
        SwissResult(1, 1, 2, 3, 1, 1),
        SwissResult(1, 3, 4, 0, 2, 4),
        SwissResult(2, 4, 1, 1, 1, 1),  # 1 won on the shoot-out
    ]
    rows = swiss_table([1, 2, 3, 4, 5], results, [5, 5])
    table = [(r.team, r.score, r.buchholz, r.goals_for, r.goals_against, r.opponents, r.byes) for r in rows]
    assert table == [
        (1, 2, 1, 4, 2, [2, 4], 0),
        (5, 2, 0, 0, 0, [], 2),
        (4, 1, 2, 3, 1, [3, 1], 0),
        (2, 0, 2, 1, 3, [1], 0),
        (3, 0, 1, 0, 2, [4], 0),
    ]
    assert [r.goal_difference for r in rows] == [2, 0, 2, -2, -2]
