"""A backup written before divisions (a season's teams listed on the season) still restores:
the teams become ``SeasonTeam`` rows with no division."""

import json

import pytest

from ops.backup import league_export, league_import
from ops.demo import demo_season_create

pytestmark = pytest.mark.django_db


def test_a_file_with_the_teams_on_the_season_restores_them():
    season = demo_season_create(engine="futti", teams=4, seed=3, double=False)
    names = sorted(season.teams.values_list("name", flat=True))
    data = json.loads(json.dumps(league_export(season.league)))
    entries = data["models"].pop("leagues.SeasonTeam")
    for row in data["models"]["leagues.Season"]:  # the file as it was written before divisions
        row["teams"] = [e["team"] for e in entries if e["season"] == row["id"]]
    season.league.delete()

    restored = league_import(data).seasons.get()

    assert sorted(restored.teams.values_list("name", flat=True)) == names
    assert set(restored.entries.values_list("division", flat=True)) == {None}


def test_a_file_with_the_tactics_on_the_team_gives_them_to_each_season():
    """A backup written before tactics were per season (``leagues/0008``): the team's orders
    become its orders in each of its seasons, with their card ids rewritten like any other."""
    season = demo_season_create(engine="eleven", teams=2, seed=3, double=False)
    data = json.loads(json.dumps(league_export(season.league)))
    team = data["models"]["leagues.Team"][0]
    team["tactics"] = {"coach": "planner"}
    for entry in data["models"]["leagues.SeasonTeam"]:  # the file as it was written before
        del entry["tactics"]
    season.league.delete()

    restored = league_import(data).seasons.get()

    orders = dict(restored.entries.values_list("team__name", "tactics"))
    assert orders == {team["name"]: {"coach": "planner"}, **{n: {} for n in orders if n != team["name"]}}
