"""The rule book's sample game, replayed card by card as one match under the default settings.

The rule book prints both pitches only as pictures; the text names the first half's
red/green keeper (12), B4 (5), the forwards (5 and 2), the blue/gold keeper (9), G1 and
G2 (4) and E1 (5). The other cards below are chosen to fit every move of the tables (see
the README, "The sample game"). The squads are the first half's 22 pitch cards and the 30
it turns; the second half deals the same squads again (its pitch from the 22 cards it does
not turn). Both halves are one ``ENGINE.play``: nothing is injected at half time.

The tables contradict the rules, or each other, in three places, and the engine follows
the rules (the README lists every contradiction and the reading taken):

* first half, card 33, blue 13 (+3) = 16: the table puts the ball on B3 (11 at most), but
  B4 holds the green 14 substituted at card 4, the closest total, so the ball goes to B4.
* second half, card 4, offside at the centre: the table says column C; the engine's reading
  (the offender's own nearest rank when the ball lies on no card, as in the first half's
  yellow card, column D to B) gives column D. Red/green must beat E from either.
* second half, card 22, yellow card with the ball on B2: the table says column D; the
  reading (the rank of the team opposing the card the ball lies on: blue/gold's C) gives C.
  Blue/gold must beat B from either.
"""

from __future__ import annotations

import pytest

from engines.flexdeck import ENGINE
from engines.flexdeck.scripting import BOOT_CARD, JOKER_CARD, ReplayCoach, ReplayDice, card_for, deal_rolls

HOME_PITCH = [  # slot: keeper H, G1-G4, E1-E4, C1-C2
    ("bgH", "blue", 9),
    ("bgG1", "gold", 4),
    ("bgG2", "gold", 4),
    ("bgG3", "gold", 8),
    ("bgG4", "blue", 14),
    ("bgE1", "gold", 5),
    ("bgE2", "gold", 10),
    ("bgE3", "gold", 7),
    ("bgE4", "blue", 16),
    ("bgC1", "blue", 8),
    ("bgC2", "gold", 8),
]
AWAY_PITCH = [  # slot: keeper A, B1-B4, D1-D4, F1-F2
    ("rgA", "green", 12),
    ("rgB1", "red", 10),
    ("rgB2", "green", 10),
    ("rgB3", "green", 11),
    ("rgB4", "red", 5),
    ("rgD1", "green", 13),
    ("rgD2", "green", 16),
    ("rgD3", "red", 7),
    ("rgD4", "green", 9),
    ("rgF1", "red", 5),
    ("rgF2", "red", 2),
]

# The draw pile as the table turns it: (card id, colour, strength) or an extra card.
PILE = [
    ("rg01", "red", 11),
    ("bg01", "blue", 9),
    ("bg02", "gold", 3),
    ("rg02", "green", 14),
    ("rg03", "green", 8),
    JOKER_CARD,
    JOKER_CARD,
    ("bg03", "blue", 17),
    ("rg04", "red", 8),
    ("bg04", "gold", 9),
    ("rg05", "red", 8),
    ("bg05", "blue", 11),
    BOOT_CARD,
    ("bg06", "gold", 6),
    ("bg07", "blue", 9),
    ("bg08", "gold", 6),
    ("rg06", "red", 12),
    ("rg07", "red", 6),
    ("rg08", "red", 2),
    JOKER_CARD,
    ("rg09", "green", 7),
    ("bg09", "blue", 13),
    ("rg10", "green", 10),
    ("rg11", "green", 18),
    ("bg10", "blue", 12),
    ("bg11", "blue", 12),
    ("bg12", "blue", 10),
    ("rg12", "red", 4),
    ("rg13", "green", 15),
    ("bg13", "gold", 10),
    ("bg14", "gold", 7),
    ("rg14", "green", 8),
    ("bg15", "blue", 13),
    ("rg15", "red", 3),
]

# What a person decided in the table (everything else the rules force).
DECISIONS = {
    "rg02": ("substitute", "B4"),
    "bg03": ("substitute", "H"),
    "rg04": ("move", "C2"),  # C1 and C2 tie at 6
    "rg06": ("move", "C1"),
    "bg10": ("substitute", "G2"),
    "rg13": ("substitute", "F2"),
    "rg14": ("move", "C1"),
}

