"""The commands people and checks use: standings and export_season."""

import json

import pytest
from django.core.management import call_command

from competitions.results import due_matches_play
from ops.demo import demo_season_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def played_season():
    season = demo_season_create(engine="futti", teams=4, seed=21)
    due_matches_play()
    return season


def test_standings_json_and_text(played_season, capsys):
    call_command("standings", str(played_season.id), "--json")
    data = json.loads(capsys.readouterr().out)
    rows = data["standings"]
    assert [r["position"] for r in rows] == [1, 2, 3, 4]
    assert sum(r["played"] for r in rows) == 24
    assert all(r["points"] == 3 * r["won"] + r["drawn"] for r in rows)
    assert rows == sorted(rows, key=lambda r: -r["points"])
    call_command("standings", str(played_season.id))
    text = capsys.readouterr().out
    assert all(r["name"] in text for r in rows)


def test_export_season_has_the_documented_shape(played_season, capsys):
    call_command("export_season", str(played_season.id), "--json")
    data = json.loads(capsys.readouterr().out)
    assert data["league"]["engine"] == "futti"
    assert data["league"]["points"] == {"win": 3, "draw": 1, "loss": 0}
    team_ids = {t["id"] for t in data["teams"]}
    for team in data["teams"]:
        assert set(team) >= {"id", "name", "budget", "spent", "squad"}
        assert team["spent"] == sum(p["price"] for p in team["squad"]) <= team["budget"] == 15
        assert all(set(p) == {"player_id", "name", "price"} for p in team["squad"])
    assert len(data["matches"]) == 12
    for match in data["matches"]:
        assert {match["home"], match["away"]} <= team_ids
        assert match["status"] == "played" and match["decided_by"] == "regulation"
        assert isinstance(match["seed"], int) and match["home_goals"] is not None
        assert set(match) >= {
            "id",
            "round",
            "home",
            "away",
            "kickoff",
            "status",
            "home_goals",
            "away_goals",
            "decided_by",
            "seed",
        }
    assert {row["team"] for row in data["standings"]} == team_ids
    assert set(data["standings"][0]) == {
        "team",
        "played",
        "won",
        "drawn",
        "lost",
        "goals_for",
        "goals_against",
        "points",
    }
