"""``export_season --json`` says each match's real stage: league, group, swiss, knockout or
play-offs, and in a bracket the side, the round's name and the leg."""

import json
from collections import Counter

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from competitions.groups import groups_draw
from competitions.knockout import bracket_draw
from competitions.playoffs import playoffs_draw
from competitions.results import due_matches_play, match_forfeit
from competitions.swiss import swiss_draw
from ops.demo import demo_season_create
from ops.export import season_export
from tournaments.models import Tie

pytestmark = pytest.mark.django_db


def exported(season, capsys):
    call_command("export_season", str(season.id), "--json")
    return json.loads(capsys.readouterr().out)["matches"]


def test_a_two_legged_knockout_names_its_rounds_and_legs(capsys):
    season = demo_season_create(engine="futti", teams=8, seed=11, knockout=True)
    bracket = bracket_draw(season, two_legged_rounds=[1], third_place=True)
    tie = Tie.objects.filter(bracket=bracket, round=1).first()
    match_forfeit(tie.first_leg, forfeited_by="home")  # 0-3 and 0-3: level, a deciding match
    match_forfeit(tie.match, forfeited_by="home")
    matches = {m["id"]: m for m in exported(season, capsys)}
    assert {m["stage"] for m in matches.values()} == {"knockout"}
    tie.refresh_from_db()
    first, second, decider = matches[tie.first_leg_id], matches[tie.match_id], matches[tie.decider_id]
    assert (first["leg"], second["leg"], decider["leg"]) == (1, 2, None)
    assert (first["decider"], second["decider"], decider["decider"]) == (False, False, True)
    assert first["round"] == second["round"] == 1
    assert {first["round_name"], second["round_name"]} == {"Quarter-finals"}
    assert all(m["side"] is None and m["group"] is None for m in matches.values())
    assert Counter(m["leg"] for m in matches.values()) == {1: 4, 2: 4, None: 1}


def test_double_elimination_says_the_side(capsys):
    season = demo_season_create(engine="futti", teams=4, seed=5, knockout=True)
    bracket_draw(season, double_elimination=True)

    while due_matches_play():
        pass
    matches = exported(season, capsys)
    sides = Counter(m["side"] for m in matches)
    assert sides["winners"] == 3 and sides["losers"] == 2 and sides["grand_final"] >= 1
    names = {m["round_name"] for m in matches if m["side"] == "losers"}
    assert names == {"Losers R1", "Losers R2"}
    assert all(m["leg"] is None and m["stage"] == "knockout" for m in matches)


def test_league_group_swiss_and_playoffs_stages(capsys):
    league_season = demo_season_create(engine="futti", teams=4, seed=3)
    assert {m["stage"] for m in exported(league_season, capsys)} == {"league"}

    due_matches_play()
    playoffs = playoffs_draw(league_season, top=2)
    final = exported(playoffs, capsys)
    assert [(m["stage"], m["round_name"]) for m in final] == [("playoffs", "Final")]

    swiss_season = demo_season_create(engine="futti", teams=4, seed=4, knockout=True)
    swiss_draw(swiss_season, rounds=2)
    assert {(m["stage"], m["round_name"]) for m in exported(swiss_season, capsys)} == {("swiss", None)}

    groups_season = demo_season_create(engine="futti", teams=8, seed=6, knockout=True)
    stage = groups_draw(groups_season, groups=2)
    group_b = stage.groups.get(label="B").season
    assert {(m["stage"], m["group"]) for m in exported(group_b, capsys)} == {("group", "B")}


def test_the_export_reads_a_fixed_number_of_queries():
    def queries(teams):
        season = demo_season_create(engine="futti", teams=teams, seed=teams, knockout=True)
        bracket_draw(season, two_legged_rounds=[1])
        with CaptureQueriesContext(connection) as context:
            season_export(season)
        return len(context.captured_queries)

    assert queries(4) == queries(16)
