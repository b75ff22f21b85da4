"""Whole Fütti matches: tie-breaks, the golden result, the contract, statistics."""

from __future__ import annotations

import copy
import hashlib
import json
import subprocess
import sys
from collections import Counter

import pytest

from engines import ScriptedDice, get_engine
from engines.core import STANDARD_STATS, CardError, TeamSheet
from engines.futti.match import SUDDEN_DEATH_LIMIT

ENGINE = get_engine("futti")
HOME_TEAM = ENGINE.sample_team(1, name="Home")
AWAY_TEAM = ENGINE.sample_team(2, name="Away")

#: sha256 of ``to_json()`` for the sample teams 1 and 2 and seed 2026. A change
#: here means the order or meaning of the rolls changed: bump ENGINE.version.
GOLDEN_SEED = 2026
GOLDEN_SHA256 = "af208ca00a520f495b1293e8d9d227a59b0224c02a239e84f7ba89839cfb87af"


def test_golden_result():
    result = ENGINE.simulate(HOME_TEAM, AWAY_TEAM, seed=GOLDEN_SEED)
    digest = hashlib.sha256(result.to_json().encode()).hexdigest()
    assert (result.version, digest) == (ENGINE.version, GOLDEN_SHA256) == ("1.3", GOLDEN_SHA256)


def test_same_inputs_and_seed_give_the_same_json_byte_for_byte():
    first = ENGINE.simulate(copy.deepcopy(HOME_TEAM), AWAY_TEAM, seed=99).to_json()
    assert ENGINE.simulate(HOME_TEAM, copy.deepcopy(AWAY_TEAM), seed=99).to_json() == first
    assert ENGINE.simulate(HOME_TEAM, AWAY_TEAM, seed=100).to_json() != first


def test_result_follows_the_contract():
    result = ENGINE.simulate(HOME_TEAM, AWAY_TEAM, seed=5)
    ids = {p["id"] for p in HOME_TEAM["players"]} | {p["id"] for p in AWAY_TEAM["players"]}
    assert set(result.player_stats) == ids
    for stats in result.player_stats.values():
        assert set(STANDARD_STATS) <= set(stats)
    assert [event.seq for event in result.events] == list(range(1, len(result.events) + 1))
    assert all(event.kind == event.kind.lower() for event in result.events)
    assert all(event.side in ("home", "away", None) for event in result.events)
    json.loads(result.to_json())
    assert (result.engine, result.seed, result.decided_by) == ("futti", 5, "regulation")


def test_sudden_death_plays_on_until_a_goal(futti):
    goal_minute = (1, 1, 3, 6, 4, 5, 1)  # hA1 scores past aG1 (51 > 44)
    rolls = [1, 1, *futti.quiet * 40, *futti.quiet, *goal_minute]
    result = futti.engine.play(futti.home, futti.away, ScriptedDice(rolls), {"winner_required": True})
    assert (result.home_goals, result.away_goals, result.decided_by) == (1, 0, "sudden_death")
    assert result.events[-1].kind == "full_time" and result.events[-1].minute == 42
    assert result.player_stats["hA1"]["minutes"] == 42


def test_penalty_shootout_when_the_league_says_so(futti):
    scored, missed = (1, 6, 6), (6,)  # on target and 66 beats 34; a six misses
    kicks = [*scored, *missed, *scored, *missed, *scored, *missed]  # 3-0 after three each
    rolls = [1, 1, *futti.quiet * 40, *kicks]
    options = {"winner_required": True, "settings": {"tie_break": "penalties"}}
    result = futti.engine.play(futti.home, futti.away, ScriptedDice(rolls), options)
    assert (result.home_goals, result.away_goals, result.decided_by) == (0, 0, "penalties")
    assert (result.shootout_home, result.shootout_away, result.winner) == (3, 0, "home")
    kickers = [(e.player_id, e.detail["scored"]) for e in result.events if e.kind == "penalty_kick"]
    # best offence first: hR1 (5), hA1 (4), hA2 (3); the visitors likewise
    assert kickers == [("hR1", True), ("aR1", False), ("hA1", True), ("aA1", False), ("hA2", True), ("aA2", False)]


def test_a_draw_stands_without_winner_required(futti):
    result = futti.engine.play(futti.home, futti.away, ScriptedDice([1, 1, *futti.quiet * 40]))
    assert (result.home_goals, result.away_goals, result.winner, result.decided_by) == (0, 0, None, "regulation")


