"""The Flexdeck Futbol play-by-play: the event kinds the match logs, their detail keys,
and the row layouts (``EventVocabulary.layout``) the match writes them with.

Every event carries ``ball``: where the ball is after it (``centre``, a column such as
``D1`` or a card's position).
"""

from __future__ import annotations

from engines.core import EventKind, EventVocabulary

#: What a turned card of a squad logs: its colours as played, its strength and its total.
CARD_KEYS = ("colour", "strength", "total")

VOCABULARY = EventVocabulary(
    EventKind("deal", "side's eleven cards dealt to the pitch for a half", ("half", "pitch", "ball")),
    EventKind(
        "card",
        "a card turned from the draw pile: player_id's, a joker or the Golden Boot",
        (*CARD_KEYS, "card", "disregarded", "ball"),
    ),
    EventKind("advance", "player_id's card moves the ball past a card of strength ``beat``", ("beat", "ball")),
    EventKind("no_move", "player_id's card can neither move the ball nor shoot", ("ball",)),
    EventKind(
        "shot",
        "player_id's card shoots; ``regained``: it won the ball back in front of goal, so it cannot score",
        ("total", "keeper", "keeper_id", "regained", "ball"),
    ),
    EventKind("goal", keys=("total", "keeper", "ball")),
    EventKind("save", keys=("total", "keeper", "ball")),
    EventKind(
        "substitution",
        keys=("position", "rank", "strength", "replaced", "replaced_strength", "used", "ball"),
    ),
    EventKind("offside", "a joker's first call against side: the ball goes back", ("ball",)),
    EventKind("yellow_card", keys=("second", "ball")),
    EventKind("red_card", keys=("bonus_to_other_side", "neutralised", "ball")),
    EventKind("neutralised", "side's weakest card is turned over after a red card", ("position", "strength", "ball")),
    EventKind(
        "golden_boot",
        "the Golden Boot: +``bonus`` to the next card; last in the pile, an extra period",
        ("bonus", "extra_time", "ball"),
    ),
    EventKind("extra_time", keys=("half", "cards", "ball")),
    EventKind("half_time", keys=("half", "ball")),
    EventKind("full_time", keys=("half", "ball")),
    EventKind("penalty_kick", keys=(*CARD_KEYS, "keeper", "keeper_id", "reason", "ball")),
    EventKind(
        "closest_kick",
        "no kicker can beat the other keeper: side's kickers came closest (``margin`` against ``other_margin``)",
        ("margin", "other_margin", "ball"),
    ),
    EventKind("coin_toss", "a coin settles a shoot-out no kicker can win", ("reason", "ball")),
)

layout = VOCABULARY.layout

DEAL = layout("deal", "half", "ball", "pitch")
#: A squad's card, then what it did: moved the ball, nothing (a shot or a substitution log their own).
CARD = layout("card", *CARD_KEYS, "ball")
ADVANCE = layout("advance", "beat", "ball")
NO_MOVE = layout("no_move", "ball")
#: A joker or the Golden Boot turned (``card`` names it); a joker with nobody in possession is disregarded.
SPECIAL_CARD = layout("card", "card", "ball")
DISREGARDED_JOKER = layout("card", "card", "disregarded", "ball")
GOLDEN_BOOT = layout("golden_boot", "bonus", "extra_time", "ball")
EXTRA_TIME = layout("extra_time", "half", "cards", "ball")
OFFSIDE = layout("offside", "ball")
YELLOW_CARD = layout("yellow_card", "ball")
SECOND_YELLOW_CARD = layout("yellow_card", "ball", "second")
RED_CARD = layout("red_card", "bonus_to_other_side", "neutralised", "ball")
NEUTRALISED = layout("neutralised", "position", "strength", "ball")
SHOT = layout("shot", "total", "keeper", "keeper_id", "ball")
SHOT_REGAINED = layout("shot", "total", "keeper", "keeper_id", "ball", "regained")
GOAL = layout("goal", "total", "keeper", "score", "ball")
SAVE = layout("save", "total", "keeper", "ball")
SUBSTITUTION = layout("substitution", "position", "rank", "strength", "replaced", "replaced_strength", "used", "ball")
HALF_TIME = layout("half_time", "score", "half", "ball")
FULL_TIME = layout("full_time", "score", "half", "ball")
PENALTY_KICK = layout("penalty_kick", "round", "keeper", "keeper_id", "ball", "colour", "strength", "total", "scored")
PENALTY_KICK_WITHOUT_KICKER = layout(
    "penalty_kick", "round", "keeper", "keeper_id", "ball", "total", "scored", "reason"
)
CLOSEST_KICK = layout("closest_kick", "margin", "other_margin", "ball")
COIN_TOSS = layout("coin_toss", "reason", "ball")
