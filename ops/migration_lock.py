"""The migration lock: every landed migration of the project, with the SHA-256 of its file.

A migration that has run on somebody's database must never be renamed, removed or edited
(Django would run it again, skip it, or the database would differ from the code). The lock
file lists them; ``lock_problems`` names every difference, and a test keeps the list empty.
New migrations are added with ``python manage.py lock_migrations``.
"""

from __future__ import annotations

import hashlib
import importlib
import json
from pathlib import Path

from django.conf import settings
from django.db.migrations.loader import MigrationLoader

from ops.repository import in_repository

LOCK_FILE = Path(settings.BASE_DIR) / "ops" / "migrations.lock.json"


def current_migrations() -> dict[str, str]:
    """``app.name`` -> SHA-256 of the file, for the migrations of the apps in this repository."""
    found = {}
    for (app, name), migration in MigrationLoader(None, ignore_no_migrations=True).disk_migrations.items():
        path = Path(importlib.import_module(migration.__module__).__file__)
        if in_repository(path):
            found[f"{app}.{name}"] = hashlib.sha256(path.read_bytes()).hexdigest()
    return dict(sorted(found.items()))


def read_lock() -> dict[str, str]:
    return json.loads(LOCK_FILE.read_text()) if LOCK_FILE.exists() else {}


def lock_problems(locked: dict[str, str], current: dict[str, str]) -> list[str]:
    """Locked migrations renamed, removed or edited, and migrations not locked yet."""
    problems = [f"{name} was removed or renamed: restore it" for name in locked if name not in current]
    problems += [
        f"{name} was edited: restore it" for name in locked if name in current and current[name] != locked[name]
    ]
    problems += [
        f"{name} is new: add it with 'python manage.py lock_migrations'" for name in current if name not in locked
    ]
    return problems


def lock_new_migrations() -> list[str]:
    """Add the migrations not in the lock yet; the locked ones are never changed here."""
    locked, current = read_lock(), current_migrations()
    added = [name for name in current if name not in locked]
    LOCK_FILE.write_text(json.dumps(dict(sorted({**current, **locked}.items())), indent=1) + "\n")
    return added
