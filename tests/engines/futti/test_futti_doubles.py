"""Every DOUBLES CHART result, with forced dice, and the chart's own shape.

Each case plays one home-possession minute: key roll 1/1 (attacker hA1,
offence 4, defence 2, SP 3; defender aD1, offence 2, defence 5, SP 3; away
goaltender aG1 44), then the doubles and d12 of the result's first cell on the
chart, then the result's own rolls.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from engines import CardError
from engines.futti.charts import DEFAULT_CHARTS, RESULTS, load_charts

HOME, AWAY = 0, 1


def cell(result: str) -> tuple[int, int]:
    """The first (doubles face, d12) of a result on the default chart."""
    for face, row in enumerate(DEFAULT_CHARTS.doubles, start=1):
        if result in row:
            return face, row.index(result) + 1
    raise AssertionError(f"{result} is not on the chart")


SUB_H = ("substitution", "home", "hR1")  # best offence on the home bench
SUB_A_DEF = ("substitution", "away", "aR2")  # best defence on the away bench
SUB_A_GK = ("substitution", "away", "aG2")

CASES = [
    # result, its own rolls, the events after the result's own event, who has the ball next
    (
        "attacker_flattened",
        [2, 2],  # injury check 2 <= 4: minor instead; aD1 passes SP: yellow
        [("injury", "home", "hA1"), ("yellow_card", "away", "aD1"), SUB_H, SUB_A_DEF],
        HOME,
    ),
    (
        "attacker_flattened",
        [2, 5, 6],  # minor injury; aD1 fails SP (5 > 3): red; penalty by hR1 misses on a 6
        [
            ("injury", "home", "hA1"),
            ("red_card", "away", "aD1"),
            SUB_H,
            SUB_A_DEF,
            ("penalty_kick", "home", "hR1"),
        ],
        HOME,
    ),
    (
        "defender_flattened",
        [6, 6],  # aD1 fails the injury check on a six: major; hA1 red; aA1 kicks, misses
        [
            ("injury", "away", "aD1"),
            ("red_card", "home", "hA1"),
            SUB_H,
            SUB_A_DEF,
            ("penalty_kick", "away", "aA1"),
        ],
        AWAY,
    ),
    ("attacker_hard_checked", [5], [("injury", "home", "hA1"), ("yellow_card", "away", "aD1"), SUB_H, SUB_A_DEF], HOME),
    ("attacker_hard_checked", [1, 4], [("yellow_card", "away", "aD1"), SUB_A_DEF], HOME),
    ("attacker_hard_checked", [1, 3], [], HOME),
    ("defender_hard_checked", [6], [("injury", "away", "aD1"), ("yellow_card", "home", "hA1"), SUB_H, SUB_A_DEF], AWAY),
    ("attacker_unsportsmanlike", [4], [("yellow_card", "home", "hA1"), SUB_H], AWAY),
    ("attacker_unsportsmanlike", [3], [], AWAY),
    ("defender_unsportsmanlike", [4], [("yellow_card", "away", "aD1"), SUB_A_DEF], HOME),
    ("goaltender_unsportsmanlike", [4], [("yellow_card", "away", "aG1"), SUB_A_GK], HOME),
    ("attacker_goes_down", [5], [("injury", "home", "hA1"), SUB_H], HOME),
    ("attacker_goes_down", [1, 3], [("possession", "away", None)], AWAY),  # unhurt: new d12
    ("defender_goes_down", [6], [("injury", "away", "aD1"), SUB_A_DEF], AWAY),
    ("attacker_carded", [], [("yellow_card", "home", "hA1"), SUB_H], AWAY),
    ("defender_carded", [], [("yellow_card", "away", "aD1"), SUB_A_DEF], HOME),
    ("attacker_freak_injury", [], [("injury", "home", "hA1"), SUB_H], HOME),
    ("defender_freak_injury", [], [("injury", "away", "aD1"), SUB_A_DEF], AWAY),
    ("attacker_goes_down_major", [5], [("injury", "home", "hA1"), SUB_H], HOME),
    ("attacker_goes_down_major", [2], [("injury", "home", "hA1"), SUB_H], HOME),
    ("goaltender_crash", [4], [("injury", "away", "aG1"), ("yellow_card", "home", "hA1"), SUB_H, SUB_A_GK], AWAY),
    ("goaltender_crash", [3, 3], [], AWAY),
    ("goaltender_scuffle", [4, 2], [("yellow_card", "away", "aG1"), SUB_A_GK], HOME),
    ("goaltender_scuffle", [1, 1, 7], [("possession", "home", None)], HOME),
    (
        "goaltender_injury",
        [1, 1, 2, 3],  # shot saved (11), injury check 2 <= 3, new d12 3: visitors
        [("shot", "home", "hA1"), ("save", "away", "aG1"), ("possession", "away", None)],
        AWAY,
    ),
    (
        "goaltender_injury",
        [5, 1, 4],  # goal (51 > 44), then the goaltender is hurt anyway
        [("shot", "home", "hA1"), ("goal", "home", "hA1"), ("injury", "away", "aG1"), SUB_A_GK],
        AWAY,
    ),
    (
        "major_scuffle",
        [1, 6, 2],  # hA1 unhurt, aD1 hurt: hA1 booked outright; aD1 passes SP: visitors less penalised
        [("injury", "away", "aD1"), ("yellow_card", "home", "hA1"), SUB_H, SUB_A_DEF],
        AWAY,
    ),
    ("major_scuffle", [1, 1, 2, 2, 9], [("possession", "home", None)], HOME),
    ("minor_scuffle", [4, 2], [("yellow_card", "home", "hA1"), SUB_H], AWAY),
    (
        "minor_scuffle",
        [4, 4, 7],  # both booked: a new control check, then the hard timeout
        [
            ("yellow_card", "home", "hA1"),
            ("yellow_card", "away", "aD1"),
            ("possession", "home", None),
            SUB_H,
            SUB_A_DEF,
        ],
        HOME,
    ),
    ("attacker_breakthrough", [3, 5], [("shot", "home", "hA1"), ("goal", "home", "hA1")], AWAY),  # 35 > 44 - 10
    (
        "attacker_breakthrough",
        [3, 4, 3],
        [("shot", "home", "hA1"), ("save", "away", "aG1"), ("possession", "away", None)],
        AWAY,
    ),  # fmt: skip
    (
        "defender_breakaway",
        [4, 6, 6],  # aD1 steals, breakaway at 2 + 2 with a 4, 66 beats 34
        [("steal", "away", "aD1"), ("breakaway", "away", "aD1"), ("shot", "away", "aD1"), ("goal", "away", "aD1")],
        HOME,
    ),
    ("defender_breakaway", [5], [("steal", "away", "aD1"), ("breakaway", "away", "aD1")], AWAY),
    ("momentum_shift", [], [], AWAY),
    ("lull_time", [], [], HOME),
]


@pytest.mark.parametrize(("result", "rolls", "after", "possession"), CASES)
def test_doubles_result(futti, result, rolls, after, possession):
    face, d12 = cell(result)
    match = futti.start(1, 1, face, face, d12, *rolls)
    futti.play(match, 1)
    events = futti.log(match)
    assert events[0][0] == result
    assert events[1:] == after
    assert match.possession == possession


def test_resolve_normally_keeps_the_doubles_and_rolls_a_new_d12_for_the_loose_ball(futti):
    face, d12 = cell("resolve_normally")
    assert face == 1 and 6 <= d12 <= 12  # 1-1: both checks made; the cell's d12 is in the home range 6-12
    match = futti.start(1, 1, face, face, d12, 3)
    futti.play(match, 1)
    # both checks made with the doubles (hA1 offence 4, aD1 defence 5): a loose ball on a new d12, 3: visitors
    assert futti.log(match) == [("resolve_normally", "home", "hA1"), ("possession", "away", None)]
    assert futti.details(match, "possession")[0] == {"d12": 3, "reason": "loose_ball"}
    assert match.possession == AWAY


def test_resolve_normally_after_a_save_rolls_a_new_d12(futti):
    face, d12 = 3, 6
    assert DEFAULT_CHARTS.doubles[face - 1][d12 - 1] == "resolve_normally"
    # key white 5: aA1 (defence 2) defends; 3-3: hA1 (offence 4) beats him, 11 is saved, new d12 1: visitors
    match = futti.start(1, 5, face, face, d12, 1, 1, 1)
    futti.play(match, 1)
    assert [kind for kind, _, _ in futti.log(match)] == ["resolve_normally", "shot", "save", "possession"]
    assert futti.details(match, "possession")[0] == {"d12": 1, "reason": "save"}
    assert match.possession == AWAY


def test_resolve_normally_gives_the_side_ahead_on_stars_the_books_odds(futti):
    """Every RESOLVE NORMALLY cell with every new d12: the side ahead (home, +2) wins the
    loose balls on 7 faces of 12, exactly its control range."""
    cells = [
        (f, c)
        for f, row in enumerate(DEFAULT_CHARTS.doubles, 1)
        for c, r in enumerate(row, 1)
        if r == "resolve_normally"
    ]
    won = 0
    for face, d12 in cells:
        for new_d12 in range(1, 13):
            # key black 5 / white 1: hD1 (offence 2) against aD1 (defence 5); 1-1 to 6-6 never gives a shot
            match = futti.start(5, 1, face, face, d12, *([new_d12] if face <= 2 or face == 6 else []))
            futti.play(match, 1)
            if futti.details(match, "possession"):
                won += match.possession == HOME
            else:  # a steal (hD1 misses, aD1 makes it): no control check, no new d12
                assert 3 <= face <= 5
    loose = sum(12 for face, _ in cells if face <= 2 or face == 6)
    assert won * 12 == loose * 7


def test_every_result_is_explained_with_its_injury_severity(futti):
    face, d12 = cell("attacker_goes_down_major")
    match = futti.start(1, 1, face, face, d12, 2)
    futti.play(match, 1)
    assert futti.details(match, "injury")[0]["severity"] == "minor"  # made the check: minor instead of major
    match = futti.start(1, 1, face, face, d12, 5)
    futti.play(match, 1)
    assert futti.details(match, "injury")[0]["severity"] == "major"
    assert match.removed[0]


def test_the_chart_covers_every_face_and_uses_every_result():
    assert len(DEFAULT_CHARTS.doubles) == 6 and all(len(row) == 12 for row in DEFAULT_CHARTS.doubles)
    used = Counter(name for row in DEFAULT_CHARTS.doubles for name in row)
    assert set(used) == set(RESULTS)
    assert len(RESULTS) == 24


def test_a_league_may_replace_the_charts_with_json(futti):
    chart = [["lull_time"] * 12 for _ in range(6)]
    charts = load_charts({"doubles_chart": json.dumps(chart), "control_ranges": [[0, None, 12]]})
    assert charts.doubles[0][0] == "lull_time" and charts.home_range(0) == (1, 12)
    indicators = {
        "offence": {"attacker_1": [1], "attacker_2": [2], "defender_1": [3, 4], "defender_2": [5, 6]},
        "defence": {"defender_1": [1, 2, 3], "defender_2": [4], "attacker_1": [5], "attacker_2": [6]},
    }
    charts = load_charts({"die_indicators": indicators})
    assert charts.offence_slot[1:] == (0, 1, 2, 2, 3, 3)
    result = futti.engine.simulate(futti.home, futti.away, seed=3, options={"doubles_chart": chart})
    kinds = {event.kind for event in result.events}
    assert not kinds & (set(RESULTS) - {"lull_time", "momentum_shift"})


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"doubles_chart": [["lull_time"] * 12] * 5}, "six rows"),
        ({"doubles_chart": [["lull_time"] * 12] * 5 + [["goal"] * 12]}, "'goal' is not a result"),
        ({"doubles_chart": "{not json"}, "not valid JSON"),
        ({"control_ranges": [[0, 2, 6], [4, None, 8]]}, "should be 3"),
        ({"control_ranges": [[0, 2, 6]]}, "last row"),
        ({"control_ranges": [[0, None, 13]]}, "faces 13"),
        ({"die_indicators": {"offence": {"attacker_1": [1, 2, 3, 4, 5]}, "defence": {}}}, "[6] name no position"),
        ({"die_indicators": {"offence": {"keeper": [1]}, "defence": {}}}, "'keeper' is not a position"),
        ({"tie_break": "coin_toss"}, "tie_break"),
        (
            {
                "die_indicators": {
                    "offence": {"attacker_1": [True, 2], "attacker_2": [3, 4], "defender_1": [5], "defender_2": [6]},
                    "defence": {"defender_1": [1, 2], "defender_2": [3, 4], "attacker_1": [5], "attacker_2": [6]},
                }
            },
            "die_indicators.offence.attacker_1: face True is not a free die face 1-6",
        ),
        ({"control_ranges": [[False, None, 7]]}, "'from' False should be 0"),
        ({"control_ranges": [[0, True, 6], [2, None, 7]]}, "'to' True must be null or an integer"),
        ({"control_ranges": [[0, None, True]]}, "faces True must be 1-12"),
    ],
)
def test_a_broken_replacement_chart_is_refused_with_a_clear_message(futti, settings, message):
    with pytest.raises(CardError, match=message.replace("[", r"\[").replace("]", r"\]")):
        futti.engine.simulate(futti.home, futti.away, seed=1, options={"settings": settings})
