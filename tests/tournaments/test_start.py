"""Starting a tournament from the admin, in every format, and the play-offs that the worker
draws when the league's last result is stored."""

import pytest
from django.contrib.auth.models import Permission, User
from django.core.exceptions import ValidationError

from competitions.knockout import bracket_draw
from competitions.playoffs import planned_playoffs_draw
from competitions.results import match_play
from competitions.standings import compute_standings
from competitions.start import tournament_start
from leagues.models import Season, Team
from matches.models import Match
from matches.services import match_simulate
from ops.demo import demo_season_create
from tournaments.models import Entrant, GroupStage, Playoffs, Swiss

pytestmark = pytest.mark.django_db


@pytest.fixture
def commissioner(client):
    user = User.objects.create_user("chair", password="pw-for-tests-only", is_staff=True)
    user.user_permissions.add(*_permissions("add_bracket", "change_bracket", "view_bracket"))
    client.force_login(user)
    return user


@pytest.fixture
def admin_client(client):
    client.force_login(User.objects.create_superuser("boss", "boss@example.com", "pw-for-tests-only"))
    return client


def _permissions(*codenames):
    return Permission.objects.filter(content_type__app_label="tournaments", codename__in=codenames)


def start(client, season, **fields):
    data = {"season": season.id, "groups": 2, "advance": 2, "top": 4, "two_legged_rounds": ""} | fields
    return client.post("/admin/tournaments/bracket/start/", data, follow=True)


@pytest.mark.parametrize(
    ("tournament_format", "made"),
    [
        ("knockout", lambda s: s.bracket.entrants.count() == 6 and s.bracket.third_place),
        ("double_elimination", lambda s: s.bracket.double_elimination),
        ("groups", lambda s: GroupStage.objects.get(season=s).groups.count() == 2),
        ("swiss", lambda s: Swiss.objects.get(season=s).rounds == 3),
        ("league_playoffs", lambda s: Playoffs.objects.get(season=s).top == 4 and s.matches.count() == 30),
    ],
)
def test_a_commissioner_starts_each_format_from_the_admin(client, commissioner, tournament_format, made):
    season = demo_season_create(engine="futti", teams=6, seed=9)
    season.league.commissioners.add(commissioner)
    response = start(client, season, format=tournament_format, third_place="on")
    assert response.redirect_chain[-1][0] == f"/seasons/{season.id}/"
    assert made(season)
    assert Match.objects.filter(season__league=season.league).exists()  # the first round is scheduled


def test_bad_options_are_named_and_change_nothing(client, commissioner):
    season = demo_season_create(engine="futti", teams=6, seed=9)
    season.league.commissioners.add(commissioner)
    before = list(season.matches.values_list("id", flat=True))
    html = start(client, season, format="knockout", two_legged_rounds="1, 4").content.decode()
    assert "Two-legged rounds must be among 1 to 3" in html
    html = start(client, season, format="groups", two_legged_rounds="3").content.decode()
    assert "Two-legged rounds must be among 1 to 2: a knockout of 4 teams" in html
    html = start(client, season, format="league_playoffs", top=9).content.decode()
    assert "9 is not between 2 and the 6 teams" in html
    html = start(client, season, format="knockout", two_legged_rounds="first").content.decode()
    assert "Give round numbers" in html
    html = start(client, season, format="league_playoffs", two_legged_rounds="3").content.decode()
    assert "Two-legged rounds must be among 1 to 2" in html
    assert list(season.matches.values_list("id", flat=True)) == before
    assert not Playoffs.objects.exists() and not GroupStage.objects.exists()


def test_only_the_leagues_a_user_runs_are_offered(client, commissioner):
    demo_season_create(engine="futti", teams=4, seed=8).league.commissioners.add(commissioner)
    season = demo_season_create(engine="futti", teams=4, seed=9)  # not his league
    html = start(client, season, format="knockout").content.decode()
    assert "Select a valid choice" in html
    assert not Entrant.objects.exists()
    client.force_login(User.objects.create_user("fan", password="pw-for-tests-only", is_staff=True))
    assert client.get("/admin/tournaments/bracket/start/").status_code == 403


