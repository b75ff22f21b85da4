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
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple, overload

from engines.published import NO_SETTINGS, CardFace, Clock, Sheet, TableEntry, settings_problem
from engines.stats import stat_dicts

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


class _EventFields(NamedTuple):
    seq: int
    minute: int
    kind: str
    side: Side | None
    player_id: str | None
    detail: Mapping[str, Any]


class Event(_EventFields):
    """One line of the play-by-play. ``minute`` is the game clock as the engine models it.

    A named tuple, so an event read from an ``EventLog`` row is made in C by
    ``tuple.__new__(Event, fields)``: the platform reads every event of every match, and a
    frozen dataclass's ``__init__`` cost more than the rest of making one. Immutable (its
    fields are read-only), equal to an event of the same fields."""

    __slots__ = ()

    def __new__(
        cls,
        seq: int,
        minute: int,
        kind: str,
        side: Side | None,
        player_id: str | None = None,
        detail: Mapping[str, Any] | None = None,
    ) -> Event:
        return tuple.__new__(cls, (seq, minute, kind, side, player_id, {} if detail is None else detail))

    def to_dict(self) -> dict[str, Any]:
        return {
            "seq": self[0],
            "minute": self[1],
            "kind": self[2],
            "side": self[3],
            "player_id": self[4],
            "detail": dict(self[5]),
        }


#: A row of an ``EventLog``: minute, layout, side, player id, then the detail values.
EventRow = tuple[Any, ...]
#: An event's fields as a plain tuple, in ``Event``'s order (an ``Event`` is one).
EventRecord = tuple[int, int, str, Side | None, str | None, Mapping[str, Any]]


@dataclass(frozen=True, slots=True)
class EventKind:
    """A kind of event: its name, what it means (one line) and the detail keys its events
    may carry. The standard kinds (``STANDARD_EVENTS``) give their keys a meaning every
    engine shares; an engine adds keys of its own to them and kinds of its own beside them."""

    name: str
    doc: str = ""
    keys: tuple[str, ...] = ()


#: The kinds every game shares, and the detail keys whose meaning they fix. ``player_id`` and
#: ``side`` say who: the scorer and the scoring side of a goal, the goalkeeper and the
#: keeper's side of a save.
STANDARD_EVENTS: Mapping[str, EventKind] = {
    kind.name: kind
    for kind in (
        EventKind("kick_off", "a period starts", ("score",)),
        EventKind("half_time", "the first half ends", ("score",)),
        EventKind("extra_time", "extra time starts", ("score",)),
        EventKind("full_time", "the match ends; ``score`` as it ends", ("score", "decided_by")),
        EventKind("shot", "player_id shoots at the other side's goal"),
        EventKind("goal", "player_id scores for side; ``score`` after it", ("score",)),
        EventKind("save", "player_id, side's goalkeeper, stops a shot of ``shooter``", ("shooter",)),
        EventKind(
            "penalty_kick",
            "player_id takes a penalty kick; a shoot-out kick has ``shootout`` (or its ``round``) set",
            ("shootout", "kick", "round", "scored"),
        ),
        EventKind("substitution", "a player comes on for side: player_id or ``in``; ``out`` goes off", ("in", "out")),
        EventKind("yellow_card", "player_id is cautioned", ("second_yellow",)),
        EventKind("red_card", "player_id is sent off", ("second_yellow",)),
        EventKind("injury", "player_id is hurt; ``severity`` says for how long", ("severity",)),
    )
}


