"""What the platform prints and enters for "11": the clock, the scoresheet, the table-result
form and the card face, built from the constants ``match`` plays with."""

from __future__ import annotations

from engines.eleven.match import EXTRA_HALF_MINUTES, HALF_MINUTES, ClockSettings
from engines.published import OWN_GOAL, CardFace, Clock, Sheet, SheetColumn, TableEntry

#: Two halves of 20 minutes; a draw may go to extra time (2 x 5), then the shoot-out.
CLOCK = Clock(
    regulation=2 * HALF_MINUTES,
    periods=2,
    extra="extra_time",
    extra_minutes=2 * EXTRA_HALF_MINUTES,
    shootout_kicks=ClockSettings.shootout_kicks,
    decided_by=("regulation", "extra_time", "penalties"),
)

SHEET = Sheet(
    title='"11" SCORESHEET',
    columns=(
        SheetColumn("Goals", 17, "goals", ("goal",)),
        SheetColumn("Shots", 9, "shots"),
        SheetColumn("Passes", 10, "passes"),
        SheetColumn("Attacks", 11, "attacks"),
        SheetColumn("Saves", 9, "saves"),
        SheetColumn("Pens", 9, "penalties_scored"),
    ),
    report_kinds=("goal", "half_time", "extra_time", "penalty_kick", "full_time"),
    instructions=(
        "Two halves of 20 minutes, each ending on an ace after time is up. A draw may go to extra "
        "time (2 × 5 minutes), then five penalty kicks each; tied, shoot on until two goals ahead."
    ),
    positions={"goalie": "G"},
    keeper_positions=("G",),
)

TABLE_ENTRY = TableEntry(timed={"goal": "goals", OWN_GOAL: None}, counted=("shots", "saves"))

CARD_FACE = CardFace(
    style="piece",
    role_labels={"goalie": "GOALIE", "player": "PLAYER"},
    role_notes={
        "goalie": {
            "mark": "G",
            "title": "GOALIE",
            "text": "In the penalty area: cannot be attacked, may not keep the ball.",
        },
        "player": {
            "mark": "11",
            "title": "FOOTBALL PLAYER",
            "text": "Moves along the lines; attacks, shoots 1 or 2 spaces.",
        },
    },
)
