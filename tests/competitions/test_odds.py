"""Season odds: completions through the league's own table, exact where the season is decided."""

import json
import random
from io import StringIO

import pytest
from django.core.management import call_command

from competitions.groups import groups_draw
from competitions.odds import remaining_matches, season_odds
from competitions.previews import Outlook
from competitions.round_robin import fixtures_generate
from competitions.standings import compute_standings
from matches.models import Match
from ops.demo import demo_season_create
from tests.conftest import make_league, make_season

pytestmark = pytest.mark.django_db

TEAMS = ["Alpha", "Beta", "Gamma", "Delta"]


def league_season(tiebreakers, name="Odds"):
    league = make_league(name, tiebreakers=tiebreakers)
    season = make_season(league, TEAMS)
    fixtures_generate(season)
    return season


def store(match: Match, home_goals: int, away_goals: int) -> None:
    Match.objects.filter(id=match.id).update(status=Match.Status.PLAYED, home_goals=home_goals, away_goals=away_goals)


def sure(home_goals: int, away_goals: int) -> Outlook:
    """A pairing that always ends with this score."""
    return Outlook(samples=1, scores={(home_goals, away_goals): 1})


def spread() -> Outlook:
    return Outlook(samples=6, scores={(0, 0): 1, (1, 0): 2, (0, 1): 1, (2, 2): 1, (1, 3): 1})


@pytest.mark.parametrize(
    "tiebreakers",
    [
        ["points", "goal_difference", "goals_for", "head_to_head", "lots"],
        ["points", "head_to_head", "wins", "lots"],
        ["points", "lots"],
        ["points", "wins", "away_goals"],
    ],
)
def test_a_completion_is_ranked_exactly_as_the_table(tiebreakers):
    """Played and remaining matches with fixed scores (few goals: many ties), then the same
    scores stored: the odds are that table, place for place."""
    rng = random.Random(3)
    for trial in range(6):
        season = league_season(tiebreakers, name=f"Odds {trial}")
        matches = list(season.matches.all())
        cut = rng.randrange(len(matches))
        for match in matches[:cut]:
            store(match, rng.randrange(2), rng.randrange(2))
        planned = {m.id: (rng.randrange(2), rng.randrange(2)) for m in matches[cut:]}
        odds = season_odds(season, {m: sure(*s) for m, s in planned.items()}, completions=3)
        for match in matches[cut:]:
            store(match, *planned[match.id])
        table = compute_standings(season)
        placed = {t["team"]: t["positions"].index(1.0) + 1 for t in odds["teams"]}
        assert placed == {row.team_id: row.position for row in table.rows}


def test_every_place_and_every_team_adds_up_to_one():
    season = league_season(["points", "goal_difference", "head_to_head", "lots"])
    odds = season_odds(season, {m.id: spread() for m in remaining_matches(season)}, completions=2000, seed=1)
    positions = [team["positions"] for team in odds["teams"]]
    for row in positions:
        assert sum(row) == pytest.approx(1, abs=1e-12)
        assert all(abs(p * 2000 - round(p * 2000)) < 1e-9 for p in row)  # counts over the completions
    for column in zip(*positions, strict=True):
        assert sum(column) == pytest.approx(1, abs=1e-12)
    assert sum(t["title"] for t in odds["teams"]) == pytest.approx(1, abs=1e-12)
    assert min(t["title"] for t in odds["teams"]) > 0  # nothing decided yet


def test_a_clinched_title_is_one_and_an_impossible_one_zero():
    season = league_season(["points", "goal_difference", "goals_for", "head_to_head", "lots"])
    alpha = season.teams.get(name="Alpha").id
    matches = list(season.matches.order_by("round", "id"))
    last_round = matches[-1].round
    for match in matches:
        if match.round < last_round:
            # Alpha wins everything; the rest draw among themselves
            alpha_home, alpha_away = match.home_id == alpha, match.away_id == alpha
            store(match, 3 if alpha_home else 0 if alpha_away else 1, 3 if alpha_away else 0 if alpha_home else 1)
    odds = season_odds(season, {m.id: spread() for m in remaining_matches(season)}, completions=500)
    title = {t["team"]: t["title"] for t in odds["teams"]}
    assert title[alpha] == 1.0
    assert all(p == 0.0 for team, p in title.items() if team != alpha)


def test_a_finished_season_is_its_final_table():
    season = demo_season_create(engine="futti", teams=4, seed=11, double=False)
    for match in season.matches.all():
        store(match, match.id % 3, match.id % 2)
    odds = season_odds(season, {}, completions=10)
    table = compute_standings(season)
    assert [t["team"] for t in odds["teams"]] == [row.team_id for row in table.rows]
    for place, team in enumerate(odds["teams"], start=1):
        assert team["positions"] == [1.0 if p == place else 0.0 for p in range(1, 5)]
        assert team["expected_points"] == table.rows[place - 1].points


def test_divisions_get_promotion_relegation_and_playoffs():
    season = demo_season_create(engine="futti", teams=4, seed=11, double=False, divisions=2)
    odds = season_odds(season, {m.id: spread() for m in remaining_matches(season)}, completions=400)
    assert len(odds["teams"]) == 8
    upper = [t for t in odds["teams"] if t["division"] == odds["teams"][0]["division"]]
    lower = [t for t in odds["teams"] if t["division"] != odds["teams"][0]["division"]]
    assert sum(t["relegation"] for t in upper) == pytest.approx(2)  # two go down
    assert sum(t["promotion"] for t in lower) == pytest.approx(2)
    assert all(t["promotion"] == 0 for t in upper) and all(t["relegation"] == 0 for t in lower)
    for team in upper:
        assert team["relegation"] == pytest.approx(sum(team["positions"][2:]))


def test_a_group_gives_each_team_its_chance_of_the_knockout():
    season = make_season(make_league("Cup"), [*TEAMS, "Epsilon", "Zeta", "Eta", "Theta"])
    stage = groups_draw(season, groups=2, advance=3)
    group = stage.groups.get(label="A").season
    odds = season_odds(group, {m.id: spread() for m in remaining_matches(group)}, completions=400)
    assert sum(team["knockout"] for team in odds["teams"]) == pytest.approx(3)  # three of the four go through
    for team in odds["teams"]:
        assert team["knockout"] == pytest.approx(sum(team["positions"][:3]))
        assert 0 < team["knockout"] < 1
        assert "playoffs" not in team and "promotion" not in team


def test_the_command_prints_the_odds_as_json():
    season = demo_season_create(engine="futti", teams=4, seed=11, double=False)
    out = StringIO()
    call_command("odds", str(season.id), "--completions", "200", "--seed", "5", "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert data["season"] == season.id and data["completions"] == 200
    assert {t["team"] for t in data["teams"]} == set(season.teams.values_list("id", flat=True))
    for team in data["teams"]:
        assert set(team) == {"team", "expected_points", "title", "positions"}  # no divisions, no play-offs
        assert len(team["positions"]) == 4
    again = StringIO()
    call_command("odds", str(season.id), "--completions", "200", "--seed", "5", "--json", stdout=again)
    assert json.loads(again.getvalue()) == data
