"""Two-legged ties read without the database: the aggregate waits for both legs, and every
match of a tie is named for the links of the bracket page (found by mutation testing)."""

import pytest

from competitions.two_legs import TieScore, shootout_from, tie_aggregate, tie_matches, tie_score
from matches.models import Match
from tournaments.models import Bracket, Tie


def leg(home_goals=None, away_goals=None, **fields) -> Match:
    return Match(home_id=1, away_id=2, home_goals=home_goals, away_goals=away_goals, **fields)


def test_the_aggregate_waits_for_both_legs():
    played, unplayed = leg(2, 1), leg()
    assert tie_aggregate(Tie(first_leg=played, match=unplayed)) is None
    assert tie_aggregate(Tie(first_leg=unplayed, match=leg(0, 0))) is None
    assert tie_aggregate(Tie(first_leg=None, match=leg(1, 0))) is None
    assert tie_aggregate(Tie(first_leg=leg(1, 0), match=None)) is None
    # the tie's home side plays the second leg at home: its goals are the second leg's home
    # goals and the first leg's away goals
    assert tie_aggregate(Tie(first_leg=leg(2, 1), match=leg(3, 0))) == (4, 2)


def test_each_match_of_a_tie_is_named():
    single = leg()
    assert tie_matches(Tie(match=single)) == [("match", single)]
    assert tie_matches(Tie()) == []
    first, second, decider = leg(), leg(), leg()
    assert tie_matches(Tie(first_leg=first, match=second)) == [("first leg", first), ("second leg", second)]
    assert tie_matches(Tie(first_leg=first, match=second, decider=decider)) == [
        ("first leg", first),
        ("second leg", second),
        ("deciding match", decider),
    ]


def test_a_shootout_is_read_from_the_side_asked_for():
    decided = leg(1, 1, shootout_home=4, shootout_away=3, decided_by=Match.DecidedBy.PENALTIES)
    assert shootout_from(decided, 1) == (4, 3)
    assert shootout_from(decided, 2) == (3, 4)  # the away team's side: its kicks first
    assert shootout_from(leg(2, 1), 1) is None


def played(home_id, away_id, home_goals, away_goals, decided_by="regulation", shootout=(None, None)) -> Match:
    return Match(
        home_id=home_id,
        away_id=away_id,
        home_goals=home_goals,
        away_goals=away_goals,
        decided_by=decided_by,
        shootout_home=shootout[0],
        shootout_away=shootout[1],
    )


def score(match=None, first_leg=None, decider=None, *, away_goals=False, first_id=None) -> TieScore:
    """The score of a tie of team 1 (the higher seed, at home in the one match or second leg) and team 2."""
    tie = Tie(home_id=1, away_id=2, match=match, first_leg=first_leg, decider=decider)
    return tie_score(Bracket(away_goals=away_goals), tie, first_id=first_id)


@pytest.mark.parametrize(
    ("match", "first_id", "expected"),
    [
        (None, None, TieScore(None, None, (), "")),
        (Match(home_id=1, away_id=2), None, TieScore(None, None, (), "")),
        (played(1, 2, 2, 0), None, TieScore((2, 0), None, (), "")),
        (played(2, 1, 2, 0), None, TieScore((0, 2), None, (), "")),  # read from the tie's home team
        (played(1, 2, 1, 1, "penalties", (4, 3)), None, TieScore((1, 1), (4, 3), (), "penalties 4-3")),
        (played(1, 2, 1, 1, "penalties", (4, 3)), 2, TieScore((1, 1), (3, 4), (), "penalties 3-4")),
        (played(1, 2, 2, 1, "extra_time"), None, TieScore((2, 1), None, (), "extra time")),
        (played(1, 2, 2, 1, "sudden_death"), 2, TieScore((1, 2), None, (), "sudden death")),
        (played(1, 2, 0, 3, "forfeit"), None, TieScore((0, 3), None, (), "walkover")),
    ],
)
def test_a_one_match_ties_score_says_how_it_was_settled(match, first_id, expected):
    assert score(match, first_id=first_id) == expected


