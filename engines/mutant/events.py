"""The Mutant Soccer play-by-play: the event kinds the match logs beside the standard
ones, the detail keys each carries, and the row layouts (``EventVocabulary.layout``) the
match writes them with. Shoot-out kicks are the standard ``penalty_kick`` with
``shootout`` set (until version 1.1 they were logged as ``penalty``)."""

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
    EventKind("coaching_token", "side takes a coaching token from the supply, ``face`` T or +", ("face",)),
    EventKind("coach_power", "side's coach uses a power", ("coach", "power", "token")),
    EventKind("tactical_card", "side plays a tactical card", ("card", "cancels", "drawn_on_special")),
    EventKind("penalty_kick", keys=("attack", "defence", "score")),
    EventKind("coin_toss", "side wins the toss that settles a shoot-out still level after every round", ("score",)),
)

layout = VOCABULARY.layout

KICK_OFF = layout("kick_off")
FULL_TIME = layout("full_time", "score", "turns", "ended_by")
GOAL = layout("goal", "score")
SHOT = layout("shot", "square", "row")
SAVE = layout("save", "shooter")
RUN = layout("run", "to", "swap", "picked_up")
PASS = layout("pass", "to", "square")
DRIBBLE = layout("dribble", "past")
ATTACK = layout("attack", "target")
DUEL = layout("duel", "kind", "defender", "attack", "defence", "cancelled", "winner")
FOUL = layout("foul", "victim", "by")
TACTICAL_CARD = layout("tactical_card", "card")
CARD_DRAWN_ON_SPECIAL = layout("tactical_card", "card", "drawn_on_special")
CARD_CANCELS = layout("tactical_card", "card", "cancels")
MUTANT_POWER = layout("mutant_power", "power", "trigger", "stage")
MUTATION = layout("mutation", "cause")
SERIOUS_INJURY = layout("serious_injury", "cause")
HEAL = layout("heal", "source")
REANIMATION = layout("reanimation")
REANIMATION_TO_GOAL = layout("reanimation", "to")
#: A player on the field (or on the board's ``square``), for ``replaces`` when anybody.
SUBSTITUTION = layout("substitution", "square", "replaces")
#: A player into goal; ``stand_in``: a field player, who keeps goal at -2.
INTO_GOAL = layout("substitution", "to", "stand_in")
TO_BENCH = layout("substitution", "to")
PLAYER_COACH_OFF = layout("substitution", "out", "cause")
COACHING_TOKEN = layout("coaching_token", "face")
COACH_POWER = layout("coach_power", "coach", "token", "power")
#: A shoot-out kick: ``attack`` and ``defence`` are the totals after the dice, ``score`` the
#: shoot-out's score after the kick.
SHOOTOUT_KICK = layout("penalty_kick", "shootout", "scored", "attack", "defence", "score")
COIN_TOSS = layout("coin_toss", "score")
