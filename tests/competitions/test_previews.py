"""Match previews: played from what the play task plays, with seeds no match has, cached by what
decides them."""

import json
from io import StringIO

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.db import connection

from competitions import previews
from competitions.previews import match_preview, pairing_key, preview_seeds
from engines import get_engine
from leagues.models import SeasonTeam
from matches.models import Match
from matches.services import match_setup
from ops.demo import demo_season_create
from rosters.models import Player, SquadMember

pytestmark = pytest.mark.django_db

SAMPLES = 40


@pytest.fixture
def match():
    season = demo_season_create(engine="futti", teams=4, seed=11, double=True)
    return Match.objects.select_related("season__league", "home", "away").filter(season=season).first()


def test_preview_seeds_never_meet_a_match_seed(match):
    low, high = connection.ops.integer_field_range(Match._meta.get_field("seed").get_internal_type())
    largest_match_seed = max(abs(low), abs(high))  # the dice read the absolute value of a seed
    seeds = preview_seeds("any key", 5000)
    assert min(seeds) > largest_match_seed
    assert len(set(seeds)) == len(seeds)
    assert match.seed not in seeds and -match.seed not in seeds


def test_a_preview_is_the_pairing_played_with_its_seeds(match):
    preview = match_preview(match, samples=SAMPLES)
    engine, home, away, options = match_setup(match)
    seeds = preview_seeds(pairing_key(engine, home, away, options, SAMPLES), SAMPLES)
    played = [engine.simulate(home, away, seed=seed, options=options) for seed in seeds]
    data = preview.to_dict()
    assert data["samples"] == SAMPLES
    assert data["home_win"] == sum(r.home_goals > r.away_goals for r in played) / SAMPLES
    assert data["draw"] == sum(r.home_goals == r.away_goals for r in played) / SAMPLES
    assert data["home_win"] + data["draw"] + data["away_win"] == pytest.approx(1)
    assert data["expected_home_goals"] == sum(r.home_goals for r in played) / SAMPLES
    assert sum(preview.scores.values()) == SAMPLES
    likely = data["likely_scores"][0]
    assert preview.scores[(likely["home"], likely["away"])] == max(preview.scores.values())
    assert "home_through" not in data


def test_a_knockout_preview_says_who_goes_through(match):
    Match.objects.filter(id=match.id).update(winner_required=True)
    match.refresh_from_db()
    data = match_preview(match, samples=SAMPLES).to_dict()
    assert data["home_through"] + data["away_through"] == pytest.approx(1)
    assert data["home_through"] >= data["home_win"]


def test_a_preview_is_reused_until_a_squad_changes(match, monkeypatch):
    first = match_preview(match, samples=SAMPLES)
    monkeypatch.setattr(previews, "pairing_outlook", lambda *args: pytest.fail("played again"))
    assert match_preview(match, samples=SAMPLES) == first
    assert previews.cached_previews([match], samples=SAMPLES) == {match.id: first}
    # a card of the home squad changes: the preview is made afresh
    member = SquadMember.objects.filter(season=match.season, team=match.home).first()
    player = Player.objects.get(id=member.player_id)
    player.name = player.name + " Jr."
    player.save()
    assert previews.cached_previews([match], samples=SAMPLES) == {}
    with pytest.raises(pytest.fail.Exception, match="played again"):
        match_preview(match, samples=SAMPLES)


def test_new_tactics_or_settings_make_a_new_key(match):
    engine, home, away, options = match_setup(match)
    key = pairing_key(engine, home, away, options, SAMPLES)
    orders = SeasonTeam.objects.filter(season=match.season, team=match.home)
    orders.update(tactics={"coach": "planner"})
    assert pairing_key(engine, *match_setup(match)[1:3], options, SAMPLES) != key
    orders.update(tactics={})
    match.season.league.engine_settings = {"tie_break": "penalties"}
    assert pairing_key(engine, home, away, match_setup(match)[3], SAMPLES) != key
    assert pairing_key(get_engine("futti"), home, away, options, SAMPLES) == key


def test_the_command_prints_the_preview_as_json(match):
    out = StringIO()
    call_command("preview", str(match.id), "--samples", str(SAMPLES), "--json", stdout=out)
    data = json.loads(out.getvalue())
    keys = {"match", "home_win", "draw", "away_win", "expected_home_goals", "expected_away_goals", "samples"}
    assert set(data) == keys
    assert data["match"] == match.id and data["samples"] == SAMPLES
    assert cache.get(pairing_key(*match_setup(match)[0:4], SAMPLES)) is not None
