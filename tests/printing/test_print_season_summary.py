"""The season summary for the notice board: every division's table, the results grid and the
leaders, from the page, the API and the command, on the paper asked for."""

import pytest
from django.core.management import CommandError, call_command

from competitions.leaders import leaderboards
from competitions.season_report import season_report
from competitions.standings import compute_standings
from matches.models import Match
from ops.demo import demo_season_create
from printing.season_reports import PORTRAIT_GRID_TEAMS, render_season_report


def test_the_summary_prints_the_table_every_result_and_the_leaders(played_season, pdf):
    season = played_season(teams=4)
    report = season_report(season.id)
    text = pdf.text(render_season_report(report).data)
    assert report.progress == "Final table" and "Final table" in text
    table = compute_standings(season)
    for row in table.rows:  # each team's row with its figures, a cell to a line of text
        figures = (row.position, row.name, row.played, row.won, row.drawn, row.lost, row.goals_for, row.goals_against)
        assert "\n".join(map(str, figures)) + f"\n{row.goal_difference:+d}\n{row.points}\n" in text
    for match in Match.objects.filter(season=season):
        assert f"{match.home_goals}–{match.away_goals}" in text
    (grid,) = report.grids
    home_row = [name.split(". ", 1)[1] for name in grid.teams]
    for match in Match.objects.filter(season=season).select_related("home", "away"):
        home, away = home_row.index(match.home.name), home_row.index(match.away.name)
        assert grid.cells[home][away] == f"{match.home_goals}–{match.away_goals}"
        assert grid.cells[away][home] == ""  # a single round robin: one leg, one cell
    top = leaderboards(season)[0]
    assert top.title in text and top.leaders[0].name in text


def test_a_season_under_way_says_how_far_it_is_and_marks_what_is_to_play(db, pdf):
    season = demo_season_create(engine="futti", teams=4, seed=8, double=False)
    report = season_report(season.id)
    assert report.progress == "0 of 6 matches played"
    assert {cell for row in report.grids[0].cells for cell in row} == {"", "v"}
    assert "0 of 6 matches played" in pdf.text(render_season_report(report).data)


def test_a_wide_grid_turns_the_page_and_a_knockout_points_to_its_bracket(db, pdf):
    season = demo_season_create(engine="futti", teams=PORTRAIT_GRID_TEAMS + 2, seed=8, double=False)
    (page,) = pdf(render_season_report(season_report(season.id)).data).pages[:1]
    assert page.mediabox.width > page.mediabox.height
    cup = demo_season_create(engine="futti", teams=4, seed=9, knockout=True)
    report = season_report(cup.id)
    assert report.bracket and report.tables == () and report.grids == ()
    assert "its bracket is printed on its own" in pdf.text(render_season_report(report).data)


def test_the_page_the_api_and_the_command_serve_it(client, played_season, pdf, tmp_path):
    season = played_season(teams=3)
    assert f"/seasons/{season.id}/summary.pdf" in client.get(f"/seasons/{season.id}/").content.decode()
    response = client.get(f"/seasons/{season.id}/summary.pdf?page=Letter")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert round(pdf(response.content).pages[0].mediabox.width) == 612  # Letter: 8.5 in
    assert client.get(f"/seasons/{season.id}/summary.pdf?page=A7").status_code == 400
    assert client.get("/seasons/999999/summary.pdf").status_code == 404
    api = client.get(f"/api/seasons/{season.id}/summary/")
    assert api.status_code == 200 and season.league.name in pdf.text(api.content)
    target = tmp_path / "summary.pdf"
    call_command("print_summary", str(season.id), "--output", str(target))
    assert season.league.name in pdf.text(target.read_bytes())
    with pytest.raises(CommandError, match="season_id: there is no season 999999"):
        call_command("print_summary", "999999", "--output", str(target))
