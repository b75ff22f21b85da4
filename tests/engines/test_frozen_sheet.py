"""A frozen team sheet: read-only cards, and engines that cache it by the object alone."""

from __future__ import annotations

import json

import pytest

from engines import get_engine
from engines.core import TeamSheet
from engines.flexdeck import engine as flexdeck_engine
from engines.futti import team as futti_team
from engines.sheets import FrozenTeamSheet


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


@pytest.mark.parametrize(
    ("key", "module", "check"), [("futti", futti_team, "_snapshot_equal"), ("flexdeck", flexdeck_engine, "_players_of")]
)
def test_a_frozen_sheet_comes_from_the_squad_cache_without_a_check(key, module, check, monkeypatch):
    engine = get_engine(key)
    home, away = (FrozenTeamSheet.coerce(engine.sample_team(seed)) for seed in (1, 2))
    first = engine.simulate(home, away, seed=4).to_json()
    monkeypatch.setattr(module, check, _refuse)
    assert engine.simulate(home, away, seed=4).to_json() == first
    plain = engine.sample_team(1)
    with pytest.raises(AssertionError, match="snapshot"):  # a plain sheet is checked
        engine.simulate(plain, away, seed=4)
        engine.simulate(plain, away, seed=4)
