"""Every management command of the project answers ``--help``: its description and options
print (a lazy translation as the description once made argparse raise for every one)."""

import pytest
from django.core.management import get_commands, load_command_class

PROJECT_APPS = ("audit", "notifications", "engines", "leagues", "rosters", "matches", "tournaments")
PROJECT_APPS += ("competitions", "printing", "web", "api", "ops")
COMMANDS = sorted((name, app) for name, app in get_commands().items() if app in PROJECT_APPS)


def test_the_project_has_its_commands():
    assert {"new_season", "standings", "queue_due", "import_league", "lock_migrations"} <= {n for n, _ in COMMANDS}


@pytest.mark.parametrize(("name", "app"), COMMANDS, ids=[name for name, _ in COMMANDS])
def test_each_command_prints_its_help(name, app):
    command = load_command_class(app, name)
    text = command.create_parser("manage.py", name).format_help()
    assert text.startswith(f"usage: manage.py {name}")
    assert " ".join(str(command.help).split())[:40] in " ".join(text.split())