def test_engines_cli_simulates_and_benches_futti():
    run = [sys.executable, "-m", "engines"]
    out = subprocess.run(
        [*run, "simulate", "futti", "--seed", "3", "--json"], capture_output=True, text=True, check=True
    )
    assert json.loads(out.stdout)["engine"] == "futti"
    out = subprocess.run([*run, "bench", "futti", "--matches", "200"], capture_output=True, text=True, check=True)
    assert "matches per second" in out.stdout


def test_the_engine_imports_no_django():
    code = "import sys, engines.futti; from engines import get_engine; get_engine('futti'); print(any(m.startswith('django') for m in sys.modules))"  # noqa: E501
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# --- statistics over seeded matches --------------------------------------------------


def _squad(prefix: str, offence: int, defence: int, goaltending: int) -> dict:
    players = [
        {"id": f"{prefix}{n}", "role": "field", "offence": offence, "defence": defence, "sportsmanship": 3, "stars": 0}
        for n in range(6)
    ]
    players += [
        {"id": f"{prefix}G{n}", "role": "goalkeeper", "goaltending": goaltending, "sportsmanship": 3} for n in range(2)
    ]
    return {"name": prefix, "players": players}


def _goals_at(result, minute: int) -> tuple[int, int]:
    goals = Counter(e.side for e in result.events if e.kind == "goal" and e.minute <= minute)
    return goals["home"], goals["away"]


@pytest.fixture(scope="module")
def season():
    """Twelve hundred seeded matches of the sample teams."""
    return [ENGINE.simulate(HOME_TEAM, AWAY_TEAM, seed=seed) for seed in range(1200)]


def test_scores_equal_the_goal_events(season):
    for result in season:
        assert (result.home_goals, result.away_goals) == _goals_at(result, 10**6)
        assert result.home_goals == sum(
            stats["goals"]
            for pid, stats in result.player_stats.items()
            if pid in {p["id"] for p in HOME_TEAM["players"]}
        )


def test_no_match_goes_past_an_early_ending_mark(season):
    for result in season:
        last = max(event.minute for event in result.events)
        home, away = _goals_at(result, 30)
        if abs(home - away) >= 3:
            assert last == 30
            continue
        home, away = _goals_at(result, 35)
        if home - away >= 1 or away - home >= 2:
            assert last == 35
        else:
            assert last == 40


def test_averages_stay_in_the_bands_the_rules_imply(season):
    n = len(season)
    goals = sum(r.home_goals + r.away_goals for r in season) / n
    draws = sum(r.winner is None for r in season) / n
    kinds = Counter(e.kind for r in season for e in r.events)
    assert 2.0 <= goals <= 6.0
    assert 0.08 <= draws <= 0.30
    assert 0.8 <= kinds["yellow_card"] / n <= 2.0
    assert kinds["red_card"] / n <= 0.4
    assert 0.4 <= kinds["injury"] / n <= 1.4


def test_a_66_goaltender_concedes_far_fewer_than_an_11():
    wall, sieve = _squad("w", 4, 4, 66), _squad("s", 4, 4, 11)
    conceded = Counter()
    for seed in range(400):
        result = ENGINE.simulate(wall, sieve, seed=seed)
        conceded["66"] += result.away_goals
        conceded["11"] += result.home_goals
    assert conceded["66"] * 3 < conceded["11"]


def test_the_side_with_better_ratings_wins_more_often():
    strong, weak = _squad("x", 5, 5, 44), _squad("y", 2, 2, 44)
    outcomes = Counter(ENGINE.simulate(weak, strong, seed=seed).winner for seed in range(400))
    assert outcomes["away"] > 3 * outcomes["home"]


@pytest.mark.parametrize("tie_break", ["sudden_death", "penalties"])
def test_with_winner_required_no_draw_survives(tie_break):
    options = {"winner_required": True, "settings": {"tie_break": tie_break}}
    decided = Counter()
    for seed in range(250):
        result = ENGINE.simulate(HOME_TEAM, AWAY_TEAM, seed=seed, options=options)
        assert result.winner is not None
        decided[result.decided_by] += 1
    assert decided[tie_break] > 0


