"""How a match was decided reads the same everywhere: every label lowercase, as it stands
inside a sentence ("penalties 4-3"); a page capitalises it where it stands alone."""

import pytest

from matches.models import Match

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
