"""The JSON Schemas of a Flexdeck Futbol league's settings and of a team's tactics (none:
positions are dealt at random, so a sheet's ``lineup`` is ignored)."""

from __future__ import annotations

from typing import Any

from engines.flexdeck.cards import DEFAULT_SQUAD_SIZE, MIN_SQUAD_SIZE
from engines.flexdeck.coach import COACH_STYLES
from engines.flexdeck.pitch import RETREAT_RULES
from engines.published import NO_SETTINGS

#: Where the ball goes after a penalty unless a league says otherwise (README decision 1).
DEFAULT_RETREAT = "card"
_STYLE = {"enum": list(COACH_STYLES), "default": COACH_STYLES[0]}

SETTINGS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "deck": {
            "type": ["array", "string"],
            "description": "A deck list (JSON): suited cards {code, colour, pips} and extra cards {code, special}.",
        },
        "squad_size": {
            "type": "integer",
            "minimum": MIN_SQUAD_SIZE,
            "maximum": DEFAULT_SQUAD_SIZE,
            "default": DEFAULT_SQUAD_SIZE,
            "description": "Cards per squad.",
        },
        "coach_style": {**_STYLE, "description": "The computer coach of both sides."},
        "home_coach_style": {**_STYLE, "description": "The home side's coach (over coach_style)."},
        "away_coach_style": {**_STYLE, "description": "The away side's coach (over coach_style)."},
        "penalty_retreat": {
            "enum": list(RETREAT_RULES),
            "default": DEFAULT_RETREAT,
            "description": "Where the ball goes back to after a penalty (README decision 1).",
        },
        "red_card_bonus_on_shots": {
            "type": "boolean",
            "default": True,
            "description": "A red card's +3 bonus counts on shots and penalty kicks too (README decision 4).",
        },
    },
}

TACTICS_SCHEMA: dict[str, Any] = dict(NO_SETTINGS)
