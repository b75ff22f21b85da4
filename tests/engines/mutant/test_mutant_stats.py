"""Bands the rule book implies, checked over thousands of seeded matches.

Each block plays a few hundred matches (about 1.5 ms each); the bands are wide
enough for that sample (a win rate over 600 matches has a standard error near 0.02).
"""

from __future__ import annotations

from collections import Counter

import pytest

from engines import get_engine

ENGINE = get_engine("mutant")


def play(home, away, matches, seed=0, options=None):
    """Win shares (home, away, draw) and event counts per match."""
    results = Counter()
    kinds = Counter()
    turns = 0
    for i in range(matches):
        result = ENGINE.simulate(home, away, seed=seed + i, options=options)
        results[result.winner or "draw"] += 1
        kinds.update(e.kind for e in result.events)
        kinds.update(f"{e.kind}_{e.side}" for e in result.events if e.kind in ("shot", "goal"))
        turns += result.events[-1].detail["turns"]
        kinds["ended_" + result.events[-1].detail["ended_by"]] += 1
    share = {k: results[k] / matches for k in ("home", "away", "draw")}
    per_match = {k: v / matches for k, v in kinds.items()}
    per_match["turns"] = turns / matches
    return share, per_match


@pytest.fixture(scope="module")
def sample_league():
    return play(ENGINE.sample_team(1), ENGINE.sample_team(2), 500)


def test_first_to_three_goals_ends_nearly_every_match(sample_league):
    share, per = sample_league
    assert per["ended_goals"] >= 0.97
    assert share["draw"] <= 0.02
    assert 3.3 <= per["goal"] <= 5.0


def test_a_match_takes_about_thirty_minutes(sample_league):
    _share, per = sample_league
    assert 12 <= per["turns"] <= 45


def test_mutations_fouls_and_injuries_happen_every_match(sample_league):
    _share, per = sample_league
    assert per["mutation"] >= 3
    assert 1 <= per["serious_injury"] <= 6
    assert per["foul"] >= 2
    assert 0.5 <= per["goal"] / per["shot"] <= 0.85


def test_equal_teams_win_equally_often_at_home_and_away(kit):
    share, _per = play(kit.sheet("h"), kit.sheet("a"), 500, seed=10_000)
    assert 0.42 <= share["home"] <= 0.58


def test_the_stronger_squad_wins(kit):
    share, _per = play(kit.sheet("h", 4, 4), kit.sheet("a", 2, 2), 150, seed=20_000)
    assert share["home"] >= 0.95


def test_the_better_squad_with_the_careful_coach_makes_the_most_of_it(kit):
    strong = kit.sheet("h", 4, 3, style="careful")
    weak = kit.sheet("a", 3, 3, style="reckless")
    share, _per = play(strong, weak, 300, seed=30_000)
    assert share["home"] >= 0.6


def test_the_reckless_coach_beats_the_careful_one_with_equal_squads(kit):
    """The rule book's motto, "go for it or go home": attacking pays in a race to three."""
    first, _ = play(kit.sheet("h", style="reckless"), kit.sheet("a", style="careful"), 250, seed=40_000)
    second, _ = play(kit.sheet("h", style="careful"), kit.sheet("a", style="reckless"), 250, seed=50_000)
    assert (first["home"] + second["away"]) / 2 >= 0.52


def test_leftover_bootcoins_bought_as_tactical_cards_help(kit):
    home = kit.sheet("h", extra_tactical_cards=7, coach="choleriker")
    share, _per = play(home, kit.sheet("a", coach="choleriker"), 300, seed=60_000)
    assert share["home"] >= 0.53


def test_a_six_keeper_stops_shooters_of_attack_one(kit):
    _share, per = play(kit.sheet("h", 1, 3), kit.sheet("a", 3, 3, keeper=6), 100, seed=70_000)
    assert per.get("goal_home", 0) <= 0.3