def test_equal_sides_favour_the_hosts():
    # the extra home star, the first possession and the easier hold at 35 minutes
    home, away = _squad("p", 4, 4, 44), _squad("q", 4, 4, 44)
    outcomes = Counter(ENGINE.simulate(home, away, seed=seed).winner for seed in range(600))
    assert outcomes["home"] > outcomes["away"]


def test_loose_balls_follow_the_control_indicator():
    # visitors with twelve stars against none: advantage 11, ten faces of twelve
    home, away = _squad("p", 4, 4, 44), _squad("q", 4, 4, 44)
    for card in away["players"][:6]:
        card["stars"] = 3
    won = Counter()
    for seed in range(150):
        result = ENGINE.simulate(home, away, seed=seed)
        won.update(e.side for e in result.events if e.kind == "possession" and e.detail["reason"] == "loose_ball")
    share = won["away"] / (won["home"] + won["away"])
    assert abs(share - 10 / 12) < 0.03


def test_sudden_death_goes_on_past_an_hour_until_someone_scores(futti):
    goal_minute = (1, 1, 3, 6, 4, 5, 1)  # hA1 scores past aG1 (51 > 44)
    rolls = [1, 1, *futti.quiet * 100, *goal_minute]  # no goal in the 60 minutes after full time
    result = futti.engine.play(futti.home, futti.away, ScriptedDice(rolls), {"winner_required": True})
    assert (result.home_goals, result.away_goals, result.decided_by) == (1, 0, "sudden_death")
    assert result.events[-1].minute == 101


def test_only_the_safety_limit_ends_sudden_death_without_a_goal(futti):
    assert SUDDEN_DEATH_LIMIT >= 1000  # far beyond any match measured (README)
    scored, missed = (1, 6, 6), (6,)
    kicks = [*scored, *missed, *scored, *missed, *scored, *missed]
    rolls = [1, 1, *futti.quiet * (40 + SUDDEN_DEATH_LIMIT), *kicks]
    result = futti.engine.play(futti.home, futti.away, ScriptedDice(rolls), {"winner_required": True})
    assert (result.decided_by, result.shootout_home, result.shootout_away) == ("penalties", 3, 0)
    assert result.events[-1].minute == 40 + SUDDEN_DEATH_LIMIT


def test_a_shootout_with_no_field_player_left_sends_the_goaltenders(futti):
    scored, missed = (1, 6, 6), (6,)
    match = futti.start(*scored, *missed, *scored, *missed, *scored, *missed)
    for side in (0, 1):
        for card in match.teams[side].cards:
            match.removed[card.slot] = card.role == "field"  # every field player sent off or badly hurt
    assert match.shootout(1000) == (3, 0)
    assert match.dice.remaining == []
    kickers = [e.player_id for e in match.events if e.kind == "penalty_kick"]
    assert kickers == ["hG1", "aG1", "hG2", "aG2", "hG1", "aG1"]


def test_a_shootout_with_nobody_left_on_either_side_goes_to_a_control_check(futti):
    match = futti.start(3)
    for card in (*match.teams[0].cards, *match.teams[1].cards):
        match.removed[card.slot] = True
    assert match.shootout(1000) == (0, 1)  # d12 3 is outside the home range 6-12
    assert [(e.kind, e.side, e.detail) for e in match.events if e.minute == 1000] == [
        ("possession", "away", {"d12": 3, "reason": "shootout"})
    ]


@pytest.mark.parametrize("as_team_sheet", [False, True])
def test_a_sheet_edited_in_place_is_prepared_again(as_team_sheet):
    engine = get_engine("futti")
    home, away = engine.sample_team(1), engine.sample_team(2)
    if as_team_sheet:
        home, away = TeamSheet.coerce(home), TeamSheet.coerce(away)
    players = home.players if as_team_sheet else home["players"]
    first, _ = engine.prepare(home, away)
    assert engine.prepare(home, away)[0] is first  # same sheet, same content: prepared once
    card = next(card for card in players if card["role"] == "field")
    card["offence"] = 7 - card["offence"]
    edited, _ = engine.prepare(home, away)
    assert edited is not first
    assert next(c for c in edited.cards if c.id == card["id"]).offence == card["offence"]
    card["stars"] = 9
    with pytest.raises(CardError, match="stars"):
        engine.prepare(home, away)
    if not as_team_sheet:
        home["players"] = 5  # no longer a list of cards
        with pytest.raises(CardError, match="players"):
            engine.prepare(home, away)
