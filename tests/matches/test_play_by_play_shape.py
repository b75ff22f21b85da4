"""PLAY_BY_PLAY_SCHEMA is the shape every engine's stored play-by-play has: a league file's
play-by-plays are checked against it on import (ops.backup), so a file this project wrote must
always meet it, whatever its game."""

import jsonschema
import pytest

from competitions.results import matches_play
from engines import ENGINES
from matches.models import PLAY_BY_PLAY_SCHEMA, Match, PlayByPlay
from ops.demo import demo_season_create

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("engine", ENGINES)
def test_every_engines_stored_play_by_play_meets_the_schema(engine):
    season = demo_season_create(engine=engine, teams=4, seed=7)
    matches_play(Match.objects.filter(season=season).values_list("id", flat=True))
    stored = list(PlayByPlay.objects.filter(match__season=season).values_list("events", flat=True))
    validator = jsonschema.Draft202012Validator(PLAY_BY_PLAY_SCHEMA)
    assert len(stored) == Match.objects.filter(season=season).count() and all(len(events) > 1 for events in stored)
    assert [error.message for events in stored for error in validator.iter_errors(events)] == []
