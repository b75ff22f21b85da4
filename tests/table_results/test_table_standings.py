"""Standings from a mix of simulated and table results: a three-way tie on points broken by
the head-to-head mini-table; a pending table result does not count."""

import pytest
from django.contrib.auth.models import User
from django.db.models import Q

from competitions import results
from competitions.standings import compute_standings
from competitions.table_results import result_decide, result_submit
from leagues.models import PlayMode
from ops.demo import demo_season_create

from .conftest import players

pytestmark = pytest.mark.django_db


def goals(match, home: int, away: int) -> dict:
    scorers = players(match, "home")[0], players(match, "away")[0]
    events = [{"minute": m + 1, "kind": "goal", "player": scorers[0]} for m in range(home)]
    events += [{"minute": 20 + m, "kind": "goal", "player": scorers[1]} for m in range(away)]
    return {"home_goals": home, "away_goals": away, "events": events}


def test_a_three_way_tie_of_mixed_results_is_broken_head_to_head():
    season = demo_season_create(engine="futti", teams=5, seed=1, double=False)
    league = season.league
    league.play_mode, league.tiebreakers = PlayMode.TABLE, ["points", "head_to_head", "lots"]
    league.save(update_fields=["play_mode", "tiebreakers"])
    commissioner = User.objects.create_user("commissioner")
    league.commissioners.add(commissioner)
    a, b, c, d, e = season.teams.order_by("id")
    simulated = season.matches.get(Q(home=d, away=e) | Q(home=e, away=d))
    simulated.play_mode = PlayMode.SIMULATED
    simulated.save(update_fields=["play_mode"])
    assert [m.id for m in results.due_matches_play()] == [simulated.id]  # the worker plays only that one

    def enter(x, y, gx: int, gy: int, *, pending: bool = False) -> None:
        match = season.matches.select_related("home", "away").get(Q(home=x, away=y) | Q(home=y, away=x))
        data = goals(match, gx, gy) if match.home_id == x.id else goals(match, gy, gx)
        if pending:
            match.home.manager = User.objects.create_user("home-manager")
            match.home.save(update_fields=["manager"])
            result_submit(match_id=match.id, user=match.home.manager, data=data)
        else:
            result_decide(match_id=match.id, user=commissioner, data=data)

    # a, b and c beat d and e; among themselves a cycle: a 3-0 b, b 1-0 c, c 1-0 a
    for x in (a, b, c):
        for y in (d, e):
            enter(x, y, 1, 0)
    enter(a, b, 3, 0)
    enter(b, c, 1, 0)
    enter(c, a, 1, 0, pending=True)
    table = compute_standings(season)
    assert sum(r.played for r in table.rows) == 18  # the pending result does not count
    assert table.rows[0].team_id == a.id and table.rows[0].points == 9
    result_decide(match_id=season.matches.get(Q(home=c, away=a) | Q(home=a, away=c)).id, user=commissioner)
    table = compute_standings(season)
    assert [(r.team_id, r.points) for r in table.rows[:3]] == [(a.id, 9), (c.id, 9), (b.id, 9)]
    assert any("head-to-head" in note and d.name not in note for note in table.notes)
    assert sum(r.played for r in table.rows) == 20
