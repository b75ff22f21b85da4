"""Every rule of the Flexdeck Futbol rule book, each forced with scripted dice.

``table`` lays out a first half by strengths: the eleven cards of each side by
slot (keeper, defenders 1-4, midfielders 1-4, forwards 1-2) and the draw pile
from the top. Home plays blue/gold and attacks towards column A (the visitors'
keeper); the visitors play red/green and attack towards H.
"""

from __future__ import annotations

import pytest

from engines.flexdeck import ENGINE
from engines.flexdeck.scripting import ReplayCoach, ReplayDice, table

EVEN = [9] * 11  # keeper 9 and ten field cards of 9


def play(home_pitch, away_pitch, pile, coaches=None, decisions=None, **settings):
    """The match from a laid-out first half; without coaches, only the rules decide."""
    home, away, rolls, table_settings = table(home_pitch, away_pitch, pile)
    if coaches is None:
        coaches = (ReplayCoach(decisions, half=1), ReplayCoach(decisions, half=1))
    return ENGINE.play(home, away, ReplayDice(rolls), {"settings": {**table_settings, **settings}}, coaches=coaches)


def first_half(result):
    events = []
    for event in result.events:
        if event.kind == "half_time":
            return events
        if event.kind != "deal":
            events.append(event)
    raise AssertionError("no half time")


def actions(result):
    """(kind, side, ball) of every event of the first half but the turned cards."""
    return [(e.kind, e.side, e.detail.get("ball")) for e in first_half(result) if e.kind != "card"]


# -- dealing and the kick-off ------------------------------------------------


def test_it_deals_keeper_four_defenders_four_midfielders_two_forwards():
    result = play(list(range(1, 12)), EVEN, [("home", 3)])
    deal = result.events[0]
    assert (deal.kind, deal.side) == ("deal", "home")
    assert list(deal.detail["pitch"]) == ["H", "G1", "G2", "G3", "G4", "E1", "E2", "E3", "E4", "C1", "C2"]
    assert [strength for _, strength in deal.detail["pitch"].values()] == list(range(1, 12))
    assert list(result.events[1].detail["pitch"]) == ["A", "B1", "B2", "B3", "B4", "D1", "D2", "D3", "D4", "F1", "F2"]


def test_the_ball_starts_at_the_centre():
    result = play(EVEN, EVEN, [("away", 3)])
    assert first_half(result)[0].detail["ball"] == "centre"


def test_the_colour_of_the_turned_card_gives_possession():
    result = play(EVEN, EVEN, [("away", 9), ("home", 9)])
    cards = [e for e in first_half(result) if e.kind == "card"]
    assert [(e.side, e.detail["colour"]) for e in cards[:2]] == [("away", "red"), ("home", "blue")]


# -- moving the ball -----------------------------------------------------------


def test_a_card_that_equals_a_card_of_the_next_rank_moves_the_ball_onto_it():
    away = [9, 9, 9, 9, 9, 12, 7, 15, 14, 9, 9]  # midfield D1-D4: 12 7 15 14
    result = play(EVEN, away, [("home", 7)])
    assert actions(result)[0] == ("advance", "home", "D2")


def test_the_ball_goes_to_the_exact_match_or_closest_total():
    away = [9, 9, 9, 9, 9, 3, 8, 10, 6, 9, 9]
    result = play(EVEN, away, [("home", 9)])
    advance = actions(result)[0]
    assert advance == ("advance", "home", "D2")  # 8 is the closest total under 9


def test_a_tie_is_the_movers_choice():
    away = [9, 9, 9, 9, 9, 5, 8, 8, 5, 9, 9]
    chosen = play(EVEN, away, [("home", 8)], decisions={"home-1": ("move", "D3")})
    assert actions(chosen)[0] == ("advance", "home", "D3")
    default = play(EVEN, away, [("home", 8)], decisions={})
    assert actions(default)[0] == ("advance", "home", "D2")


def test_a_card_that_beats_nothing_leaves_the_ball():
    result = play(EVEN, EVEN, [("home", 8)])
    assert actions(result)[0] == ("no_move", "home", "centre")


def test_the_ball_passes_over_the_movers_own_rank():
    # Home: centre -> D (visitors' midfield) -> B (visitors' defenders), never C (own forwards).
    result = play(EVEN, EVEN, [("home", 9), ("home", 9)])
    assert [a[2] for a in actions(result)[:2]] == ["D1", "B1"]
    # Visitors: centre -> E -> G, never F (own forwards).
    result = play(EVEN, EVEN, [("away", 9), ("away", 9)])
    assert [a[2] for a in actions(result)[:2]] == ["E1", "G1"]


