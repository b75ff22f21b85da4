"""A frozen team sheet: read-only cards, and engines that cache it by the object alone."""

from __future__ import annotations

import json

import pytest

from engines import get_engine
from engines.core import FrozenTeamSheet, TeamSheet
from engines.flexdeck import engine as flexdeck_engine
from engines.futti import team as futti_team


def test_a_frozen_sheets_cards_cannot_be_edited_and_serialise_as_the_sheet():
    sheet = get_engine("flexdeck").sample_team(1)
    frozen = FrozenTeamSheet.coerce(sheet)
    with pytest.raises(TypeError):
        frozen.players[0]["colour"] = "red"  # type: ignore[index]
    assert type(frozen.players[0]["pips"]) is tuple
    assert frozen.to_dict() == TeamSheet.coerce(sheet).to_dict()
    assert json.loads(json.dumps(frozen.to_dict())) == TeamSheet.coerce(sheet).to_dict()
    assert FrozenTeamSheet.coerce(frozen) is frozen and TeamSheet.coerce(frozen) is frozen


def test_frozen_sheets_are_frozen_however_made():
    frozen = FrozenTeamSheet(name="X", players=({"id": "1", "pips": [1, 2]},), lineup={"order": ["1"]})
    assert frozen.players[0]["pips"] == (1, 2) and frozen.lineup is not None and frozen.lineup["order"] == ("1",)


@pytest.mark.parametrize("key", ["futti", "flexdeck"])
def test_a_frozen_sheet_plays_the_same_matches(key):
    engine = get_engine(key)
    home, away = engine.sample_team(1), engine.sample_team(2)
    frozen = FrozenTeamSheet.coerce(home), FrozenTeamSheet.coerce(away)
    for seed in range(3):
        assert engine.simulate(*frozen, seed=seed).to_json() == engine.simulate(home, away, seed=seed).to_json()


def _refuse(*args, **kwargs):
    raise AssertionError("a frozen sheet was checked against its snapshot")


def test_futti_takes_a_frozen_sheet_from_its_cache_without_a_check(monkeypatch):
    engine = get_engine("futti")
    home, away = (FrozenTeamSheet.coerce(engine.sample_team(seed)) for seed in (1, 2))
    first = engine.simulate(home, away, seed=4).to_json()
    monkeypatch.setattr(futti_team, "_snapshot_equal", _refuse)
    assert engine.simulate(home, away, seed=4).to_json() == first
    with pytest.raises(AssertionError, match="snapshot"):  # a plain sheet is checked
        plain = engine.sample_team(1)
        engine.simulate(plain, away, seed=4)
        engine.simulate(plain, away, seed=4)


def test_flexdeck_takes_a_frozen_sheet_from_its_cache_without_a_check(monkeypatch):
    engine = get_engine("flexdeck")
    home, away = (FrozenTeamSheet.coerce(engine.sample_team(seed)) for seed in (1, 2))
    first = engine.simulate(home, away, seed=4).to_json()
    monkeypatch.setattr(flexdeck_engine, "_players_of", _refuse)
    assert engine.simulate(home, away, seed=4).to_json() == first
