"""What the platform prints and enters for Fütti: the clock, the scoresheet, the table-result
form and the card face, built from the constants ``match`` plays with."""

from __future__ import annotations

from engines.futti.match import EARLY_ENDINGS, FULL_TIME, HALF_LENGTH, SHOOTOUT_KICKS, SUDDEN_DEATH_LIMIT
from engines.published import (
    OWN_GOAL,
    SECOND_YELLOW,
    CardFace,
    Clock,
    Sheet,
    SheetColumn,
    SheetPanel,
    SheetTimer,
    TableEntry,
)

#: Two halves; at 30' a lead of three ends it, at 35' a visitors' lead of two or a hosts' of one.
#: With a winner required: sudden death until a goal (``SUDDEN_DEATH_LIMIT`` is only a safety limit), then penalties.
CLOCK = Clock(
    regulation=FULL_TIME,
    periods=FULL_TIME // HALF_LENGTH,
    extra="sudden_death",
    extra_minutes=SUDDEN_DEATH_LIMIT,
    shootout_kicks=SHOOTOUT_KICKS,
    decided_by=("regulation", "sudden_death", "penalties"),
)

SHEET = Sheet(
    title="FÜTTI SCORESHEET",
    visitors_first=True,
    columns=(
        SheetColumn("Shots", 8, "shots"),
        SheetColumn("Goals", 15, "goals", ("goal",)),
        SheetColumn("Steals", 8, "steals"),
        SheetColumn("Saves", 8, "saves"),
        SheetColumn("YC", 9, "yellow_cards", ("yellow_card",)),
        SheetColumn("RC", 9, "red_cards", ("red_card",)),
        SheetColumn("Inj", 9, "injuries", ("injury",)),
    ),
    report_kinds=(
        "goal",
        "penalty_kick",
        "breakaway",
        "yellow_card",
        "red_card",
        "injury",
        "substitution",
        "half_time",
        "full_time",
    ),
    panels=(SheetPanel("Control stars (starters' stars, hosts +1)", 1, (), blank_only=True),),
    timer=SheetTimer(
        FULL_TIME,
        HALF_LENGTH,
        {EARLY_ENDINGS[0]: f"{EARLY_ENDINGS[0]}' +3 ends it", EARLY_ENDINGS[1]: f"{EARLY_ENDINGS[1]}' V+2 / H+1"},
        "sudden death",
    ),
    instructions=(
        "Visitors on top and on the left, hosts below and on the right. Tick a timer box after each "
        "minute. At 30' a lead of three ends the game; at 35' a visitors' lead of two or a hosts' lead "
        "of one. Control stars: add the starters' stars, one more for the hosts."
    ),
    positions={"goalkeeper": "GT", "goaltender": "GT"},
    keeper_positions=("GT",),
)

TABLE_ENTRY = TableEntry(
    timed={
        "goal": "goals",
        "yellow_card": "yellow_cards",
        SECOND_YELLOW: "yellow_cards",
        "red_card": "red_cards",
        "injury": "injuries",
        "substitution": None,
        OWN_GOAL: None,
    },
    counted=("shots", "saves", "steals"),
    sent_off=("red_card", SECOND_YELLOW),
    second_yellow=SECOND_YELLOW,
    booking="yellow_card",
    booked_before={SECOND_YELLOW: 1},
)

CARD_FACE = CardFace(
    style="ratings",
    role_labels={"field": "STANDARD PLAYER", "goalkeeper": "GOALTENDER", "goaltender": "GOALTENDER"},
)
