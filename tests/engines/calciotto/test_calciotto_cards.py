"""Calciotto's data: player pieces, their validation and prices, the 42-card deck, the field."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines import CardError, get_engine
from engines.calciotto import cards as C
from engines.calciotto import field as F
from engines.calciotto import players

ENGINE = get_engine("calciotto")


# ------------------------------------------------------------------- pieces


def test_a_card_is_normalised_to_role_move_and_strength():
    card = {"id": "x1", "name": "Zeno Rossi", "price": 3, "role": "d", "move": "3", "strength": 4}
    assert ENGINE.validate_card(card) == {"role": "D", "move": 3, "strength": 4}


@pytest.mark.parametrize(
    ("card", "message"),
    [
        ({"role": "X", "move": 3, "strength": 3}, "role: 'X' is not a calciotto role"),
        ({"role": "A", "move": 7, "strength": 3}, "move: 7 is out of range; allowed 1-6"),
        ({"role": "A", "move": 0, "strength": 3}, "move: 0 is out of range"),
        ({"role": "A", "move": 3, "strength": 9}, "strength: 9 is out of range; allowed 0-6"),
        ({"role": "A", "move": "fast", "strength": 3}, "move: 'fast' is not a whole number"),
        ({"role": "A", "move": True, "strength": 3}, "move: True is not a number"),
        ({"role": "A", "move": 2.5, "strength": 3}, "move: 2.5 is not a whole number"),
        ({"role": "A", "strength": 3}, "move: missing"),
        ({"role": "A", "move": 3, "strength": 3, "speed": 9}, "speed: unknown field"),
    ],
)
def test_a_bad_card_is_refused_with_the_field_the_value_and_what_is_allowed(card, message):
    with pytest.raises(CardError, match=message.replace("(", r"\(").replace(")", r"\)")):
        ENGINE.validate_card(card)


@given(
    role=st.sampled_from("PDCAT"),
    move=st.integers(1, 6),
    strength=st.integers(0, 6),
    as_text=st.booleans(),
)
def test_every_legal_piece_validates_and_keeps_its_numbers(role, move, strength, as_text):
    raw = {"role": role, "move": str(move) if as_text else move, "strength": str(strength) if as_text else strength}
    assert ENGINE.validate_card(raw) == {"role": role, "move": move, "strength": strength}


@given(move=st.integers(-20, 30).filter(lambda v: v not in range(1, 7)))
def test_every_out_of_range_movement_is_refused(move):
    with pytest.raises(CardError, match="move"):
        ENGINE.validate_card({"role": "C", "move": move, "strength": 2})


def test_the_sample_pool_holds_twelve_teams_of_named_priced_valid_pieces():
    pool = ENGINE.sample_pool(5)
    assert pool == ENGINE.sample_pool(5) and pool != ENGINE.sample_pool(6)
    assert len(pool) >= 12 * 13 and len({c["id"] for c in pool}) == len(pool)
    for seed in range(30):  # no two pieces of a pool, so of a squad, share a name
        names = [c["name"] for c in ENGINE.sample_pool(seed)]
        assert len(set(names)) == len(names), seed
    roles = Counter(c["role"] for c in pool)
    for role, count in ENGINE.squad_rules.roles.items():
        assert roles[role] >= 12 * count
    for card in pool:
        attributes = ENGINE.validate_card(card)
        assert card["name"] and card["price"] == players.card_price(**attributes)
        low_move, high_move = players.POOL_PROFILE[card["role"]][0]
        assert low_move <= card["move"] <= high_move


def test_an_average_squad_costs_about_the_league_budget_and_free_pieces_complete_one():
    averages = [sum(c["price"] for c in ENGINE.sample_pool(seed)) / len(ENGINE.sample_pool(seed)) for seed in range(10)]
    assert 13.5 <= 13 * sum(averages) / len(averages) <= 16.5
    pool = ENGINE.sample_pool(0)
    free = Counter(c["role"] for c in pool if c["price"] == 0)
    for role, count in ENGINE.squad_rules.roles.items():
        assert free[role] >= count
    assert sum(free.values()) >= ENGINE.squad_rules.size


def test_a_sample_team_is_a_legal_squad():
    for seed in range(5):
        sheet = ENGINE.sample_team(seed)
        assert len(sheet["players"]) == 13
        ENGINE.validate_sheet(__import__("engines").TeamSheet.coerce(sheet), "home")


def test_price_formula():
    assert players.card_price("A", 5, 5) == 5 + 10 - players.PRICE_PAR["A"]
    assert players.card_price("D", 2, 3) == 0


# --------------------------------------------------------------------- deck


def test_the_deck_has_the_rule_books_42_cards_in_five_categories():
    deck = C.build_deck()
    assert len(deck) == 42
    counts = Counter(deck)
    assert counts[C.CONTROPIEDE] == 2 and counts[C.SPRINT_3] == 4 and counts[C.SPRINT_4] == 4
    assert counts[C.DRIBBLING] == counts[C.TACKLE] == counts[C.SCIVOLATA] == 4
    assert counts[C.SICUREZZA] == 2 and counts[C.TUFFO_DOPPIO] == 4
    assert counts[C.PUNIZIONE] == counts[C.AMMONIZIONE] == 4
    assert counts[C.CANCELLA] == counts[C.ELIMINA] == counts[C.RADDOPPIA] == 2
    by_category = Counter()
    for name in deck:
        by_category[C.CARDS[name]["category"]] += 1
    assert by_category == C.RULE_BOOK_COUNTS


def test_every_card_says_why_it_does_what_it_does():
    for spec in C.CARDS.values():
        assert len(spec["why"]) > 40


def test_categories_are_played_only_in_their_phases():
    assert C.playable(C.SPRINT_3, "moving", "mover")
    assert not C.playable(C.SPRINT_3, "tackle", "defender")
    assert C.playable(C.TACKLE, "tackle", "defender") and not C.playable(C.TACKLE, "tackle", "attacker")
    assert C.playable(C.SICUREZZA, "shot", "keeper") and not C.playable(C.SICUREZZA, "moving", "mover")
    assert C.playable(C.PUNIZIONE, "tackle", "attacker") and not C.playable(C.PUNIZIONE, "shot", "keeper")
    for phase, user in (("moving", "mover"), ("tackle", "defender"), ("shot", "keeper")):
        assert C.playable(C.CANCELLA, phase, user) and C.playable(C.RADDOPPIA, phase, user)


# -------------------------------------------------------------------- field


def test_the_field_has_the_rule_books_areas():
    home_area = F.AREA[F.HOME]
    field_squares = [i for i in F.SQUARES if F.GOAL_OF[i] < 0]
    counts = Counter(home_area[i] for i in field_squares)
    assert len(field_squares) == 16 * 20
    assert counts["D"] == counts["A"] == 10 * 6 and counts["C"] == 10 * 8 and counts["T"] == 2 * 3 * 20
    goal = [i for i in F.SQUARES if F.GOAL_OF[i] == F.HOME]
    assert len(goal) == 4 and all(home_area[i] == "P" for i in goal)
    assert all(F.AREA[F.AWAY][F.cell(c, 19 - r)] == home_area[F.cell(15 - c, r)] for c in range(16) for r in range(20))


def test_the_small_area_is_within_two_squares_of_the_goal_area_and_inside_the_penalty_area():
    small = [i for i in F.SQUARES if F.SMALL_AREA[F.HOME][i]]
    assert len(small) == 12
    for square in small:
        assert F.PENALTY_AREA[F.HOME][square]
        assert min(F.chebyshev(square, g) for g in F.SQUARES if F.GOAL_OF[g] == F.HOME) <= 2


def test_shot_lines_run_straight_into_the_goal_area():
    for square in F.SQUARES:
        for goal, path in F.SHOT_LINES[F.HOME][square]:
            assert F.GOAL_OF[goal] == F.AWAY and F.PENALTY_AREA[F.AWAY][square]
            assert len(path) + 1 == F.chebyshev(square, goal)


def test_the_field_is_drawn_as_text():
    drawing = F.draw()
    assert drawing.count("\n") == 22 and "*" in drawing and "PPPP" in drawing
