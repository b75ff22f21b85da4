"""Thousands of seeded matches against the bands the rule book implies.

The rule book: high-scoring matches are rare, possession changes often, ties
(even scoreless ones) happen, and a keeper of 18 can only be beaten with the
help of a red card or the Golden Boot. One module-level run feeds every check
so the whole file stays within a few seconds.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engines.flexdeck import ENGINE
from engines.flexdeck.scripting import card_for

MATCHES = 1000


def _squad(name: str, strengths: list[int], colours=("blue", "gold")) -> dict:
    cards = [card_for(f"{name}-{n}", colours[n % 2], strength) for n, strength in enumerate(strengths)]
    return {"name": name, "players": cards}


@pytest.fixture(scope="module")
def league():
    """Matches between different sample teams, one seed each."""
    teams = [ENGINE.sample_team(1000 + number) for number in range(40)]
    return [ENGINE.simulate(teams[n % 40], teams[(n * 7 + 1) % 40], seed=n) for n in range(MATCHES)]


def test_scores_equal_the_goal_events_and_the_players_goals(league):
    for result in league:
        goals = Counter(e.side for e in result.events if e.kind == "goal")
        assert (goals["home"], goals["away"]) == (result.home_goals, result.away_goals)
        assert sum(stats["goals"] for stats in result.player_stats.values()) == result.home_goals + result.away_goals
        saves = sum(1 for e in result.events if e.kind == "save")
        assert sum(stats["saves"] for stats in result.player_stats.values()) == saves


def test_scoring_is_low_and_high_scores_are_rare(league):
    goals = [r.home_goals + r.away_goals for r in league]
    average = sum(goals) / len(goals)
    assert 1.5 <= average <= 3.5
    assert sum(1 for g in goals if g >= 6) / len(goals) < 0.08


def test_draws_and_scoreless_draws_happen(league):
    draws = sum(1 for r in league if r.winner is None) / len(league)
    scoreless = sum(1 for r in league if r.home_goals == r.away_goals == 0) / len(league)
    assert 0.15 <= draws <= 0.40
    assert 0.02 <= scoreless <= 0.20


def test_possession_changes_often(league):
    changes = []
    for result in league[:200]:
        sides = [e.side for e in result.events if e.kind == "card" and e.side]
        changes.append(sum(1 for a, b in zip(sides, sides[1:], strict=False) if a != b) / (len(sides) - 1))
    assert 0.4 <= sum(changes) / len(changes) <= 0.6


def test_a_red_card_needs_all_three_jokers_against_one_side(league):
    # Each joker goes against the side of the last card: about 1 half in 4 gives all three to one side.
    reds = sum(1 for r in league for e in r.events if e.kind == "red_card") / len(league)
    assert 0.3 <= reds <= 0.7
    for result in league:
        halves = [[]]
        for event in result.events:
            if event.kind == "half_time":
                halves.append([])
            elif event.kind in ("offside", "yellow_card", "red_card"):
                halves[-1].append(event.kind)
        assert all(half.count("red_card") <= 1 for half in halves)


def test_home_and_away_are_even_with_the_same_cards():
    home = ENGINE.sample_team(21)
    away = {"name": "Mirror", "players": [{**p, "id": f"m{p['id']}"} for p in home["players"]]}
    winners = Counter(ENGINE.simulate(home, away, seed=seed).winner for seed in range(600))
    assert abs(winners["home"] - winners["away"]) / 600 < 0.08


def test_the_stronger_deck_wins_more():
    strong = _squad("Strong", [9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 16] * 2)
    weak = _squad("Weak", [3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9] * 2, colours=("red", "green"))
    winners = Counter(ENGINE.simulate(strong, weak, seed=seed).winner for seed in range(400))
    assert winners["home"] / 400 > 0.6
    assert winners["home"] > 4 * winners["away"]


def test_a_keeper_of_18_is_beaten_only_with_help():
    """A squad of 18s always fields an 18 in goal; a goal against it needs a bonus."""
    wall = _squad("Wall", [18] * 26)
    attack = _squad("Attack", [9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 8, 7, 6] * 2, colours=("red", "green"))
    for seed in range(100):
        result = ENGINE.simulate(wall, attack, seed=seed)
        for event in result.events:
            if event.kind == "goal" and event.side == "away":
                assert event.detail["total"] >= 18
                shot_card = max(
                    (e for e in result.events if e.kind == "card" and e.seq < event.seq), key=lambda e: e.seq
                )
                assert shot_card.detail["strength"] == 18 or shot_card.detail["total"] > shot_card.detail["strength"]


@pytest.mark.parametrize("style", ["careful", "attacking"])
def test_both_coach_styles_play_legal_matches(style):
    home, away = ENGINE.sample_team(31), ENGINE.sample_team(32)
    for seed in range(100):
        result = ENGINE.simulate(home, away, seed=seed, options={"settings": {"coach_style": style}})
        subs = Counter(e.side for e in result.events if e.kind == "substitution")
        assert max(subs.values(), default=0) <= 3


def test_the_careful_coach_beats_the_attacking_one():
    home, away = ENGINE.sample_team(41), ENGINE.sample_team(42)
    points = Counter()
    for seed in range(400):
        for careful_side in ("home", "away"):
            other = "away" if careful_side == "home" else "home"
            settings = {f"{careful_side}_coach_style": "careful", f"{other}_coach_style": "attacking"}
            winner = ENGINE.simulate(home, away, seed=seed, options={"settings": settings}).winner
            points["careful" if winner == careful_side else "attacking" if winner else "draw"] += 1
    assert points["careful"] > points["attacking"]
