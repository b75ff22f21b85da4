"""Bands the rule book implies, over thousands of seeded throws.

A goalie calling lo, mid or hi against a hidden number 1-6 saves one shot in
three; a shoot-out is then a fair coin between equal sides.
"""

from __future__ import annotations

from engines.core import Dice
from engines.eleven.board import SPACE_BY_LABEL
from engines.eleven.coach import Coach
from engines.eleven.match import new_match_state, play_shootout, resolve_shot
from engines.eleven.rules import Position

IDS = ([f"h{n}" for n in range(11)], [f"a{n}" for n in range(11)])


def test_a_goalie_in_goal_saves_one_shot_in_three():
    shots = 3000
    parried = 0
    for seed in range(shots):
        state = new_match_state(IDS, (Coach(), Coach()), Dice(seed))
        position = Position()
        for piece, name in {1: "d11", 11: "d12"}.items():
            position.put(piece, SPACE_BY_LABEL[name])
        position.ball = SPACE_BY_LABEL["d11"]
        state.position = position
        parried += not resolve_shot(state, 1)
    assert 0.30 < parried / shots < 0.37


def test_a_shoot_out_is_fair_and_has_a_winner():
    shootouts = 2000
    home_wins = kicks = 0
    for seed in range(shootouts):
        state = new_match_state(IDS, (Coach(), Coach()), Dice(seed))
        home, away = play_shootout(state, 5)
        assert home != away
        home_wins += home > away
        kicks += len(state.events)
    assert 0.45 < home_wins / shootouts < 0.55
    # Ten kicks; about one shoot-out in four is level after them (2/3 per kick) and
    # goes on in pairs until a lead of two, a walk of nine pairs on average: 14.7.
    assert 13.5 < kicks / shootouts < 16
