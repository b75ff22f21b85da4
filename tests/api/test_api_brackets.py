"""Brackets through the API: public, round by round, with seeds, byes, legs, aggregate and winners,
in a fixed number of queries."""

import pytest
from rest_framework.test import APIClient

from competitions.knockout import bracket_draw, champion
from competitions.results import due_matches_play
from ops.demo import demo_season_create
from tournaments.models import Tie

pytestmark = pytest.mark.django_db


def play_out():
    while due_matches_play():
        pass


def knockout(teams, seed, **options):
    season = demo_season_create(engine="futti", teams=teams, seed=seed, knockout=True)
    return bracket_draw(season, **options)


def read(season_id, client=None):
    response = (client or APIClient()).get(f"/api/seasons/{season_id}/bracket/")
    assert response.status_code == 200, response.content[:300]
    return response.json()


def test_a_played_knockout_with_byes_and_a_third_place(clients):
    bracket = knockout(5, 3, third_place=True)
    play_out()
    data = read(bracket.season_id)
    assert [(r["side"], r["round"], r["name"]) for r in data["rounds"]] == [
        ("W", 1, "Quarter-finals"),
        ("W", 2, "Semi-finals"),
        ("W", 3, "Final"),
        ("W", 3, "Third place"),
    ]
    assert [e["seed"] for e in data["entrants"]] == [1, 2, 3, 4, 5]
    winner = champion(bracket)
    assert data["champion"] == {"id": winner.pk, "name": winner.name}
    first_round = data["rounds"][0]["ties"]
    byes = [t for t in first_round if t["bye"]]
    assert sorted(t["home"]["seed"] for t in byes) == [1, 2, 3]
    assert all(t["away"] is None and t["legs"] == [] and t["winner"]["id"] == t["home"]["id"] for t in byes)
    (played,) = [t for t in first_round if not t["bye"]]
    assert (played["home"]["seed"], played["away"]["seed"]) == (4, 5)
    (leg,) = played["legs"]
    tie = Tie.objects.select_related("match").get(pk=played["id"])
    assert leg["leg"] == "single" and leg["id"] == tie.match_id and leg["home_goals"] == tie.match.home_goals
    assert played["winner"]["id"] == tie.winner_id and played["aggregate"] is None
    assert data["rounds"][3]["ties"][0]["third_place"] is True
    assert read(bracket.season_id, clients["commissioner"]) == data  # the same for everyone


def test_two_legged_ties_show_both_legs_and_the_aggregate():
    bracket = knockout(4, 11, two_legged_rounds=[1])
    play_out()
    data = read(bracket.season_id)
    assert data["two_legged_rounds"] == [1]
    for shown in data["rounds"][0]["ties"]:
        tie = Tie.objects.select_related("first_leg", "match").get(pk=shown["id"])
        first, second = tie.first_leg, tie.match
        assert [leg["leg"] for leg in shown["legs"]][:2] == ["first", "second"]
        assert shown["legs"][0]["home"] == tie.away_id  # the first leg is at the lower seed's ground
        assert shown["aggregate"] == {
            "home": second.home_goals + first.away_goals,
            "away": second.away_goals + first.home_goals,
        }
    final = data["rounds"][1]["ties"][0]
    assert final["aggregate"] is None and [leg["leg"] for leg in final["legs"]] == ["single"]


def test_double_elimination_has_the_losers_side_and_a_grand_final():
    bracket = knockout(4, 5, double_elimination=True)
    play_out()
    data = read(bracket.season_id)
    assert {r["side"] for r in data["rounds"]} == {"W", "L", "F"}
    assert data["rounds"][-1]["name"].startswith("Grand final")
    assert data["champion"]["id"] == champion(bracket).pk


@pytest.mark.parametrize("teams", [4, 8])
def test_the_query_count_does_not_grow_with_the_bracket(teams, django_assert_max_num_queries):
    bracket = knockout(teams, teams, third_place=True)
    play_out()
    with django_assert_max_num_queries(3):  # the bracket, its entrants, its ties with teams and matches
        data = read(bracket.season_id)
    assert sum(len(r["ties"]) for r in data["rounds"]) == teams


def test_no_bracket_is_a_404_and_the_bracket_is_read_only(played_season, clients):
    api = APIClient()
    assert api.get(f"/api/seasons/{played_season.pk}/bracket/").status_code == 404
    assert api.get("/api/seasons/9999/bracket/").status_code == 404
    bracket = knockout(4, 2)
    drawn = read(bracket.season_id)  # nothing played yet: the final waits for its teams
    final = drawn["rounds"][-1]["ties"][0]
    assert (final["home"], final["away"], final["legs"], final["winner"], drawn["champion"]) == (
        None,
        None,
        [],
        None,
        None,
    )
    assert clients["commissioner"].post(f"/api/seasons/{bracket.season_id}/bracket/").status_code == 405
