"""Shared types of the engine contract.

Every game engine takes two team sheets, a seed and options, and returns a
``MatchResult`` whose JSON is byte-for-byte stable for the same inputs. Nothing
here (or anywhere in ``engines``) imports Django: the apps turn database rows
into ``TeamSheet`` objects and store what comes back.
"""

from __future__ import annotations

import _random
import json
import operator
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

Side = Literal["home", "away"]
DecidedBy = Literal["regulation", "extra_time", "sudden_death", "penalties"]

HOME: Side = "home"
AWAY: Side = "away"

#: The counters every engine reports for every player who took part. Engines add
#: their own game counters next to these (``stats[player_id]["mutations"]``...).
STANDARD_STATS = (
    "goals",
    "shots",
    "saves",
    "steals",
    "yellow_cards",
    "red_cards",
    "injuries",
    "minutes",
)


class CardError(ValueError):
    """A card or team sheet that breaks the game's rules; the message says why."""


def other(side: Side) -> Side:
    return AWAY if side == HOME else HOME


class Dice:
    """The only source of chance an engine may use.

    Seeded from the match seed, so a match replays exactly. Tests use
    ``ScriptedDice`` to force every roll and turn each rule into a short test.
    """

    def __init__(self, seed: int) -> None:
        # ``random.Random(seed)`` seeds its C base class through Python-level ``__init__``
        # and ``seed``; the base class seeded directly with the same whole number gives
        # the same numbers, a quarter sooner (3.6 against 4.7 µs, a fixed cost of every match).
        self._rng = _random.Random(operator.index(seed))
        #: A uniform float in [0, 1): for an engine's hot loop, which may turn it into
        #: die faces itself (only for plain ``Dice``; scripted dice answer per roll).
        self.random = self._rng.random

    def roll(self, sides: int) -> int:
        """One die with ``sides`` faces, 1..sides."""
        return int(self.random() * sides) + 1

    def d6(self) -> int:
        return int(self.random() * 6) + 1

    def d12(self) -> int:
        return int(self.random() * 12) + 1

    def choice(self, items: Sequence[Any]) -> Any:
        return items[int(self.random() * len(items))]

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates on our own rolls, so scripted dice can drive it too."""
        for i in range(len(items) - 1, 0, -1):
            j = self.roll(i + 1) - 1
            items[i], items[j] = items[j], items[i]


class DiceExhausted(AssertionError):
    """A scripted test ran out of rolls: the engine rolled more than the test expected."""


class ScriptedDice(Dice):
    """Dice that play back a fixed list of results, for tests.

    ``ScriptedDice([6, 6, 3])`` answers the next three rolls with 6, 6 and 3
    whatever the die; a value outside the die raises, so a test cannot feed a
    7 to a d6 by mistake.
    """

    def __init__(self, rolls: Iterable[int]) -> None:
        self._rolls = list(rolls)
        self._next = 0

    @property
    def remaining(self) -> list[int]:
        return self._rolls[self._next :]

    def roll(self, sides: int) -> int:
        if self._next >= len(self._rolls):
            raise DiceExhausted(f"no scripted roll left for a d{sides}")
        value = self._rolls[self._next]
        self._next += 1
        if not 1 <= value <= sides:
            raise AssertionError(f"scripted roll {value} does not fit a d{sides}")
        return value

    def d6(self) -> int:
        return self.roll(6)

    def d12(self) -> int:
        return self.roll(12)

    def choice(self, items: Sequence[Any]) -> Any:
        return items[self.roll(len(items)) - 1]


@dataclass(frozen=True, slots=True)
class Event:
    """One line of the play-by-play. ``minute`` is the game clock as the engine models it."""

    seq: int
    minute: int
    kind: str
    side: Side | None
    player_id: str | None = None
    detail: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "minute": self.minute,
            "kind": self.kind,
            "side": self.side,
            "player_id": self.player_id,
            "detail": dict(self.detail),
        }


@dataclass(frozen=True)
class MatchOptions:
    """How a match is to be played.

    ``winner_required`` makes the engine settle a draw by its game's own
    procedure. ``settings`` carries a league's engine options (a replacement
    chart, the tie-break procedure ...); each engine documents its keys.
    """

    winner_required: bool = False
    settings: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def coerce(cls, options: MatchOptions | Mapping[str, Any] | None) -> MatchOptions:
        if options is None:
            return cls()
        if isinstance(options, MatchOptions):
            return options
        data = dict(options)
        winner_required = bool(data.pop("winner_required", False))
        settings = data.pop("settings", None) or data
        return cls(winner_required=winner_required, settings=settings)


@dataclass(frozen=True)
class TeamSheet:
    """A side as the engine sees it: a name, player cards and an optional lineup."""

    name: str
    players: tuple[Mapping[str, Any], ...]
    lineup: Mapping[str, Any] | None = None

    @classmethod
    def coerce(cls, sheet: TeamSheet | Mapping[str, Any]) -> TeamSheet:
        if isinstance(sheet, TeamSheet):
            return sheet
        if not isinstance(sheet, Mapping):
            raise CardError("team sheet: expected an object with 'name' and 'players'")
        players = sheet.get("players")
        if not isinstance(players, list | tuple) or not players:
            raise CardError("team sheet 'players': expected a non-empty list of cards")
        for index, player in enumerate(players):
            if not isinstance(player, Mapping) or not str(player.get("id", "")).strip():
                raise CardError(f"team sheet 'players[{index}]': every card needs an 'id'")
        ids = [str(p["id"]) for p in players]
        if len(set(ids)) != len(ids):
            raise CardError("team sheet 'players': player ids must be unique")
        return cls(
            name=str(sheet.get("name") or "Team"),
            players=tuple({**p, "id": str(p["id"])} for p in players),
            lineup=sheet.get("lineup"),
        )

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "players": [dict(p) for p in self.players]}
        if self.lineup is not None:
            data["lineup"] = self.lineup
        return data


@dataclass(frozen=True)
class SquadRules:
    """What a squad must hold: ``roles`` maps a card role to how many cards of it."""

    roles: Mapping[str, int]
    reserves: int = 0

    @property
    def size(self) -> int:
        return sum(self.roles.values()) + self.reserves

    def to_dict(self) -> dict[str, Any]:
        return {"roles": dict(self.roles), "reserves": self.reserves, "size": self.size}


@dataclass
class MatchResult:
    """What a simulated match leaves behind; ``to_json()`` is stable for a seed."""

    engine: str
    version: str
    seed: int
    home_goals: int
    away_goals: int
    decided_by: DecidedBy = "regulation"
    shootout_home: int | None = None
    shootout_away: int | None = None
    events: list[Event] = field(default_factory=list)
    player_stats: dict[str, dict[str, int]] = field(default_factory=dict)

    @property
    def winner(self) -> Side | None:
        home = (self.home_goals, self.shootout_home or 0)
        away = (self.away_goals, self.shootout_away or 0)
        if home == away:
            return None
        return HOME if home > away else AWAY

    def to_dict(self) -> dict[str, Any]:
        return {
            "engine": self.engine,
            "version": self.version,
            "seed": self.seed,
            "home_goals": self.home_goals,
            "away_goals": self.away_goals,
            "decided_by": self.decided_by,
            "shootout_home": self.shootout_home,
            "shootout_away": self.shootout_away,
            "events": [e.to_dict() for e in self.events],
            "player_stats": self.player_stats,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))


# --- what an engine publishes for the platform: plain data, no Django, no ReportLab ----------


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
    import jsonschema  # type: ignore[import-untyped]  # only where settings are checked (55 ms to import)

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


def blank_stats() -> dict[str, int]:
    return dict.fromkeys(STANDARD_STATS, 0)


class Engine:
    """Base of every game engine. Subclasses set the class attributes and
    implement ``validate_card``, ``sample_pool`` and ``simulate``."""

    key: str = ""
    name: str = ""
    version: str = "0"
    squad_rules: SquadRules = SquadRules(roles={})
    #: JSON Schema of a league's engine settings and of a team's tactics (its sheet's
    #: ``lineup``): every key with its type, range, default and a one-line description.
    settings_schema: Mapping[str, Any] = NO_SETTINGS
    tactics_schema: Mapping[str, Any] = NO_SETTINGS
    #: The game's clock, printed scoresheet, table-result form and card faces (plain data).
    clock: Clock = Clock(regulation=90)
    sheet: Sheet | None = None
    table_entry: TableEntry | None = None
    card_face: CardFace = CardFace()
    #: The rules of the game's own squad selection, where it has one (Mutant Soccer's market
    #: module: ``open_market``, ``legal_picks``, ``pick``, ``check``, ``finish``,
    #: ``buyer_move``, ``extra_tactical_cards``); None: the platform's drafts only.
    market: Any = None

    def validate_settings(self, settings: Any) -> dict[str, Any]:
        """A league's engine settings checked when they are saved, not at kickoff: a
        ``CardError`` naming the key for an unknown key (a typo such as ``tie_brake``) or a
        value the schema refuses. Engines add the checks of their own parsing (a chart, a
        deck) by overriding this and calling it first."""
        if problem := settings_problem(self.settings_schema, settings, where="engine_settings"):
            raise CardError(problem)
        return dict(settings)

    def validate_tactics(self, tactics: Any) -> dict[str, Any]:
        """A team's tactics checked against ``tactics_schema``; ``CardError`` names the key."""
        if problem := settings_problem(self.tactics_schema, tactics, where="tactics", noun="key"):
            raise CardError(problem)
        return dict(tactics)

    def squad_rules_for(self, settings: Mapping[str, Any] | None = None) -> SquadRules:
        """The squad rules under a league's engine settings (a game may let a league
        change its squad size); the default ``squad_rules`` otherwise."""
        return self.squad_rules

    def validate_card(self, data: Mapping[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def sample_pool(self, seed: int = 0) -> list[dict[str, Any]]:
        raise NotImplementedError

    def simulate(
        self,
        home: TeamSheet | Mapping[str, Any],
        away: TeamSheet | Mapping[str, Any],
        *,
        seed: int,
        options: MatchOptions | Mapping[str, Any] | None = None,
    ) -> MatchResult:
        raise NotImplementedError

    def sample_team(self, seed: int = 0, name: str | None = None) -> dict[str, Any]:
        """A legal team sheet drawn from the sample pool, for demos and the CLI."""
        pool = self.sample_pool(seed)
        dice = Dice(seed)
        by_role: dict[str, list[dict[str, Any]]] = {}
        for card in pool:
            by_role.setdefault(card.get("role", "player"), []).append(card)
        players: list[dict[str, Any]] = []
        spare: list[dict[str, Any]] = []
        for role, count in self.squad_rules.roles.items():
            cards = list(by_role.get(role, []))
            dice.shuffle(cards)
            if len(cards) < count:
                raise CardError(f"sample pool has {len(cards)} '{role}' cards, a squad needs {count}")
            players.extend(cards[:count])
            spare.extend(cards[count:])
        dice.shuffle(spare)
        players.extend(spare[: self.squad_rules.reserves])
        return {"name": name or f"{self.name} XI {seed}", "players": players}
