"""Random malformed team sheets and settings: an engine plays them or refuses them with a
``CardError``, never another exception (issue #24's "every engine" property).

Each example starts from two legal sample teams and breaks one thing: a sheet key, a card
field (changed or missing), a lineup key or a league setting, each set to a value of the
wrong kind (a word, a list, a flag, a fraction, NaN, nothing) or out of range.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import ENGINES, CardError, get_engine

#: Flexdeck gets its own with its rule fixes.
KEYS = ("mutant", "eleven", "calciotto", "futti")

JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=6),
    st.sampled_from(["false", "true", "3", "-1", " P ", "strong", "goalie"]),
    st.lists(st.one_of(st.integers(-1, 3), st.text(max_size=2)), max_size=7),
    st.lists(st.sampled_from(["P", "goalie", "field", "strong", "careful"]), min_size=1, max_size=2),
    st.dictionaries(st.text(max_size=3), st.integers(-1, 3), max_size=2),
)


def _break_sheet(data: st.DataObject, sheet: dict[str, Any], engine: Any) -> None:
    """Change one thing of the sheet in place: a top-level key, a card field or a lineup key."""
    where = data.draw(st.sampled_from(["sheet", "card", "drop", "lineup"]), label="where")
    if where == "sheet":
        sheet[data.draw(st.sampled_from(["name", "players", "lineup", "coach", "style", "extra"]))] = data.draw(JUNK)
        return
    card = sheet["players"][data.draw(st.integers(0, len(sheet["players"]) - 1), label="card")]
    if where == "card":
        card[data.draw(st.sampled_from([*card, "speed"]), label="field")] = data.draw(JUNK, label="value")
    elif where == "drop":
        card.pop(data.draw(st.sampled_from(sorted(card)), label="dropped"))
    else:
        lineup = sheet.setdefault("lineup", {})
        keys = [*engine.tactics_schema.get("properties", {}), "typo"]
        lineup[data.draw(st.sampled_from(keys), label="lineup key")] = data.draw(JUNK, label="lineup value")


@pytest.mark.parametrize("key", KEYS)
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_malformed_sheet_or_setting_is_played_or_refused_with_a_card_error(key, data):
    engine = get_engine(key)
    home, away = copy.deepcopy(engine.sample_team(1)), copy.deepcopy(engine.sample_team(2))
    league: dict[str, Any] = {}
    if data.draw(st.booleans(), label="break the settings"):
        name = data.draw(st.sampled_from(list(engine.settings_schema.get("properties", {}))), label="setting")
        league[name] = data.draw(JUNK, label="setting value")
    else:
        _break_sheet(data, home, engine)
    winner_required = data.draw(st.booleans(), label="winner required")
    try:
        result = engine.simulate(home, away, seed=1, options={"winner_required": winner_required, "settings": league})
    except CardError as exc:
        assert str(exc).strip()
    else:
        assert result.home_goals >= 0 and result.away_goals >= 0


@pytest.mark.parametrize("value", ["false", "true", 1, 0, None])
def test_winner_required_given_as_anything_but_a_flag_is_refused(value):
    """``bool("false")`` is true: every engine refuses a winner_required that is not a flag."""
    for key in ENGINES:
        engine = get_engine(key)
        home, away = engine.sample_team(1), engine.sample_team(2)
        with pytest.raises(CardError, match="winner_required"):
            engine.simulate(home, away, seed=1, options={"winner_required": value})