# each two-legged tie: the first leg at team 2's ground, the second (and a deciding match) at team 1's
@pytest.mark.parametrize(
    ("legs", "options", "expected"),
    [
        ((Match(home_id=2, away_id=1), Match(home_id=1, away_id=2)), {}, TieScore(None, None, (), "")),
        (
            (played(2, 1, 0, 2, "forfeit"), Match(home_id=1, away_id=2)),
            {},
            TieScore((2, 0), None, ((2, 0),), "first leg 2-0 (walkover)"),
        ),
        (
            (played(2, 1, 1, 0), played(1, 2, 2, 0, "extra_time")),
            {},
            TieScore((2, 1), None, ((0, 1), (2, 0)), "legs 0-1, 2-0 (extra time)"),
        ),
        (
            (played(2, 1, 1, 0), played(1, 2, 2, 0, "extra_time")),
            {"first_id": 2},
            TieScore((1, 2), None, ((1, 0), (0, 2)), "legs 1-0, 0-2 (extra time)"),
        ),
        (  # won on aggregate: the second leg's shoot-out settled nothing
            (played(2, 1, 0, 2), played(1, 2, 1, 1, "penalties", (4, 3))),
            {},
            TieScore((3, 1), None, ((2, 0), (1, 1)), "legs 2-0, 1-1"),
        ),
        (
            (played(2, 1, 2, 1), played(1, 2, 1, 0)),
            {"away_goals": True},
            TieScore((2, 2), None, ((1, 2), (1, 0)), "legs 1-2, 1-0; through on away goals"),
        ),
        (
            (played(2, 1, 2, 1), played(1, 2, 1, 0)),
            {},
            TieScore((2, 2), None, ((1, 2), (1, 0)), "legs 1-2, 1-0; level: a deciding match to come"),
        ),
        (
            (played(2, 1, 1, 1), played(1, 2, 1, 1, "penalties", (4, 3))),
            {},
            TieScore((2, 2), (4, 3), ((1, 1), (1, 1)), "legs 1-1, 1-1; through on the second leg's penalties 4-3"),
        ),
        (
            (played(2, 1, 1, 1), played(1, 2, 1, 1, "penalties", (4, 3))),
            {"first_id": 2},
            TieScore((2, 2), (3, 4), ((1, 1), (1, 1)), "legs 1-1, 1-1; through on the second leg's penalties 3-4"),
        ),
        (
            (played(2, 1, 1, 0), played(1, 2, 1, 0), Match(home_id=1, away_id=2)),
            {},
            TieScore((1, 1), None, ((0, 1), (1, 0)), "legs 0-1, 1-0; level: a deciding match to come"),
        ),
        (
            (played(2, 1, 1, 0), played(1, 2, 1, 0), played(1, 2, 3, 1)),
            {"first_id": 2},
            TieScore((1, 1), None, ((1, 0), (0, 1)), "legs 1-0, 0-1; level; deciding match 1-3"),
        ),
        (
            (played(2, 1, 1, 0), played(1, 2, 1, 0), played(1, 2, 2, 2, "penalties", (5, 4))),
            {},
            TieScore((1, 1), (5, 4), ((0, 1), (1, 0)), "legs 0-1, 1-0; level; deciding match 2-2 (penalties 5-4)"),
        ),
        (
            (played(2, 1, 1, 0), played(1, 2, 1, 0), played(1, 2, 2, 2, "penalties", (5, 4))),
            {"first_id": 2},
            TieScore((1, 1), (4, 5), ((1, 0), (0, 1)), "legs 1-0, 0-1; level; deciding match 2-2 (penalties 4-5)"),
        ),
    ],
)
def test_a_two_legged_ties_score_says_every_leg_and_how_it_was_settled(legs, options, expected):
    first_leg, match, *decider = legs
    assert score(match, first_leg, *decider, **options) == expected
