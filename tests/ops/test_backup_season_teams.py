"""Backups written by earlier versions still restore: a season's teams listed on the season
(before divisions) become ``SeasonTeam`` rows with no division; tactics on the team become
each season's; the play-by-play as one row per event becomes one row per match; stat lines
without serious injuries get them counted from the play-by-play."""

import json
from collections import Counter

import pytest

from competitions.results import matches_play
from matches import absences
from matches.absences import season_absences
from matches.models import Match, PlayerMatchStat, played_events
from ops.backup import league_export, league_import
from ops.demo import demo_season_create
from ops.older_files import serious_injuries_counted

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


@pytest.mark.parametrize("events_as_rows", [False, True], ids=["play-by-play", "event rows"])
def test_a_file_without_serious_injuries_on_the_stat_lines_keeps_the_injured_out(events_as_rows):
    """A backup written before ``matches/0011`` has no ``serious_injuries`` on its stat lines
    (and, before ``matches/0010``, its events as rows): they are counted from the play-by-play,
    as ``matches/0011`` did for a database, so a restored season keeps the same players out."""
    season = demo_season_create(engine="mutant", teams=4, seed=4, double=False)
    season.league.injury_matches = 2
    season.league.save()
    matches_play(season.matches.values_list("id", flat=True))

    def who_is_out(season):
        names = dict(season.league.players.values_list("id", "name"))
        return sorted(
            (names[a.player_id], a.matches, a.reasons)
            for team in season_absences(season).values()
            for a in team
            if absences.INJURY in a.reasons
        )

    out = who_is_out(season)
    assert out
    data = json.loads(json.dumps(league_export(season.league)))
    for row in data["models"]["matches.PlayerMatchStat"]:  # as written before matches/0011
        del row["serious_injuries"]
    if events_as_rows:  # and before matches/0010
        data["models"]["matches.MatchEvent"] = [
            {"id": 1000 * row["match"] + event["seq"], "match": row["match"], **event}
            for row in data["models"].pop("matches.PlayByPlay")
            for event in row["events"]
        ]
    season.league.delete()

    assert who_is_out(league_import(data).seasons.get()) == out


def test_a_serious_injury_without_a_stat_line_gets_one_for_a_card_of_the_file():
    """Counted as ``matches/0011`` counts them: by the engine's rule (Fütti's major injury, not
    a minor one), on the hurt card's line, a line made for a card of the file without one and
    none for a card removed since (a play-by-play list still names it; its line would refer to
    a card the file does not hold, and the import would be refused)."""
    injury = {"kind": "injury", "minute": 9, "detail": {"severity": "major"}}
    tables = {
        "leagues.League": [{"id": 1, "engine": "futti"}],
        "rosters.Player": [{"id": 7}, {"id": 8}, {"id": 9}],
        "matches.Match": [{"id": 3, "home": 20, "away": 21}],
        "matches.PlayByPlay": [
            {
                "id": 1,
                "match": 3,
                "events": [
                    {**injury, "seq": 1, "side": "home", "player": 7},
                    {**injury, "seq": 2, "side": "away", "player": 8},
                    {**injury, "seq": 3, "side": "away", "player": 8},
                    {**injury, "seq": 4, "side": "home", "player": 9, "detail": {"severity": "minor"}},
                    {**injury, "seq": 5, "side": "home", "player": 99},  # a card removed since
                ],
            }
        ],
        "matches.PlayerMatchStat": [{"id": 5, "match": 3, "player": 7, "team": 20}, {"id": 6, "match": 3, "player": 9}],
    }

    serious_injuries_counted(tables)

    assert tables["matches.PlayerMatchStat"] == [
        {"id": 5, "match": 3, "player": 7, "team": 20, "serious_injuries": 1},
        {"id": 6, "match": 3, "player": 9},  # the import gives it none, its default
        {"id": 7, "match": 3, "player": 8, "team": 21, "serious_injuries": 2},
    ]
