"""Team sheets turned into what the match loop reads: cards with their check
tables, and a side's starting lineup and bench order as given (the sheet's
lineup is read here; the computer coach's choices are ``coach.py``'s).

Every check of the rule book is a lookup here: ``card.offence_ok[die]`` is True
when an OFFENCE CHECK with that black die succeeds (a six always fails, a one
always succeeds), ``card.goaltending_checks[minus_ten][0][roll]`` when a goaltending roll (an index 0-35 of
a black/white pair, see ``PAIRS``) is saved. Building the tables once per team sheet keeps the
minute loop down to tuple lookups.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from engines.core import CardError, TeamSheet
from engines.futti.cards import FIELD, GOALKEEPER, validate_card
from engines.futti.charts import GOALKEEPER_SLOT
from engines.sheets import FrozenTeamSheet

#: A squad: six field players and two goaltenders (four field players and a
#: goaltender start; the rest dress as reserves).
SQUAD = {FIELD: 6, GOALKEEPER: 2}
#: A sheet may be short of field players (suspended or injured, left off by the league office)
#: down to the four who start: the rule book's PLAYING SHORT A PLAYER has a side without
#: reserves play on. Both goaltenders stay required (the goaltender roll picks one of two).
MIN_FIELD = 4

#: PAIRS[index] is the (black, white) pair a goaltending roll index 0-35 stands for.
PAIRS: tuple[tuple[int, int], ...] = tuple((black, white) for black in range(1, 7) for white in range(1, 7))

#: The injury check of a goaltender is made against a rating of three.
GOALTENDER_INJURY_RATING = 3


@cache
def check_table(rating: int) -> tuple[bool, ...]:
    """Success of a d6 check against ``rating`` for each face (index 0 unused):
    at or under the rating succeeds, a six always fails, a one always succeeds."""
    return (False, *(face == 1 or (face != 6 and face <= rating) for face in range(1, 7)))


@cache
def save_table(rating: int) -> tuple[bool, ...]:
    """Goaltending saves for each pair index: black tens, white ones, saved when
    the roll is at or under the rating. MINUS TEN is a rating ten lower (44
    becomes 34; a 1x rating becomes 0x and saves nothing)."""
    return tuple(black * 10 + white <= rating for black, white in PAIRS)


GOALTENDER_INJURY_OK = check_table(GOALTENDER_INJURY_RATING)

#: For each field box: how many die faces pick it as key offensive player and
#: as key defender (from the charts' die indicators).
BoxWeights = tuple[tuple[int, int], ...]


class Card:
    """A validated card of one side in one match, with its check tables."""

    __slots__ = (
        "slot",
        "id",
        "role",
        "offence",
        "defence",
        "sportsmanship",
        "stars",
        "goaltending",
        "offence_ok",
        "defence_ok",
        "breakaway_ok",
        "sportsmanship_ok",
        "goaltending_checks",
        "order",
    )

    slot: int
    id: str
    role: str
    offence: int
    defence: int
    sportsmanship: int
    stars: int
    goaltending: int
    offence_ok: tuple[bool, ...]
    defence_ok: tuple[bool, ...]
    breakaway_ok: tuple[bool, ...]
    sportsmanship_ok: tuple[bool, ...]
    goaltending_checks: tuple[tuple[tuple[bool, ...], int], tuple[tuple[bool, ...], int]]
    order: int

    def __init__(self, slot: int, order: int, player_id: str, attributes: Mapping[str, Any]) -> None:
        self.slot = slot  # index into the match's per-player counters (home 0-7, away 8-15)
        self.order = order  # position on the sheet, the tie-break of every coach choice
        self.id = player_id
        self.role = attributes["role"]
        self.offence = attributes.get("offence", 0)
        self.defence = attributes.get("defence", 0)
        self.sportsmanship = attributes["sportsmanship"]
        self.stars = attributes.get("stars", 0)
        self.goaltending = attributes.get("goaltending", 0)
        self.offence_ok = check_table(self.offence)
        self.defence_ok = check_table(self.defence)
        self.breakaway_ok = check_table(self.offence + 2)
        self.sportsmanship_ok = check_table(self.sportsmanship)
        #: (saves by pair index, rating) of a goaltending check, and of one MINUS TEN
        self.goaltending_checks = (
            (save_table(self.goaltending), self.goaltending),
            (save_table(self.goaltending - 10), self.goaltending - 10),
        )

    def __repr__(self) -> str:
        return f"Card({self.id!r}, {self.role})"


class Team:
    """One side's squad as the match starts it (shared by every match of the sheet)."""

    __slots__ = (
        "name",
        "cards",
        "card_ids",
        "ids",
        "lineup",
        "goalkeepers",
        "stars",
        "field_bench",
        "lineups",
        "benches",
    )

    def __init__(
        self,
        name: str,
        cards: tuple[Card, ...],
        lineup: tuple[Card, ...],
        goalkeepers: tuple[Card, Card],
        field_bench: tuple[tuple[Card, ...], ...],
    ) -> None:
        self.name = name
        self.cards = cards
        self.lineup = lineup  # attacker_1, attacker_2, defender_1, defender_2, chosen goaltender
        self.goalkeepers = goalkeepers  # chosen goaltender first, the reserve second
        self.stars = sum(card.stars for card in lineup[:GOALKEEPER_SLOT])
        #: for each field box, the field reserves in the order the coach sends them on
        self.field_bench = field_bench
        self.card_ids = tuple(card.id for card in cards)  # in slot order
        self.ids = frozenset(self.card_ids)
        chosen, reserve = goalkeepers
        #: by the goaltender roll (chosen starts, reserve starts): the five boxes and the bench per box
        self.lineups = ((*lineup[:GOALKEEPER_SLOT], chosen), (*lineup[:GOALKEEPER_SLOT], reserve))
        self.benches = ((*self.field_bench, (reserve,)), (*self.field_bench, (chosen,)))


