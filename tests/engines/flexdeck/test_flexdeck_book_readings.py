"""Where the rule book is unclear or silent, the readings the engine takes (README, decisions
1, 7, 11 and 12), each forced with scripted dice; and match options read as flags."""

from __future__ import annotations

import pytest

from engines.core import CardError, MatchOptions
from engines.flexdeck import ENGINE
from engines.flexdeck.scripting import ReplayCoach, ReplayDice, table

EVEN = [9] * 11


def play(home_pitch, away_pitch, pile, both_halves=False, winner_required=False, **settings):
    """A laid-out first half (and, with ``both_halves``, the same deal again in the second)."""
    home, away, rolls, table_settings = table(home_pitch, away_pitch, pile)
    options = {"winner_required": winner_required, "settings": {**table_settings, **settings}}
    dice = ReplayDice(rolls + rolls if both_halves else rolls)
    return ENGINE.play(home, away, dice, options, coaches=(ReplayCoach(), ReplayCoach()))


def actions(result):
    """(kind, side, ball) of every event of the first half but the deals and turned cards."""
    found = []
    for event in result.events:
        if event.kind == "half_time":
            return found
        if event.kind not in ("deal", "card"):
            found.append((event.kind, event.side, event.detail.get("ball")))
    raise AssertionError("no half time")


# -- decision 1: where a call sends the ball -----------------------------------------------


def test_with_the_ball_on_the_other_sides_card_a_call_sends_it_to_the_offenders_own_rank():
    # The sample game's first call: red/green on E3 (a blue/gold card), offside, "column D".
    result = play(EVEN, EVEN, [("away", 9), "joker", ("home", 3)])
    assert actions(result)[:2] == [("advance", "away", "E1"), ("offside", "away", "D")]


def test_with_the_ball_on_the_offenders_own_card_a_call_sends_it_to_the_other_sides_rank():
    # The sample's second-half call against blue/gold on its own E2: "column F".
    result = play(EVEN, EVEN, [("away", 9), ("home", 3), "joker"])
    assert actions(result)[:3] == [("advance", "away", "E1"), ("no_move", "home", "E1"), ("offside", "home", "F")]
    own = play(EVEN, EVEN, [("away", 9), ("home", 3), "joker"], penalty_retreat="own")
    assert actions(own)[2] == ("offside", "home", "G")


def test_with_the_ball_on_no_card_a_call_sends_it_to_the_offenders_own_rank():
    # The sample's first-half yellow card: from column D back to column B.
    result = play(EVEN, EVEN, [("away", 9), "joker", "joker", ("home", 3)])
    assert [a[:3] for a in actions(result)[:3]] == [
        ("advance", "away", "E1"),
        ("offside", "away", "D"),
        ("yellow_card", "away", "B"),
    ]


# -- decision 12: a rank with every card turned over ------------------------------------------


def test_a_rank_with_every_card_turned_over_is_passed_over():
    # Two red cards against the visitors (a deck of five jokers) turn over home's two
    # forwards (2 and 3). The visitors, with the ball in their defence, must beat "the next
    # opposing rank": with no card left at C, that is home's midfield.
    home = [9, 9, 9, 9, 9, 9, 9, 9, 9, 2, 3]
    pile = [("away", 3)] + ["joker"] * 5 + [("away", 9)]
    result = play(home, EVEN, pile, penalty_retreat="own")
    found = actions(result)
    half_time = next(i for i, e in enumerate(result.events) if e.kind == "half_time")
    assert [e.detail["position"] for e in result.events[:half_time] if e.kind == "neutralised"] == ["C1", "C2"]
    after_second_red = len(found) - found[::-1].index(("red_card", "away", "B"))
    assert found[after_second_red] == ("advance", "away", "E1")


def test_a_rank_with_a_card_left_must_still_be_beaten():
    home = [9, 9, 9, 9, 9, 9, 9, 9, 9, 2, 12]
    pile = [("away", 3), "joker", "joker", "joker", ("away", 9)]
    result = play(home, EVEN, pile, penalty_retreat="own")
    found = actions(result)
    assert found[found.index(("red_card", "away", "B")) + 1] == ("no_move", "away", "B")  # C2 (12) stands


# -- decision 7: a shoot-out no kicker can win --------------------------------------------------


def test_a_shoot_out_no_kicker_can_win_goes_to_the_closest_kicks():
    # Keepers of 18 both halves, 0-0; the only kickers are home's 3 and the visitors' 2.
    home = [18] + [9] * 10
    away = [18] + [9] * 10
    result = play(home, away, [("home", 3), ("away", 2)], both_halves=True, winner_required=True)
    kicks = [e for e in result.events if e.kind == "penalty_kick"]
    assert len(kicks) == 10  # best of five, then decided
    closest = next(e for e in result.events if e.kind == "closest_kick")
    assert (closest.side, closest.detail["margin"], closest.detail["other_margin"]) == ("home", -15, -16)
    assert (result.decided_by, result.shootout_home, result.shootout_away) == ("penalties", 1, 0)
    assert not [e for e in result.events if e.kind == "coin_toss"]


def test_a_shoot_out_a_kicker_can_win_is_played_out():
    home = [18] + [9] * 10
    away = [12] + [9] * 10
    result = play(home, away, [("home", 12), ("away", 2)], both_halves=True, winner_required=True)
    assert not [e for e in result.events if e.kind == "closest_kick"]
    assert (result.shootout_home, result.shootout_away) == (3, 0)


# -- match options --------------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["false", "true", 1, 0, None, [True]])
def test_winner_required_must_be_a_flag(value):
    home, away = ENGINE.sample_team(1), ENGINE.sample_team(2)
    with pytest.raises(CardError, match=r"winner_required: .* is not allowed; allowed: true, false"):
        ENGINE.simulate(home, away, seed=1, options={"winner_required": value})
    with pytest.raises(CardError, match="winner_required"):
        ENGINE.simulate(home, away, seed=1, options=MatchOptions(winner_required=value))  # type: ignore[arg-type]


def test_winner_required_false_plays_no_penalties():
    home, away = ENGINE.sample_team(1), ENGINE.sample_team(2)
    plain = ENGINE.simulate(home, away, seed=3, options={"winner_required": False})
    assert plain.to_json() == ENGINE.simulate(home, away, seed=3).to_json()