class EventLayout:
    """How an ``EventLog`` row of one kind holds its detail: the values of ``keys`` in that
    order after the row's four fixed fields, or (``keys`` is None) one detail mapping.
    Made by ``EventVocabulary.layout``, which checks the keys against the declaration.

    ``event(seq, row)`` and ``as_dict(seq, row)`` make a row's ``Event`` and its
    ``Event.to_dict()``; each is written for its layout (the row unpacked, the kind and
    the detail keys in a dict display, the event made by ``tuple.__new__``), as
    ``namedtuple`` and ``dataclasses`` write their methods: the platform reads every event
    of every match, and ``dict(zip(keys, values))`` alone cost more than a whole event
    made this way. A row of another length than the layout's raises ``ValueError``."""

    __slots__ = ("kind", "keys", "event", "record", "as_dict")

    def __init__(self, kind: str, keys: tuple[str, ...] | None) -> None:
        if type(kind) is not str or (keys is not None and not all(type(key) is str for key in keys)):
            raise TypeError(f"an event kind and its detail keys are strings: {kind!r}, {keys!r}")
        self.kind = kind
        self.keys = keys
        size = 5 if keys is None else 4 + len(keys)
        values = [f"v{i}" for i in range(size - 4)]
        detail = "dict(v0)" if keys is None else "{" + ", ".join(f"{k!r}: v{i}" for i, k in enumerate(keys)) + "}"
        unpack = (
            "    try:\n"
            f"        minute, _, side, player_id{''.join(', ' + v for v in values)} = row\n"
            "    except ValueError:\n"
            f"        raise ValueError(f'an event row of {{len(row)}} fields for a layout of {size}: {{row!r}}')"
            " from None\n"
        )
        fields = f"seq, minute, {kind!r}, side, player_id, {detail}"
        source = (
            f"def event(seq, row):\n{unpack}    return new(Event, ({fields}))\n"
            f"def record(seq, row):\n{unpack}    return ({fields})\n"
            f"def as_dict(seq, row):\n{unpack}"
            f"    return {{'seq': seq, 'minute': minute, 'kind': {kind!r}, 'side': side, 'player_id': player_id,"
            f" 'detail': {detail}}}\n"
        )
        namespace: dict[str, Any] = {"new": tuple.__new__, "Event": Event}
        exec(source, namespace)  # kind and keys checked strings, written in by repr
        #: The ``Event`` of a row of this layout, numbered ``seq``.
        self.event: Callable[[int, EventRow], Event] = namespace["event"]
        #: The same fields as a plain tuple, a third of the cost of the ``Event``.
        self.record: Callable[[int, EventRow], EventRecord] = namespace["record"]
        #: ``Event.to_dict()`` of that event, made without it.
        self.as_dict: Callable[[int, EventRow], dict[str, Any]] = namespace["as_dict"]

    def __repr__(self) -> str:
        return f"EventLayout({self.kind!r}, {self.keys!r})"


class EventVocabulary:
    """An engine's event kinds: every standard kind, with the engine's own detail keys
    added, and the engine's own kinds. ``EventVocabulary(EventKind("goal", keys=("rating",)),
    EventKind("lineup", "the starting five", ("goaltender_roll",)))``: a standard name
    extends the standard kind, any other name is a kind of the engine's own."""

    def __init__(self, *kinds: EventKind) -> None:
        declared = dict(STANDARD_EVENTS)
        names = [kind.name for kind in kinds]
        for kind in kinds:
            if names.count(kind.name) > 1:
                raise ValueError(f"event kind {kind.name!r} is declared twice")
            standard = STANDARD_EVENTS.get(kind.name)
            if standard is not None:
                extra = tuple(key for key in kind.keys if key not in standard.keys)
                kind = EventKind(kind.name, kind.doc or standard.doc, standard.keys + extra)
            elif not kind.doc:
                raise ValueError(f"event kind {kind.name!r}: an engine's own kind needs a one-line doc")
            declared[kind.name] = kind
        #: Every kind the engine may log, by name.
        self.kinds: Mapping[str, EventKind] = declared

    def keys_of(self, kind: str) -> frozenset[str]:
        """The detail keys ``kind``'s events may carry; ``KeyError`` for a kind not declared."""
        return frozenset(self.kinds[kind].keys)

    def layout(self, kind: str, *keys: str) -> EventLayout:
        """A row layout whose detail values come in the order of ``keys``."""
        declared = self._declared(kind)
        unknown = [key for key in keys if key not in declared.keys]
        if unknown:
            raise ValueError(f"event kind {kind!r} declares no detail key {unknown[0]!r}")
        if len(set(keys)) != len(keys):
            raise ValueError(f"event kind {kind!r}: a detail key given twice in {keys}")
        return EventLayout(kind, keys)

    def mapping(self, kind: str) -> EventLayout:
        """A row layout whose one value is the detail mapping itself, for events whose keys
        vary too much for a fixed order (the contract test still checks them)."""
        self._declared(kind)
        return EventLayout(kind, None)

    def check(self, event: Event) -> None:
        """``ValueError`` naming the kind or key if ``event`` is not in the vocabulary."""
        declared = self.kinds.get(event.kind)
        if declared is None:
            raise ValueError(f"event {event.seq}: kind {event.kind!r} is not declared")
        unknown = sorted(set(event.detail) - set(declared.keys))
        if unknown:
            raise ValueError(f"event {event.seq} ({event.kind}): detail key {unknown[0]!r} is not declared")

    def _declared(self, kind: str) -> EventKind:
        try:
            return self.kinds[kind]
        except KeyError:
            raise ValueError(f"event kind {kind!r} is not declared") from None