def test_possession_changes_move_the_ball_back_the_other_way():
    # Home reaches B1; from there the visitors' next card must beat a home forward (C).
    home = [9, 9, 9, 9, 9, 9, 9, 9, 9, 4, 12]
    result = play(home, EVEN, [("home", 9), ("home", 9), ("away", 4)])
    assert actions(result)[:3] == [("advance", "home", "D1"), ("advance", "home", "B1"), ("advance", "away", "C1")]


# -- shots -----------------------------------------------------------------------


def test_a_shot_from_the_defender_row_scores_when_it_equals_the_keeper():
    result = play(EVEN, [12] + [9] * 10, [("home", 9), ("home", 9), ("home", 12)])
    assert actions(result)[2:4] == [("shot", "home", "B1"), ("goal", "home", "centre")]
    assert result.home_goals >= 1


def test_a_weaker_shot_is_saved_and_the_ball_stays():
    result = play(EVEN, [12] + [9] * 10, [("home", 9), ("home", 9), ("home", 11), ("home", 10)])
    assert actions(result)[2:6] == [
        ("shot", "home", "B1"),
        ("save", "away", "B1"),
        ("shot", "home", "B1"),
        ("save", "away", "B1"),
    ]
    save = next(e for e in first_half(result) if e.kind == "save")
    assert save.player_id == "away-A"


def test_a_card_that_wins_the_ball_back_in_front_of_goal_shoots_but_cannot_score():
    # "takes a shot on goal if the next card continues to match their team colors": after the
    # visitors' 3 (no move) home's 13 would beat keeper 12, but it won the ball back: a save.
    # The next home card continues the attack and scores (README decision 11).
    away = [12, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9]
    home = [9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9]
    result = play(home, away, [("home", 9), ("home", 9), ("away", 3), ("home", 13), ("home", 12)])
    assert actions(result)[2:7] == [
        ("no_move", "away", "B1"),
        ("shot", "home", "B1"),
        ("save", "away", "B1"),
        ("shot", "home", "B1"),
        ("goal", "home", "centre"),
    ]
    shots = [e.detail for e in first_half(result) if e.kind == "shot"]
    assert [(shot["total"], shot["keeper"], shot.get("regained", False)) for shot in shots] == [
        (13, 12, True),
        (12, 12, False),
    ]


def test_after_a_goal_the_ball_returns_to_the_centre():
    result = play(EVEN, [5] + [9] * 10, [("home", 9), ("home", 9), ("home", 9), ("away", 9)])
    assert actions(result)[3:5] == [("goal", "home", "centre"), ("advance", "away", "E1")]


# -- substitutions -------------------------------------------------------------------


def test_a_substitution_exchanges_a_card_with_the_turned_card():
    result = play([4] + [9] * 10, EVEN, [("home", 15)], decisions={"home-1": ("substitute", "H")})
    sub = next(e for e in first_half(result) if e.kind == "substitution")
    assert (sub.player_id, sub.detail["position"], sub.detail["strength"]) == ("home-1", "H", 15)
    assert (sub.detail["replaced"], sub.detail["replaced_strength"]) == ("home-H", 4)
    assert result.player_stats["home-1"]["substituted_in"] == 1
    assert result.player_stats["home-H"]["substituted_out"] == 1


def test_a_substitute_keeps_its_own_strength_without_the_red_card_bonus():
    pile = [("home", 9), "joker", ("home", 9), "joker", ("home", 9), "joker", ("away", 16), ("away", 14)]
    # Three jokers against home: the visitors get +3, then substitute a 16 at their keeper.
    result = play(EVEN, EVEN, pile, decisions={"away-1": ("substitute", "A")})
    sub = next(e for e in first_half(result) if e.kind == "substitution")
    assert sub.detail["strength"] == 16


def test_the_card_holding_the_ball_cannot_be_substituted():
    # The visitors advance onto E1; home may not replace E1 while the ball is on it.
    with pytest.raises(ValueError, match="E1 cannot be substituted"):
        play(EVEN, EVEN, [("away", 9), ("home", 14)], decisions={"home-1": ("substitute", "E1")})


def test_a_position_is_replaced_once_a_half():
    decisions = {"home-1": ("substitute", "G1"), "home-2": ("substitute", "G1")}
    with pytest.raises(ValueError, match="G1 cannot be substituted"):
        play(EVEN, EVEN, [("home", 12), ("home", 14)], decisions=decisions)


