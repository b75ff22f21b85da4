"""Bootroom's game engines: pure Python, no Django.

``get_engine("futti")`` returns the engine object of a game; ``ENGINES`` lists
the keys of the engines installed. Each game lives in its own package, which
exposes its engine object as ``ENGINE``.
"""

from __future__ import annotations

import importlib
import importlib.util

from engines.core import (
    CardError,
    Dice,
    Engine,
    Event,
    MatchOptions,
    MatchResult,
    ScriptedDice,
    SquadRules,
    TeamSheet,
)

#: Every game Bootroom knows, in the order people see them, with its package.
KNOWN_ENGINES = {
    "futti": "engines.futti",
    "flexdeck": "engines.flexdeck",
    "mutant": "engines.mutant",
    "eleven": "engines.eleven",
    "calciotto": "engines.calciotto",
}


#: What each game is called in menus (its engine's ``name``, without loading the engine;
#: "11" in quotes so it reads as a title).
ENGINE_LABELS = {
    "futti": "Fütti",
    "flexdeck": "Flexdeck Futbol",
    "mutant": "Mutant Soccer",
    "eleven": '"11"',
    "calciotto": "Calciotto",
}
#: The game a new league and the demo play unless told otherwise.
DEFAULT_ENGINE = "futti"


def _installed(module: str) -> bool:
    spec = importlib.util.find_spec(module)
    return spec is not None and spec.origin is not None  # a bare folder is not an engine yet


#: The keys of the engines that are installed (their package exists).
ENGINES = tuple(key for key, module in KNOWN_ENGINES.items() if _installed(module))

_loaded: dict[str, Engine] = {}


def get_engine(key: str) -> Engine:
    """The engine object for a game key; ``KeyError`` names the known keys."""
    if key not in _loaded:
        if key not in ENGINES:
            raise KeyError(f"unknown engine {key!r}; installed engines: {', '.join(ENGINES)}")
        _loaded[key] = importlib.import_module(KNOWN_ENGINES[key]).ENGINE
    return _loaded[key]


__all__ = [
    "DEFAULT_ENGINE",
    "ENGINES",
    "ENGINE_LABELS",
    "CardError",
    "Dice",
    "Engine",
    "Event",
    "MatchOptions",
    "MatchResult",
    "ScriptedDice",
    "SquadRules",
    "TeamSheet",
    "get_engine",
]