def test_the_last_league_result_draws_the_playoffs(play_out, client):
    season = demo_season_create(engine="futti", teams=5, seed=6, double=False)
    tournament_start(season, "league_playoffs", top=4, third_place=True)
    plan = season.playoffs
    with pytest.raises(ValidationError, match="7 is not between 2 and the 5 teams"):
        tournament_start(season, "league_playoffs", top=7)
    play_out()  # the league, then the play-offs drawn by its last result (kickoffs from now)
    plan.refresh_from_db()
    knockout = plan.knockout
    table = [row.team_id for row in compute_standings(season).rows[:4]]
    assert list(Entrant.objects.filter(bracket__season=knockout).values_list("team_id", flat=True)) == table
    assert knockout.bracket.third_place
    assert Team.objects.filter(seasons=knockout).count() == 4
    html = client.get(f"/seasons/{season.id}/").content.decode()
    assert f'href="/seasons/{knockout.id}/bracket/">Play-offs</a>' in html


def test_the_season_form_links_to_starting_a_tournament_with_it(client, commissioner):
    season = demo_season_create(engine="futti", teams=4, seed=10)
    season.league.commissioners.add(commissioner)

    commissioner.user_permissions.add(*Permission.objects.filter(codename__in=["view_season", "change_season"]))
    html = client.get(f"/admin/leagues/season/{season.id}/change/").content.decode()
    assert f'href="/admin/tournaments/bracket/start/?season={season.id}"' in html
    form = client.get(f"/admin/tournaments/bracket/start/?season={season.id}").content.decode()
    assert f'<option value="{season.id}" selected>' in form


def test_a_draw_that_fails_keeps_the_result_and_the_commissioner_draws_later(play_out, admin_client, caplog):
    season = demo_season_create(engine="futti", teams=5, seed=11, double=False)
    tournament_start(season, "league_playoffs", top=4)
    *played, last = season.matches.order_by("kickoff", "id")
    for match in played:
        match_play(match_id=match.id)
    leaving = [t for t in season.teams.all() if t.id not in (last.home_id, last.away_id)][:2]
    season.teams.remove(*leaving)  # three teams left: the play-offs of four cannot be drawn
    match_play(match_id=last.id)
    last.refresh_from_db()
    assert last.status == Match.Status.PLAYED  # the result is kept although the draw failed
    assert season.playoffs.knockout is None
    assert "draw it from the admin" in caplog.text
    with pytest.raises(ValidationError, match="4 is not between 2 and the 3 teams"):
        planned_playoffs_draw(season.playoffs.id)

    season.teams.add(*leaving)
    response = admin_client.post(
        "/admin/tournaments/playoffs/", {"action": "draw_now", "_selected_action": [season.playoffs.id]}, follow=True
    )
    assert "drawn, round one scheduled" in response.content.decode()
    season.playoffs.refresh_from_db()
    assert Entrant.objects.filter(bracket__season=season.playoffs.knockout).count() == 4
    response = admin_client.post(
        "/admin/tournaments/playoffs/", {"action": "draw_now", "_selected_action": [season.playoffs.id]}, follow=True
    )
    assert "already drawn" in response.content.decode()


def test_playoffs_of_a_finished_league_are_drawn_at_once_and_other_formats_are_refused(play_out):
    season = demo_season_create(engine="futti", teams=4, seed=12, double=False)
    play_out()
    said = tournament_start(season, "league_playoffs", top=2)
    assert "is over" in said
    knockout = Playoffs.objects.get(season=season).knockout
    assert knockout is not None and knockout.matches.count() == 1
    with pytest.raises(ValidationError, match="already drawn"):
        tournament_start(season, "league_playoffs", top=4)
    bracket = demo_season_create(engine="futti", teams=4, seed=13, knockout=True)
    with pytest.raises(ValidationError, match="already a bracket"):
        tournament_start(bracket, "league_playoffs", top=2)
    assert not Playoffs.objects.filter(season=bracket).exists()


@pytest.mark.django_db(transaction=True)
def test_the_last_two_league_results_at_once_draw_the_playoffs_once(play_at_once):
    season = demo_season_create(engine="futti", teams=4, seed=14, double=False)
    tournament_start(season, "league_playoffs", top=2)
    *played, one, two = season.matches.order_by("round", "id")
    for match in played:
        match_play(match_id=match.id)
    play_at_once([one.id, two.id])
    plan = Playoffs.objects.get(season=season)
    assert plan.knockout is not None
    assert Season.objects.filter(league=season.league, name__endswith="play-offs").count() == 1
    assert plan.knockout.matches.count() == 1