def test_three_substitutions_a_match():
    decisions = {f"home-{n}": ("substitute", label) for n, label in enumerate(["G1", "G2", "G3", "G4"], 1)}
    with pytest.raises(ValueError, match="G4 cannot be substituted"):
        play(EVEN, EVEN, [("home", 12)] * 4, decisions=decisions)


class EagerCoach(ReplayCoach):
    """Substitutes every card it may (the first field slot the rules allow), else follows the rules."""

    def decide(self, match, side, raw, targets, can_shoot, scores):
        for slot in range(1, 11):
            if match.can_substitute(side, slot):
                return "substitute", slot
        return super().decide(match, side, raw, targets, can_shoot, scores)


def test_substitutions_count_across_both_halves():
    # Both halves deal the same pitch and pile: two home cards a half, all four offered as
    # substitutes. The first half uses two, the second half the third; the fourth is refused.
    home, away, rolls, settings = table([2] * 11, EVEN, [("home", 18), ("home", 17)])
    coaches = (EagerCoach(), ReplayCoach())
    result = ENGINE.play(home, away, ReplayDice(rolls + rolls), {"settings": settings}, coaches=coaches)
    home_cards = [e for e in result.events if e.kind == "card" and e.side == "home"]
    subs = [e for e in result.events if e.kind == "substitution" and e.side == "home"]
    assert len(home_cards) == 4
    assert [(e.minute <= 45, e.detail["used"], e.detail["strength"]) for e in subs] == [
        (True, 1, 18),
        (True, 2, 17),
        (False, 3, 18),
    ]
    last = result.events.index(home_cards[-1])
    assert result.events[last + 1].kind == "advance"  # the fourth card may not substitute: it moves the ball


# -- jokers ------------------------------------------------------------------------------


def test_a_joker_as_the_first_card_is_disregarded():
    result = play(EVEN, EVEN, ["joker", "joker", ("home", 9), "joker"], penalty_retreat="opponent")
    cards = [e for e in first_half(result) if e.kind == "card"]
    assert [e.detail.get("disregarded", False) for e in cards[:4]] == [True, True, False, False]
    assert actions(result)[1] == ("offside", "home", "F")


def test_the_first_joker_is_offside_and_moves_the_ball_back_to_the_other_sides_rank():
    # Visitors advance to E1; offside sends the ball back to home's nearest rank behind (column C).
    result = play(EVEN, EVEN, [("away", 9), "joker", ("home", 8)], penalty_retreat="opponent")
    assert actions(result)[1] == ("offside", "away", "C")
    offside = next(e for e in first_half(result) if e.kind == "offside")
    assert offside.player_id == "away-A"  # the call lies beside the keeper


def test_the_second_and_third_jokers_against_a_side_are_yellow_cards():
    pile = [("away", 9), "joker", "joker", ("away", 2), "joker"]
    result = play(EVEN, EVEN, pile)
    kinds = [a[:2] for a in actions(result) if a[0] in ("offside", "yellow_card", "red_card")]
    assert kinds == [("offside", "away"), ("yellow_card", "away"), ("yellow_card", "away"), ("red_card", "away")]
    assert result.player_stats["away-A"]["yellow_cards"] == 2
    assert result.player_stats["away-A"]["red_cards"] == 1


def test_a_yellow_card_moves_the_ball_back_again():
    result = play(EVEN, EVEN, [("away", 9), ("away", 9), "joker", "joker", ("home", 3)], penalty_retreat="opponent")
    assert [a[2] for a in actions(result)[:4]] == ["E1", "G1", "E", "C"]


def test_with_no_rank_behind_the_ball_a_call_leaves_it():
    result = play(EVEN, EVEN, [("away", 9), "joker", "joker", ("home", 3)], penalty_retreat="opponent")
    assert [a[2] for a in actions(result)[:3]] == ["E1", "C", "C"]


def test_each_sides_first_joker_is_offside():
    result = play(EVEN, EVEN, [("away", 9), "joker", ("home", 3), "joker", ("away", 3), "joker"])
    calls = [a[:2] for a in actions(result) if a[0] in ("offside", "yellow_card", "red_card")]
    assert calls == [("offside", "away"), ("offside", "home"), ("yellow_card", "away")]


