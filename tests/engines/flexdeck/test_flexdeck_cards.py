"""The deck table, card validation, prices and the sample pool."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines import CardError, get_engine
from engines.flexdeck import ENGINE
from engines.flexdeck.cards import POOL_DECKS, card_price
from engines.flexdeck.deck import DEFAULT_DECK, JOKER_TILES, load_deck

SUITED = [card for card in DEFAULT_DECK if not card.special]


# -- the deck ---------------------------------------------------------------------


def test_the_deck_carries_one_double_nine_set_once():
    tiles = [card.pips for card in SUITED] + list(JOKER_TILES)
    assert sorted(tiles) == sorted((low, high) for high in range(10) for low in range(high + 1))
    assert len(SUITED) == 52


def test_the_deck_has_thirteen_cards_of_each_colour_three_jokers_and_the_golden_boot():
    assert Counter(card.colour for card in SUITED) == {"blue": 13, "gold": 13, "red": 13, "green": 13}
    assert Counter(card.special for card in DEFAULT_DECK if card.special) == {"joker": 3, "golden_boot": 1}


def test_the_ten_of_clubs_is_blue_with_strength_twelve():
    ten = next(card for card in DEFAULT_DECK if card.code == "10C")
    assert (ten.colour, ten.pips, ten.strength) == ("blue", (5, 7), 12)


def test_the_strongest_cards_are_the_green_18_and_the_blue_17():
    strongest = sorted(SUITED, key=lambda card: card.strength)[-2:]
    assert [(card.colour, card.strength) for card in strongest] == [("blue", 17), ("green", 18)]


# The cards each half of the rule book's sample game turns, as its tables print them.
SAMPLE_FIRST_HALF = (
    "red 11, blue 9, gold 3, green 14, green 8, blue 17, red 8, gold 9, red 8, blue 11, gold 6, blue 9, gold 6, "
    "red 12, red 6, red 2, green 7, blue 13, green 10, green 18, blue 12, blue 12, blue 10, red 4, green 15, "
    "gold 10, gold 7, green 8, blue 13, red 3"
)
SAMPLE_SECOND_HALF = (
    "red 4, green 13, red 5, green 10, green 18, red 2, red 6, red 5, gold 7, green 7, blue 12, red 12, blue 14, "
    "gold 8, gold 4, blue 13, blue 9, blue 16, gold 3, red 11, green 12, gold 9, green 15, blue 13, red 7, gold 5, "
    "gold 7, green 8, gold 4, blue 17"
)


def _turned(table: str) -> Counter:
    return Counter((colour, int(strength)) for colour, strength in (card.split() for card in table.split(", ")))


@pytest.mark.parametrize("table", [SAMPLE_FIRST_HALF, SAMPLE_SECOND_HALF])
def test_the_deck_holds_every_card_the_sample_game_turns_in_a_half(table):
    have = Counter((card.colour, card.strength) for card in SUITED)
    turned = _turned(table)
    assert sum(turned.values()) == 30
    assert {card: count for card, count in turned.items() if have[card] < count} == {}


def test_the_deck_holds_the_sample_games_first_half_pitch_values_beside_what_it_turns():
    # The text names a red/green forward of 2, the red/green keeper of 12 and the blue/gold
    # keeper of 9 on the first half's pitch, while that half turns a red 2, a red 12 and three
    # blue/gold 9s: the red/green side needs two cards of 2 (the jokers may not carry 0-2).
    side = Counter(("blue/gold" if card.colour in ("blue", "gold") else "red/green", card.strength) for card in SUITED)
    turned = Counter(
        ("blue/gold" if colour in ("blue", "gold") else "red/green", strength)
        for (colour, strength), count in _turned(SAMPLE_FIRST_HALF).items()
        for _ in range(count)
    )
    assert side[("red/green", 2)] >= turned[("red/green", 2)] + 1 == 2
    assert side[("blue/gold", 9)] >= turned[("blue/gold", 9)] + 1 == 4
    assert side[("red/green", 12)] >= turned[("red/green", 12)] + 1  # the red/green keeper


def test_both_sides_decks_carry_the_same_strength():
    total = Counter()
    for card in SUITED:
        total["blue/gold" if card.colour in ("blue", "gold") else "red/green"] += card.strength
    assert total["blue/gold"] == total["red/green"] == 244


def test_a_deck_list_loads_from_json():
    deck = load_deck('[{"code": "10C", "colour": "Blue", "pips": "5+7"}, {"code": "JK", "special": "joker"}]')
    assert [card.to_dict() for card in deck] == [
        {"code": "10C", "colour": "blue", "pips": [5, 7]},
        {"code": "JK", "special": "joker"},
    ]
    assert load_deck([card.to_dict() for card in DEFAULT_DECK]) == DEFAULT_DECK


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        ("[]", "non-empty list"),
        ('[{"code": "X", "colour": "purple", "pips": [1, 2]}]', "colour: 'purple' is not a Flexdeck colour"),
        ('[{"code": "X", "colour": "red", "pips": [1, 12]}]', "deck\\[0\\] pips: \\[1, 12\\] holds 12"),
        ("[3]", "deck\\[0\\]: expected an object"),
    ],
)
def test_a_bad_deck_list_is_refused(deck, message):
    with pytest.raises(CardError, match=message):
        load_deck(deck)


# -- cards ---------------------------------------------------------------------------


def test_it_is_registered_under_its_key():
    assert get_engine("flexdeck") is ENGINE
    assert (ENGINE.key, ENGINE.name) == ("flexdeck", "Flexdeck Futbol")


def test_validate_card_normalises_csv_strings():
    card = {"id": "7", "name": "Ada", "price": "1", "role": "Player", "colour": " GOLD ", "pips": "7-5"}
    assert ENGINE.validate_card(card) == {"role": "player", "colour": "gold", "pips": [5, 7]}
    assert ENGINE.validate_card({"colour": "red", "pips": ["9", "9"]}) == {
        "role": "player",
        "colour": "red",
        "pips": [9, 9],
    }


@pytest.mark.parametrize(
    ("card", "message"),
    [
        ({"colour": "red", "pips": [1, 2], "speed": 4}, "speed: unknown field"),
        ({"colour": "red", "pips": [1, 2], "role": "goalkeeper"}, "role: 'goalkeeper' is not allowed"),
        (
            {"colour": "black", "pips": [1, 2]},
            "colour: 'black' is not a Flexdeck colour; allowed: blue, gold, red, green",
        ),
        ({"pips": [1, 2]}, "colour: missing"),
        ({"colour": "red"}, "pips: missing"),
        ({"colour": "red", "pips": [1, 2, 3]}, "pips: \\[1, 2, 3\\] has 3 pip values"),
        ({"colour": "red", "pips": "4-x"}, "pips: '4-x' holds 'x', not a number"),
        ({"colour": "red", "pips": [10, 2]}, "pips: \\[10, 2\\] holds 10; each pip of a double-nine tile is 0-9"),
        ({"colour": "red", "pips": 12}, "pips: 12 is not a domino tile"),
    ],
)
def test_validate_card_names_the_field_the_value_and_what_is_allowed(card, message):
    with pytest.raises(CardError, match=message):
        ENGINE.validate_card(card)


@given(st.integers(0, 9), st.integers(0, 9), st.sampled_from(["blue", "gold", "red", "green"]))
def test_every_tile_and_colour_is_a_valid_card(low, high, colour):
    text = ENGINE.validate_card({"colour": colour, "pips": f"{low}-{high}"})
    listed = ENGINE.validate_card({"colour": colour, "pips": [str(high), low]})
    assert text == listed == {"role": "player", "colour": colour, "pips": sorted([low, high])}


# -- prices and the pool -----------------------------------------------------------------


def test_the_price_grows_with_strength():
    assert [card_price(strength) for strength in range(19)] == [0] * 12 + [1, 1, 1, 2, 2, 2, 3]


def test_the_sample_pool_holds_ten_named_decks_with_unique_ids():
    pool = ENGINE.sample_pool(3)
    assert len(pool) == 52 * POOL_DECKS >= 12 * ENGINE.squad_rules.size
    assert len({card["id"] for card in pool}) == len(pool)
    assert all(card["name"] and card["role"] == "player" for card in pool)
    assert all(ENGINE.validate_card(card)["colour"] == card["colour"] for card in pool)
    assert all(card["price"] == card_price(sum(card["pips"])) for card in pool)
    assert pool == ENGINE.sample_pool(3)
    assert pool != ENGINE.sample_pool(4)


def test_a_leagues_deck_list_makes_its_own_pool():
    deck = [{"code": f"{n}X", "colour": "green", "pips": [n % 10, 9]} for n in range(60)]
    pool = ENGINE.sample_pool_for({"deck": json.dumps(deck)}, seed=2)
    assert len(pool) == 60 * POOL_DECKS == len({card["id"] for card in pool}) == len({card["name"] for card in pool})
    assert {card["colour"] for card in pool} == {"green"}
    assert ENGINE.sample_pool_for({}, seed=2) == ENGINE.sample_pool(2)


def test_fifteen_bootcoins_buy_a_squad_of_average_cards_and_free_cards_fill_one():
    pool = ENGINE.sample_pool(0)
    average_price = sum(card["price"] for card in pool) / len(pool)
    size = ENGINE.squad_rules.size
    assert average_price * size <= 15
    assert sum(1 for card in pool if card["price"] == 0) >= 12 * size


def test_the_sample_team_is_a_legal_squad_that_plays():
    team = ENGINE.sample_team(5)
    assert len(team["players"]) == ENGINE.squad_rules.size == 26
    assert ENGINE.squad_rules.to_dict() == {"roles": {"player": 26}, "reserves": 0, "size": 26}
    result = ENGINE.simulate(team, ENGINE.sample_team(6), seed=1)
    assert result.engine == "flexdeck"


def test_a_drafted_card_plays_in_its_sides_colours_by_shade():
    # A red card drafted by the home side plays as blue, a gold card drafted by the visitors as green.
    home = ENGINE.sample_team(1)
    away = ENGINE.sample_team(2)
    home["players"] = [{**p, "colour": "red"} for p in home["players"]]
    away["players"] = [{**p, "colour": "gold"} for p in away["players"]]
    result = ENGINE.simulate(home, away, seed=2)
    colours = {(e.side, e.detail["colour"]) for e in result.events if e.kind == "card" and e.side}
    assert colours == {("home", "blue"), ("away", "green")}


# -- squads ------------------------------------------------------------------------------------


def test_a_squad_must_hold_the_leagues_squad_size():
    home, away = ENGINE.sample_team(1), ENGINE.sample_team(2)
    with pytest.raises(CardError, match="home team sheet 'Flexdeck Futbol XI 1': 26 cards; .* exactly 16"):
        ENGINE.simulate(home, away, seed=1, options={"settings": {"squad_size": 16}})
    home["players"], away["players"] = home["players"][:16], away["players"][:16]
    result = ENGINE.simulate(home, away, seed=1, options={"settings": {"squad_size": 16.0}})
    turned = [e for e in result.events if e.kind == "card"]
    assert len(turned) >= 2 * (5 + 5 + 4)


def test_the_squad_rules_follow_the_leagues_squad_size():
    assert ENGINE.squad_rules_for({}) == ENGINE.squad_rules
    assert ENGINE.squad_rules_for({"squad_size": 16}).to_dict() == {"roles": {"player": 16}, "reserves": 0, "size": 16}


def test_a_bad_card_on_a_sheet_names_the_side_and_the_player():
    home, away = ENGINE.sample_team(1), ENGINE.sample_team(2)
    away["players"][3] = {**away["players"][3], "pips": [3, 11]}
    with pytest.raises(CardError, match=f"away team sheet .*player {away['players'][3]['id']}: pips"):
        ENGINE.simulate(home, away, seed=1)


def test_a_card_cannot_play_for_both_sides():
    home = ENGINE.sample_team(1)
    with pytest.raises(CardError, match="is on both team sheets"):
        ENGINE.simulate(home, home, seed=1)
