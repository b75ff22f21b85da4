"""Every tournament format played to the end by a real worker through the demo command:
later rounds, losers' places and deciding matches are made by the worker that stores the
result before them (groups then knockout: the knockout by the worker that stores the last group result)."""

import pytest
from django.core.management import call_command
from django.db import connection

from matches.worker import database_url

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(
    ("args", "expect"),
    [
        (
            ["--format", "knockout", "--teams", "6", "--two-legged", "--away-goals", "--tie-break", "penalties"],
            "(legs ",
        ),
        (["--format", "groups", "--teams", "6", "--single"], "Group B"),
        (["--format", "swiss", "--teams", "5", "--rounds", "3"], "Buchholz"),
        (["--format", "double_elimination", "--teams", "5", "--bracket-reset"], "Grand final 1"),
        (["--format", "league_playoffs", "--teams", "5", "--single"], "Play-offs of the top 4"),
    ],
)
def test_a_tournament_is_played_to_the_end_by_a_real_worker(args, expect, task_queue, monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", database_url(connection.settings_dict))
    call_command("demo", *args, "--seed", "5", "--timeout", "120")
    out = capsys.readouterr().out
    assert expect in out
    assert "Winner: None" not in out and "matches failed" not in out