def test_a_red_card_neutralises_the_other_sides_weakest_field_card_and_adds_three():
    home = [3, 9, 9, 4, 9, 9, 9, 9, 9, 4, 9]  # the keeper (3) does not count; G3 and C1 tie at 4
    pile = [("away", 3), "joker", "joker", "joker", ("home", 9), ("away", 9)]
    result = play(home, EVEN, pile)
    events = first_half(result)
    neutralised = next(e for e in events if e.kind == "neutralised")
    assert (neutralised.side, neutralised.detail["position"], neutralised.detail["strength"]) == ("home", "G3", 4)
    cards = [e for e in events if e.kind == "card" and e.side]
    assert [(e.side, e.detail["strength"], e.detail["total"]) for e in cards[1:3]] == [("home", 9, 12), ("away", 9, 9)]


def test_the_red_card_joker_leaves_the_ball_where_it_is():
    pile = [("away", 9), ("away", 9), "joker", "joker", ("away", 3), "joker"]
    result = play(EVEN, EVEN, pile, penalty_retreat="opponent")
    red = next(e for e in first_half(result) if e.kind == "red_card")
    # Offside on G1 falls back to home's nearest rank behind (E), the yellow to C,
    # and the red card leaves the ball there.
    assert red.detail["ball"] == "C"
    assert [a[2] for a in actions(result) if a[0] in ("offside", "yellow_card", "red_card")] == ["E", "C", "C", "C"]


def test_a_neutralised_card_cannot_be_reached():
    away = [9, 9, 9, 9, 9, 2, 9, 9, 9, 9, 9]  # D1 (2) is the visitors' weakest card
    # Three calls against home: the ball falls back to F, D1 is turned over, and a
    # home 5 that would beat D1 finds only 9s ahead.
    pile = [("home", 1), "joker", "joker", "joker", ("home", 5), ("away", 1)]
    result = play(EVEN, away, pile, penalty_retreat="opponent")
    assert actions(result)[1:6] == [
        ("offside", "home", "F"),
        ("yellow_card", "home", "F"),
        ("yellow_card", "home", "F"),
        ("neutralised", "away", "F"),
        ("red_card", "home", "F"),
    ]
    assert actions(result)[6] == ("no_move", "home", "F")


def test_a_red_card_carries_into_the_second_half():
    home = [9, 9, 9, 9, 9, 2, 9, 9, 9, 9, 9]
    result = play(home, EVEN, [("away", 3), "joker", "joker", "joker", ("home", 5)])
    second_half = result.events[next(i for i, e in enumerate(result.events) if e.kind == "half_time") :]
    deal_at = [i for i, e in enumerate(second_half) if e.kind == "deal"]
    after_deal = second_half[deal_at[-1] + 1]
    assert (after_deal.kind, after_deal.side) == ("neutralised", "home")
    home_cards = [e for e in second_half if e.kind == "card" and e.side == "home"]
    away_cards = [e for e in second_half if e.kind == "card" and e.side == "away"]
    assert all(e.detail["total"] == e.detail["strength"] + 3 for e in home_cards)
    assert all(e.detail["total"] == e.detail["strength"] for e in away_cards)


# -- the Golden Boot ---------------------------------------------------------------------


def test_the_golden_boot_adds_five_to_the_next_card():
    result = play(EVEN, EVEN, ["golden_boot", ("home", 4)])
    card = [e for e in first_half(result) if e.kind == "card"][1]
    assert (card.detail["strength"], card.detail["total"]) == (4, 9)
    assert actions(result)[1] == ("advance", "home", "D1")


def test_the_golden_boot_adds_eight_with_a_red_card_in_force():
    pile = [("away", 3), "joker", "joker", "joker", "golden_boot", ("home", 4)]
    result = play(EVEN, EVEN, pile)
    card = [e for e in first_half(result) if e.kind == "card"][-1]
    assert card.detail["total"] == 4 + 5 + 3


def test_the_golden_boot_as_the_last_card_starts_extra_time_from_the_discard_pile():
    result = play(EVEN, EVEN, [("home", 9), ("away", 3), ("home", 2), ("away", 4), "golden_boot"])
    events = first_half(result)
    boot = next(e for e in events if e.kind == "golden_boot")
    assert boot.detail["extra_time"] is True
    extra = next(e for e in events if e.kind == "extra_time")
    assert extra.detail["cards"] == 4
    assert [e.kind for e in events].count("card") == 5 + 4
    assert all(e.minute == 45 for e in events[events.index(extra) :])


