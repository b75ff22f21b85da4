"""Settings come from the environment, and production settings pass Django's deploy checks."""

import os
import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent


def manage(*args, **env):
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=PROJECT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
    )


def test_production_settings_pass_check_deploy(tmp_path):
    result = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="0",
        SECRET_KEY="x" * 20 + "-a-long-random-production-secret-key-0123456789",
        ALLOWED_HOSTS="bootroom.example.com",
        BOOTROOM_VAR_DIR=str(tmp_path),
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"}
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        env={**env, "DEBUG": "0", "BOOTROOM_VAR_DIR": str(tmp_path)},
    )
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_database_and_broker_come_from_the_environment(tmp_path):
    code = "from django.conf import settings; print(settings.DATABASES['default']['NAME'], settings.CELERY_BROKER_URL)"
    result = manage(
        "shell",
        "--no-imports",
        "-c",
        code,
        DATABASE_URL="postgres://someone@db.example:5432/leaguedb",
        CELERY_BROKER_URL="redis://cache:6379/2",
    )
    assert result.stdout.split() == ["leaguedb", "redis://cache:6379/2"]
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "CELERY_BROKER_URL")}
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "--no-imports", "-c", code],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        env={**env, "BOOTROOM_VAR_DIR": str(tmp_path)},
    )
    assert result.stdout.split() == [str(tmp_path / "bootroom.sqlite3"), "filesystem://localhost//"]
