"""What the platform prints and enters for Flexdeck Futbol: the clock, the scoresheet, the
table-result form and the card face."""

from __future__ import annotations

from engines.flexdeck.match import PENALTY_ROUNDS, SUBSTITUTIONS_PER_MATCH
from engines.published import OWN_GOAL, SECOND_YELLOW, CardFace, Clock, Sheet, SheetColumn, SheetPanel, TableEntry

#: Two halves of 45 minutes and extra time to 120 (``match`` spreads each pile's cards over
#: these minutes: ``45 * half`` and a 30-minute extra period).
HALF_MINUTES = 45
EXTRA_MINUTES = 30

CLOCK = Clock(
    regulation=2 * HALF_MINUTES,
    periods=2,
    extra="extra_time",
    extra_minutes=EXTRA_MINUTES,
    shootout_kicks=PENALTY_ROUNDS,
    decided_by=("regulation", "extra_time", "penalties"),
)

SHEET = Sheet(
    title="FLEXDECK FUTBOL SCORESHEET",
    columns=(
        SheetColumn("Starts", 10, "starts"),
        SheetColumn("Adv", 9, "advances"),
        SheetColumn("Goals", 17, "goals", ("goal",)),
        SheetColumn("Shots", 9, "shots"),
        SheetColumn("Saves", 9, "saves"),
        SheetColumn("Sub", 12, "", ("substitution",)),
    ),
    report_kinds=(
        "goal",
        "substitution",
        "offside",
        "yellow_card",
        "red_card",
        "golden_boot",
        "extra_time",
        "penalty_kick",
        "half_time",
        "full_time",
    ),
    panels=(
        SheetPanel(f"Substitutions ({SUBSTITUTIONS_PER_MATCH} a match)", SUBSTITUTIONS_PER_MATCH, ("substitution",)),
        SheetPanel("Jokers (3 each half)", 6, ("offside", "yellow_card")),
        SheetPanel("Red card: +3 to the other side", 1, ("red_card",)),
        SheetPanel("Cards turned (draw pile)", 1, ("card",), count=True),
    ),
    instructions=(
        "Blue/gold and red/green: deal 11 per side (keeper, 4 defenders, 4 midfielders, 2 forwards). "
        "Cross a substitution box for each sub (3 a match), a joker box for each penalty."
    ),
    keeper_positions=("H",),
)

TABLE_ENTRY = TableEntry(
    timed={
        "goal": "goals",
        "yellow_card": "yellow_cards",
        SECOND_YELLOW: "yellow_cards",
        "red_card": "red_cards",
        "substitution": None,
        OWN_GOAL: None,
    },
    counted=("shots", "saves"),
    sent_off=("red_card", SECOND_YELLOW),
    second_yellow=SECOND_YELLOW,
    booking="yellow_card",
    booked_before={SECOND_YELLOW: 1},
)

CARD_FACE = CardFace(style="domino", role_labels={"player": "FLEXDECK CARD"})
