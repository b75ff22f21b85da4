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
    EventKind("shot", keys=("total", "keeper", "keeper_id", "ball")),
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
    EventKind("coin_toss", "a coin settles a shoot-out no kicker can win", ("reason", "ball")),
)
