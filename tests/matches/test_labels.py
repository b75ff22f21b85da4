"""How a match was decided reads the same everywhere: every label lowercase, as it stands
inside a sentence ("penalties 4-3"); a page capitalises it where it stands alone."""

import pytest

from competitions.knockout import bracket_draw, bracket_lines
from matches.models import Match
from ops.demo import demo_season_create

pytestmark = pytest.mark.django_db


def test_every_decided_by_label_is_lowercase():
    labels = dict(Match.DecidedBy.choices)
    assert labels == {
        "regulation": "regulation",
        "extra_time": "extra time",
        "sudden_death": "sudden death",
        "penalties": "penalties",
        "forfeit": "forfeit",
    }


def test_a_shootout_reads_well_on_the_match_page_the_text_bracket_and_the_api(client):
    season = demo_season_create(engine="futti", teams=2, seed=3, knockout=True)
    bracket = bracket_draw(season)
    match = season.matches.get()
    match.home_goals = match.away_goals = 1
    match.status, match.decided_by, match.shootout_home, match.shootout_away = "played", "penalties", 5, 4
    match.save()
    page = client.get(f"/matches/{match.id}/").content.decode()
    assert "<dd>Penalties: shoot-out 5–4</dd>" in page
    assert "1-1" in bracket_lines(bracket)[0] and "(penalties 5-4)" in bracket_lines(bracket)[0]
    api = client.get(f"/api/seasons/{season.id}/bracket/").json()
    (tie,) = api["rounds"][0]["ties"]
    assert tie["legs"][0]["decided_by"] == "penalties" and tie["score"]["text"] == "penalties 5-4"
