"""The Mutant Soccer play-by-play: the event kinds the match logs beside the standard
ones, and the detail keys each carries."""

from __future__ import annotations

from engines.core import EventKind, EventVocabulary

VOCABULARY = EventVocabulary(
    EventKind("kick_off"),
    EventKind("full_time", keys=("turns", "ended_by")),
    EventKind("goal"),
    EventKind("shot", keys=("square", "row")),
    EventKind("save"),
    EventKind("substitution", keys=("replaces", "square", "stand_in", "to", "cause")),
    EventKind("run", "player_id runs with or to the ball", ("to", "picked_up", "swap")),
    EventKind("pass", "player_id passes the ball", ("to", "square")),
    EventKind("dribble", "player_id dribbles past a rival", ("past",)),
    EventKind("attack", "player_id attacks a rival", ("target",)),
    EventKind(
        "duel", "an attack decided by the dice", ("kind", "defender", "attack", "defence", "winner", "cancelled")
    ),
    EventKind("foul", "a foul on ``victim`` by ``by``", ("by", "victim")),
    EventKind("serious_injury", "player_id leaves the pitch hurt", ("cause",)),
    EventKind("reanimation", "player_id comes back from the injury box", ("to",)),
    EventKind("heal", "player_id is healed", ("source",)),
    EventKind("mutation", "player_id mutates", ("cause",)),
    EventKind("mutant_power", "player_id's mutant power acts", ("power", "stage", "trigger")),
    EventKind("coaching_token", "the coaching die gives side a token", ("face",)),
    EventKind("coach_power", "side's coach uses a power", ("coach", "power", "token")),
    EventKind("tactical_card", "side plays a tactical card", ("card", "cancels", "drawn_on_special")),
    EventKind(
        "penalty",
        "a shoot-out kick by player_id, or the coin toss that ends a shoot-out",
        ("scored", "attack", "defence", "score", "coin_toss"),
    ),
)
