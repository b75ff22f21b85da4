"""A fixed cast for the Fütti tests, and helpers that force every roll.

Home: attackers hA1 (offence 4, defence 2, one star) and hA2 (3/3), defenders
hD1 (2/5) and hD2 (2/4), reserves hR1 (5/1) and hR2 (1/3), goaltenders hG1
(44) and hG2 (21). The visitors mirror them with an ``a`` prefix and no
star, so the home side has a control advantage of 2 (one star plus one for
home): the home range is 6-12, as in the rule book's example.

Board slots: black 1-2 picks attacker 1, 3-4 attacker 2, 5 defender 1, 6
defender 2; white 1-2 picks defender 1, 3-4 defender 2, 5 attacker 1, 6
attacker 2.
"""

from __future__ import annotations

import copy
from types import SimpleNamespace
from typing import Any

import pytest

from engines import ScriptedDice
from engines.futti import ENGINE
from engines.futti.charts import DEFAULT_CHARTS
from engines.futti.match import Match


def field(player_id: str, offence: int, defence: int, sportsmanship: int = 3, stars: int = 0) -> dict[str, Any]:
    return {
        "id": player_id,
        "name": player_id,
        "role": "field",
        "offence": offence,
        "defence": defence,
        "sportsmanship": sportsmanship,
        "stars": stars,
        "price": 1,
    }


def keeper(player_id: str, goaltending: int, sportsmanship: int = 3) -> dict[str, Any]:
    return {
        "id": player_id,
        "name": player_id,
        "role": "goalkeeper",
        "goaltending": goaltending,
        "sportsmanship": sportsmanship,
    }


def sheet(prefix: str, stars: int) -> dict[str, Any]:
    p = prefix
    return {
        "name": "Home" if p == "h" else "Away",
        "players": [
            field(f"{p}A1", 4, 2, stars=stars),
            field(f"{p}A2", 3, 3),
            field(f"{p}D1", 2, 5),
            field(f"{p}D2", 2, 4),
            field(f"{p}R1", 5, 1),
            field(f"{p}R2", 1, 3),
            keeper(f"{p}G1", 44),
            keeper(f"{p}G2", 21),
        ],
        "lineup": {"attackers": [f"{p}A1", f"{p}A2"], "defenders": [f"{p}D1", f"{p}D2"], "goalkeeper": f"{p}G1"},
    }


HOME_SHEET = sheet("h", stars=1)
AWAY_SHEET = sheet("a", stars=0)

#: A minute that changes nothing much: attacker 1 against defender 1, both
#: checks succeed (black 1, white 2), loose ball, d12 7: home ball.
QUIET = (1, 1, 1, 2, 7)


def start(*rolls: int, home: dict | None = None, away: dict | None = None, goaltender_rolls=(1, 1), **options) -> Match:
    """A match after setup whose next rolls are ``rolls``."""
    home_team, away_team = ENGINE.prepare(copy.deepcopy(home or HOME_SHEET), copy.deepcopy(away or AWAY_SHEET))
    match = Match(home_team, away_team, ScriptedDice([*goaltender_rolls, *rolls]), DEFAULT_CHARTS, **options)
    match.setup()
    return match


def play(match: Match, first: int, possession: int = 0, last: int | None = None) -> int:
    """Play minutes ``first``..``last`` (one minute by default) and check every roll was used."""
    minute = match.play_minutes(first, last or first, possession)
    assert match.dice.remaining == [], f"rolls left over: {match.dice.remaining}"
    return minute


def log(match: Match, since_minute: int = 1) -> list[tuple[str, str | None, str | None]]:
    """(kind, side, player) of every event from a minute on."""
    return [(e.kind, e.side, e.player_id) for e in match.events if e.minute >= since_minute]


def details(match: Match, kind: str) -> list[dict[str, Any]]:
    return [e.detail for e in match.events if e.kind == kind]


def on_field(match: Match, side: int) -> list[str | None]:
    return [card and card.id for card in match.on[side]]


@pytest.fixture
def futti() -> SimpleNamespace:
    """The cast and the helpers, for tests (test modules cannot import conftest)."""
    return SimpleNamespace(
        engine=ENGINE,
        start=start,
        play=play,
        log=log,
        details=details,
        on_field=on_field,
        field=field,
        keeper=keeper,
        home=HOME_SHEET,
        away=AWAY_SHEET,
        quiet=QUIET,
    )
