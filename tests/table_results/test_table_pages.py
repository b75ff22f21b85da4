"""The public match page tells a submitted table result from one that counts."""

import pytest
from django.urls import reverse

from competitions.table_results import result_confirm, result_submit

from .conftest import scoresheet

pytestmark = pytest.mark.django_db


def test_the_match_page_shows_a_pending_result_then_the_confirmed_one(client, match, home_manager, away_manager):
    url = reverse("web:match", args=[match.id])
    assert "not counted yet" not in client.get(url).content.decode()
    result_submit(match_id=match.id, user=home_manager, data=scoresheet(match, 2, 1))
    page = client.get(url).content.decode()
    assert "result pending, not counted yet" in page and "2–1" not in page
    result_confirm(match_id=match.id, user=away_manager)
    page = client.get(url).content.decode()
    assert "not counted yet" not in page and "2–1" in page


def test_the_season_page_says_a_table_result_is_pending_then_counts_it(
    client, match, home_manager, away_manager, django_capture_on_commit_callbacks
):
    url = reverse("web:season", args=[match.season_id])
    assert "result pending" not in client.get(url).content.decode()
    with django_capture_on_commit_callbacks(execute=True):  # the page cache's version moves on commit
        result_submit(match_id=match.id, user=home_manager, data=scoresheet(match, 2, 1))
    assert "result pending" in client.get(url).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        result_confirm(match_id=match.id, user=away_manager)
    page = client.get(url).content.decode()
    assert "result pending" not in page and "2–1" in page


def test_a_table_result_has_no_engine_replay_command(client, match, home_manager, away_manager):
    result_submit(match_id=match.id, user=home_manager, data=scoresheet(match, 2, 1))
    result_confirm(match_id=match.id, user=away_manager)
    page = client.get(reverse("web:match", args=[match.id])).content.decode()
    assert "2–1" in page and "engines simulate" not in page
