"""Landed migrations are never renamed, removed or edited: ops/migrations.lock.json holds
each one's SHA-256. A new migration is added with `python manage.py lock_migrations`."""

import json

import pytest
from django.core.management import CommandError, call_command

from ops import migration_lock
from ops.migration_lock import current_migrations, lock_problems, read_lock


def test_every_migration_is_locked_and_unchanged():
    problems = lock_problems(read_lock(), current_migrations())
    assert not problems, "\n".join(problems)


def test_a_rename_a_removal_an_edit_and_a_new_migration_are_each_named():
    locked = {"leagues.0001_initial": "a", "leagues.0002_old_name": "b", "matches.0001_initial": "c"}
    current = {"leagues.0001_initial": "a", "leagues.0003_new_name": "b", "matches.0001_initial": "changed"}
    assert lock_problems(locked, current) == [
        "leagues.0002_old_name was removed or renamed: restore it",
        "matches.0001_initial was edited: restore it",
        "leagues.0003_new_name is new: add it with 'python manage.py lock_migrations'",
    ]


def test_the_command_adds_new_migrations_and_never_changes_a_locked_one(tmp_path, monkeypatch):
    lock = tmp_path / "lock.json"
    monkeypatch.setattr(migration_lock, "LOCK_FILE", lock)
    current = current_migrations()
    first = next(iter(current))
    lock.write_text(json.dumps({first: current[first]}))

    call_command("lock_migrations")
    assert read_lock() == current

    lock.write_text(lock.read_text().replace(current[first], "0" * 64))
    with pytest.raises(CommandError, match="1 difference"):
        call_command("lock_migrations")
    assert read_lock()[first] == "0" * 64
