"""The match as the platform sees it: penalties, determinism, the golden result, the contract.

The command line and "no Django" are checked for every engine in tests/engines/test_contract.py.
"""

from __future__ import annotations

import copy
import hashlib
import json
from types import MappingProxyType

import pytest
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from engines.core import STANDARD_STATS, CardError, Dice, TeamSheet
from engines.flexdeck import ENGINE
from engines.flexdeck.coach import Coach
from engines.flexdeck.engine import match_coaches
from engines.flexdeck.scripting import ReplayCoach, ReplayDice, table

WALL = [15] * 11  # field cards nobody in these tests can beat


def shootout(pile, home_keeper=9, away_keeper=9, decisions=None):
    """Two scoreless halves dealt alike (only ``pile`` turned), then penalty kicks
    from the discard pile kept in turning order."""
    home_pitch, away_pitch = [home_keeper] + WALL[1:], [away_keeper] + WALL[1:]
    home, away, rolls, settings = table(home_pitch, away_pitch, pile)
    suited = sum(1 for card in pile if not isinstance(card, str))
    keep_order = list(range(suited, 1, -1))  # Fisher-Yates rolls that leave the order alone
    coach = ReplayCoach(decisions)
    return ENGINE.play(
        home,
        away,
        ReplayDice(rolls + rolls + keep_order),
        {"winner_required": True, "settings": settings},
        coaches=(coach, coach),
    )


def kicks(result):
    return [(e.side, e.detail["total"], e.detail["scored"]) for e in result.events if e.kind == "penalty_kick"]


# -- penalty kicks ---------------------------------------------------------------------


def test_a_draw_stands_unless_a_winner_is_required():
    home, away, rolls, settings = table([9] + WALL[1:], [9] + WALL[1:], [("home", 3), ("away", 3)])
    result = ENGINE.play(home, away, ReplayDice(rolls + rolls), {"settings": settings}, coaches=[ReplayCoach()] * 2)
    assert (result.home_goals, result.away_goals, result.decided_by) == (0, 0, "regulation")
    assert result.shootout_home is None and result.winner is None


def test_penalty_kicks_are_cards_against_the_keeper_best_of_five():
    result = shootout([("home", 10), ("away", 1)])
    assert result.decided_by == "penalties"
    # Home scores every kick, the visitors miss every one: 3-0 settles it after six kicks.
    assert kicks(result) == [("home", 10, True), ("away", 1, False)] * 3
    assert (result.shootout_home, result.shootout_away, result.winner) == (3, 0, "home")


def test_an_equal_card_scores_a_penalty():
    result = shootout([("home", 9), ("away", 8)])
    assert kicks(result)[:2] == [("home", 9, True), ("away", 8, False)]


def test_sudden_death_follows_five_level_rounds():
    pile = [("home", 10)] * 5 + [("home", 1)] + [("away", 10)] * 6
    result = shootout(pile)
    assert len(kicks(result)) == 12
    assert kicks(result)[-2:] == [("home", 1, False), ("away", 10, True)]
    assert (result.shootout_home, result.shootout_away, result.winner) == (5, 6, "away")


def test_a_shootout_nobody_can_lose_ends_with_a_coin():
    result = shootout([("home", 10), ("away", 10)])
    assert [e.kind for e in result.events].count("coin_toss") == 1
    assert result.winner is not None and result.decided_by == "penalties"


def test_a_side_without_cards_in_the_discard_pile_misses():
    # Home's only card goes onto the pitch as a substitute in both halves.
    result = shootout([("away", 10), ("home", 3)], home_keeper=12, decisions={"home-1": ("substitute", "G1")})
    assert kicks(result)[:2] == [("home", None, False), ("away", 10, False)]


# -- determinism and the golden result -------------------------------------------------------


def test_the_same_seed_gives_the_same_json():
    home, away = ENGINE.sample_team(1), ENGINE.sample_team(2)
    first = ENGINE.simulate(home, away, seed=99).to_json()
    assert ENGINE.simulate(TeamSheet.coerce(home), TeamSheet.coerce(away), seed=99).to_json() == first
    assert ENGINE.simulate(home, away, seed=100).to_json() != first


def test_coaches_reused_from_match_to_match_decide_as_new_ones():
    home, away = ENGINE.sample_team(1), ENGINE.sample_team(2)
    fresh = ENGINE.play(home, away, Dice(7), seed=7, coaches=(Coach(), Coach())).to_json()
    # Plans left by another match whose version the new deal's pitch will have
    for coach in match_coaches(("careful", "careful")):
        for plan in coach._plans:
            plan.version, plan.entries = 1, [(1.0, 5, 0, 99)]
            plan.trigger_with_move = plan.trigger_alone = 0
            plan.needed_with_move = plan.needed_alone = 0.0
    assert ENGINE.simulate(home, away, seed=7).to_json() == fresh


