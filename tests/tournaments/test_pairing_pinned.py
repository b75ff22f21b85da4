"""Swiss pairing and ranking as plain data (competitions.pairing): hand-worked cases for the
fold with floaters, forced rematches, the choice of the bye and every column of the table; the
dry run and venue breaks the matching tests and the benchmark check whole tournaments with."""

from competitions.pairing import DrawnRound, SwissResult, dry_run, host, pair_round, swiss_table, venue_breaks


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


def test_an_empty_round_pairs_nobody():
    assert pair_round([], {}, set(), set()) == ([], None)


def test_host_reads_a_team_missing_from_the_histories_as_one_that_has_not_played():
    assert host(1, 2, {}) == (1, 2)  # nobody has played: the higher-ranked team hosts
    assert host(1, 2, {1: ""}) == (1, 2)
    # 2, home then away, is due at home; 1, with no match, wishes nothing
    assert host(1, 2, {2: "HA"}) == (2, 1)
    assert host(1, 2, {1: "A"}) == (1, 2)


def test_host_reads_the_last_venue_of_a_level_team_and_the_stronger_of_two_wishes():
    # 1 (home, away twice, home) is level, and due away after its last match at home
    assert host(1, 2, {1: "HAAH"}) == (2, 1)
    # both are due away: 2 trails (home in its only match), 1 only by alternation, so 2 goes
    assert host(1, 2, {1: "AH", 2: "H"}) == (1, 2)


def swiss_after(teams, rounds, byes=()):
    """The state of a Swiss of teams 1..``teams`` (seeded in that order) after ``rounds``, each a
    list of (home, away, winner), and ``byes`` (a team per bye): pair_round's arguments."""
    scores = dict.fromkeys(range(1, teams + 1), 0)
    met, venues = set(), dict.fromkeys(scores, "")
    for matches in rounds:
        for home, away, winner in matches:
            met.add(frozenset((home, away)))
            venues[home] += "H"
            venues[away] += "A"
            scores[winner] += 1
    for team in byes:
        scores[team] += 1
    ranked = sorted(scores, key=lambda t: (-scores[t], t))
    return ranked, scores, met, set(byes), venues


def test_the_smallest_largest_score_gap_even_at_two_gaps_of_two():
    state = swiss_after(
        6,
        [
            [(1, 4, 1), (2, 5, 2), (3, 6, 6)],
            [(6, 1, 6), (3, 2, 3), (4, 5, 4)],
            [(4, 6, 6), (1, 2, 1), (5, 3, 3)],
        ],
    )
    assert state[0] == [6, 1, 3, 2, 4, 5]  # on 3, 2, 2, 1, 1, 0
    # 6 has met both teams on two and 4: it meets 2 (a gap of two) rather than 5 (three), and
    # with 1 v 4 and 3 v 5 played, 1 v 5 (two) and 3 v 4 are all that is left; 2 (home then
    # away twice) must host, 1 (home twice in three) is due away, 4 (home twice running) must go
    assert pair_round(*state) == ([(2, 6), (5, 1), (3, 4)], None)


def test_due_venues_outrank_the_fold_order():
    state = swiss_after(6, [[(1, 4, 4), (2, 5, 5), (3, 6, 6)], [(4, 5, 5), (6, 1, 1), (3, 2, 2)]])
    assert state[0] == [5, 1, 2, 4, 6, 3]  # on 2, 1, 1, 1, 1, 0
    # The brackets are 5 v 1, 2 v 4 and 6 v 3 (played). Two gaps of one are the fewest: 5 meets
    # 1 or 6, 3 meets 1 or 4, and each way one pair is folded. 5 v 1, 3 v 4, 2 v 6 keeps the
    # fold's order (one pair exact) but 5 and 1 are both due at home and 3 and 4 both away;
    # 5 v 6, 1 v 3, 2 v 4 gives every team its due venue
    assert pair_round(*state) == ([(5, 6), (1, 3), (2, 4)], None)


def test_across_brackets_the_teams_closest_in_the_ranking_meet():
    state = swiss_after(6, [[(1, 4, 4), (2, 5, 5), (3, 6, 6)], [(4, 5, 4), (6, 1, 1), (3, 2, 3)]])
    assert state[0] == [4, 1, 3, 5, 6, 2]  # on 2, 1, 1, 1, 1, 0
    # 4 (two wins, met 1 and 5) and 2 (none) each take a gap of one, which unfolds two pairs and
    # leaves two teams short of their due venue whichever way; then the pairs across brackets are
    # the closest in the ranking: 4 v 3 and 1 v 5 (two places apart), not 4 v 6 and 1 v 2 (four)
    assert pair_round(*state) == ([(4, 3), (5, 1), (2, 6)], None)
    state = swiss_after(6, [[(1, 4, 4), (2, 5, 2), (3, 6, 6)], [(4, 2, 2), (6, 1, 1), (5, 3, 5)]])
    assert state[0] == [2, 1, 4, 5, 6, 3]  # on 2, 1, 1, 1, 1, 0
    # 6 v 3 of the fold is played: 3 meets 4 (three places apart) and 6 meets 5 (one), not
    # 2 v 6 and 1 v 3 (four apart each), 2 v 1 or 4 v 5 folded either way
    assert pair_round(*state) == ([(2, 1), (3, 4), (6, 5)], None)