def test_groups_by_hand_from_the_start_form(client, commissioner):
    season = demo_season_create(engine="futti", teams=6, seed=31)
    season.league.commissioners.add(commissioner)
    teams = list(season.teams.order_by("name"))
    names = [team.name for team in teams]
    bad = f"A: {names[0]}, {names[1]}, {names[2]}\nB: {names[2]}, {names[3]}, {names[4]}, {names[5]}"
    html = start(client, season, format="groups", advance=1, groups_by_hand=bad).content.decode()
    assert f"{names[2]} is in group A and group B." in html
    assert not GroupStage.objects.filter(season=season).exists()
    good = f"A: {names[0]}, {names[3]}, {teams[4].id}\n\nB: {names[1]}, {names[2]}, {names[5]}"
    response = start(client, season, format="groups", advance=1, groups_by_hand=good)
    assert response.redirect_chain[-1][0] == f"/seasons/{season.id}/"
    stage = GroupStage.objects.get(season=season)
    groups = [set(g.season.teams.all()) for g in stage.groups.order_by("label")]
    assert groups == [{teams[0], teams[3], teams[4]}, {teams[1], teams[2], teams[5]}]


def _decided(match, seeds=range(120)):
    """How the match would be decided under each of many seeds (nothing is stored)."""
    decided = set()
    for seed in seeds:
        match.seed = seed
        decided.add(match_simulate(match)[0].decided_by)
    return decided


def test_a_futti_tournament_chooses_its_tie_break_for_every_stage(client, commissioner):
    season = demo_season_create(engine="futti", teams=8, seed=32)
    season.league.engine_settings = {"tie_break": "sudden_death"}
    season.league.save()
    season.league.commissioners.add(commissioner)
    response = start(client, season, format="groups", tie_break="penalties")
    assert response.redirect_chain[-1][0] == f"/seasons/{season.id}/"
    season.refresh_from_db()
    assert season.engine_settings == {"tie_break": "penalties"}
    stage = GroupStage.objects.get(season=season)
    group = stage.groups.first().season
    assert group.engine_settings == {"tie_break": "penalties"}  # the knockout's season inherits it the same way
    match = group.matches.first()
    match.winner_required = True  # as a knockout match would be played
    assert _decided(match) == {"regulation", "penalties"}
    # the league's own setting still holds for its other seasons
    other = demo_season_create(engine="futti", teams=2, seed=33, knockout=True)
    other.league.engine_settings = {"tie_break": "sudden_death"}
    other.league.save()

    bracket_draw(other)
    assert "sudden_death" in _decided(other.matches.get())


def test_the_tie_break_is_refused_for_other_games_and_values_and_changes_nothing(client, commissioner):
    season = demo_season_create(engine="flexdeck", teams=4, seed=34)
    season.league.commissioners.add(commissioner)
    html = start(client, season, format="knockout", tie_break="penalties").content.decode()
    assert "Only Fütti has a choice of tie-break" in html
    season.refresh_from_db()
    assert season.engine_settings == {} and not hasattr(season, "bracket")
    futti = demo_season_create(engine="futti", teams=4, seed=35)
    with pytest.raises(ValidationError, match="'coin_toss' is not a Fütti tie-break"):
        tournament_start(futti, "knockout", tie_break="coin_toss")
    with pytest.raises(ValidationError, match="Two-legged rounds"):
        tournament_start(futti, "knockout", tie_break="penalties", two_legged_rounds=[3])
    futti.refresh_from_db()
    assert futti.engine_settings == {}  # the refused draw took the tie-break back with it


def test_a_cup_on_a_season_with_results_is_refused_with_the_real_reason(admin_client):
    season = demo_season_create(engine="futti", teams=4, seed=9, double=False)
    match_play(match_id=season.matches.first().id)
    response = start(admin_client, season, format="knockout").content.decode()
    assert "already has results (1 match), which a new draw would delete" in response
    assert "start the single elimination on a season of its own" in response
    assert "cannot be drawn again" not in response
    assert not hasattr(Season.objects.get(id=season.id), "bracket")
