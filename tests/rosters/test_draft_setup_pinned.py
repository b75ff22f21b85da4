"""A draft's setup refusals, field by field as the API and the admin show them, and its
default pick time (found by mutation testing: the draft tests matched the messages in part)."""

import pytest

from rosters.drafts.setup import draft_create
from rosters.drafts.state import DraftError
from rosters.models import Draft

pytestmark = pytest.mark.django_db


def test_a_new_draft_gives_ninety_seconds_a_pick(season):
    assert draft_create(season).seconds_per_pick == 90


def test_an_order_by_last_seasons_table_needs_that_season(season):
    with pytest.raises(DraftError) as refused:
        draft_create(season, order_method=Draft.OrderMethod.REVERSE_TABLE)
    assert refused.value.message_dict == {"previous_season": ["choose the season whose table gives the order"]}


def test_a_hand_set_order_names_the_order_field(season):
    with pytest.raises(DraftError) as refused:
        draft_create(season, order_method=Draft.OrderMethod.MANUAL, order=[])
    assert refused.value.message_dict == {"order": ["give every team of the season exactly once"]}