# Per turned card: the action events and where the ball is after them.
EXPECTED = [
    ("advance", "E2"),  # red 11
    ("advance", "D4"),  # blue 9
    ("no_move", "D4"),  # gold 3
    ("substitution", "D4"),  # green 14 at B4
    ("advance", "E3"),  # green 8
    ("offside", "D"),  # joker
    ("yellow_card", "B"),  # joker
    ("substitution", "B"),  # blue 17 in goal
    ("advance", "C2"),  # red 8
    ("no_move", "C2"),  # gold 9
    ("advance", "E3"),  # red 8
    ("advance", "D4"),  # blue 11
    ("golden_boot", "D4"),
    ("advance", "B3"),  # gold 6 + 5
    ("shot save", "B3"),  # blue 9
    ("shot save", "B3"),  # gold 6
    ("advance", "C1"),  # red 12
    ("advance", "E1"),  # red 6
    ("no_move", "E1"),  # red 2
    ("yellow_card neutralised red_card", "E1"),  # joker: second yellow, G1 turned over
    ("advance", "G2"),  # green 7
    ("advance", "F1"),  # blue 13 + 3
    ("advance", "G3"),  # green 10
    ("shot goal", "centre"),  # green 18 beats 17
    ("substitution", "centre"),  # blue 12 at G2
    ("advance", "D1"),  # blue 12 + 3
    ("advance", "B3"),  # blue 10 + 3
    ("no_move", "B3"),  # red 4
    ("substitution", "B3"),  # green 15 at F2
    ("shot save", "B3"),  # gold 10 + 3 = 13 against 12, but it won the ball back: it cannot score
    ("shot save", "B3"),  # gold 7 + 3
    ("advance", "C1"),  # green 8
    ("advance", "B3"),  # blue 13 + 3 (the engine: B4, see DEPARTURES)
    ("no_move", "B4"),  # red 3, the last card
]


# -- the second half ---------------------------------------------------------------

# The second-half pitch, by slot, from the squads' cards the second half does not turn.
SECOND_HOME_PITCH = ["bgC1", "bg06", "bgH", "bg07", "bg12", "bgC2", "bgE2", "bg08", "bg13", "bg11", "bg05"]
SECOND_AWAY_PITCH = ["rgD4", "rgF2", "rg02", "rgB3", "rg15", "rg04", "rgD2", "rg05", "rg14", "rgB1", "rgB2"]
# keeper 8, G1 6 (turned over), G2-G4 9 9 10, E1-E4 8 10 6 10, C1 12, C2 11
# keeper 9, B1-B4 2 14 11 3, D1-D4 8 16 8 8, F1-F2 10 10

SECOND_PILE = [
    "rg12", "rgD1", "rgB4", JOKER_CARD, "rg10", "rg11", BOOT_CARD, "rg08", "rg07", "rgF1", "bgE3", "rg09",
    "bg10", "rg06", "bgG4", JOKER_CARD, "bgG3", "bgG1", "bg09", "bg01", "bgE4", JOKER_CARD, "bg02", "rg01",
    "rgA", "bg04", "rg13", "bg15", "rgD3", "bgE1", "bg14", "rg03", "bgG2", "bg03",
]  # fmt: skip

SECOND_DECISIONS = {
    "rgD1": ("substitute", "A"),  # green 13 in goal
    "bgG4": ("substitute", "H"),  # blue 14 in goal
    "rgA": ("move", "E4"),  # green 12: E2 and E4 tie at 10
    "rg13": ("move", "E4"),  # green 15
}

