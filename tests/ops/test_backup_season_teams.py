"""Backups written by earlier versions still restore: a season's teams listed on the season
(before divisions) become ``SeasonTeam`` rows with no division; tactics on the team become
each season's; the play-by-play as one row per event becomes one row per match."""

import json
from collections import Counter

import pytest

from competitions.results import matches_play
from matches.models import Match, PlayerMatchStat, played_events
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


def test_a_file_with_a_row_per_event_restores_each_matchs_play_by_play_in_order():
    """A backup written before ``matches/0010`` lists ``matches.MatchEvent`` rows (a relation
    by id, in no particular order): each match gets its events back, in order, their cards the
    restored ones."""
    season = demo_season_create(engine="futti", teams=2, seed=3, double=False)
    matches_play(season.matches.values_list("id", flat=True))
    match = season.matches.get()
    played = played_events(match.id)
    names = dict(season.league.players.values_list("id", "name"))
    data = json.loads(json.dumps(league_export(season.league)))
    [row] = data["models"].pop("matches.PlayByPlay")
    data["models"]["matches.MatchEvent"] = [  # as written then: one row each, newest first
        {"id": 100 + event["seq"], "match": row["match"], **event} for event in reversed(row["events"])
    ]
    # and no stat line counted serious injuries: one is added for a card that was hurt twice
    hurt = next(e["player"] for e in row["events"] if e["player"] is not None and e["side"] == "home")
    for seq in (len(played) + 1, len(played) + 2):
        major = {"severity": "major", "roll": 12, "cause": "foul"}
        event = {"seq": seq, "minute": 30, "kind": "injury", "side": "home", "player": hurt, "detail": major}
        data["models"]["matches.MatchEvent"].append({"id": 100 + seq, "match": row["match"], **event})
    for line in data["models"]["matches.PlayerMatchStat"]:
        del line["serious_injuries"]
    season.league.delete()

    restored = Match.objects.get(season=league_import(data).seasons.get())

    events = played_events(restored.id)
    assert [(e.seq, e.minute, e.kind, e.side, e.detail) for e in events[: len(played)]] == [
        (e.seq, e.minute, e.kind, e.side, e.detail) for e in played
    ]
    assert [e.kind for e in events[len(played) :]] == ["injury", "injury"]
    counted = PlayerMatchStat.objects.filter(match=restored, serious_injuries__gt=0)
    serious = Counter(e.player_id for e in events if e.kind == "injury" and e.detail.get("severity") == "major")
    assert dict(counted.values_list("player_id", "serious_injuries")) == serious
    assert serious[events[-1].player_id] >= 2
    new_names = dict(restored.season.league.players.values_list("id", "name"))
    assert [new_names.get(e.player_id) for e in events[: len(played)]] == [names.get(e.player_id) for e in played]
    assert any(e.player_id is not None for e in events)
    assert not {e.player_id for e in events if e.player_id is not None} & set(names)  # the restored cards