class EventLog(Sequence[Event]):
    """The play-by-play as an engine writes it: one tuple per event, ``Event`` objects made
    only when the log is read.

    ``log.add((minute, layout, side, player_id, *values))`` appends one row: a bound
    ``list.append``, a single C call, where building an ``Event`` and its detail dict costs
    an engine's hot loop thirty times as much. ``layout`` (from ``EventVocabulary.layout``)
    names the kind and the detail keys of the values. Read as a sequence, the log gives
    ``Event`` objects numbered from 1, made once and kept; ``to_dicts`` serialises the rows
    without making them."""

    __slots__ = ("rows", "add", "_events")

    def __init__(self) -> None:
        self.rows: list[EventRow] = []
        self.add = self.rows.append
        self._events: list[Event] = []

    def __len__(self) -> int:
        return len(self.rows)

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | list[Event]:
        return self.events()[index]

    def __iter__(self) -> Iterator[Event]:
        return iter(self.events())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog):
            return self.events() == other.events()
        if isinstance(other, list):
            return self.events() == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"EventLog({len(self.rows)} events)"

    def events(self) -> list[Event]:
        """Every row as an ``Event``; rows added since the last read are made now."""
        events, rows = self._events, self.rows
        start = len(events)
        if start < len(rows):
            events += [row[1].event(seq, row) for seq, row in enumerate(rows[start:], start + 1)]
        return events

    def records(self) -> list[EventRecord]:
        """Every event's fields as a plain tuple, made straight from the rows: for a reader of
        every event (the platform storing a result), without the cost of ``Event`` objects."""
        return [row[1].record(seq, row) for seq, row in enumerate(self.rows, start=1)]

    def to_dicts(self) -> list[dict[str, Any]]:
        """The events as ``Event.to_dict`` gives them, made straight from the rows."""
        return [row[1].as_dict(seq, row) for seq, row in enumerate(self.rows, start=1)]


def event_records(events: Sequence[Event]) -> Sequence[EventRecord]:
    """The fields of every event as tuples (seq, minute, kind, side, player_id, detail): an
    ``EventLog`` makes them from its rows, a list of ``Event`` is one already."""
    if isinstance(events, EventLog):
        return events.records()
    return events


def event_dicts(events: Sequence[Event]) -> list[dict[str, Any]]:
    """``Event.to_dict`` of every event, the quick way for an ``EventLog``."""
    if isinstance(events, EventLog):
        return events.to_dicts()
    return [event.to_dict() for event in events]


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
        if options is None or isinstance(options, MatchOptions):
            return options or cls()
        data = dict(options)
        winner_required = data.pop("winner_required", False)
        if not isinstance(winner_required, bool):  # bool("false") would be yes
            raise CardError(f"options.winner_required: {winner_required!r} is not allowed; allowed: true, false")
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
    #: An ``EventLog`` (or, from engines not ported to it yet, a list of ``Event``).
    events: Sequence[Event] = field(default_factory=list)
    #: A ``StatTable`` (or a dict of stat dicts, from engines that keep their counters so).
    player_stats: Mapping[str, dict[str, int]] = field(default_factory=dict)

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
            "events": event_dicts(self.events),
            "player_stats": stat_dicts(self.player_stats),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))


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
    #: The event kinds and detail keys the engine logs (the standard ones and its own).
    event_vocabulary: EventVocabulary = EventVocabulary()
    serious_injuries: Mapping[str, Mapping[str, Any]] = {}  #: injury events outlasting the match: kind -> detail

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

    def tactics_cost(self, tactics: Mapping[str, Any]) -> int:
        """BootCoins a team's tactics buy from its budget (Mutant Soccer's extra tactical cards);
        0 in a game whose orders cost nothing. The tactics are valid (``validate_tactics``)."""
        return 0

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
