"""Every installed engine keeps the contract the platform and outside checks rely on."""

import json
import subprocess
import sys

import jsonschema
import pytest

from engines import ENGINES, KNOWN_ENGINES, CardError, MatchOptions, get_engine
from engines.core import STANDARD_EVENTS, STANDARD_STATS

pytestmark = pytest.mark.parametrize("key", ENGINES)


def test_engine_identity(key):
    engine = get_engine(key)
    assert engine.key == key
    assert engine.name and engine.version
    assert engine.squad_rules.size > 0


def test_sample_pool_cards_validate_and_carry_prices(key):
    engine = get_engine(key)
    pool = engine.sample_pool(1)
    assert len({card["id"] for card in pool}) == len(pool)
    for card in pool:
        attributes = engine.validate_card(card)
        assert attributes["role"] == card["role"]
        assert isinstance(card["price"], int) and card["price"] >= 0
        assert card["name"]
    assert engine.sample_pool(1) == pool  # deterministic for a seed


def test_validate_card_names_the_field(key):
    engine = get_engine(key)
    with pytest.raises(CardError, match="no_such_rating"):
        engine.validate_card({**engine.sample_pool(1)[0], "no_such_rating": 3})


def test_simulation_is_deterministic_and_consistent(key):
    engine = get_engine(key)
    home, away = engine.sample_team(1, name="Home"), engine.sample_team(2, name="Away")
    for seed in range(5):
        result = engine.simulate(home, away, seed=seed)
        assert engine.simulate(home, away, seed=seed).to_json() == result.to_json()
        assert result.version == engine.version and result.seed == seed
        goals = [e for e in result.events if e.kind == "goal"]
        assert sum(e.side == "home" for e in goals) == result.home_goals
        assert sum(e.side == "away" for e in goals) == result.away_goals
        assert [e.seq for e in result.events] == sorted({e.seq for e in result.events})
        for event in result.events:
            assert event.kind == event.kind.lower()
            assert event.side in ("home", "away", None)
            json.dumps(dict(event.detail))
        ids = {str(p["id"]) for p in home["players"] + away["players"]}
        assert set(result.player_stats) <= ids
        for stats in result.player_stats.values():
            assert set(STANDARD_STATS) <= set(stats)
        assert result.decided_by in ("regulation", "extra_time", "sudden_death", "penalties")


def test_the_same_player_on_both_sheets_is_refused(key):
    """One card plays for one side: shared ids would merge two players' stats."""
    engine = get_engine(key)
    team = engine.sample_team(1)
    with pytest.raises(CardError, match="on both team sheets"):
        engine.simulate(team, team, seed=1)


def test_winner_required_leaves_no_draw(key):
    engine = get_engine(key)
    home, away = engine.sample_team(3, name="Home"), engine.sample_team(4, name="Away")
    for seed in range(30):
        result = engine.simulate(home, away, seed=seed, options=MatchOptions(winner_required=True))
        assert result.winner is not None


def test_command_line(key):
    def run(*args):
        out = subprocess.run([sys.executable, "-m", "engines", *args], capture_output=True, text=True, check=True)
        return out.stdout

    assert key in run("list")
    team = json.loads(run("sample-team", key, "--seed", "2"))
    assert len(team["players"]) == get_engine(key).squad_rules.size
    first = run("simulate", key, "--seed", "9", "--json")
    assert first == run("simulate", key, "--seed", "9", "--json")
    assert json.loads(first)["engine"] == key
    stats = json.loads(run("stats", key, "--matches", "20", "--seed", "1", "--json"))
    assert stats["matches"] == 20 and stats["home_win"] + stats["draw"] + stats["away_win"] == pytest.approx(1)


def test_engines_import_no_django(key):
    code = (
        f"import sys, engines; engines.get_engine({key!r});"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'leagues', 'matches', 'rosters'));"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
    assert KNOWN_ENGINES[key] == f"engines.{key}"


def test_validate_settings_refuses_unknown_keys_and_bad_values_naming_the_key(key):
    """Settings are checked when a league saves them, not at kickoff: a typo and a value of
    no use to the game are refused with the key first; an empty object is the defaults."""
    engine = get_engine(key)
    assert engine.validate_settings({}) == {}
    keys = engine.settings_schema["properties"]
    assert keys, "every game declares its settings"
    with pytest.raises(CardError, match=r"^engine_settings\.tie_brake: unknown setting; the settings are: "):
        engine.validate_settings({"tie_brake": "penalties"})
    with pytest.raises(CardError, match="^engine_settings: .* is not of type 'object'"):
        engine.validate_settings(["coach"])
    for name in keys:
        with pytest.raises(CardError, match=name):
            engine.validate_settings({name: {"?": None}})


