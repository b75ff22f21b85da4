"""The 15 BootCoin budget on a team sheet (issue #24): "Your budget is 15 BC ... If you do
not spend all your BCs, you can purchase extra tactical cards (2 BC = 1 Tactical card)"."""

from __future__ import annotations

from typing import Any

import pytest

from engines import CardError, get_engine
from engines.mutant import cards as C

ENGINE = get_engine("mutant")


def priced_sheet(name: str, prices: list[int], extra: int = 0) -> dict[str, Any]:
    """Five field players and a keeper of the box's ratings, at the given prices."""
    field = [c for c in C.BOX_CARDS if c["role"] == C.FIELD][:5]
    keeper = next(c for c in C.BOX_CARDS if c["role"] == C.GOALKEEPER)
    players = [
        {**card, "id": f"{name}-{i}", "price": price}
        for i, (card, price) in enumerate(zip([*field, keeper], prices, strict=True))
    ]
    return {"name": name, "players": players, "lineup": {"extra_tactical_cards": extra}}


def test_a_sheet_of_16_bc_is_refused_naming_the_team_and_the_cost():
    with pytest.raises(CardError, match=r"^home team 'Spenders': costs 16 BC \(cards 16 BC\); the budget is 15 BC$"):
        ENGINE.simulate(priced_sheet("Spenders", [3, 3, 3, 3, 2, 2]), priced_sheet("Savers", [1] * 6), seed=1)


def test_extra_tactical_cards_are_paid_from_what_the_cards_left():
    spent_11 = [2, 2, 2, 2, 2, 1]
    ENGINE.simulate(priced_sheet("Home", spent_11, extra=2), priced_sheet("Away", [0] * 6, extra=7), seed=1)
    with pytest.raises(CardError, match=r"^away team 'Away': costs 17 BC \(cards 11 BC \+ 3 extra tactical cards"):
        ENGINE.simulate(priced_sheet("Home", [0] * 6), priced_sheet("Away", spent_11, extra=3), seed=1)


def test_a_negative_price_buys_nothing():
    with pytest.raises(CardError, match=r"^home team, player 'Home-0' 'price': -4 BC"):
        ENGINE.simulate(priced_sheet("Home", [-4, 3, 3, 3, 3, 3]), priced_sheet("Away", [0] * 6), seed=1)


def test_every_sample_team_keeps_to_the_budget():
    for seed in range(40):
        ENGINE.simulate(ENGINE.sample_team(seed), ENGINE.sample_team(seed + 1000), seed=seed)


def test_tactics_cost_what_their_extra_cards_cost():
    assert ENGINE.tactics_cost({"extra_tactical_cards": 3, "style": "reckless"}) == 6
    assert ENGINE.tactics_cost({}) == 0
    assert get_engine("eleven").tactics_cost({"coach": "planner"}) == 0