def test_two_teams_that_must_both_host_never_meet_even_at_a_gap_of_three():
    state = swiss_after(
        8,
        [
            [(1, 5, 1), (2, 6, 2), (3, 7, 7), (4, 8, 4)],
            [(4, 1, 4), (7, 2, 7), (6, 3, 3), (5, 8, 8)],
            [(7, 4, 7), (1, 3, 3), (8, 2, 2), (6, 5, 6)],
            [(8, 7, 8), (2, 5, 2), (3, 4, 3), (1, 6, 1)],
        ],
    )
    assert state[0] == [2, 3, 7, 1, 4, 8, 6, 5]  # on 3, 3, 3, 2, 2, 2, 1, 0
    # 5 (no win, away twice running) must host and has met 1, 2, 6 and 8; 4 (away twice
    # running) must host too, so 5 meets 3 or 7, three wins up, rather than 4 (a gap of two)
    assert pair_round(*state) == ([(4, 2), (5, 3), (7, 1), (6, 8)], None)


def test_a_tie_under_every_rule_is_broken_the_same_way_every_time():
    state = swiss_after(
        7,
        [
            [(1, 4, 4), (2, 5, 5), (3, 6, 3)],
            [(5, 3, 3), (4, 7, 7), (2, 1, 1)],
            [(7, 3, 3), (1, 5, 5), (6, 4, 6)],
        ],
        byes=[7, 6, 2],
    )
    assert state[0] == [3, 5, 6, 7, 1, 2, 4]  # on 3, 2, 2, 2, 1, 1, 1
    # 4 sits out (the last without a bye) and 5 v 6 fold; 3 v 2 with 7 v 1 and 3 v 1 with 7 v 2
    # cost the same under every rule (gaps of two and one, six places apart in all, one team
    # short of its due venue). The matching (networkx's, pinned in requirements.txt) breaks the
    # tie on the weights as given: a cost added to every pair, which shifts every pairing's
    # weight alike, breaks it the other way
    assert pair_round(*state) == ([(3, 2), (5, 6), (7, 1)], 4)


def test_the_weights_stay_exact_past_a_floats_precision():
    # the float band's unit grows with the top score: eight teams level on 20 wins weigh their
    # pairs past 2**70, where a float's 53 bits would lose the fold's order in the lowest band
    ranked = list(range(1, 9))
    assert pair_round(ranked, dict.fromkeys(ranked, 20), set(), set()) == ([(1, 5), (2, 6), (3, 7), (4, 8)], None)


def test_a_gap_of_two_costs_more_than_a_gap_of_one_in_every_pair():
    ranked = [1, 2, 3, 4, 5, 6, 7, 8]
    scores = {1: 2, 2: 1, 3: 1, 4: 1, 5: 1, 6: 0, 7: 0, 8: 0}
    one_gap_of_two = [(1, 6), (2, 3), (4, 5), (7, 8)]
    four_gaps_of_one = [(1, 5), (2, 6), (3, 7), (4, 8)]
    fresh = {frozenset(p) for p in one_gap_of_two + four_gaps_of_one}
    met = {frozenset((a, b)) for a in ranked for b in ranked if a < b} - fresh
    # every other pair has met, so one of these two is drawn: the gaps of one, although the
    # other pairing keeps more of the fold (7 v 8)
    assert pair_round(ranked, scores, met, set()) == (four_gaps_of_one, None)


def test_a_pair_across_the_halves_of_a_bracket_outranks_due_venues():
    state = swiss_after(
        6,
        [
            [(1, 4, 4), (2, 5, 5), (3, 6, 3)],
            [(4, 3, 3), (5, 1, 1), (6, 2, 6)],
            [(3, 1, 1), (2, 4, 4), (6, 5, 6)],
        ],
    )
    assert state[0] == [1, 3, 4, 6, 5, 2]  # on 2, 2, 2, 2, 1, 0
    # 5 and 2 have met, so each meets a team on two wins (1 or 3 for 2, 3 or 4 for 5). Of the
    # bracket 1, 3 | 4, 6 that leaves 1 v 6, across its halves, with 2 v 3 and 4 v 5, though
    # 2 and 3 are both due away and 4 and 5 both at home; 1 v 2, 3 v 5, 4 v 6 would meet every
    # due venue but pairs 4 and 6, both of the lower half
    assert pair_round(*state) == ([(1, 6), (2, 3), (4, 5)], None)
    state = swiss_after(
        6,
        [
            [(1, 4, 4), (2, 5, 2), (3, 6, 6)],
            [(4, 2, 4), (6, 1, 1), (5, 3, 5)],
            [(6, 4, 6), (1, 5, 1), (2, 3, 2)],
        ],
    )
    assert state[0] == [1, 2, 4, 6, 5, 3]  # on 2, 2, 2, 2, 1, 0
    # the same with the upper half: 2 v 6 across the halves of 1, 2 | 4, 6, not 1 v 2 in one
    assert pair_round(*state) == ([(3, 1), (2, 6), (4, 5)], None)


