"""A league's history computed from stored results, against hand-computed tables and records."""

from datetime import timedelta

from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext

from competitions.history import Played, compute_history
from competitions.records import compute_records, longest_run, season_runs
from leagues.models import PointsDeduction, Season
from matches.models import Match
from tests.history.conftest import FIRST, START, play_season


def standings(entry):
    rows = entry.table.rows
    return [(r.name, r.played, r.won, r.drawn, r.lost, r.goals_for, r.goals_against, r.points) for r in rows]


def test_each_season_has_its_final_table_and_champion(past):
    history = compute_history(past["league"])
    first, second = history.seasons
    assert standings(first) == [
        ("Alpha", 2, 2, 0, 0, 5, 0, 6),
        ("Gamma", 2, 0, 1, 1, 1, 3, 1),
        ("Beta", 2, 0, 1, 1, 1, 4, 1),
    ]
    assert (first.champion_name, second.champion_name) == ("Alpha", "Beta")
    assert [r.name for r in second.table.rows] == ["Beta", "Gamma", "Alpha"]
    assert first.promoted == first.relegated == []


def test_a_season_with_a_match_to_play_has_no_champion_yet(past):
    play_season(past["league"], "2027", ["Alpha 0-0 Beta"], start=START + timedelta(days=300), status="scheduled")
    history = compute_history(past["league"])
    assert [entry.champion_name for entry in history.seasons] == ["Alpha", "Beta", ""]


def test_the_all_time_table_adds_up_every_season(past):
    PointsDeduction.objects.create(season=past["seasons"][1], team=past["teams"]["Gamma"], points=1, reason="late")
    rows = compute_history(past["league"]).all_time
    assert [
        (r.name, r.seasons, r.played, r.won, r.drawn, r.lost, r.goals_for, r.goals_against, r.points, r.titles)
        for r in rows
    ] == [
        ("Alpha", 2, 4, 2, 1, 1, 8, 5, 7, 1),
        ("Beta", 2, 4, 2, 1, 1, 6, 6, 7, 1),
        ("Gamma", 2, 4, 0, 2, 2, 2, 5, 1, 0),
    ]


def test_records_name_their_holder_and_link_the_match_or_season(past):
    league = past["league"]
    records = {r.key: r for r in compute_records(league, compute_history(league))}
    first, second = past["seasons"]
    matches = past["matches"]
    summary = {key: (r.value, r.holder, r.season, r.match) for key, r in records.items()}
    assert summary == {
        "biggest_win": (3, "Alpha", first.id, matches[0].id),
        "highest_scoring": (6, "Beta", second.id, matches[3].id),
        "most_points": (6, "Alpha", first.id, None),
        "most_goals": (5, "Alpha", first.id, None),
        "winning_run": (2, "Alpha", first.id, matches[0].id),
        "unbeaten_run": (3, "Beta", first.id, matches[1].id),
        "player_goals_match": (3, "Bolt", second.id, matches[3].id),
        "player_goals_season": (3, "Ace", first.id, None),
    }
    assert records["unbeaten_run"].detail == "from season 2025 round 2 to season 2026 round 3"
    assert records["biggest_win"].detail == "Alpha 3-0 Beta, season 2025"


def test_a_run_is_broken_by_the_first_result_it_does_not_keep_and_goes_on_into_the_next_season():
    def result(number, season, home_goals, away_goals):
        return Played(number, season, 1, 2, home_goals, away_goals, "played", number)

    first = [result(1, 1, 1, 0), result(2, 1, 2, 0), result(3, 1, 0, 0)]
    second = [result(4, 2, 1, 0)]
    wins = longest_run([season_runs(first, 1, 0), season_runs(second, 1, 1)])
    assert (wins.team, wins.length, wins.first.id, wins.last.id) == (1, 2, 1, 2)
    unbeaten = longest_run([season_runs(first, 0, 0), season_runs(second, 0, 1)])
    assert (unbeaten.team, unbeaten.length, unbeaten.first.id, unbeaten.last.id) == (1, 4, 1, 4)
    anything = longest_run([season_runs(first, -9, 0)])  # every result kept: both sides' three, home first
    assert (anything.team, anything.length) == (1, 3)


def test_the_history_costs_the_same_queries_however_many_seasons(past):
    with CaptureQueriesContext(connection) as two:
        compute_history(past["league"])
    for year in range(3):
        play_season(past["league"], f"20{27 + year}", FIRST, start=START + timedelta(days=300 + 100 * year))
    with CaptureQueriesContext(connection) as five:
        history = compute_history(past["league"])
    assert len(history.seasons) == 5
    assert len(five) == len(two)


def test_after_a_result_only_that_seasons_tables_are_made_again(past):
    first, second = past["seasons"]
    compute_history(past["league"])
    for season in (first, second):  # both seasons' first match becomes a 9-0 home win ...
        Match.objects.filter(season=season, round=1).update(home_goals=9, away_goals=0)
    # ... but only the second's version moves, as a stored result moves it
    Season.objects.filter(id=second.id).update(standings_version=F("standings_version") + 1)
    entries = compute_history(past["league"]).seasons
    assert [row.goals_for for row in entries[0].table.rows] == [5, 1, 1]  # kept from the cache
    assert max(row.goals_for for row in entries[1].table.rows) == 10  # Beta: 9 + 1
