"""The JSON Schemas of a Mutant Soccer league's settings and of a team's tactics (``lineup``)."""

from __future__ import annotations

from typing import Any

from engines.mutant import cards, market
from engines.mutant import tactics as T
from engines.mutant.match import GOALS_TO_WIN, MAX_GOALS_TO_WIN, MAX_TURN_CAP, TURN_CAP
from engines.mutant.styles import CAREFUL, STYLES

#: Extra tactical cards a team may buy with BootCoins it did not spend on players.
MAX_EXTRA_CARDS = market.BUDGET // T.TACTICAL_CARD_PRICE
_STYLE = {"enum": list(STYLES), "default": CAREFUL}
_PLAYER_ID = {"type": ["string", "integer"]}

SETTINGS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "coach_style": {**_STYLE, "description": "How both computer coaches play."},
        "home_style": {**_STYLE, "description": "The home coach's style (over coach_style)."},
        "away_style": {**_STYLE, "description": "The away coach's style (over coach_style)."},
        "goals_to_win": {
            "type": "integer",
            "minimum": 1,
            "maximum": MAX_GOALS_TO_WIN,
            "default": GOALS_TO_WIN,
            "description": "The first side to score this many goals wins.",
        },
        "turn_cap": {
            "type": "integer",
            "minimum": 1,
            "maximum": MAX_TURN_CAP,
            "default": TURN_CAP,
            "description": "The match ends after this many turns (the timer variant).",
        },
        "tactical_deck": {
            "type": "object",
            "additionalProperties": {"type": "integer", "minimum": 0},
            "description": "A replacement tactical deck: card name -> count, at least 12 cards.",
        },
    },
}

TACTICS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "coach": {"enum": list(cards.COACH_KEYS), "description": "The coach card (default: drawn at random)."},
        "extra_tactical_cards": {
            "type": "integer",
            "minimum": 0,
            "maximum": MAX_EXTRA_CARDS,
            "default": 0,
            "description": "Tactical cards bought with unspent BootCoins.",
        },
        "style": {**_STYLE, "description": "How the team's coach plays (default: the league's setting)."},
        "starters": {
            "type": "array",
            "items": _PLAYER_ID,
            "minItems": 6,
            "maxItems": 6,
            "description": "The 5 field players and 1 goalkeeper who start (default: the strongest cards).",
        },
    },
}
