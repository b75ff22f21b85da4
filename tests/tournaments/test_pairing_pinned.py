"""Swiss pairing and ranking as plain data (competitions.pairing): hand-worked cases for the
fold with floaters, forced rematches, the choice of the bye and every column of the table; the
dry run and venue breaks the matching tests and the benchmark check whole tournaments with."""

from competitions.pairing import DrawnRound, SwissResult, dry_run, pair_round, swiss_table, venue_breaks


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


def test_a_dry_run_pairs_each_round_on_the_scores_so_far_a_bye_counting_as_a_win():
    # seven teams seeded 1 to 7, the higher id winning every match
    drawn = dry_run(7, 5, max)
    assert [(r.pairs, r.bye) for r in drawn] == [
        ([(1, 4), (2, 5), (3, 6)], 7),  # the fold of six, the lowest seed sits out
        ([(4, 6), (5, 7), (2, 1)], 3),  # 4, 5, 6 and 7 (its bye) on one win fold; 1 and 2 on none
        ([(6, 7), (4, 2), (5, 3)], 1),
        ([(7, 4), (6, 5), (1, 3)], 2),
        ([(7, 2), (1, 6), (3, 4)], 5),  # 2's bye made it two wins, level with 7
    ]


def test_venue_breaks_are_runs_of_three_at_one_venue_and_counts_more_than_two_apart():
    rounds = [
        [(31, 1), (2, 32), (3, 13), (4, 14)],
        [(1, 11), (12, 2), (3, 17), (4, 18)],
        [(1, 15), (16, 2), (21, 3), (22, 4)],
        [(1, 19), (20, 2), (3, 23)],
        [(3, 24)],
    ]
    drawn = [DrawnRound(pairs, None, 0.0) for pairs in rounds]
    # 1 home three times running after an away match, 2 the other way round (each two apart at
    # most); 3 home four times in five but never three in a row; 4 home twice, then away
    assert venue_breaks(drawn) == ({1, 2}, {3})
