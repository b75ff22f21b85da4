"""The JSON Schemas of a Fütti league's settings and of a team's tactics (its ``lineup``)."""

from __future__ import annotations

from typing import Any

#: How a level match is settled when a winner is required.
TIE_BREAKS = ("sudden_death", "penalties")

_PLAYER_ID = {"type": ["string", "integer"], "description": "a player id of the team's squad"}

SETTINGS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "tie_break": {
            "enum": list(TIE_BREAKS),
            "default": TIE_BREAKS[0],
            "description": "How a level knockout match is settled: sudden death (then penalties) or penalties.",
        },
        "doubles_chart": {
            "type": ["array", "object", "string"],
            "description": "A replacement doubles chart: six rows (1-1 ... 6-6) of twelve result names (JSON).",
        },
        "control_ranges": {
            "type": ["array", "string"],
            "description": "Replacement control-star ranges: [[from, to, faces], ...], contiguous from 0 (JSON).",
        },
        "die_indicators": {
            "type": ["object", "string"],
            "description": 'Replacement die indicators: {"offence": {...}, "defence": {...}}, each face once (JSON).',
        },
    },
}

TACTICS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["attackers", "defenders", "goalkeeper"],
    "properties": {
        "attackers": {
            "type": "array",
            "items": _PLAYER_ID,
            "minItems": 2,
            "maxItems": 2,
            "description": "The two field players in the attack boxes, first box first.",
        },
        "defenders": {
            "type": "array",
            "items": _PLAYER_ID,
            "minItems": 2,
            "maxItems": 2,
            "description": "The two field players in the defence boxes, first box first.",
        },
        "goalkeeper": {**_PLAYER_ID, "description": "The goaltender who starts."},
    },
}
