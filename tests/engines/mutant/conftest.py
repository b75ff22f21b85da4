"""A hand-built table for Mutant Soccer rule tests: who stands where, which dice, which cards.

Die faces by the number a scripted d6 returns (see ``engines/mutant/tactics.py``):
attack die 1 SPECIAL, 2 INJURY, 3 +2, 4 +2, 5 -2, 6 blank;
defence die 1 SPECIAL, 2 INJURY, 3 +3, 4 -2, 5 blank, 6 blank.
"""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import ScriptedDice
from engines.mutant import board, coach
from engines.mutant.match import Match, Player, Team


class Kit:
    A_SPECIAL, A_INJURY, A_PLUS2, A_MINUS2, A_BLANK = 1, 2, 3, 5, 6
    D_SPECIAL, D_INJURY, D_PLUS3, D_MINUS2, D_BLANK = 1, 2, 3, 4, 5

    @staticmethod
    def card(pid: str, role: str = "field", attack: int = 3, defence: int = 3, **more: Any) -> dict[str, Any]:
        return {
            "id": pid,
            "name": pid.upper(),
            "role": role,
            "attack": attack,
            "defence": defence,
            "mutant_attack": more.pop("mutant_attack", attack),
            "mutant_defence": more.pop("mutant_defence", defence),
            "trigger": more.pop("trigger", "you_succeed"),
            "power": more.pop("power", "draw_two"),
        }

    @classmethod
    def sheet(cls, prefix: str, attack: int = 3, defence: int = 3, keeper: int | None = None, **lineup: Any) -> dict:
        """A team sheet of five equal field players and a keeper (coach Alter Hase unless told)."""
        players = [cls.card(f"{prefix}{i}", attack=attack, defence=defence) for i in range(5)]
        players.append(cls.card(f"{prefix}k", role="goalkeeper", attack=1, defence=keeper or defence))
        return {"name": prefix, "players": players, "lineup": {"coach": "alter_hase", **lineup}}

    def match(
        self,
        rolls: list[int] | tuple[int, ...] = (),
        coaches: tuple[str, str] = ("taktikerin", "taktikerin"),
        styles: tuple[str, str] = ("careful", "careful"),
        bench: tuple[list[dict[str, Any]], list[dict[str, Any]]] = ([], []),
        field: int = 5,
    ) -> Match:
        """Two teams of 3/3 players (h1..h5, a1..a5, keepers hk, ak), nobody on the board yet."""
        teams = []
        for side, prefix in ((0, "h"), (1, "a")):
            starters = [Player(self.card(f"{prefix}{i}"), side) for i in range(1, field + 1)]
            keeper = Player(self.card(f"{prefix}k", role="goalkeeper"), side)
            subs = [Player(c, side) for c in bench[side]]
            teams.append(Team(side, prefix, starters, keeper, subs, coaches[side], styles[side]))
        m = Match(teams[0], teams[1], ScriptedDice(rolls), coach)
        m.deck = ["attack+1"] * 20
        m.tokens_left = 9
        return m

    @staticmethod
    def player(m: Match, pid: str) -> Player:
        for team in m.teams:
            for p in [*team.players, *team.bench]:
                if p.id == pid:
                    return p
        raise KeyError(pid)

    def place(self, m: Match, pid: str, row: int, col: int, **attrs: Any) -> Player:
        """Put a field player on a square (and set card values such as attack=4, mutated=True)."""
        p = self.player(m, pid)
        if p.sq is not None and m.board[p.sq] is p:
            m.board[p.sq] = None
        sq = board.square(row, col)
        assert m.board[sq] is None, f"square {row},{col} is taken"
        p.sq = sq
        m.board[sq] = p
        for key, value in attrs.items():
            setattr(p, key, value)
        p.mutated = p.mutated  # refresh the current powers
        return p

    @staticmethod
    def ready(m: Match) -> Match:
        """Drop the field players no test placed, so the scene holds only the placed cards."""
        for team in m.teams:
            for p in [p for p in team.field if p.sq is None]:
                team.field.remove(p)
                team.players.remove(p)
        return m

    def one_on_one(
        self,
        monkeypatch: pytest.MonkeyPatch,
        rolls: list[int],
        home: list[str] | tuple[str, ...] = (),
        away: list[str] | tuple[str, ...] = (),
        h1: dict[str, Any] | None = None,
        a1: dict[str, Any] | None = None,
    ) -> tuple[Match, Player, Player]:
        """h1 on (1, 2) with the ball, a1 on (2, 2) in front of him, and the next duel's cards."""
        m = self.match(rolls=rolls)
        carrier = self.place(m, "h1", 1, 2, **(h1 or {}))
        rival = self.place(m, "a1", 2, 2, **(a1 or {}))
        self.ready(m)
        m.holder = carrier
        self.force_cards(m, monkeypatch, home=list(home), away=list(away))
        return m, carrier, rival

    @staticmethod
    def stack(m: Match, *cards: str) -> None:
        """The next draws, in order, then plain filler."""
        m.deck = ["attack+1"] * 20 + list(reversed(cards))

    @staticmethod
    def force_cards(m: Match, monkeypatch: pytest.MonkeyPatch, home: list[str], away: list[str]) -> None:
        """The next duel's face-down cards (put into the hands first); later duels get none."""
        plans = {0: list(home), 1: list(away)}
        m.teams[0].hand.extend(c for c in home if c != "dummy")
        m.teams[1].hand.extend(c for c in away if c != "dummy")

        def planned(match, team, me, rival, attacking, shot):
            cards, plans[team.side] = plans[team.side], []
            return cards

        monkeypatch.setattr(coach, "duel_cards", planned)

    @staticmethod
    def kinds(m: Match) -> list[str]:
        return [e.kind for e in m.events]


@pytest.fixture
def kit() -> Kit:
    return Kit()
