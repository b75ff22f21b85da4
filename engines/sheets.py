"""Team sheets that cannot change, for callers that play one side many times, and the check
that a card plays for one side only."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from engines.core import CardError, TeamSheet


@dataclass(frozen=True)
class FrozenTeamSheet(TeamSheet):
    """A team sheet that cannot change: its cards and lineup are read-only copies (mappings
    as ``MappingProxyType``, lists as tuples), made when it is built. An engine may keep what
    it made of one (the validated squad) by the object alone, where a plain sheet must be
    compared with a snapshot before every match, since its cards could have been edited in
    place. For callers that play one side many times (``bench``, ``stats``, a season's
    benchmark): ``FrozenTeamSheet.coerce(sheet)``."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(map(_frozen, self.players)))
        object.__setattr__(self, "lineup", _frozen(self.lineup))

    @classmethod
    def coerce(cls, sheet: TeamSheet | Mapping[str, Any]) -> FrozenTeamSheet:
        if type(sheet) is FrozenTeamSheet:
            return sheet
        plain = TeamSheet.coerce(sheet)
        return cls(name=plain.name, players=plain.players, lineup=plain.lineup)

    def to_dict(self) -> dict[str, Any]:
        thawed: dict[str, Any] = _thawed(super().to_dict())
        return thawed


def _frozen(value: Any) -> Any:
    """A read-only deep copy: mappings as ``MappingProxyType``, lists and tuples as tuples."""
    if isinstance(value, Mapping):
        return MappingProxyType({key: _frozen(item) for key, item in value.items()})
    if isinstance(value, list | tuple):
        return tuple(map(_frozen, value))
    return value


def _thawed(value: Any) -> Any:
    """A frozen value as plain JSON-ready data again: dicts and lists."""
    if isinstance(value, Mapping):
        return {key: _thawed(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return list(map(_thawed, value))
    return value


def refuse_shared_players(home: TeamSheet, away: TeamSheet) -> None:
    """A card plays for one side: the same id on both sheets would merge two players' stats."""
    shared = {str(p["id"]) for p in home.players} & {str(p["id"]) for p in away.players}
    if shared:
        raise CardError(f"player {sorted(shared)[0]!r} is on both team sheets; a card plays for one side")
