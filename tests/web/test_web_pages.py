"""The public pages: what a fan sees, and a query count that does not grow with the league."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from competitions.results import due_matches_play
from competitions.standings import compute_standings
from leagues.models import League, PointsDeduction
from matches.models import Match, played_events
from ops.demo import demo_season_create
from rosters.models import Player, SquadMember

pytestmark = pytest.mark.django_db


def page(client, name, *args, **query):
    response = client.get(reverse(f"web:{name}", args=args), query)
    assert response.status_code == 200, response.content[:500]
    return response.content.decode()


def test_home_lists_each_league_with_its_latest_results_and_next_fixtures(client, played_season):
    last = Match.objects.filter(season=played_season, round=6)
    last.update(status=Match.Status.SCHEDULED, home_goals=None, away_goals=None)
    html = page(client, "home")
    assert played_season.league.name in html
    assert "Results, round 5" in html
    assert "Next fixtures, round 6" in html
    for match in Match.objects.filter(season=played_season, round__in=[5, 6]).select_related("home", "away"):
        assert reverse("web:match", args=[match.id]) in html
    assert reverse("web:season", args=[played_season.id]) in html


def test_home_says_so_when_there_is_nothing_yet(client, db):
    assert "No leagues yet" in page(client, "home")
    League.objects.create(name="Empty", slug="empty")
    assert "No season yet" in page(client, "home")


def test_league_page_shows_settings_seasons_and_the_table(client, played_season):
    league = played_season.league
    html = page(client, "league", league.slug)
    assert "Fütti" in html and "goal difference" in html and f"{league.budget} BootCoins" in html
    for row in compute_standings(played_season).rows:
        assert row.name in html
    assert reverse("web:season", args=[played_season.id]) in html


def test_season_page_has_table_with_form_footnotes_rounds_chart_and_leaders(client, played_season):
    table = compute_standings(played_season)
    PointsDeduction.objects.create(season=played_season, team_id=table.rows[0].team_id, points=2, reason="late")
    html = page(client, "season", played_season.id)
    rows = re.findall(r'<th scope="row"><a href="/teams/\d+/">([^<]+)</a>', html)
    assert rows == [r.name for r in compute_standings(played_season).rows]
    # Form guide: the last five results, as W/D/L with a spelled-out title.
    assert len(re.findall(r'<abbr class="[WDL]" title="(Won|Drawn|Lost)">', html)) == 4 * 5
    assert "2 points deducted" in html
    for number in range(1, 7):
        assert f'id="round-{number}"' in html
    assert html.count('<svg viewBox="0 0 720') == 1 and html.count("<polyline") == 4
    assert "Top scorers" in html and "Saves" in html and "Cards" in html
    assert reverse("web:season-calendar", args=[played_season.id]) in html


def test_season_page_shows_the_tie_break_notes_as_a_footnote(client, db):
    season = demo_season_create(engine="futti", teams=4, seed=1)
    matches = list(Match.objects.filter(season=season))
    Match.objects.filter(id__in=[m.id for m in matches]).update(status=Match.Status.PLAYED, home_goals=1, away_goals=1)
    notes = compute_standings(season).notes
    assert notes
    html = page(client, "season", season.id)
    assert "How tied teams were separated" in html
    for note in notes:
        assert note.replace(",", "") in html.replace(",", "")


def test_chart_positions_follow_the_table_after_each_round(client, played_season):
    html = page(client, "season", played_season.id)
    desc = re.search(r'<desc id="chart-desc">(.*?)</desc>', html, re.S).group(1)
    final = {row.name: row.position for row in compute_standings(played_season).rows}
    for name, position in final.items():
        positions = re.search(re.escape(name) + r": ([\d, ]+)\.", desc).group(1).split(", ")
        assert len(positions) == 6
        assert int(positions[-1]) == position


def test_season_page_before_any_result(client, db):
    season = demo_season_create(engine="futti", teams=4, seed=2)
    html = page(client, "season", season.id)
    assert "<svg" not in html and "No results yet" in html


def test_match_report_shows_score_decision_play_by_play_stats_seed_and_engine(client, played_season):
    match = Match.objects.filter(season=played_season).select_related("home", "away").first()
    html = page(client, "match", match.id)
    assert f"{match.home_goals}–{match.away_goals}" in html
    assert "<dd>Regulation</dd>" in html  # a lowercase label, capitalised where it stands alone
    assert str(match.seed) in html and match.engine_version in html
    events = played_events(match.id)
    assert html.count("′</td>") == len(events) > 0
    # The dice that decided a shot or a steal are on its line.
    with_dice = next(e for e in events if e.kind in ("steal", "shot") and e.detail)
    key, value = next(iter(with_dice.detail.items()))
    assert f"<dt>{key.replace('_', ' ')}</dt>" in html
    # Player ids inside the detail read as names.
    save = next(e for e in events if e.kind == "save")
    assert f"<dt>goaltender</dt><dd>{Player.objects.get(id=save.player_id).name}</dd>" in html
    assert "Player stats" in html and match.home.name in html and match.away.name in html


def test_match_report_of_an_unplayed_match(client, db):
    season = demo_season_create(engine="futti", teams=4, seed=3)
    match = Match.objects.filter(season=season).first()
    html = page(client, "match", match.id)
    assert "No play-by-play" in html and "No player stats" in html


def test_team_page_shows_squad_cards_prices_and_results(client, played_season):
    member = SquadMember.objects.filter(season=played_season).select_related("player", "team").first()
    team = member.team
    html = page(client, "team", team.id)
    squad = SquadMember.objects.filter(season=played_season, team=team).select_related("player")
    for m in squad:
        assert m.player.name in html
    assert f"{sum(m.price for m in squad)} of {played_season.league.budget} BootCoins spent" in html
    attribute = next(k for k in member.player.attributes if k != "role")
    assert f">{attribute.replace('_', ' ')}</th>" in html
    assert html.count(reverse("web:team", args=[team.id])) >= 6  # one link per match it plays
    assert reverse("web:team-calendar", args=[team.id]) in html
    assert page(client, "team", team.id, season=played_season.id) == html


@pytest.mark.parametrize(
    "url",
    ["/leagues/nope/", "/seasons/999999/", "/matches/999999/", "/teams/999999/", "/teams/1/?season=x"],
)
def test_missing_rows_answer_404(client, db, url):
    assert client.get(url).status_code == 404


def test_pages_answer_get_only(client, played_season):
    assert client.post(reverse("web:season", args=[played_season.id])).status_code == 405
    assert client.head(reverse("web:home")).status_code == 200


def test_pages_are_accessible_html(client, played_season):
    match = Match.objects.filter(season=played_season).first()
    urls = [
        reverse("web:home"),
        reverse("web:league", args=[played_season.league.slug]),
        reverse("web:season", args=[played_season.id]),
        reverse("web:match", args=[match.id]),
        reverse("web:team", args=[match.home_id]),
    ]
    for url in urls:
        html = client.get(url).content.decode()
        assert '<html lang="en">' in html and 'name="viewport"' in html
        assert html.count("<h1>") == 1 and "<main" in html
        assert "<script" not in html  # no script, no build step
        assert all("<caption>" in t for t in re.findall(r"<table.*?</table>", html, re.S) if 'class="standings"' in t)
        assert all('scope="col"' in t for t in re.findall(r"<thead>.*?</thead>", html, re.S))


def test_query_counts_do_not_grow_with_the_league(client, django_assert_max_num_queries, db):
    small = demo_season_create(engine="futti", teams=4, seed=1)
    due_matches_play()
    big = demo_season_create(engine="futti", teams=8, seed=2)
    due_matches_play()
    for season in (small, big):
        match = Match.objects.filter(season=season).first()
        team = match.home
        pages = {
            reverse("web:home"): 3,
            reverse("web:league", args=[season.league.slug]): 5,
            # its version, then (not cached yet) the page, its rounds, the league's seasons, the odds
            # kept, and the results grid (its teams, its matches)
            reverse("web:season", args=[season.id]): 12,
            reverse("web:match", args=[match.id]): 3,
            # with the league's history: not stored yet (one query), computed, finished (one), stored (one);
            # its strength (competitions.parity): whether the season has a table, its matches, its squads
            # and tactics; who is out (matches.absences): the team's results, their cards, the names and
            # fixtures of those out
            reverse("web:team", args=[team.id]): 23,
        }
        for url, most in pages.items():
            with django_assert_max_num_queries(most):
                assert client.get(url).status_code == 200


def test_kickoffs_render_in_the_site_time_zone(client, played_season):
    match = Match.objects.filter(season=played_season).first()
    match.kickoff = timezone.now().replace(hour=19, minute=30) + timedelta(days=2)
    match.status = Match.Status.SCHEDULED
    match.save()
    assert "19:30" in page(client, "season", played_season.id)
