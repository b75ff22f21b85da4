"""The Calciotto play-by-play: the event kinds the match logs beside the standard ones,
and the detail keys each carries."""

from __future__ import annotations

from engines.core import EventKind, EventLayout, EventVocabulary

#: What a duel (tackle, shot) logs: the cards played, the bases and the dice.
DUEL_KEYS = ("cards", "bases", "rolls")

VOCABULARY = EventVocabulary(
    EventKind("kick_off"),
    EventKind("half_time"),
    EventKind("full_time"),
    EventKind("goal"),
    EventKind("save"),
    EventKind("shot", keys=("target", "keeper_offset", "scored", *DUEL_KEYS)),
    EventKind(
        "penalty_kick",
        keys=("target", "keeper_offset", "bases", "rolls", "cards", "shootout_score"),
    ),
    EventKind("substitution", keys=("replacements",)),
    EventKind(
        "turn",
        "side's turn: the dice or the card that sets its points",
        ("mode", "card", "dice", "dropped_six", "points"),
    ),
    EventKind("card_played", "side plays a card", ("card", "phase")),
    EventKind("possession", "who has the ball", ("home", "away")),
    EventKind("move", "player_id moves", ("frm", "to", "squares", "ball", "free_kick", "penalty")),
    EventKind("pass", "player_id passes", ("frm", "to", "at", "squares")),
    EventKind("tackle", "player_id tackles the ball carrier", ("against", "foul", "won", "square", *DUEL_KEYS)),
    EventKind(
        "free_kick",
        "player_id takes a free kick",
        ("outcome", "fouled", "target", "to", "dice", "high", "points", "barrier"),
    ),
    EventKind("caution", "player_id is cautioned", ("cautions",)),
    EventKind("expulsion", "player_id is sent off"),
)

#: The row layout of each kind: the detail mapping as the match builds it (its keys vary
#: with the outcome; the contract test checks them against the declaration).
LAYOUTS: dict[str, EventLayout] = {kind: VOCABULARY.mapping(kind) for kind in VOCABULARY.kinds}
