"""The command line's match options: ``--settings`` reaches every simulated match."""

import json

import pytest

from engines.__main__ import main as cli
from engines.core import EventLog


def test_bench_plays_with_the_settings_and_names_them(capsys):
    assert cli(["bench", "eleven", "--matches", "1", "--settings", '{"coach": "planner", "turns_per_half": 4}']) == 0
    line = capsys.readouterr().out
    assert line.startswith('eleven {"coach": "planner", "turns_per_half": 4}: 1 matches in '), line
    assert "per CPU second" in line


def test_bench_without_settings_names_the_engine_alone(capsys):
    assert cli(["bench", "futti", "--matches", "2"]) == 0
    assert capsys.readouterr().out.startswith("futti: 2 matches in ")


def test_bench_read_makes_every_events_fields_and_says_so(capsys, monkeypatch):
    made = []
    monkeypatch.setattr(EventLog, "records", lambda log: made.append(len(log)) or [])
    assert cli(["bench", "futti", "--matches", "2"]) == 0
    assert made == []  # the plain bench leaves the log unread
    assert cli(["bench", "futti", "--matches", "2", "--read"]) == 0
    assert len(made) == 2 and all(made)  # each timed match; the warm-up is not read
    assert capsys.readouterr().out.splitlines()[-1].startswith("futti read: 2 matches in ")


def test_bench_settings_reach_the_engine(capsys):
    """An unknown coach is the engine's error, so the settings were passed to simulate."""
    assert cli(["bench", "eleven", "--matches", "1", "--settings", '{"coach": "nobody"}']) == 2
    assert "coach strength 'nobody'" in capsys.readouterr().err


def test_simulate_and_stats_take_the_same_settings(capsys):
    assert cli(["simulate", "eleven", "--seed", "3", "--json", "--settings", '{"turns_per_half": 2}']) == 0
    short = json.loads(capsys.readouterr().out)
    assert cli(["simulate", "eleven", "--seed", "3", "--json"]) == 0
    assert len(short["events"]) < len(json.loads(capsys.readouterr().out)["events"])
    assert cli(["stats", "eleven", "--matches", "2", "--json", "--settings", '{"coach": "nobody"}']) == 2


@pytest.mark.parametrize("text", ["[1, 2]", "{coach: planner}"])
def test_settings_must_be_a_json_object(text, capsys):
    with pytest.raises(SystemExit):
        cli(["bench", "eleven", "--matches", "1", "--settings", text])
    assert "--settings" in capsys.readouterr().err
