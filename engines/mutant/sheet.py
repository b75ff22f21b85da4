"""What the platform prints and enters for Mutant Soccer: the scoresheet, the table-result
form and the card face. The clock is ``engine.CLOCK``, beside the shoot-out it describes."""

from __future__ import annotations

from engines.mutant.cards import POWERS
from engines.published import OWN_GOAL, CardFace, Sheet, SheetColumn, SheetPanel, TableEntry

SHEET = Sheet(
    title="MUTANT SOCCER SCORESHEET",
    columns=(
        SheetColumn("Goals", 11, "goals", ("goal",)),
        SheetColumn("Shots", 7, "shots"),
        SheetColumn("Fouls", 10, "fouls", ("foul",)),
        SheetColumn("Mutated", 11, "mutations", ("mutation",)),
        SheetColumn("Injured", 10, "injuries", ("serious_injury",)),
        SheetColumn("Power", 7.5, "mutant_powers"),
    ),
    report_kinds=(
        "goal",
        "foul",
        "mutation",
        "heal",
        "serious_injury",
        "substitution",
        "mutant_power",
        "coaching_token",
        "penalty_kick",
        "coin_toss",
        "full_time",
    ),
    panels=(
        SheetPanel("Coaching tokens (T or +)", 6, ("coaching_token",), "face"),
        SheetPanel("Substitutions", 4, ("substitution",)),
    ),
    instructions=(
        "One line a player card; mark fouls, mutations (card flipped) and serious injuries. "
        "A coaching token to the side that scores: note its face, T or +. Minutes are turns."
    ),
    positions={"goalkeeper": "GK"},
    keeper_positions=("GK",),
)

TABLE_ENTRY = TableEntry(
    timed={"goal": "goals", "serious_injury": "injuries", "substitution": None, OWN_GOAL: None},
    counted=("shots", "saves"),
)

CARD_FACE = CardFace(
    style="shields",
    role_labels={"field": "FIELD PLAYER", "goalkeeper": "GOALKEEPER"},
    back_label="MUTATED SIDE",
    glossary=POWERS,
)
