"""The divisions demo (two seasons rolled over with promotion and relegation, played by a real
worker) gives the same history on the test database (PostgreSQL in CI: ``.ci/run`` sets
DATABASE_URL) as on the embedded SQLite default, run in a process of its own."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection

from competitions.records import history_document
from leagues.models import League
from matches.worker import database_url

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
#: The smallest demo that rolls over with promotion and relegation: two divisions, two seasons.
DEMO = ["demo", "--engine", "futti", "--teams", "4", "--divisions", "2", "--seasons", "2", "--seed", "1"]


def by_creation(document: dict) -> dict:
    """The history with every team id replaced by the team's place in the order the teams were
    made (the two databases number rows differently) and the row ids left out."""
    teams = sorted({row["team"] for row in document["all_time"]})
    rank = {team_id: n for n, team_id in enumerate(teams)}
    seasons = [
        {
            "name": season["name"],
            "tier": season["tier"],
            "champion": rank.get(season["champion"]),
            "promoted": sorted(rank[t] for t in season["promoted"]),
            "relegated": sorted(rank[t] for t in season["relegated"]),
            "standings": [{**row, "team": rank[row["team"]]} for row in season["standings"]],
        }
        for season in document["seasons"]
    ]
    all_time = [{**row, "team": rank[row["team"]]} for row in document["all_time"]]
    return {"seasons": seasons, "all_time": all_time}


def test_the_divisions_demo_ends_the_same_here_as_on_sqlite(task_queue, monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("DATABASE_URL", database_url(connection.settings_dict))  # the worker's database
    call_command(*DEMO, "--timeout", "300")
    league_id = int(re.search(r"League id: (\d+)", capsys.readouterr().out).group(1))
    here = history_document(League.objects.get(pk=league_id))
    assert any(season["promoted"] for season in here["seasons"])  # the rollover moved teams
    assert len({season["name"] for season in here["seasons"]}) == 2

    env = {key: value for key, value in os.environ.items() if key not in ("DATABASE_URL", "CELERY_BROKER_URL")}
    env |= {"BOOTROOM_VAR_DIR": str(tmp_path), "DJANGO_SETTINGS_MODULE": "config.settings"}
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "-v", "0"], env=env, cwd=ROOT, check=True, timeout=300)
    demo = subprocess.run([*manage, *DEMO], env=env, cwd=ROOT, check=True, timeout=600, capture_output=True, text=True)
    other_id = re.search(r"League id: (\d+)", demo.stdout).group(1)
    printed = subprocess.run(
        [*manage, "history", other_id, "--json"], env=env, cwd=ROOT, check=True, timeout=120, capture_output=True
    )
    on_sqlite = json.loads(printed.stdout)
    assert connection.vendor in ("postgresql", "sqlite")
    assert by_creation(here) == by_creation(on_sqlite)
