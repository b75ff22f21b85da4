"""The Fütti play-by-play: the event kinds the match logs, their detail keys, and the row
layouts (``EventVocabulary.layout``) the match writes them with.

A DOUBLES CHART result is logged under its own name (``attacker_flattened``...) with the
minute's ``dice``; the events it brings (cards, injuries, shots) follow it.
"""

from __future__ import annotations

from engines.core import EventKind, EventLayout, EventVocabulary
from engines.futti.charts import RESULTS

#: What the shot, goal and save events of a goaltending check carry.
GOALTENDING_KEYS = ("goaltending", "rating", "goaltender")
#: A check (sportsmanship, injury, breakaway) and the DOUBLES CHART result that caused it.
CHECK_KEYS = ("roll", "cause")

VOCABULARY = EventVocabulary(
    EventKind(
        "lineup", "a side takes the pitch: the goaltender roll, the control indicator", ("goaltender_roll", "control")
    ),
    EventKind("possession", "a CONTROL CHECK gives side the ball", ("d12", "reason")),
    *(
        EventKind(result, "a DOUBLES CHART result with the minute's dice", ("dice",))
        for result in RESULTS
        if result != "momentum_shift"
    ),
    EventKind(
        "momentum_shift",
        "the ball changes sides; ``instead_of`` a result whose ``empty`` boxes had nobody",
        ("dice", "instead_of", "empty"),
    ),
    EventKind("steal", "player_id takes the ball", ("dice", "attacker", "cause")),
    EventKind(
        "breakaway", "player_id's BREAKAWAY PLAY: the OFFENCE CHECK at ``rating``", (*CHECK_KEYS, "rating", "success")
    ),
    EventKind("shot", keys=("dice", "defender", "cause", "breakaway", "penalty_kick")),
    EventKind("goal", keys=(*GOALTENDING_KEYS, "empty_goal")),
    EventKind("save", keys=GOALTENDING_KEYS),
    EventKind("penalty_kick", keys=(*CHECK_KEYS, "on_target", *GOALTENDING_KEYS)),
    EventKind("substitution", keys=("position", "reason")),
    EventKind("injury", keys=CHECK_KEYS),
    EventKind("yellow_card", keys=CHECK_KEYS),
    EventKind("red_card", keys=CHECK_KEYS),
)

layout = VOCABULARY.layout

LINEUP = layout("lineup", "goaltender_roll", "control")
POSSESSION = layout("possession", "d12", "reason")
#: Every DOUBLES CHART result (``momentum_shift`` too) with the minute's dice, by name.
DOUBLES: dict[str, EventLayout] = {result: layout(result, "dice") for result in RESULTS}
PLAYING_SHORT = layout("momentum_shift", "dice", "instead_of", "empty")
STEAL = layout("steal", "dice", "attacker")
STEAL_BY_RESULT = layout("steal", "cause")
BREAKAWAY = layout("breakaway", "roll", "rating", "success", "cause")
SHOT = layout("shot", "dice", "defender")
SHOT_BY_RESULT = layout("shot", "cause")
SHOT_ON_BREAKAWAY = layout("shot", "breakaway")
SHOT_FROM_PENALTY = layout("shot", "penalty_kick")
GOAL = layout("goal", *GOALTENDING_KEYS)
GOAL_ON_EMPTY_NET = layout("goal", "empty_goal")
SAVE = layout("save", *GOALTENDING_KEYS)
PENALTY_KICK = layout("penalty_kick", "roll", "on_target", "cause")
SHOOTOUT_KICK = layout("penalty_kick", "shootout", "kick", "roll", "on_target", "scored")
SHOOTOUT_KICK_CHECKED = layout("penalty_kick", "shootout", "kick", "roll", "on_target", *GOALTENDING_KEYS, "scored")
SUBSTITUTION = layout("substitution", "position", "out", "reason")
INJURY = layout("injury", "severity", "roll", "cause")
YELLOW_CARD = layout("yellow_card", "roll", "cause", "second_yellow")
RED_CARD = layout("red_card", "roll", "cause", "second_yellow")
HALF_TIME = layout("half_time", "score")
FULL_TIME = layout("full_time", "score")
