"""Helpers for the "11" tests: positions written with space names, and coaches that obey."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from engines.eleven.board import LABELS, NORTH_GOAL, RAYS, SOUTH_GOAL, SPACE_BY_LABEL
from engines.eleven.coach import Coach
from engines.eleven.rules import (
    END,
    END_ACTION,
    OFF,
    RUN,
    SHOT,
    Action,
    Position,
    Turn,
    apply_action,
    legal_actions,
    run_actions,
)


def build_position(
    pieces: dict[int, str], ball: str | None = None, defends: tuple[int, int] = (SOUTH_GOAL, NORTH_GOAL)
) -> Position:
    """Pieces by number (0 home goalie, 1-10 home, 11 away goalie, 12-21 away) on named spaces."""
    position = Position(defends=defends)
    for piece, name in pieces.items():
        position.put(piece, SPACE_BY_LABEL[name])
    position.ball = SPACE_BY_LABEL[ball] if ball else OFF
    return position


def run_ends(position: Position, turn: Turn, piece: int) -> set[str]:
    """Where the piece's runs end (attacks as 'target>push')."""
    ends = set()
    for _, _, direction, steps, push_to in run_actions(position, turn, piece):
        end = LABELS[RAYS[position.places[piece]][direction][steps - 1]]
        ends.add(end if push_to == OFF else f"{end}>{LABELS[push_to]}")
    return ends


def find_run(position: Position, turn: Turn, piece: int, to: str, push: str | None = None) -> Action:
    for action in run_actions(position, turn, piece):
        end = LABELS[RAYS[position.places[piece]][action[2]][action[3] - 1]]
        pushed = None if action[4] == OFF else LABELS[action[4]]
        if action[0] == RUN and end == to and pushed == push:
            return action
    raise AssertionError(f"no run of piece {piece} to {to} (push {push})")


class PassiveCoach(Coach):
    """Places like the default coach but never moves: every turn is END."""

    def plan_turn(self, position: Position, turn: Turn) -> list[Action]:
        return [END_ACTION]


class RecordingCoach(PassiveCoach):
    """A passive coach that writes down where it placed pieces, in order."""

    def __init__(self, journal: list[tuple[int, str]]) -> None:
        super().__init__()
        self.journal = journal

    def placement_space(self, position: Position, side: int) -> int:
        space = super().placement_space(position, side)
        self.journal.append((side, LABELS[space]))
        return space


@pytest.fixture
def build() -> Callable[..., Position]:
    return build_position


@pytest.fixture
def ends() -> Callable[[Position, Turn, int], set[str]]:
    return run_ends


@pytest.fixture
def run() -> Callable[..., Action]:
    return find_run


@pytest.fixture
def passive() -> type[PassiveCoach]:
    return PassiveCoach


@pytest.fixture
def recording() -> type[RecordingCoach]:
    return RecordingCoach


class RandomCoach(PassiveCoach):
    """Plays uniformly random legal actions (its own seeded generator, not the match dice).

    Drives the move generator into corners no sensible coach visits.
    """

    def __init__(self, seed: int) -> None:
        super().__init__()
        self.random = random.Random(seed)

    def plan_turn(self, position: Position, turn: Turn) -> list[Action]:
        here, here_turn = position.copy(), turn.copy()
        plan: list[Action] = []
        while True:
            actions = legal_actions(here, here_turn)
            shots = [a for a in actions if a[0] == SHOT]
            if shots:
                plan.append(shots[0])
                return plan
            if END_ACTION in actions and (self.random.random() < 0.2 or len(plan) > 12):
                action = END_ACTION
            else:
                action = self.random.choice([a for a in actions if a != END_ACTION] or actions)
            plan.append(action)
            if action[0] in (SHOT, END):
                return plan
            apply_action(here, here_turn, action)


@pytest.fixture
def random_coach() -> type[RandomCoach]:
    return RandomCoach
