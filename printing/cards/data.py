"""What a card sheet prints, as plain data: the selectors (``printing.cards.selectors``) read
the database into a ``CardSet``, the renderer (``printing.cards.render``) draws it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class PrintCard:
    """One card as it prints: nothing here is an ORM row."""

    name: str
    role: str
    price: int
    team: str
    attributes: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class CardSet:
    """The cards of one print job, all of one game (``engine`` is the engine key)."""

    title: str
    engine: str
    cards: tuple[PrintCard, ...]


class NothingToPrint(LookupError):
    """The team, season or players asked for have no cards (e.g. no squad drafted yet)."""