def test_extra_time_at_the_end_of_the_match_decides_it():
    pile = [("home", 9), ("away", 9), "golden_boot"]
    home, away, rolls, settings = table(EVEN, EVEN, pile)
    # The second half deals the same way, so the Golden Boot is last once more.
    second_rolls = table(EVEN, EVEN, pile)[2]
    extra_period_rolls = [1]  # the first half's discard pile (two cards) reshuffled
    result = ENGINE.play(home, away, ReplayDice(rolls + extra_period_rolls + second_rolls), {"settings": settings})
    assert result.decided_by == "extra_time"
    extra = [e for e in result.events if e.kind == "extra_time"]
    assert [e.detail["half"] for e in extra] == [1, 2]
    assert max(e.minute for e in result.events) > 90


# -- halves --------------------------------------------------------------------------------


def test_the_half_ends_when_the_draw_pile_is_empty_and_colours_are_kept():
    result = play(EVEN, EVEN, [("home", 9), ("away", 9)])
    kinds = [e.kind for e in result.events]
    assert kinds.count("half_time") == 1 and kinds[-1] == "full_time"
    assert kinds.count("deal") == 4
    cards = [e for e in result.events if e.kind == "card" and e.side]
    assert {e.detail["colour"] for e in cards if e.side == "home"} <= {"blue", "gold"}
    assert {e.detail["colour"] for e in cards if e.side == "away"} <= {"red", "green"}


def test_jokers_count_afresh_each_half():
    result = play(EVEN, EVEN, [("away", 9), "joker"])
    second = result.events[next(i for i, e in enumerate(result.events) if e.kind == "half_time") :]
    first_call = next((e for e in second if e.kind in ("offside", "yellow_card")), None)
    assert first_call is None or first_call.kind == "offside"


# -- league settings ---------------------------------------------------------------------------


def test_penalty_retreat_own_sends_the_ball_to_the_offenders_rank():
    # The sample game's second half: offside at the centre puts the ball on column C;
    # its first half sends it to the offender's own rank (column D).
    pile = [("away", 3), "joker"]
    own = play(EVEN, EVEN, pile, penalty_retreat="own")
    opponent = play(EVEN, EVEN, pile, penalty_retreat="opponent")
    assert actions(own)[1] == ("offside", "away", "D")
    assert actions(opponent)[1] == ("offside", "away", "C")


def test_red_card_bonus_on_shots_can_be_switched_off():
    # Red card against the visitors (the ball falls back to C); a home 9 + 3 reaches B1
    # and a home 10 + 3 shoots at keeper 12.
    pile = [("away", 3), "joker", "joker", "joker", ("home", 9), ("home", 10)]
    away = [12] + [12] * 4 + [9] * 6
    on = play(EVEN, away, pile, penalty_retreat="opponent")
    off = play(EVEN, away, pile, penalty_retreat="opponent", red_card_bonus_on_shots=False)
    assert [a[0] for a in actions(on)][6:9] == ["advance", "shot", "goal"]  # 10 + 3 beats 12
    assert [a[0] for a in actions(off)][6:9] == ["advance", "shot", "save"]


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"squad_size": 30}, "squad_size: 30 is out of range"),
        ({"squad_size": "many"}, "squad_size: 'many' is not a whole number"),
        ({"coach_style": "reckless"}, "coach_style: 'reckless' is not allowed"),
        ({"penalty_retreat": "far"}, "penalty_retreat: 'far' is not allowed"),
        ({"red_card_bonus_on_shots": "maybe"}, "red_card_bonus_on_shots: 'maybe' is not allowed; allowed: true, false"),
        ({"red_card_bonus_on_shots": "false"}, "red_card_bonus_on_shots: 'false' is not allowed; allowed: true, false"),
        ({"squad_size": "16"}, "squad_size: '16' is not a whole number; allowed 12-26"),
        ({"squad_size": True}, "squad_size: True is not a whole number; allowed 12-26"),
        ({"deck": "[{"}, "deck: not valid JSON"),
        ({"deck": [{"code": "JK", "special": "wildcard"}]}, "special: 'wildcard' is not allowed"),
    ],
)
def test_bad_settings_are_refused_with_the_key_named(settings, message):
    home, away = ENGINE.sample_team(1), ENGINE.sample_team(2)
    with pytest.raises(ValueError, match=message):
        ENGINE.simulate(home, away, seed=1, options={"settings": settings})


def test_a_deck_setting_sets_the_extra_cards_of_the_pile():
    home, away = ENGINE.sample_team(1), ENGINE.sample_team(2)
    deck = [{"code": "GB", "special": "golden_boot"}]
    result = ENGINE.simulate(home, away, seed=4, options={"settings": {"deck": deck}})
    cards = [e for e in result.events if e.kind == "card" and not e.side]
    assert {e.detail["card"] for e in cards} == {"golden_boot"}
