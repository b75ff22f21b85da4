"""Two-legged ties read without the database: the aggregate waits for both legs, and every
match of a tie is named for the links of the bracket page (found by mutation testing)."""

from competitions.two_legs import shootout_from, tie_aggregate, tie_matches
from matches.models import Match
from tournaments.models import Tie


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