def test_a_sheet_changed_in_place_is_validated_again():
    home, away = ENGINE.sample_team(1), ENGINE.sample_team(2)
    before = ENGINE.simulate(home, away, seed=5).to_json()
    home["players"][0]["pips"][1] = 12  # a nested list, changed in place
    with pytest.raises(CardError, match="pips"):
        ENGINE.simulate(home, away, seed=5)
    home["players"][0]["pips"] = [9, 9]
    changed = ENGINE.simulate(home, away, seed=5).to_json()
    assert changed == ENGINE.simulate(copy.deepcopy(home), away, seed=5).to_json()
    assert changed != before


def test_cards_that_cannot_be_copied_still_play():
    home, away = ENGINE.sample_team(1), ENGINE.sample_team(2)
    frozen = {"name": home["name"], "players": [MappingProxyType(p) for p in home["players"]]}
    assert ENGINE.simulate(frozen, away, seed=3).to_json() == ENGINE.simulate(home, away, seed=3).to_json()


def test_a_sheet_that_is_not_an_object_is_refused():
    with pytest.raises(CardError, match="team sheet"):
        ENGINE.simulate(["not", "a", "sheet"], ENGINE.sample_team(2), seed=1)


GOLDEN_SEED = 2026
GOLDEN_SHA256 = "3cf9c85ab4974add2c332ab548f10cef395f10f880d7369a81b77124ccb4f71e"


def test_the_golden_result_does_not_change():
    """Any change in the order of rolls shows here; bump ENGINE.version when it is meant."""
    home, away = ENGINE.sample_team(11, name="Home"), ENGINE.sample_team(12, name="Away")
    result = ENGINE.simulate(home, away, seed=GOLDEN_SEED, options={"winner_required": True})
    digest = hashlib.sha256(result.to_json().encode()).hexdigest()
    assert (ENGINE.version, digest) == ("1.2", GOLDEN_SHA256)


# -- the contract ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def result():
    return ENGINE.simulate(ENGINE.sample_team(3), ENGINE.sample_team(4), seed=7, options={"winner_required": True})


def test_every_player_of_both_sheets_has_every_counter(result):
    ids = {p["id"] for seed in (3, 4) for p in ENGINE.sample_team(seed)["players"]}
    assert set(result.player_stats) == ids
    for stats in result.player_stats.values():
        assert set(STANDARD_STATS) <= set(stats)
        assert {"turns", "advances", "starts", "substituted_in", "substituted_out", "neutralised"} <= set(stats)


def test_events_are_numbered_lowercase_and_sided(result):
    assert [e.seq for e in result.events] == list(range(1, len(result.events) + 1))
    neutral = {"card", "golden_boot", "half_time", "full_time", "extra_time"}
    for event in result.events:
        assert event.kind == event.kind.lower()
        assert event.side in ("home", "away") or (event.side is None and event.kind in neutral)
        assert "ball" in event.detail
    json.dumps([e.to_dict() for e in result.events])


def test_eleven_cards_a_side_play_every_minute():
    """Without red cards or extra time, each side's minutes add up to 11 x 90."""
    home, away = ENGINE.sample_team(3), ENGINE.sample_team(4)
    checked = 0
    for seed in range(30):
        result = ENGINE.simulate(home, away, seed=seed)
        if any(e.kind in ("red_card", "extra_time") for e in result.events):
            continue
        for sheet in (home, away):
            assert sum(result.player_stats[p["id"]]["minutes"] for p in sheet["players"]) == 11 * 90
        checked += 1
    assert checked >= 10


def test_minutes_run_forward(result):
    minutes = [e.minute for e in result.events]
    assert minutes == sorted(minutes) and minutes[-1] >= 90


# -- any squads -------------------------------------------------------------------------------

card_strategy = st.tuples(st.sampled_from(["blue", "gold", "red", "green"]), st.integers(0, 9), st.integers(0, 9))


@hypothesis_settings(max_examples=40, deadline=None)
@given(
    home=st.lists(card_strategy, min_size=14, max_size=14),
    away=st.lists(card_strategy, min_size=14, max_size=14),
    seed=st.integers(0, 10**6),
    style=st.sampled_from(["careful", "attacking"]),
    retreat=st.sampled_from(["own", "opponent"]),
)
def test_any_squads_play_a_legal_reproducible_match(home, away, seed, style, retreat):
    sheets = [
        {
            "name": name,
            "players": [{"id": f"{name}{n}", "colour": c, "pips": [a, b]} for n, (c, a, b) in enumerate(cards)],
        }
        for name, cards in (("h", home), ("a", away))
    ]
    options = {
        "winner_required": True,
        "settings": {"squad_size": 14, "coach_style": style, "penalty_retreat": retreat},
    }
    result = ENGINE.simulate(*sheets, seed=seed, options=options)
    assert result.to_json() == ENGINE.simulate(*sheets, seed=seed, options=options).to_json()
    assert result.winner is not None
    goals = [e.side for e in result.events if e.kind == "goal"]
    assert (goals.count("home"), goals.count("away")) == (result.home_goals, result.away_goals)
    subs = [e.side for e in result.events if e.kind == "substitution"]
    assert subs.count("home") <= 3 and subs.count("away") <= 3
    turned = [e for e in result.events if e.kind == "card"]
    assert len(turned) >= 2 * (3 + 3 + 4)