SECOND_EXPECTED = [
    ("no_move", "centre"),  # red 4
    ("substitution", "centre"),  # green 13 at keeper
    ("no_move", "centre"),  # red 5
    ("offside", "C"),  # joker against red/green (the engine: D, see DEPARTURES)
    ("advance", "E2"),  # green 10
    ("advance", "G4"),  # green 18
    ("golden_boot", "G4"),
    ("shot save", "G4"),  # red 2 + 5
    ("shot save", "G4"),  # red 6
    ("shot save", "G4"),  # red 5
    ("advance", "F1"),  # gold 7 + 3
    ("no_move", "F1"),  # green 7
    ("advance", "D1"),  # blue 12 + 3
    ("advance", "E2"),  # red 12
    ("substitution", "E2"),  # blue 14 at keeper
    ("offside", "F"),  # joker against blue/gold
    ("advance", "D1"),  # gold 8 + 3
    ("advance", "B4"),  # gold 4 + 3
    ("shot goal", "centre"),  # blue 13 + 3: 16 over 13
    ("advance", "D1"),  # blue 9 + 3
    ("advance", "B2"),  # blue 16 + 3
    ("yellow_card", "D"),  # joker against blue/gold (the engine: C, see DEPARTURES)
    ("advance", "B4"),  # gold 3 + 3
    ("advance", "C2"),  # red 11
    ("advance", "E4"),  # green 12
    ("advance", "D1"),  # gold 9 + 3
    ("advance", "E4"),  # green 15
    ("advance", "D2"),  # blue 13 + 3
    ("advance", "E3"),  # red 7
    ("advance", "D1"),  # gold 5 + 3
    ("advance", "B4"),  # gold 7 + 3
    ("no_move", "B4"),  # green 8
    ("shot save", "B4"),  # gold 4 + 3
    ("shot goal", "centre"),  # blue 17 + 3: 20 over 13, the last card
]


# Where the engine departs from the tables (card number from 1 in each half): see the module
# docstring and the README.
DEPARTURES = {
    (1, 33): ("advance", "B4"),
    (2, 4): ("offside", "D"),
    (2, 22): ("yellow_card", "C"),
}


class HalvesCoach:
    """The table's decisions, half by half (a card may be decided differently in each)."""

    def __init__(self) -> None:
        self.coaches = {1: ReplayCoach(DECISIONS), 2: ReplayCoach(SECOND_DECISIONS)}

    def decide(self, match, side, raw, targets, can_shoot, scores):
        return self.coaches[match.half].decide(match, side, raw, targets, can_shoot, scores)


def _sheets() -> tuple[dict, dict]:
    home = HOME_PITCH + [card for card in PILE if isinstance(card, tuple) and card[0].startswith("bg")]
    away = AWAY_PITCH + [card for card in PILE if isinstance(card, tuple) and card[0].startswith("rg")]
    return (
        {"name": "Blue/Gold", "players": [card_for(*card) for card in home]},
        {"name": "Red/Green", "players": [card_for(*card) for card in away]},
    )


def _rolls() -> list[int]:
    """Both halves' deals and draw piles, as the tables have them."""
    home, away = _sheets()
    index = {
        player["id"]: (side, n) for side, sheet in enumerate((home, away)) for n, player in enumerate(sheet["players"])
    }
    first_pile = [card if isinstance(card, str) else index[card[0]] for card in PILE]
    first = deal_rolls((26, 26), (list(range(11)), list(range(11))), first_pile)
    second_pitches = tuple([index[card_id][1] for card_id in pitch] for pitch in (SECOND_HOME_PITCH, SECOND_AWAY_PITCH))
    second_pile = [card if card in (JOKER_CARD, BOOT_CARD) else index[card] for card in SECOND_PILE]
    return first + deal_rolls((26, 26), second_pitches, second_pile)


@pytest.fixture(scope="module")
def sample_game():
    home, away = _sheets()
    coach = HalvesCoach()
    return ENGINE.play(home, away, ReplayDice(_rolls()), None, coaches=(coach, coach))


def _actions(result) -> dict[int, list[tuple[str, str]]]:
    """Per half, per turned card: its action kinds and the ball position after them."""
    halves: dict[int, list] = {1: [], 2: []}
    half = 1
    for event in result.events:
        if event.kind == "deal":
            half = event.detail["half"]
        elif event.kind == "card":
            halves[half].append([[], event.detail["ball"]])
        elif event.kind not in ("half_time", "full_time") and halves[half]:
            halves[half][-1][0].append(event.kind)
            halves[half][-1][1] = event.detail.get("ball", halves[half][-1][1])
    return {half: [(" ".join(kinds), ball) for kinds, ball in cards] for half, cards in halves.items()}


def _half(result, half):
    start = next(i for i, e in enumerate(result.events) if e.kind == "deal" and e.detail["half"] == half)
    end = next(i for i, e in enumerate(result.events) if e.kind == ("half_time", "full_time")[half - 1])
    return result.events[start:end]


def test_it_is_one_match_under_the_default_settings(sample_game):
    assert ENGINE.version == sample_game.version
    assert [e.detail["half"] for e in sample_game.events if e.kind == "deal"] == [1, 1, 2, 2]
    assert sample_game.decided_by == "regulation"


