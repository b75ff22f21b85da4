"""The season page's results grid: home rows, away columns, one leg to a cell, a dash on the
diagonal, in two queries whatever the number of teams, for league seasons only."""

import re

import pytest

from competitions.cross_tables import CROSS_TABLE_MAX_TEAMS, cross_tables
from competitions.round_robin import fixtures_generate
from competitions.swiss import swiss_draw
from matches.models import Match
from ops.demo import demo_season_create
from tests.conftest import make_league, make_season
from web.selectors import url_maker

pytestmark = pytest.mark.django_db


def as_the_page_reads(season):
    """The season with its bracket and Swiss (or none), as ``season_page`` reads it."""
    return type(season).objects.select_related("bracket", "swiss").get(id=season.id)


def grid(season):
    """The season's one grid as {(home name, away name): [cell texts]} and its teams' names."""
    (table,) = cross_tables(season)
    cells = {}
    for home, row in table.rows:
        for away, cell in zip(table.teams, row, strict=True):
            cells[(home.name, away.name)] = None if cell is None else [entry.text for entry in cell]
    return cells, [team.name for team in table.teams]


def test_a_double_round_robin_has_each_leg_in_its_own_cell(played_season):
    cells, names = grid(played_season)
    assert names == sorted(names) and len(names) == 4
    for match in Match.objects.filter(season=played_season).select_related("home", "away"):
        assert cells[(match.home.name, match.away.name)] == [f"{match.home_goals}–{match.away_goals}"]
    assert all(cells[(name, name)] is None for name in names)
    assert sum(1 for cell in cells.values() if cell) == 12  # every ordered pair: both legs


def test_a_single_round_robin_fills_one_cell_of_each_pair_and_links_the_matches_to_play():
    season = make_season(make_league(), ["Alpha", "Beta", "Gamma"], double=False)
    fixtures_generate(season)
    played = Match.objects.filter(season=season).select_related("home", "away").order_by("id").first()
    Match.objects.filter(id=played.id).update(status=Match.Status.PLAYED, home_goals=2, away_goals=1)
    Match.objects.filter(season=season).exclude(id=played.id).update(status=Match.Status.POSTPONED)
    cells, names = grid(season)
    for home in names:
        for away in names:
            if home < away:
                assert [bool(cells[(home, away)]), bool(cells[(away, home)])].count(True) == 1
    assert cells[(played.home.name, played.away.name)] == ["2–1"]
    assert sorted(t for cell in cells.values() if cell for t in cell) == ["2–1", "P", "P"]
    (table,) = cross_tables(season, match_url=url_maker("web:match"))
    entries = [entry for _, row in table.rows for cell in row if cell for entry in cell]
    assert {entry.url for entry in entries} == {f"/matches/{m.id}/" for m in Match.objects.filter(season=season)}
    assert any("postponed" in entry.note for entry in entries)


def test_the_grid_costs_two_queries_whatever_the_number_of_teams(django_assert_num_queries):
    for teams in (4, 12):
        season = make_season(make_league(f"League of {teams}"), [f"Team {n:02d}" for n in range(teams)])
        fixtures_generate(season)
        season = as_the_page_reads(season)
        with django_assert_num_queries(2):
            (table,) = cross_tables(season)
        assert len(table.rows) == teams and sum(len(cell or []) for _, row in table.rows for cell in row) == (
            teams * (teams - 1)
        )


def test_a_division_over_the_limit_is_left_out_after_one_query(django_assert_num_queries):
    season = make_season(make_league(), [f"Team {n:02d}" for n in range(CROSS_TABLE_MAX_TEAMS + 1)])
    season = as_the_page_reads(season)
    with django_assert_num_queries(1):
        (table,) = cross_tables(season)
    assert table.left_out and table.rows == []


def test_each_division_has_its_own_grid():
    season = demo_season_create(engine="futti", teams=4, seed=3, divisions=2)
    tables = cross_tables(season)
    assert [len(table.teams) for table in tables] == [4, 4] and all(table.title for table in tables)
    for table in tables:
        assert sum(len(cell or []) for _, row in table.rows for cell in row) == 12


def test_a_knockout_and_a_swiss_have_no_grid(django_assert_num_queries, client):
    knockout = demo_season_create(engine="futti", teams=4, seed=8, knockout=True)
    swiss = make_season(make_league("Swiss"), ["A", "B", "C", "D"])
    swiss_draw(swiss, rounds=2)
    for season in (knockout, swiss):
        season = as_the_page_reads(season)
        with django_assert_num_queries(0):
            assert cross_tables(season) == []
        assert "Results grid" not in client.get(f"/seasons/{season.id}/").content.decode()


def test_the_season_page_shows_the_grid_in_a_scrolling_box(client, played_season):
    html = client.get(f"/seasons/{played_season.id}/").content.decode()
    assert '<h2 id="results-grid">Results grid</h2>' in html
    grid_html = re.search(r'<div class="scroll">\s*<table class="cross">.*?</table>', html, re.S)[0]
    assert grid_html.count('<td class="num self">–</td>') == 4
    match = Match.objects.filter(season=played_season).first()
    assert f'<a href="/matches/{match.id}/" title="round {match.round},' in grid_html
    assert f">{match.home_goals}–{match.away_goals}</a>" in grid_html
