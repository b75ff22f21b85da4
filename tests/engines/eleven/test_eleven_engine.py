"""The engine contract for "11": cards, pool, sheets, determinism, the golden match."""

from __future__ import annotations

import hashlib

import pytest

from engines import CardError, get_engine
from engines.core import STANDARD_STATS
from engines.eleven import ENGINE

HOME = ENGINE.sample_team(1, name="Home")
AWAY = ENGINE.sample_team(2, name="Away")
#: sha256 of ``simulate(HOME, AWAY, seed=2026).to_json()``; change it only with a version bump.
GOLDEN = "d1378ff1c2be2ef07c1c5f3279380b8f0038db03a8987bb3f9a78409398ca390"


def test_the_registry_serves_the_engine():
    assert get_engine("eleven") is ENGINE
    assert ENGINE.squad_rules.to_dict() == {"roles": {"goalie": 1, "player": 10}, "reserves": 0, "size": 11}


def test_a_card_is_a_role_and_nothing_else():
    assert ENGINE.validate_card({"id": "x", "name": "Ann", "price": "1", "role": "goalie"}) == {"role": "goalie"}
    with pytest.raises(CardError, match="speed: unknown field"):
        ENGINE.validate_card({"role": "player", "speed": 4})
    with pytest.raises(CardError, match="role: 'keeper' is not a role"):
        ENGINE.validate_card({"role": "keeper"})


def test_the_sample_pool_fills_twelve_squads_within_budget():
    pool = ENGINE.sample_pool(3)
    assert pool == ENGINE.sample_pool(3)
    assert len({card["id"] for card in pool}) == len(pool) == 132
    goalies = [card for card in pool if card["role"] == "goalie"]
    assert len(goalies) == 12
    assert 10 * min(c["price"] for c in pool if c["role"] == "player") + min(c["price"] for c in goalies) <= 15
    average = {
        role: sum(c["price"] for c in pool if c["role"] == role) / n for role, n in (("player", 120), ("goalie", 12))
    }
    assert 10 * average["player"] + average["goalie"] == 15


def test_sheets_are_checked():
    two_goalies = {**HOME, "players": [dict(p, role="goalie") for p in HOME["players"][:2]] + HOME["players"][2:]}
    with pytest.raises(CardError, match="home team sheet: 2 'goalie' cards"):
        ENGINE.simulate(two_goalies, AWAY, seed=1)
    with pytest.raises(CardError, match="is on both team sheets"):
        ENGINE.simulate(HOME, HOME, seed=1)
    with pytest.raises(CardError, match="away lineup coach: 'genius'"):
        ENGINE.simulate(HOME, {**AWAY, "lineup": {"coach": "genius"}}, seed=1)
    with pytest.raises(CardError, match="settings: coach style 'wild'"):
        ENGINE.simulate(HOME, AWAY, seed=1, options={"settings": {"style": "wild"}})
    with pytest.raises(CardError, match="turns_per_half"):
        ENGINE.simulate(HOME, AWAY, seed=1, options={"settings": {"turns_per_half": "many"}})


@pytest.mark.parametrize(
    ("lineup", "message"),
    [
        (["planner"], r"home lineup: \['planner'\]; expected an object"),
        ("planner", "home lineup: 'planner'; expected an object"),
        ({"style": ["wild"]}, r"home lineup style: \['wild'\]; allowed are"),
    ],
)
def test_a_lineup_that_is_not_an_object_of_words_is_refused(lineup, message):
    with pytest.raises(CardError, match=message):
        ENGINE.simulate({**HOME, "lineup": lineup}, AWAY, seed=1)


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"extra_time": "false"}, "engine_settings.extra_time: 'false' is not allowed; allowed: true, false"),
        ({"extra_time": 0}, "engine_settings.extra_time: 0 is not allowed"),
        ({"turns_per_half": 10**9}, "engine_settings.turns_per_half: 1000000000 is out of range; allowed 1-200"),
        ({"shootout_kicks": 2.5}, "engine_settings.shootout_kicks: 2.5 is not a whole number"),
        ({"extra_time_turns_per_half": True}, "engine_settings.extra_time_turns_per_half: True is not a whole"),
    ],
)
def test_a_match_refuses_clock_settings_it_would_misread(settings, message):
    """Before, "false" played extra time, a billion turns never ended and 2.5 kicks became 2."""
    with pytest.raises(CardError, match=message):
        ENGINE.simulate(HOME, AWAY, seed=1, options={"winner_required": True, "settings": settings})


def test_a_match_is_deterministic_and_its_score_is_its_goals():
    first = ENGINE.simulate(HOME, AWAY, seed=5, options={"turns_per_half": 12})
    assert first.to_json() == ENGINE.simulate(HOME, AWAY, seed=5, options={"turns_per_half": 12}).to_json()
    goals = [e for e in first.events if e.kind == "goal"]
    assert first.home_goals == sum(e.side == "home" for e in goals)
    assert first.away_goals == sum(e.side == "away" for e in goals)
    ids = {p["id"] for p in HOME["players"] + AWAY["players"]}
    assert set(first.player_stats) == ids
    for stats in first.player_stats.values():
        assert set(STANDARD_STATS) <= set(stats)
    assert sum(s["goals"] for s in first.player_stats.values()) == len(goals)
    assert [e.seq for e in first.events] == list(range(1, len(first.events) + 1))


def test_the_golden_match():
    result = ENGINE.simulate(HOME, AWAY, seed=2026)
    assert hashlib.sha256(result.to_json().encode()).hexdigest() == GOLDEN, ENGINE.version
