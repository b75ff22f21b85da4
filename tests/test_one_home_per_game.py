"""Every rule of a game lives in its engine: no module outside ``engines/`` names a game by
its key (a ``== "futti"`` check, a table keyed by game, an import of one engine's modules).
The platform asks the engine instead (``engine.sheet``, ``engine.clock``, ``engine.card_face``,
``engine.settings_schema`` ...), so a new game needs no change outside its own package."""

import re
from pathlib import Path

import pytest

from engines import ENGINE_LABELS, ENGINES, KNOWN_ENGINES, get_engine

ROOT = Path(__file__).resolve().parent.parent
#: Where game keys belong: the engines, the tests that play them, and landed migrations.
EXEMPT = ("engines", "tests", ".venv", "var")

_KEYS = "|".join(map(re.escape, KNOWN_ENGINES))
#: A game key as a string (``"futti"``, ``'mutant'``) or one engine's package (``engines.mutant``).
GAME_NAMED = re.compile(rf"""(["'])({_KEYS})\1|\bengines\.({_KEYS})\b""")


def platform_modules() -> list[Path]:
    return sorted(
        path
        for path in ROOT.rglob("*.py")
        if path.relative_to(ROOT).parts[0] not in EXEMPT and "migrations" not in path.relative_to(ROOT).parts
    )


def game_named(text: str) -> list[str]:
    return [f"{n}: {line.strip()}" for n, line in enumerate(text.splitlines(), 1) if GAME_NAMED.search(line)]


def test_the_check_finds_a_game_named_by_key():
    assert game_named('if league.engine != "mutant":\n    pass')
    assert game_named("LAYOUTS = {'futti': Layout()}")
    assert game_named("from engines.calciotto.match import SHOOTOUT_KICKS")
    assert not game_named("from engines import get_engine  # Fütti, Mutant Soccer")


def test_no_module_outside_the_engines_names_a_game():
    modules = platform_modules()
    assert len(modules) > 50  # the walk found the apps
    hits = {str(path.relative_to(ROOT)): lines for path in modules if (lines := game_named(path.read_text()))}
    assert hits == {}, "ask the engine instead (engines/published.py: Clock, Sheet, TableEntry, CardFace, schemas)"


@pytest.mark.parametrize("key", ENGINES)
def test_every_game_has_its_menu_label(key):
    assert ENGINE_LABELS[key].strip('"') == get_engine(key).name
    assert list(ENGINE_LABELS) == list(KNOWN_ENGINES)
