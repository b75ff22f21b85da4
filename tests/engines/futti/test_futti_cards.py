"""Fütti cards, squads, the generic player set and its prices."""

from __future__ import annotations

import copy
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines import CardError, get_engine
from engines.futti.cards import card_price

ENGINE = get_engine("futti")


def test_engine_is_registered_with_its_squad_rules():
    assert ENGINE.key == "futti" and ENGINE.name == "Fütti"
    assert dict(ENGINE.squad_rules.roles) == {"field": 6, "goalkeeper": 2}
    assert ENGINE.squad_rules.size == 8


def test_validate_card_normalises_csv_strings_and_ignores_id_name_price():
    card = {"id": "7", "name": "Bell", "price": "2", "role": "field", "offence": "3", "defence": 3}
    card |= {"sportsmanship": " 3 ", "stars": "1"}
    assert ENGINE.validate_card(card) == {"role": "field", "offence": 3, "defence": 3, "sportsmanship": 3, "stars": 1}
    keeper = {"role": "Goaltender", "goaltending": "41", "sportsmanship": 3}
    assert ENGINE.validate_card(keeper) == {"role": "goalkeeper", "goaltending": 41, "sportsmanship": 3}


@pytest.mark.parametrize(
    ("card", "message"),
    [
        ({"role": "goalkeeper", "goaltending": 70, "sportsmanship": 3}, "goaltending: 70 has a digit 0"),
        ({"role": "goalkeeper", "goaltending": 47, "sportsmanship": 3}, "goaltending: 47 has a digit"),
        ({"role": "goalkeeper", "goaltending": 6, "sportsmanship": 3}, "two digits"),
        ({"role": "goalkeeper", "sportsmanship": 3}, "goaltending: missing"),
        ({"role": "field", "offence": 7, "defence": 3, "sportsmanship": 3, "stars": 0}, "offence: 7 is out of range"),
        ({"role": "field", "offence": 3, "defence": 0, "sportsmanship": 3, "stars": 0}, "defence: 0 is out of range"),
        ({"role": "field", "offence": 3, "defence": 3, "sportsmanship": 3, "stars": 4}, "stars: 4 is out of range"),
        ({"role": "field", "offence": 3, "defence": 3, "sportsmanship": 3}, "stars: missing"),
        ({"role": "field", "offence": "x", "defence": 3, "sportsmanship": 3, "stars": 0}, "offence: 'x' is not"),
        ({"role": "field", "offence": 3, "defence": 3, "sportsmanship": 3, "stars": 0, "speed": 4}, "speed: not a"),
        ({"role": "goalkeeper", "goaltending": 44, "sportsmanship": 3, "stars": 1}, "stars: not a goalkeeper"),
        ({"role": "striker", "offence": 3}, "role: 'striker'"),
    ],
)
def test_validate_card_names_the_field_the_value_and_what_is_allowed(card, message):
    with pytest.raises(CardError, match=message):
        ENGINE.validate_card(card)


@pytest.mark.parametrize("value", ["³", "--3", "+-3", "3.5", "٣ ", True, False, 2.5, [3]])
@pytest.mark.parametrize("field", ["offence", "defence", "sportsmanship", "stars"])
def test_a_value_that_is_not_a_whole_number_is_a_card_error_naming_field_and_allowed_values(field, value):
    card = {"role": "field", "offence": 3, "defence": 3, "sportsmanship": 3, "stars": 0, field: value}
    allowed = "0-3" if field == "stars" else "1-6"
    with pytest.raises(CardError, match=f"^{field}: .* is not a whole number; allowed {allowed}$"):
        ENGINE.validate_card(card)


@pytest.mark.parametrize("value", ["4³", "--44", True, "44.0x"])
def test_a_goaltending_that_is_not_a_whole_number_is_a_card_error(value):
    with pytest.raises(CardError, match="^goaltending: .* allowed two die faces 1-6"):
        ENGINE.validate_card({"role": "goalkeeper", "goaltending": value, "sportsmanship": 3})


def test_a_bad_card_on_a_team_sheet_names_the_team_the_player_the_field_and_the_allowed_values():
    home = copy.deepcopy(ENGINE.sample_team(1, name="Lions"))
    card = next(card for card in home["players"] if card["role"] == "field")
    card["offence"] = "³"
    with pytest.raises(CardError) as refused:
        ENGINE.simulate(home, ENGINE.sample_team(2), seed=1)
    assert str(refused.value) == f"Lions, player {card['id']}: offence: '³' is not a whole number; allowed 1-6"