def test_it_turns_the_cards_in_the_printed_order(sample_game):
    cards = [e for e in _half(sample_game, 1) if e.kind == "card"]
    turned = [e.detail.get("card") or (e.detail["colour"], e.detail["strength"]) for e in cards]
    assert turned == [card if isinstance(card, str) else (card[1], card[2]) for card in PILE]
    assert len([e for e in _half(sample_game, 2) if e.kind == "card"]) == len(SECOND_PILE)


@pytest.mark.parametrize(("half", "table"), [(1, EXPECTED), (2, SECOND_EXPECTED)])
def test_it_takes_the_tables_action_for_every_card_but_the_departures(sample_game, half, table):
    expected = [DEPARTURES.get((half, number), action) for number, action in enumerate(table, 1)]
    assert _actions(sample_game)[half] == expected


def test_the_departures_are_where_the_tables_and_the_engine_differ(sample_game):
    actions = _actions(sample_game)
    differ = {
        (half, number): action
        for half, table in ((1, EXPECTED), (2, SECOND_EXPECTED))
        for number, (action, printed) in enumerate(zip(actions[half], table, strict=True), 1)
        if action != printed
    }
    assert differ == DEPARTURES


def test_it_ends_the_first_half_one_nil_to_red_green(sample_game):
    half_time = next(e for e in sample_game.events if e.kind == "half_time")
    assert half_time.detail["score"] == [0, 1]
    goal = next(e for e in sample_game.events if e.kind == "goal")
    assert (goal.player_id, goal.detail["total"], goal.detail["keeper"]) == ("rg11", 18, 17)


def test_card_30_wins_the_ball_back_so_its_13_cannot_beat_keeper_12(sample_game):
    shot = next(e for e in sample_game.events if e.kind == "shot" and e.player_id == "bg13")
    assert (shot.detail["total"], shot.detail["keeper"], shot.detail.get("regained")) == (13, 12, True)


def test_it_uses_two_substitutions_a_side_in_the_first_half(sample_game):
    subs = [e for e in _half(sample_game, 1) if e.kind == "substitution"]
    assert [(e.side, e.detail["position"], e.detail["strength"]) for e in subs] == [
        ("away", "B4", 14),
        ("home", "H", 17),
        ("home", "G2", 12),
        ("away", "F2", 15),
    ]


def test_it_books_red_green_twice_and_sends_off(sample_game):
    first_half = _half(sample_game, 1)
    calls = [(e.kind, e.side) for e in first_half if e.kind in ("offside", "yellow_card", "red_card")]
    assert calls == [("offside", "away"), ("yellow_card", "away"), ("yellow_card", "away"), ("red_card", "away")]
    neutralised = next(e for e in first_half if e.kind == "neutralised")
    assert (neutralised.side, neutralised.detail["position"], neutralised.detail["strength"]) == ("home", "G1", 4)


def test_it_adds_the_red_card_bonus_to_later_blue_gold_cards(sample_game):
    cards = {e.player_id: e.detail for e in _half(sample_game, 1) if e.kind == "card" and e.player_id}
    assert (cards["bg09"]["strength"], cards["bg09"]["total"]) == (13, 16)
    assert cards["bg06"]["total"] == 11  # gold 6 + the Golden Boot's 5, before the red card
    assert cards["rg09"]["total"] == cards["rg09"]["strength"]


def test_the_second_half_starts_with_g1_turned_over(sample_game):
    neutralised = [e for e in _half(sample_game, 2) if e.kind == "neutralised"]
    assert [(e.side, e.detail["position"], e.detail["strength"]) for e in neutralised] == [("home", "G1", 6)]


def test_blue_gold_wins_two_one_with_the_tables_totals(sample_game):
    goals = [(e.side, e.detail["total"], e.detail["keeper"]) for e in sample_game.events if e.kind == "goal"]
    assert goals == [("away", 18, 17), ("home", 16, 13), ("home", 20, 13)]  # "16 over 13", "20 over 13"
    assert (sample_game.home_goals, sample_game.away_goals) == (2, 1)
    subs = [e for e in sample_game.events if e.kind == "substitution"]
    assert [e.detail["used"] for e in subs if e.side == "home"] == [1, 2, 3]
    assert [e.detail["used"] for e in subs if e.side == "away"] == [1, 2, 3]
