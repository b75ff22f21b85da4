"""What an engine publishes for the platform, as plain data (no Django, no ReportLab): its
clock, its printed scoresheet, the form of a result entered at the table, its card faces, and
the check of a league's settings against the engine's JSON Schema. The platform reads these
(``engine.clock``, ``engine.sheet``, ``engine.table_entry``, ``engine.card_face``) instead of
keeping a table of games."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

import jsonschema

if TYPE_CHECKING:
    from engines.core import DecidedBy


@dataclass(frozen=True)
class Clock:
    """How long a match runs and how a draw is settled, built from the constants the rules
    play with. ``regulation`` is in minutes (turns, for a game counted in turns) over
    ``periods`` periods; ``extra`` is how a required winner is sought before the shoot-out
    (``"extra_time"``, ``"sudden_death"`` or ``""``) and ``extra_minutes`` how long it may
    run; ``shootout_kicks`` are each side's kicks before the shoot-out goes on in pairs (0:
    no shoot-out); ``decided_by`` every value the game's results can carry;
    ``length_setting`` a league setting that changes the regulation length."""

    regulation: int
    periods: int = 2
    unit: str = "minute"
    extra: Literal["", "extra_time", "sudden_death"] = ""
    extra_minutes: int = 0
    shootout_kicks: int = 5
    decided_by: tuple[DecidedBy, ...] = ("regulation", "penalties")
    length_setting: str = ""

    def regulation_for(self, settings: Mapping[str, Any] | None = None) -> int:
        """Regulation length under a league's settings (``length_setting``), else the default."""
        value = (settings or {}).get(self.length_setting) if self.length_setting else None
        return int(value) if isinstance(value, int) and not isinstance(value, bool) and value > 0 else self.regulation

    def last_minute(self, settings: Mapping[str, Any] | None = None, *, extra: bool = False) -> int:
        """The last minute an event may carry: regulation, or with ``extra`` the end of extra
        time or sudden death."""
        return self.regulation_for(settings) + (self.extra_minutes if extra else 0)


@dataclass(frozen=True)
class SheetColumn:
    """A player column of the scoresheet: minute marks of events of ``kinds`` if given, else
    the count ``stat``; ``width`` in millimetres."""

    label: str
    width: float
    stat: str = ""
    kinds: tuple[str, ...] = ()


@dataclass(frozen=True)
class SheetPanel:
    """Numbered boxes per team (substitutions left, coaching tokens ...), filled with the
    minute (or the ``detail_key`` value) of each event of ``kinds`` of that side."""

    label: str
    boxes: int
    kinds: tuple[str, ...]
    detail_key: str = ""
    blank_only: bool = False  # a box for the table only (the engine does not log it)
    count: bool = False  # one box with the number of events (a tally too long for boxes)


@dataclass(frozen=True)
class SheetTimer:
    """A clock of boxes: one per minute, ``per_row`` to a row (a period), marked minutes."""

    minutes: int
    per_row: int
    marks: Mapping[int, str]
    extra_label: str


#: Detail keys that mark a penalty kick as one of a shoot-out (not one in play).
SHOOTOUT_DETAIL_KEYS = ("shootout", "round")


@dataclass(frozen=True)
class Sheet:
    """What a game's printed scoresheet shows: its player columns, the events its match report
    lists (None: all), the boxes per team, an optional minute timer, how the shoot-out kicks
    are logged (``shootout_kick`` kind; with ``shootout_detail`` only kicks carrying one of
    those keys), the position printed for a role and which positions are keepers."""

    title: str
    columns: tuple[SheetColumn, ...]
    report_kinds: tuple[str, ...] | None = None
    panels: tuple[SheetPanel, ...] = ()
    timer: SheetTimer | None = None
    visitors_first: bool = False
    instructions: str = ""
    shootout_kick: str = "penalty_kick"
    shootout_detail: tuple[str, ...] = SHOOTOUT_DETAIL_KEYS
    positions: Mapping[str, str] = field(default_factory=dict)
    keeper_positions: tuple[str, ...] = ()


#: A goal a player puts into his own net, entered at the table: it counts for the other side.
OWN_GOAL = "own_goal"
#: A second booking entered at the table; stored as the engines log it (a yellow and a red card).
SECOND_YELLOW = "second_yellow"


@dataclass(frozen=True)
class TableEntry:
    """What a result entered from the table may hold, so it reads like one the engine wrote.

    ``timed`` maps an event kind entered with its minute to the stat it adds one to (None:
    no stat, e.g. a substitution or an own goal); ``counted`` are the stats tallied per
    player without minutes; ``sent_off`` the kinds after which a player takes no further
    part; ``second_yellow`` the kind that books a player a second time and sends him off;
    ``booking`` the kind of a booking and ``booked_before`` how many earlier bookings a kind
    needs (a second yellow one, Calciotto's expulsion two cautions)."""

    timed: Mapping[str, str | None]
    counted: tuple[str, ...]
    sent_off: tuple[str, ...] = ()
    second_yellow: str = ""
    booking: str = ""
    booked_before: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class CardFace:
    """How a game's player cards print: ``style`` names the printing module's drawing of the
    face ("" prints the attributes as label/value rows); ``role_labels`` the band under the
    name per role; ``back_label`` the band of a card's back (two-sided cards only);
    ``role_notes`` what a face prints per role (``title``, ``area``, ``strength`` ...);
    ``glossary`` the wording of attribute values a face spells out (Mutant powers)."""

    style: str = ""
    role_labels: Mapping[str, str] = field(default_factory=dict)
    back_label: str = ""
    role_notes: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    glossary: Mapping[str, str] = field(default_factory=dict)


#: The schema of an engine without settings (or tactics) of its own: an empty object.
NO_SETTINGS: Mapping[str, Any] = {"type": "object", "properties": {}, "additionalProperties": False}


def settings_problem(schema: Mapping[str, Any], value: Any, *, where: str, noun: str = "setting") -> str:
    """What is wrong with ``value`` against a settings (or tactics) JSON Schema, as one line
    that names the key (``engine_settings.tie_brake: unknown setting; the settings are ...``),
    or "" when it is valid. The first problem by position in the document is named."""
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(value), key=lambda e: list(map(str, e.path)))
    if not errors:
        return ""
    error = errors[0]
    path = ".".join([where, *map(str, error.absolute_path)])
    known = ", ".join(error.schema.get("properties", {})) if isinstance(error.schema, Mapping) else ""
    if error.validator == "additionalProperties":
        extra = sorted(set(error.instance) - set(error.schema.get("properties", {})))
        return f"{path}.{extra[0]}: unknown {noun}; the {noun}s are: {known or 'none'}"
    if error.validator == "enum":
        allowed = ", ".join(json.dumps(v) for v in error.validator_value)
        return f"{path}: {json.dumps(error.instance)} is not allowed; allowed: {allowed}"
    return f"{path}: {error.message}"
