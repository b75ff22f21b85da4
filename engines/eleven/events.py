"""The "11" play-by-play: the event kinds the match logs beside the standard ones, and
the detail keys each carries."""

from __future__ import annotations

from engines.core import EventKind, EventLayout, EventVocabulary

#: Where a shot went and what the goalkeeper called.
SHOT_KEYS = ("from", "goal", "hidden", "call")

VOCABULARY = EventVocabulary(
    EventKind("kick_off", keys=("space", "placement")),
    EventKind("half_time", keys=("period", "roll", "turns")),
    EventKind("extra_time"),
    EventKind("full_time"),
    EventKind("shot", keys=("from", "goal")),
    EventKind("goal", keys=(*SHOT_KEYS, "empty_goal")),
    EventKind("penalty_kick", keys=("space", "goalie", "hidden", "call")),
    EventKind("parry", "side's goalkeeper parries the shot", SHOT_KEYS),
    EventKind("move", "player_id moves", ("from", "to", "roll", "points")),
    EventKind("pass", "player_id passes", ("from", "to", "receiver")),
    EventKind(
        "attack",
        "player_id attacks the ball carrier",
        ("from", "to", "roll", "points", "push_to", "pushed", "took_ball"),
    ),
)

#: The row layout of each kind: the detail mapping as the match builds it (its keys vary
#: with the outcome; the contract test checks them against the declaration).
LAYOUTS: dict[str, EventLayout] = {kind: VOCABULARY.mapping(kind) for kind in VOCABULARY.kinds}