def test_when_everyone_has_met_the_fold_still_pairs_in_its_order():
    state = swiss_after(
        6,
        [
            [(1, 4, 4), (2, 5, 5), (3, 6, 3)],
            [(4, 3, 3), (5, 1, 1), (6, 2, 6)],
            [(3, 1, 1), (2, 4, 2), (6, 5, 5)],
            [(1, 2, 2), (5, 3, 3), (4, 6, 4)],
            [(3, 2, 2), (6, 1, 1), (5, 4, 4)],
        ],
    )
    assert state[0] == [1, 2, 3, 4, 5, 6]  # on 3, 3, 3, 3, 2, 1
    assert len(state[2]) == 15  # every pair has met: any pairing holds three rematches
    # 5 v 6 the only gap; the bracket 1, 2 | 3, 4 folds 1 v 3, 2 v 4 (1 v 4, 2 v 3 is across
    # its halves too, and meets as many due venues, but not in the fold's order)
    assert pair_round(*state) == ([(1, 3), (2, 4), (6, 5)], None)


def test_an_unmet_wish_costs_the_weaker_of_the_two():
    ranked = [1, 2, 3, 4, 5, 6]
    met = {frozenset(p) for p in [(1, 6), (2, 4), (4, 6)]}
    venues = {1: "AHAH", 2: "A", 3: "HA", 4: "AHAH", 5: "HAHA", 6: "AHA"}
    # 2 and 6 trail at home (a strong wish), 3 and 5 are due at home and 1 and 4 away by
    # alternation (weak ones). Of the pairings across the halves (1, 2, 3 | 4, 5, 6), the fold's
    # order, 1 v 4, 2 v 5, 3 v 6, leaves three weak wishes unmet; 1 v 5, 2 v 6, 3 v 4 leaves one
    # strong one, which counts as two
    assert pair_round(ranked, dict.fromkeys(ranked, 1), met, set(), venues) == ([(5, 1), (2, 6), (3, 4)], None)


def test_the_bye_in_a_tie_under_every_rule_is_broken_the_same_way_every_time():
    state = swiss_after(
        11,
        [
            [(1, 6, 1), (2, 7, 7), (3, 8, 3), (4, 9, 9), (5, 10, 10)],
            [(9, 1, 1), (10, 3, 3), (7, 11, 7), (5, 2, 5), (6, 4, 6)],
            [(1, 3, 1), (7, 5, 5), (9, 6, 6), (8, 10, 8), (11, 2, 2)],
            [(8, 1, 8), (3, 5, 3), (6, 7, 7), (2, 9, 9), (4, 11, 4)],
            [(1, 4, 4), (7, 3, 3), (9, 8, 8), (5, 6, 5), (10, 11, 10)],
            [(3, 4, 3), (8, 5, 5), (7, 1, 1), (2, 10, 2), (11, 6, 6)],
            [(3, 2, 3), (1, 5, 1), (4, 8, 8), (6, 10, 6), (11, 9, 9)],
            [(9, 3, 9), (2, 1, 2), (8, 7, 7), (5, 11, 5), (10, 4, 4)],
            [(6, 3, 3), (10, 1, 10), (9, 7, 9), (11, 8, 8), (4, 2, 2)],
        ],
        byes=[11, 8, 4, 10, 2, 9, 7, 6, 5],
    )
    assert state[0] == [3, 5, 8, 9, 1, 2, 6, 7, 4, 10, 11]  # on 7, 6, 6, 6, 5, 5, 5, 5, 4, 4, 1
    # round 10: 1, the last without a bye, sits out; 2 v 4 with 7 v 10 and 2 v 10 with 7 v 4
    # cost the same under every rule (each holds a rematch, which the field forces). As in a field without a
    # bye, the matching breaks the tie on the weights as given, and a cost added to the bye's
    # every edge (which each pairing holds one of) breaks it the other way
    assert pair_round(*state) == ([(3, 11), (5, 9), (8, 6), (2, 4), (7, 10)], 1)
