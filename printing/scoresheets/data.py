"""What a scoresheet shows, as plain data, and what each game's sheet looks like.

The selectors (``printing.scoresheets.selectors``) read a match into a ``Scoresheet``; the
renderer (``printing.scoresheets.render``) draws it. What each game's sheet shows is the
engine's data (``engine.sheet``, an ``engines.published.Sheet``, and ``engine.clock``): which
player columns it keeps, a minute timer, the boxes per team (substitutions left, jokers
turned, coaching tokens, replacements), how its shoot-out kicks are logged and the events its
match report lists. A game without a sheet of its own gets ``generic_sheet``: the standard counts
per player and every event as a minute / kind / player line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext, pgettext

from engines import get_engine
from engines.published import Clock, Sheet, SheetColumn
from printing.pdf import game_name

# --- the plain data a sheet is drawn from ---------------------------------------------------------


@dataclass(frozen=True)
class SheetPlayer:
    """A squad member on the sheet; ``marks`` holds the minutes of his events by event kind."""

    key: str
    name: str
    role: str
    starter: bool = False
    position: str = ""
    stats: Mapping[str, int] = field(default_factory=dict)
    marks: Mapping[str, tuple[int, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class SheetEvent:
    seq: int
    minute: int
    kind: str
    side: str
    player: str
    detail: Mapping[str, Any] = field(default_factory=dict)
    other: str = ""  # the second player named: who went off, who was fouled


@dataclass(frozen=True)
class SheetSide:
    side: str  # "home" or "away"
    name: str
    players: tuple[SheetPlayer, ...]


@dataclass(frozen=True)
class Scoresheet:
    """Everything one sheet shows; ``played`` False gives the blank sheet."""

    engine: str
    game: str
    home: SheetSide
    away: SheetSide
    match_id: int | None = None
    competition: str = ""
    kickoff: str = ""
    status: str = ""
    played: bool = False
    home_goals: int | None = None
    away_goals: int | None = None
    decided_by: str = ""
    shootout_home: int | None = None
    shootout_away: int | None = None
    seed: int | None = None
    engine_version: str = ""
    events: tuple[SheetEvent, ...] = ()


# --- what each game's sheet shows: the engine's data ---------------------------------------------


def generic_sheet(title: str) -> Sheet:
    """The sheet of a game that publishes none: the standard counts, every event in the report;
    its words in the active language."""
    return Sheet(
        title=title,
        columns=(
            SheetColumn(gettext("Goals"), 17, "goals", ("goal",)),
            SheetColumn(gettext("Shots"), 9, "shots"),
            SheetColumn(gettext("Saves"), 9, "saves"),
            SheetColumn(gettext("Yellow"), 12, "yellow_cards", ("yellow_card",)),
            SheetColumn(gettext("Red"), 10, "red_cards", ("red_card",)),
            SheetColumn(pgettext("injuries", "Inj"), 9, "injuries"),
        ),
        report_kinds=None,
        positions={"goalkeeper": "GK", "goaltender": "GK", "goalie": "G"},
        keeper_positions=("GK", "G"),
    )


GENERIC_CLOCK = Clock(regulation=90)


def layout_for(engine: str) -> Sheet:
    """The game's sheet, or the generic one (titled with the game's name) for any other game."""
    try:
        sheet = get_engine(engine).sheet
    except KeyError:
        sheet = None
    return sheet or generic_sheet(gettext("%(game)s SCORESHEET") % {"game": game_name(engine).upper()})


def clock_for(engine: str) -> Clock:
    try:
        return get_engine(engine).clock
    except KeyError:
        return GENERIC_CLOCK


def is_shootout_kick(event: SheetEvent, layout: Sheet) -> bool:
    """A kick of the shoot-out as the game logs it (a coin toss that ends one is no kick)."""
    if event.kind != layout.shootout_kick or event.detail.get("coin_toss"):
        return False
    return not layout.shootout_detail or any(event.detail.get(k) for k in layout.shootout_detail)
