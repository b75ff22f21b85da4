"""A season of divisions on its page (one table each) and in the standings API (``?division=``)."""

from __future__ import annotations

import re

import pytest
from rest_framework.test import APIClient

from tests.competitions.conftest import divide, play_all

pytestmark = pytest.mark.django_db


@pytest.fixture
def divided(season):
    top, second = divide(season, relegated=2, promoted=2)
    play_all(season)
    return season, top, second


def test_the_season_page_shows_one_table_per_division(client, divided):
    season, top, second = divided
    page = client.get(f"/seasons/{season.pk}/").content.decode()
    assert f'<h2 id="table-1">{top.name}</h2>' in page
    assert f'<h2 id="table-2">{second.name}</h2>' in page
    assert page.index("table-1") < page.index("table-2")


def test_the_season_page_draws_each_divisions_position_chart(client, divided):
    season, top, second = divided
    page = client.get(f"/seasons/{season.pk}/").content.decode()
    assert page.count('data-chart="positions"') == 2
    assert f'<h3 id="chart-1">{top.name}</h3>' in page and f'<h3 id="chart-2">{second.name}</h3>' in page
    for number, division in enumerate([top, second], start=1):
        desc = re.search(rf'<desc id="chart-{number}-desc">(.*?)</desc>', page, re.S).group(1)
        lines = dict(line.split(": ") for line in desc.strip().rstrip(".").split(". "))
        entries = season.entries.filter(division=division).select_related("team").order_by("team_id")
        names = [entry.team.name for entry in entries]
        assert set(lines) == set(names)  # the division's own teams, placed among themselves
        finals = [int(lines[name].split(", ")[-1]) for name in names]
        assert finals == [1, 2, 3, 4]  # the lower id wins every match: its table is the id order


def test_the_standings_api_gives_a_divisions_table(divided, team_ids):
    season, top, second = divided
    api = APIClient()
    data = api.get(f"/api/seasons/{season.pk}/standings/", {"division": second.pk}).json()
    assert data["division"] == second.pk
    assert [row["team"] for row in data["standings"]] == team_ids[4:]
    whole = api.get(f"/api/seasons/{season.pk}/standings/").json()
    assert whole["division"] is None and len(whole["standings"]) == 8
    for bad in ("x", "0", str(second.pk + 100)):
        refused = api.get(f"/api/seasons/{season.pk}/standings/", {"division": bad})
        assert refused.status_code == 400 and "division" in refused.json()