@pytest.mark.parametrize("schema", ["settings_schema", "tactics_schema"])
def test_settings_and_tactics_schemas_describe_every_key(key, schema):
    """Each schema is a valid JSON Schema that refuses unknown keys, and says of every key
    what it takes and what it does; every default it gives is itself valid."""
    document = getattr(get_engine(key), schema)
    jsonschema.Draft202012Validator.check_schema(document)
    assert document["type"] == "object" and document["additionalProperties"] is False
    for name, prop in document["properties"].items():
        assert prop.get("description"), f"{name} has no description"
        assert "type" in prop or "enum" in prop, f"{name} says nothing of its type"
        if "default" in prop:
            jsonschema.validate(prop["default"], prop)


def test_settings_that_validate_are_played_with(key):
    """What the schema lets through, the match reads the same way: each key's last choice
    (or its default) plays a match without an error."""
    engine = get_engine(key)
    home, away = engine.sample_team(1, name="Home"), engine.sample_team(2, name="Away")
    for name, prop in engine.settings_schema["properties"].items():
        if "enum" in prop:
            value = prop["enum"][-1]
        elif "default" in prop:
            value = prop["default"]
        else:
            continue
        settings = engine.validate_settings({name: value})
        engine.simulate(home, away, seed=1, options=MatchOptions(settings=settings))


def test_sample_tactics_validate_and_a_typo_is_refused(key):
    engine = get_engine(key)
    lineup = engine.sample_team(1).get("lineup")
    if lineup is not None:
        assert engine.validate_tactics(lineup) == lineup
    with pytest.raises(CardError, match=r"^tactics\.sytle: unknown key; the keys are: "):
        engine.validate_tactics({"sytle": "attacking"})


def test_the_clock_covers_every_result(key):
    """Knockout matches end with a ``decided_by`` the clock lists, no event after the clock's
    last minute, and a shoot-out only where the clock has one."""
    engine = get_engine(key)
    clock = engine.clock
    assert set(clock.decided_by) <= {"regulation", "extra_time", "sudden_death", "penalties"}
    assert (clock.extra in clock.decided_by) if clock.extra else True
    home, away = engine.sample_team(1, name="Home"), engine.sample_team(2, name="Away")
    seen = set()
    for seed in range(12):
        result = engine.simulate(home, away, seed=seed, options=MatchOptions(winner_required=True))
        seen.add(result.decided_by)
        assert result.decided_by in clock.decided_by
        assert max(e.minute for e in result.events) <= clock.last_minute(extra=result.decided_by != "regulation")
    assert "regulation" in seen


def test_sheet_and_table_entry_name_the_engines_stats(key):
    """The sheet's counted columns and the table form's stats are counters the engine reports."""
    engine = get_engine(key)
    result = engine.simulate(engine.sample_team(1, name="Home"), engine.sample_team(2, name="Away"), seed=3)
    reported = set().union(*(stats.keys() for stats in result.player_stats.values()))
    assert engine.sheet is not None and engine.table_entry is not None
    for column in engine.sheet.columns:
        assert not column.stat or column.stat in reported, column
    for stat in (*engine.table_entry.counted, *(s for s in engine.table_entry.timed.values() if s)):
        assert stat in STANDARD_STATS, stat
    assert set(engine.card_face.role_labels) >= {card["role"] for card in engine.sample_pool(1)}


def test_every_event_uses_a_declared_kind_and_declared_detail_keys(key):
    """The one event vocabulary: what each engine logs over many seeds, with and without a
    winner required, is a kind it declares (standard or its own) with keys declared for it."""
    engine = get_engine(key)
    vocabulary = engine.event_vocabulary
    assert set(STANDARD_EVENTS) <= set(vocabulary.kinds)
    seen: set[str] = set()
    seeds = 10 if key == "eleven" else 40  # "11" plays a match in 70 ms, the others in 1-15
    for pair in range(3):
        home, away = engine.sample_team(2 * pair + 1, name="Home"), engine.sample_team(2 * pair + 2, name="Away")
        for seed in range(seeds):
            for winner_required in (False, True):
                options = MatchOptions(winner_required=winner_required)
                for event in engine.simulate(home, away, seed=seed, options=options).events:
                    vocabulary.check(event)
                    seen.add(event.kind)
    assert {"goal", "full_time"} <= seen