def test_signed_ascii_numbers_are_still_read():
    card = {"role": "field", "offence": "+3", "defence": " 4", "sportsmanship": "3 ", "stars": "-0"}
    assert ENGINE.validate_card(card) == {"role": "field", "offence": 3, "defence": 4, "sportsmanship": 3, "stars": 0}


@given(tens=st.integers(1, 6), ones=st.integers(1, 6), sportsmanship=st.integers(1, 6))
def test_every_goaltending_of_two_die_faces_is_valid(tens, ones, sportsmanship):
    card = ENGINE.validate_card(
        {"role": "goalkeeper", "goaltending": str(tens * 10 + ones), "sportsmanship": sportsmanship}
    )
    assert card["goaltending"] == tens * 10 + ones


@given(value=st.integers(-20, 100))
def test_goaltending_outside_die_faces_is_refused(value):
    tens, ones = divmod(value, 10)
    if 1 <= tens <= 6 and 1 <= ones <= 6:
        return
    with pytest.raises(CardError, match="goaltending"):
        ENGINE.validate_card({"role": "goalkeeper", "goaltending": value, "sportsmanship": 3})


def test_sample_pool_is_the_generic_set_for_twelve_teams():
    pool = ENGINE.sample_pool(7)
    roles = Counter(card["role"] for card in pool)
    assert roles == {"field": 72, "goalkeeper": 24}
    assert len({card["id"] for card in pool}) == 96 and len({card["name"] for card in pool}) == 96
    assert sum(1 for card in pool if card.get("stars")) >= 12  # every team can have a star
    for card in pool:
        assert ENGINE.validate_card(card)["role"] == card["role"]
    assert ENGINE.sample_pool(7) == pool
    assert ENGINE.sample_pool(8) != pool


def test_sample_pool_holds_the_rule_books_example_cards():
    by_name = {card["name"]: card for card in ENGINE.sample_pool(3)}
    bell, makarov = by_name["Bell"], by_name["Makarov"]
    assert (bell["offence"], bell["defence"], bell["sportsmanship"], bell["stars"]) == (3, 3, 3, 1)
    assert (makarov["goaltending"], makarov["sportsmanship"]) == (41, 3)


def test_a_budget_of_15_buys_an_average_squad_and_the_cheapest_cards_are_free():
    pool = ENGINE.sample_pool(0)
    field = [card["price"] for card in pool if card["role"] == "field"]
    keepers = [card["price"] for card in pool if card["role"] == "goalkeeper"]
    average_squad = 6 * sum(field) / len(field) + 2 * sum(keepers) / len(keepers)
    assert 13.5 <= average_squad <= 15
    assert sorted(field)[:6] == [0] * 6 and sorted(keepers)[:2] == [0, 0]
    assert all(card["price"] == card_price(ENGINE.validate_card(card)) for card in pool)


def test_sample_team_is_a_legal_squad():
    team = ENGINE.sample_team(4)
    assert Counter(card["role"] for card in team["players"]) == {"field": 6, "goalkeeper": 2}
    result = ENGINE.simulate(team, ENGINE.sample_team(5), seed=1)
    assert len(result.player_stats) == 16


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda sheet: sheet["players"].pop(),
            "6 field players and 2 goaltenders, this sheet has 6 field players and 1",
        ),
        (lambda sheet: sheet["players"][0].update(offence=9), "Home, player hA1: offence: 9 is out of range"),
        (lambda sheet: sheet["lineup"].update(goalkeeper="hA1"), "lineup.goalkeeper"),
        (lambda sheet: sheet["lineup"].update(attackers=["hA1", "hA1"]), "named twice"),
        (lambda sheet: sheet["lineup"].update(defenders=["hD1"]), "lineup.defenders"),
        (lambda sheet: sheet["lineup"].update(attackers=["hA1", "hG1"]), "not a field player"),
    ],
)
def test_broken_team_sheets_are_refused(futti, change, message):

    home = copy.deepcopy(futti.home)
    change(home)
    with pytest.raises(CardError, match=message):
        ENGINE.simulate(home, futti.away, seed=1)


def test_the_same_player_on_both_sheets_is_refused(futti):
    with pytest.raises(CardError, match="on both team sheets"):
        ENGINE.simulate(futti.home, futti.home, seed=1)


def test_a_sheet_edited_in_place_is_validated_again(futti):

    home = copy.deepcopy(futti.home)
    ENGINE.simulate(home, futti.away, seed=1)
    home["players"][0]["offence"] = 0
    with pytest.raises(CardError, match="offence: 0"):
        ENGINE.simulate(home, futti.away, seed=1)


def test_every_sample_team_has_a_star_player():
    for seed in range(60):
        team = ENGINE.sample_team(seed)
        assert any(card.get("stars") for card in team["players"]), seed
        assert len({card["id"] for card in team["players"]}) == 8
