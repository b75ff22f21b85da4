"""Helpers to set up a Calciotto position by hand, for tests and for reading the rules.

``position(...)`` builds a match with pieces on given squares, the ball with a
given piece, hands of cards and scripted dice; ``ScriptedCoach`` answers the
decisions a test wants to force (cards, sixes, free-kick choices) and leaves
the rest to the strong coach.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engines.calciotto import cards as C
from engines.calciotto import field as F
from engines.calciotto.coach import Coach
from engines.calciotto.match import Match, Piece
from engines.core import MatchOptions, ScriptedDice

#: (id, role, move, strength, (col, row) absolute or None for the bench)
PieceSpec = tuple[str, str, int, int, tuple[int, int] | None]


class ScriptedCoach(Coach):
    """A strong coach whose card, six, free-kick (taker, target) decisions a test fixes in advance."""

    def __init__(
        self,
        moving_cards: Iterable[str | None] = (),
        action_cards: Iterable[str | None] = (),
        answers: Iterable[str | None] = (),
        drop_sixes: Iterable[bool] = (),
        free_kick: Any = "coach",
        subs: Sequence[tuple[str, str]] = (),
        taker: str | None = None,
    ) -> None:
        super().__init__("strong", replacements=())
        self.moving_cards = deque(moving_cards)
        self.action_cards = deque(action_cards)
        self.answers = deque(answers)
        self.drop_sixes = deque(drop_sixes)
        self.free_kick = free_kick
        self.subs = list(subs)
        self.taker = taker
        self.seen_free_kick_targets: list[Any] = []

    def moving_card(self, match: Match, side: int, mode: str, counter_attack: bool) -> str | None:
        return self.moving_cards.popleft() if self.moving_cards else None

    def answer_moving_card(self, match: Match, side: int, card: str) -> str | None:
        return self.answers.popleft() if self.answers else None

    def action_card(
        self, match: Match, side: int, phase: str, user: str, answering: str | None, first_roll: int | None
    ) -> str | None:
        return self.action_cards.popleft() if self.action_cards else None

    def drop_six(self, match: Match, side: int, context: str, dice: tuple[int, int], **facts: Any) -> bool:
        return self.drop_sixes.popleft() if self.drop_sixes else False

    def relocate(
        self, match: Match, side: int, count: int, ball_square: int, barrier: Sequence[Piece]
    ) -> list[tuple[Piece, int]]:
        return []

    def free_kick_taker(self, match: Match, side: int, fouled: Piece) -> Piece:
        if self.taker is None:
            return super().free_kick_taker(match, side, fouled)
        return piece_by_id(match, self.taker)

    def choose_free_kick(self, match: Match, side: int, targets: Sequence[Any]) -> Any:
        self.seen_free_kick_targets = list(targets)
        if self.free_kick == "coach":
            return super().choose_free_kick(match, side, targets)
        return self.free_kick

    def substitutions(self, match: Match, side: int, left: int) -> list[tuple[Piece, Piece]]:
        swaps = []
        for out_id, in_id in self.subs[:left]:
            out = next(p for p in match.field[side] if p.id == out_id)
            incoming = next(p for p in match.bench[side] if p.id == in_id)
            swaps.append((out, incoming))
        self.subs = self.subs[left:]
        return swaps


def card(pid: str, role: str, move: int = 3, strength: int = 3) -> dict[str, Any]:
    return {"id": pid, "name": pid, "role": role, "move": move, "strength": strength}


def position(
    rolls: Iterable[int],
    home: Sequence[PieceSpec],
    away: Sequence[PieceSpec],
    ball: str | None = None,
    hands: Mapping[int, list[str]] | None = None,
    coaches: Sequence[Coach] | None = None,
    settings: Mapping[str, Any] | None = None,
) -> Match:
    """A match in the middle of play: pieces where the test puts them, scripted dice."""
    sheets = [
        {"players": [card(pid, role, move, strength) for pid, role, move, strength, _ in specs]}
        for specs in (home, away)
    ]
    match = Match(
        sheets,
        ScriptedDice(list(rolls)),
        MatchOptions(settings=dict(settings or {})),
        list(coaches or (ScriptedCoach(), ScriptedCoach())),
    )
    match.minute = 10
    for side, specs in enumerate((home, away)):
        for pid, _, _, _, square in specs:
            if square is None:
                continue
            piece = next(p for p in match.bench[side] if p.id == pid)
            match.bench[side].remove(piece)
            match.field[side].append(piece)
            match.place(piece, F.cell(*square))
            piece.entered = 0
    if ball is not None:
        match.ball = piece_by_id(match, ball)
    deck = C.build_deck()
    for side, names in (hands or {}).items():
        for name in names:
            deck.remove(name)
            match.hands[side].append(name)
    match.deck = deque(deck)
    return match


def piece_by_id(match: Match, pid: str) -> Piece:
    for group in (*match.field, *match.bench, *match.sent_off):
        for piece in group:
            if piece.id == pid:
                return piece
    raise KeyError(pid)


def start_phase(match: Match, side: int, points: int) -> None:
    """Open a moving phase for ``side`` with ``points`` moving points, without dice or cards."""
    match.open_phase(side, points)


def kinds(match: Match) -> list[str]:
    return [e.kind for e in match.events]
