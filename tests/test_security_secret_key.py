"""No secret key from the repository: without SECRET_KEY, development signs with a random key of
its own, kept in the local data folder (var/, never committed) and shared by every process."""

import ast
import os
import stat
import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
PRINT_KEY = "from django.conf import settings; print(settings.SECRET_KEY)"


def settings_key(var_dir: Path) -> subprocess.CompletedProcess:
    """Load the settings in a new process, as a worker or the web server would, without SECRET_KEY."""
    env = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DEBUG")}
    return subprocess.run(
        [sys.executable, "manage.py", "shell", "--no-imports", "-c", PRINT_KEY],
        cwd=PROJECT,
        env={**env, "BOOTROOM_VAR_DIR": str(var_dir)},
        capture_output=True,
        text=True,
    )


def literal_secrets(source: str) -> list[str]:
    """String literals given as SECRET_KEY: assigned to it, or as the default of a look-up by that name."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            named = any(isinstance(t, ast.Name) and t.id == "SECRET_KEY" for t in targets)
            if named and isinstance(node.value, ast.Constant | ast.BinOp | ast.JoinedStr):
                found.append(ast.unparse(node))
        if isinstance(node, ast.Call) and node.args and ast.unparse(node.args[0]) == "'SECRET_KEY'":
            defaults = [a for a in node.args[1:] if isinstance(a, ast.Constant) and a.value]
            found += [ast.unparse(node) for _ in defaults]
    return found


def test_no_secret_key_is_written_in_config():
    sources = {path.name: path.read_text() for path in (PROJECT / "config").glob("*.py")}
    assert "settings.py" in sources
    found = {name: literal_secrets(text) for name, text in sources.items()}
    assert not any(found.values()), found
    assert not any("insecure" in text for text in sources.values())


def test_literal_secrets_finds_a_key_written_in_the_settings():
    assert literal_secrets('SECRET_KEY = "django-insecure-abc"')
    assert literal_secrets('SECRET_KEY = os.environ.get("SECRET_KEY", "fallback")')
    assert not literal_secrets('SECRET_KEY = os.environ.get("SECRET_KEY", "")')


def test_development_key_is_made_once_and_reused(tmp_path):
    first, second = settings_key(tmp_path), settings_key(tmp_path)
    assert first.returncode == 0, first.stderr
    key = first.stdout.strip()
    assert len(key) >= 50 and len(set(key)) >= 5
    assert second.stdout.strip() == key
    kept = tmp_path / "secret_key"
    assert kept.read_text().strip() == key
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".secret_key")] == []


def test_each_checkout_gets_its_own_key(tmp_path):
    one, other = settings_key(tmp_path / "one"), settings_key(tmp_path / "other")
    assert one.stdout.strip() and other.stdout.strip() and one.stdout != other.stdout


def test_the_key_file_is_not_in_git():
    ignored = subprocess.run(["git", "check-ignore", "-q", "var/secret_key"], cwd=PROJECT)
    assert ignored.returncode == 0
    tracked = subprocess.run(["git", "ls-files", "var"], cwd=PROJECT, capture_output=True, text=True)
    assert tracked.stdout == ""


def test_tests_and_the_processes_they_start_share_the_key(settings):
    """A worker or server started by a test inherits the environment and reads the same file."""
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "--no-imports", "-c", PRINT_KEY],
        cwd=PROJECT,
        capture_output=True,
        text=True,
    )
    assert result.stdout.strip() == settings.SECRET_KEY
