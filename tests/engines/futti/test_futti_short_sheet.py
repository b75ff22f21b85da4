"""A sheet short of field players (suspended or injured ones left off by the league office)
plays down to the four who start; fewer, or a goaltender short, is refused."""

import pytest

from engines import CardError, get_engine

ENGINE = get_engine("futti")


def without(team: dict, role: str, count: int) -> dict:
    cards = list(team["players"])
    for _ in range(count):
        cards.remove(next(card for card in reversed(cards) if card["role"] == role))
    return {**team, "players": cards}


@pytest.mark.parametrize("out", [1, 2])
def test_a_side_a_field_player_or_two_short_plays_without_them(out):
    home = without(ENGINE.sample_team(4), "field", out)
    result = ENGINE.simulate(home, ENGINE.sample_team(5), seed=1)
    ids = {card["id"] for card in home["players"]}
    assert len(result.player_stats) == 16 - out
    assert ids <= set(result.player_stats)
    assert {event.player_id for event in result.events if event.side == "home" and event.player_id} <= ids


@pytest.mark.parametrize(("role", "count"), [("field", 3), ("goalkeeper", 1)])
def test_fewer_than_four_field_players_or_one_goaltender_is_refused(role, count):
    with pytest.raises(CardError, match="a Fütti squad is 6 field players and 2 goaltenders"):
        ENGINE.simulate(without(ENGINE.sample_team(4), role, count), ENGINE.sample_team(5), seed=1)


@pytest.mark.parametrize("key", ["futti", "mutant", "eleven", "calciotto", "flexdeck"])
def test_serious_injuries_are_events_the_engine_declares(key):
    engine = get_engine(key)
    for kind, detail in engine.serious_injuries.items():
        assert set(detail) <= engine.event_vocabulary.keys_of(kind)
