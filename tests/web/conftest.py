"""A played Fütti season of four teams (a double round robin: six rounds, twelve matches)."""

import pytest

from leagues.demo import create_demo_season
from matches.services import simulate_due


@pytest.fixture
def played_season(db):
    season = create_demo_season(engine="futti", teams=4, seed=1)
    simulate_due()
    return season
