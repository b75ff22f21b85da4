"""A played Fütti season of four teams (a double round robin: six rounds, twelve matches)."""

import pytest

from competitions.results import due_matches_play
from ops.demo import demo_season_create


@pytest.fixture
def played_season(db):
    season = demo_season_create(engine="futti", teams=4, seed=1)
    due_matches_play()
    return season
