"""The JSON Schemas of a Calciotto league's settings and of a team's tactics (``lineup``)."""

from __future__ import annotations

from typing import Any

from engines.calciotto.coach import DEFAULT_REPLACEMENTS, STYLES, TRIGGERS
from engines.calciotto.match import DEFAULT_MINUTES, GOAL_TARGETS, MATCH_MINUTES, SHOOTOUT_KICKS, SHOOTOUT_KICKS_RANGE

#: The computer coach unless a league names another.
DEFAULT_STYLE = STYLES[0]
#: How the two scores count towards a goal target.
GOAL_MODES = ("total", "first_to")
_COACH = {"enum": list(STYLES), "default": DEFAULT_STYLE}

SETTINGS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "minutes": {
            "enum": list(MATCH_MINUTES),
            "default": DEFAULT_MINUTES,
            "description": "The length of a match in minutes.",
        },
        "goals": {
            "enum": list(GOAL_TARGETS),
            "description": "Play to a number of goals instead of a time.",
        },
        "goals_mode": {
            "enum": list(GOAL_MODES),
            "default": GOAL_MODES[0],
            "description": "total: the two scores add up to goals; first_to: the first side to reach it.",
        },
        "coach": {**_COACH, "description": "The computer coach of both sides."},
        "home_coach": {**_COACH, "description": "The home side's coach (over coach)."},
        "away_coach": {**_COACH, "description": "The away side's coach (over coach)."},
        "replacements": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["trigger"],
                "properties": {
                    "trigger": {"enum": list(TRIGGERS)},
                    "from_minute": {"type": "integer", "minimum": 0},
                },
            },
            "default": [dict(row) for row in DEFAULT_REPLACEMENTS],
            "description": "The replacement table, read in order at every replacement window ([] for none).",
        },
        "shootout_kicks": {
            "type": "integer",
            "minimum": SHOOTOUT_KICKS_RANGE.start,
            "maximum": SHOOTOUT_KICKS_RANGE.stop - 1,
            "default": SHOOTOUT_KICKS,
            "description": "Penalties each before the shoot-out goes to sudden death.",
        },
    },
}

TACTICS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "positions": {
            "type": "object",
            "additionalProperties": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
            "description": "The starting eight: player id -> [col, row] in the side's own half.",
        },
    },
}
