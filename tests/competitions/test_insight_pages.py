"""Previews and odds on the pages: shown once the workers made them, never computed by a page view."""

import pytest
from django.urls import reverse

from competitions import previews
from competitions.odds import season_odds_compute
from competitions.previews import match_preview
from matches.models import Match
from printing.scoresheets.selectors import scoresheet_for_match
from web import insight

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(small_season):
    return small_season


@pytest.fixture
def no_play(monkeypatch):
    """A page view that played a match would fail."""
    monkeypatch.setattr(previews, "pairing_outlook", lambda *args, **kwargs: pytest.fail("a page played a match"))


def test_pages_show_nothing_before_the_workers_made_it(client, season, no_play):
    match = season.matches.first()
    assert "Preview" not in client.get(reverse("web:match", args=[match.id])).content.decode()
    html = client.get(reverse("web:season", args=[season.id])).content.decode()
    assert 'id="odds"' not in html and "draw " not in html


def test_the_match_page_and_fixtures_show_a_cached_preview(client, season, monkeypatch):
    match = Match.objects.select_related("season__league", "home", "away").filter(season=season).first()
    data = match_preview(match).to_dict()
    monkeypatch.setattr(previews, "pairing_outlook", lambda *args, **kwargs: pytest.fail("a page played a match"))
    html = client.get(reverse("web:match", args=[match.id])).content.decode()
    assert 'id="preview"' in html
    assert f"{data['home_win']:.0%}" in html and f"{data['expected_home_goals']:.2f}" in html
    team_page = client.get(reverse("web:team", args=[match.home_id])).content.decode()
    assert f"home {data['home_win']:.0%} · draw {data['draw']:.0%}" in team_page


def test_the_season_page_shows_the_odds_once_made(client, season):
    client.get(reverse("web:season", args=[season.id]))  # cached without odds
    odds = season_odds_compute(season, completions=300)
    html = client.get(reverse("web:season", args=[season.id])).content.decode()
    assert 'id="odds"' not in html  # 300 completions are not the page's 10,000
    odds = season_odds_compute(season)
    html = client.get(reverse("web:season", args=[season.id])).content.decode()
    assert 'id="odds"' in html and "10000 times" in html
    favourite = max(odds["teams"], key=lambda team: team["title"])
    assert f"{favourite['expected_points']:.1f}" in html


def test_the_blank_scoresheet_names_a_cached_preview(season):
    match = Match.objects.select_related("season__league", "home", "away").filter(season=season).first()
    assert "preview" not in scoresheet_for_match(match.id, blank=True).competition
    data = match_preview(match).to_dict()
    header = scoresheet_for_match(match.id, blank=True).competition
    assert f"preview: home {data['home_win']:.0%}, draw {data['draw']:.0%}" in header


def test_a_groups_odds_table_has_a_knockout_column_and_no_division(season, monkeypatch):
    odds = {
        "completions": 10,
        "teams": [
            {"team": team.id, "expected_points": 3.0, "title": 0.5, "positions": [0.5, 0.5], "knockout": 1.0 - i / 2}
            for i, team in enumerate(season.teams.order_by("id")[:2])
        ],
    }
    monkeypatch.setattr(insight, "cached_season_odds", lambda _season: odds)
    lines, completions, columns = insight.odds_lines(season, {})
    assert columns == ["knockout"] and completions == 10
    assert [line.places for line in lines] == [[1.0], [0.5]]
    assert all(line.division == "" for line in lines)
