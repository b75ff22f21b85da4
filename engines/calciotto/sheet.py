"""What the platform prints and enters for Calciotto: the clock, the scoresheet, the
table-result form and the card face, built from the constants ``match`` plays with."""

from __future__ import annotations

from engines.calciotto.match import DEFAULT_MINUTES, SHOOTOUT_KICKS, SUBSTITUTIONS
from engines.published import OWN_GOAL, CardFace, Clock, Sheet, SheetColumn, SheetPanel, TableEntry

#: The role letters: what each piece is and where its circled strength counts.
ROLES = {
    "P": {"title": "goalkeeper", "area": "goal area", "strength": "SAVE"},
    "D": {"title": "defender", "area": "defence area", "strength": "TACKLE / SHOT"},
    "C": {"title": "midfielder", "area": "midfield area", "strength": "TACKLE / SHOT"},
    "A": {"title": "forward", "area": "attack area", "strength": "TACKLE / SHOT"},
    "T": {"title": "wing-back", "area": "lateral strip", "strength": "TACKLE / SHOT"},
}

#: 45, 60 or 90 minutes (the league's ``minutes``, 60 by default: a length the book prints); a knockout draw
#: goes straight to penalties.
CLOCK = Clock(
    regulation=DEFAULT_MINUTES,
    periods=2,
    shootout_kicks=SHOOTOUT_KICKS,
    decided_by=("regulation", "penalties"),
    length_setting="minutes",
)

SHEET = Sheet(
    title="CALCIOTTO SCORESHEET",
    columns=(
        SheetColumn("Goals", 17, "goals", ("goal",)),
        SheetColumn("Shots", 9, "shots"),
        SheetColumn("Tackles", 11, "tackles"),
        SheetColumn("Caution", 14, "yellow_cards", ("caution",)),
        SheetColumn("Expelled", 14, "red_cards", ("expulsion",)),
    ),
    report_kinds=(
        "goal",
        "caution",
        "expulsion",
        "substitution",
        "free_kick",
        "penalty_kick",
        "half_time",
        "full_time",
    ),
    panels=(SheetPanel(f"Replacements ({SUBSTITUTIONS} a match)", SUBSTITUTIONS, ("substitution",)),),
    instructions=(
        "8 on the field (P, D, C, A, T) and 5 on the bench. Two cautions are an expulsion. "
        "Three replacements a match, at a free kick, a penalty or after a shot at goal."
    ),
    positions={role: role for role in ROLES},
    keeper_positions=("P",),
)

TABLE_ENTRY = TableEntry(
    timed={
        "goal": "goals",
        "caution": "yellow_cards",
        "expulsion": "red_cards",
        "substitution": None,
        OWN_GOAL: None,
    },
    counted=("shots", "saves"),
    sent_off=("expulsion",),
    booking="caution",
    booked_before={"expulsion": 2},
)

CARD_FACE = CardFace(
    style="base",
    role_labels={role: notes["title"].upper() for role, notes in ROLES.items()},
    role_notes=ROLES,
)
