"""A module a newcomer can read in one sitting: no module of the apps (or of the engines, but
for the rule and coach modules that play a game) runs past 600 lines. A module that grows past
it splits along its own sections (as ``rosters/drafts/`` and ``printing/`` did)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 600
#: Where a game's rules are played: long because the rule book is.
RULE_MODULES = {"match.py", "rules.py", "coach.py"}
SKIPPED = {".venv", "var", "tests", "node_modules"}


def long_modules() -> dict[str, int]:
    found = {}
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT).parts
        if parts[0] in SKIPPED or "migrations" in parts:
            continue
        if parts[0] == "engines" and path.name in RULE_MODULES:
            continue
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > LIMIT:
            found["/".join(parts)] = lines
    return found


def test_no_module_runs_past_the_limit():
    assert long_modules() == {}


def test_the_check_sees_a_long_module(tmp_path, monkeypatch):
    """The walk finds an app module past the limit (and passes a game's rules)."""
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "long.py").write_text("x = 1\n" * (LIMIT + 1))
    (tmp_path / "engines" / "game").mkdir(parents=True)
    (tmp_path / "engines" / "game" / "match.py").write_text("x = 1\n" * (LIMIT + 1))
    monkeypatch.setitem(globals(), "ROOT", tmp_path)
    assert long_modules() == {"app/long.py": LIMIT + 1}
