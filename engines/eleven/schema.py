"""The JSON Schemas of an "11" league's settings and of a team's tactics (``lineup``)."""

from __future__ import annotations

from typing import Any

from engines.eleven.coach import DEFAULT_STRENGTH, DEFAULT_STYLE, STRENGTHS, STYLES
from engines.eleven.match import CLOCK_LIMITS, ClockSettings

_COACH = {"enum": list(STRENGTHS), "default": DEFAULT_STRENGTH}
_STYLE = {"enum": list(STYLES), "default": DEFAULT_STYLE}

SETTINGS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "coach": {**_COACH, "description": "How strong both computer coaches are."},
        "home_coach": {**_COACH, "description": "The home coach's strength (over coach)."},
        "away_coach": {**_COACH, "description": "The away coach's strength (over coach)."},
        "style": {**_STYLE, "description": "How both coaches play."},
        "home_style": {**_STYLE, "description": "The home coach's style (over style)."},
        "away_style": {**_STYLE, "description": "The away coach's style (over style)."},
        "turns_per_half": {
            "type": "integer",
            "minimum": CLOCK_LIMITS["turns_per_half"][0],
            "maximum": CLOCK_LIMITS["turns_per_half"][1],
            "default": ClockSettings.turns_per_half,
            "description": "Turns (both sides') before a half waits for an ace.",
        },
        "extra_time_turns_per_half": {
            "type": "integer",
            "minimum": CLOCK_LIMITS["extra_time_turns_per_half"][0],
            "maximum": CLOCK_LIMITS["extra_time_turns_per_half"][1],
            "default": ClockSettings.extra_turns_per_half,
            "description": "The same for each half of extra time.",
        },
        "extra_time": {
            "type": "boolean",
            "default": ClockSettings.extra_time,
            "description": "A knockout draw plays extra time before the shoot-out.",
        },
        "shootout_kicks": {
            "type": "integer",
            "minimum": CLOCK_LIMITS["shootout_kicks"][0],
            "maximum": CLOCK_LIMITS["shootout_kicks"][1],
            "default": ClockSettings.shootout_kicks,
            "description": "Kicks each before the shoot-out goes on in pairs.",
        },
    },
}

TACTICS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "coach": {**_COACH, "description": "The team's coach strength (over the league's)."},
        "style": {**_STYLE, "description": "The team's coach style (over the league's)."},
    },
}