def shooter_rank(card: Card) -> tuple[int, int, int]:
    """Who takes a penalty kick when the fouled player cannot: best offence."""
    return (-card.offence, -card.defence, card.order)


def read_cards(sheet: TeamSheet, side_index: int) -> list[Card]:
    """The sheet's cards validated (every card, the squad's size and roles), in sheet order."""
    cards: list[Card] = []
    counts = dict.fromkeys(SQUAD, 0)
    for order, player in enumerate(sheet.players):
        try:
            attributes = validate_card(player)
        except CardError as exc:
            raise CardError(f"{sheet.name}, player {player['id']}: {exc}") from exc
        counts[attributes["role"]] += 1
        cards.append(Card(side_index * 8 + order, order, player["id"], attributes))
    if counts[GOALKEEPER] != SQUAD[GOALKEEPER] or not MIN_FIELD <= counts[FIELD] <= SQUAD[FIELD]:
        raise CardError(
            f"{sheet.name}: a Fütti squad is 6 field players and 2 goaltenders, "
            f"this sheet has {counts[FIELD]} field players and {counts[GOALKEEPER]} goaltenders "
            f"(a side with players out may start with {MIN_FIELD} field players, without reserves)"
        )
    return cards


def sheet_lineup(lineup: Any, by_id: dict[str, Card]) -> tuple[tuple[Card, ...], Card]:
    """The starters and goaltender a sheet names (``"lineup"``), checked against its cards."""
    if not isinstance(lineup, Mapping):
        raise CardError("lineup: expected {'attackers': [id, id], 'defenders': [id, id], 'goalkeeper': id}")
    chosen: list[Card] = []
    for key in ("attackers", "defenders"):
        ids = lineup.get(key)
        if not isinstance(ids, list | tuple) or len(ids) != 2:
            raise CardError(f"lineup.{key}: expected a list of two player ids, got {ids!r}")
        for player_id in ids:
            card = by_id.get(str(player_id))
            if card is None or card.role != FIELD:
                raise CardError(f"lineup.{key}: {player_id!r} is not a field player of this sheet")
            if card in chosen:
                raise CardError(f"lineup.{key}: {player_id!r} is named twice in the lineup")
            chosen.append(card)
    keeper = by_id.get(str(lineup.get("goalkeeper")))
    if keeper is None or keeper.role != GOALKEEPER:
        raise CardError(f"lineup.goalkeeper: {lineup.get('goalkeeper')!r} is not a goaltender of this sheet")
    return tuple(chosen), keeper


class TeamCache:
    """Prepared teams by sheet object, for callers that replay one sheet often.

    A hit needs the very same object whose content still equals a snapshot
    taken when it was prepared, so a sheet edited in place is prepared anew.
    Comparing the snapshot is a C-level equality of a few small dicts, far
    cheaper than validating sixteen cards again; a ``FrozenTeamSheet`` cannot
    change, so the object alone is enough (a twelfth of a match saved).
    """

    def __init__(self, build: Callable[[TeamSheet, int, BoxWeights], Team], size: int = 64) -> None:
        self._build = build
        self._size = size
        self._entries: dict[tuple[int, int, int], tuple[Any, Any, Team, BoxWeights]] = {}

    def get(self, sheet: TeamSheet | Mapping[str, Any], side_index: int, weights: BoxWeights) -> Team:
        key = (id(sheet), side_index, id(weights))
        entry = self._entries.get(key)
        if (
            entry is not None
            and entry[0] is sheet
            and entry[3] is weights
            and (type(sheet) is FrozenTeamSheet or _snapshot_equal(sheet, entry[1]))
        ):
            return entry[2]
        team = self._build(TeamSheet.coerce(sheet), side_index, weights)
        if len(self._entries) >= self._size:
            self._entries.clear()
        snapshot = None if type(sheet) is FrozenTeamSheet else _snapshot(sheet)
        self._entries[key] = (sheet, snapshot, team, weights)
        return team


def _snapshot(sheet: TeamSheet | Mapping[str, Any]) -> Any:
    if isinstance(sheet, TeamSheet):
        return (sheet.name, [dict(player) for player in sheet.players], copy.deepcopy(sheet.lineup))
    return copy.deepcopy(dict(sheet))


def _snapshot_equal(sheet: TeamSheet | Mapping[str, Any], snapshot: Any) -> bool:
    if isinstance(sheet, TeamSheet):
        unchanged: bool = (sheet.name, list(sheet.players), sheet.lineup) == snapshot
    else:
        unchanged = sheet == snapshot
    return unchanged
