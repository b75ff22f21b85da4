"""Input past the calendar's, the JSON parser's or the game's limits: refused in the admin,
the commands and the services with the field named, and nothing stored changes (issue #19)."""

from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command

from competitions.results import match_play
from competitions.round_robin import fits_in_calendar, fixtures_generate
from competitions.start import tournament_start
from leagues.models import League, Season, SeasonTeam, Team
from matches.models import Match
from ops.demo import demo_season_create
from rosters.models import Player, SquadMember
from tests.leagues.test_bad_input import league_form, match_form

pytestmark = pytest.mark.django_db

DEEP = "[" * 5000 + "]" * 5000
#: What the admin says of a bad engine setting in the JSON box (a new league's page).
BANANA = "engine_settings.tie_break: &quot;banana&quot; is not allowed"
TYPO = "engine_settings.tie_brake: unknown setting; the settings are: tie_break, "


@pytest.fixture
def admin_client(client):
    client.force_login(User.objects.create_superuser("boss", "boss@example.com", "pw-for-tests-only"))
    return client


def season_form(season, **changes):
    data = {
        "league": season.league_id,
        "name": season.name,
        "teams": [t.id for t in season.teams.all()],
        "double_round_robin": "on",
        "first_kickoff_0": "2026-12-01",
        "first_kickoff_1": "19:00:00",
        "round_interval": "7 00:00:00",
        "seed": season.seed,
        "engine_settings": "{}",
        "deductions-TOTAL_FORMS": 0,
        "deductions-INITIAL_FORMS": 0,
        "transfer_windows-TOTAL_FORMS": 0,
        "transfer_windows-INITIAL_FORMS": 0,
    }
    data.update(changes)
    return data


def league_change_form(league, **changes):
    data = league_form(
        name=league.name,
        slug=league.slug,
        engine=league.engine,
        engine_settings="{}",
        tiebreakers='["points", "goal_difference"]',
    )
    data["teams-INITIAL_FORMS"] = data["teams-TOTAL_FORMS"] = 0
    data.update(changes)
    return data


# --- the calendar's limits -------------------------------------------------------------------


def test_fixtures_from_year_9999_are_refused_naming_the_first_kickoff(season):
    with pytest.raises(ValidationError) as refused:
        fixtures_generate(season, first_kickoff=datetime(9999, 12, 1, tzinfo=UTC))
    assert "first_kickoff" in refused.value.message_dict
    with pytest.raises(ValidationError) as refused:
        fixtures_generate(season, interval=timedelta(days=999_999_999))
    assert "round_interval" in refused.value.message_dict
    assert not Match.objects.filter(season=season).exists()


def test_the_last_round_must_fit_in_the_calendar_whatever_the_team_limit():
    """The limits on kickoffs and intervals fit ``MAX_TEAMS_PER_SEASON`` teams; a limit raised
    far beyond it still gets a refusal from ``generate_fixtures``, not an overflow."""
    start, year = datetime(9000, 1, 1, tzinfo=UTC), timedelta(days=366)
    assert fits_in_calendar(start, year, 254)  # 128 teams, home and away
    assert not fits_in_calendar(start, year, 2_000)
    assert not fits_in_calendar(start, timedelta(days=999_999_999), 2)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--start", "9999-12-01T00:00:00+00:00"], "first_kickoff: A kickoff must be between the years 1900 and 9000"),
        (["--interval", "999999999 00:00:00"], "round_interval: The interval between rounds may be at most 366 days"),
        (["--interval", "9999999999 00:00:00"], "--interval: '9999999999 00:00:00' is too long"),
        (["--start", "2026-12-01T00:00:00+25:00"], "--start: '2026-12-01T00:00:00\\+25:00' is not a date and time"),
        (["--start", "2026-12-01T00:00:00-21:22"], "first_kickoff: The UTC offset -21:22 is out of range"),
    ],
)
def test_generate_fixtures_command_refuses_dates_past_the_calendar(season, args, message):
    with pytest.raises(CommandError, match=message):
        call_command("generate_fixtures", str(season.id), *args)
    assert not Match.objects.filter(season=season).exists()


def test_the_season_action_refuses_a_first_kickoff_in_year_9999(admin_client, season):
    Season.objects.filter(id=season.id).update(first_kickoff=datetime(9999, 12, 1, tzinfo=UTC))
    response = admin_client.post(
        "/admin/leagues/season/", {"action": "generate_fixtures_action", "_selected_action": [season.id]}, follow=True
    )
    assert "first_kickoff: A kickoff must be between the years 1900 and 9000." in response.content.decode()
    assert not Match.objects.filter(season=season).exists()


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"first_kickoff_0": "9999-12-01"}, "Give a date between the years 1900 and 9000."),
        ({"round_interval": "999999999 00:00:00"}, "The interval between rounds may be at most 366 days."),
        ({"setting_doubles_chart": DEEP}, "Nested too deep: at most 20 levels"),
        ({"setting_tie_break": '"banana"'}, "Select a valid choice."),
        ({"setting_control_ranges": "[[0, 1, 99]]"}, "control_ranges"),
    ],
)
def test_the_season_admin_refuses_input_past_the_limits(admin_client, season, changes, message):
    before = (season.first_kickoff, season.round_interval, season.engine_settings)
    response = admin_client.post(f"/admin/leagues/season/{season.id}/change/", season_form(season, **changes))
    assert response.status_code == 200
    assert message in response.content.decode()
    season.refresh_from_db()
    assert (season.first_kickoff, season.round_interval, season.engine_settings) == before


def test_the_season_admin_refuses_more_teams_than_the_setting_allows(admin_client, season, settings):
    settings.MAX_TEAMS_PER_SEASON = 3
    response = admin_client.post(f"/admin/leagues/season/{season.id}/change/", season_form(season))
    assert "4 teams; a season may have at most 3 (the MAX_TEAMS_PER_SEASON setting)." in response.content.decode()
    with pytest.raises(ValidationError) as refused:
        fixtures_generate(season)
    assert "at most 3" in refused.value.message_dict["teams"][0]
    settings.MAX_TEAMS_PER_SEASON = 4
    assert admin_client.post(f"/admin/leagues/season/{season.id}/change/", season_form(season)).status_code == 302


def test_the_match_admin_refuses_a_kickoff_in_year_9999(admin_client, season):
    match = fixtures_generate(season)[0]
    response = admin_client.post(
        f"/admin/matches/match/{match.id}/change/", match_form(match, kickoff_0="9999-12-31", kickoff_1="23:00:00")
    )
    assert response.status_code == 200
    assert "Give a date between the years 1900 and 9000." in response.content.decode()
    assert Match.objects.get(id=match.id).kickoff == match.kickoff


# --- JSON and engine settings ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"engine_settings": DEEP}, "Nested too deep: at most 20 levels"),
        ({"engine_settings": '{"tie_break": "banana"}'}, BANANA),
        ({"engine_settings": '{"tie_brake": "penalties"}'}, TYPO),
        ({"forfeit_goals_for": 0, "forfeit_goals_against": 5}, "(forfeit_goals_for, 0)"),
        ({"forfeit_goals_for": 2, "forfeit_goals_against": 2}, "(forfeit_goals_against, 2)"),
    ],
)
def test_the_league_admin_refuses_bad_settings(admin_client, changes, message):
    response = admin_client.post("/admin/leagues/league/add/", league_form(**changes))
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not League.objects.filter(slug="new-league").exists()


def test_the_tactics_admin_refuses_deeply_nested_tactics(admin_client):
    league = League.objects.create(name="Calciotto", slug="calciotto", engine="calciotto")  # tactics: a JSON box
    team = Team.objects.create(league=league, name="Deep")
    season = Season.objects.create(league=league, name="Deep season")
    season.teams.add(team)
    entry = SeasonTeam.objects.get(season=season, team=team)
    response = admin_client.post(f"/admin/leagues/seasonteam/{entry.id}/change/", {"tactics": DEEP})
    assert response.status_code == 200
    assert "Nested too deep" in response.content.decode()
    entry.refresh_from_db()
    assert entry.tactics == {}


def test_each_engines_settings_are_checked_when_a_league_is_saved():
    league = League(name="Cup", slug="cup", engine="calciotto", engine_settings={"minutes": 45, "coach": "simple"})
    league.full_clean()
    league.engine_settings = {"minutes": 50}
    with pytest.raises(ValidationError, match="engine_settings.minutes: 50 is not allowed"):
        league.full_clean()


def test_a_seasons_settings_are_checked_over_the_leagues(season):
    season.engine_settings = {"tie_break": "penalties"}
    season.full_clean()
    season.engine_settings = {"tie_break": "coin_toss"}
    with pytest.raises(ValidationError) as refused:
        season.full_clean()
    assert 'engine_settings.tie_break: "coin_toss" is not allowed' in refused.value.message_dict["engine_settings"][0]


# --- the game of a league with cards, squads or results ---------------------------------------


def test_the_game_of_a_league_with_cards_and_results_cannot_change(admin_client):
    season = demo_season_create(engine="futti", teams=4, seed=3)
    match_play(match_id=season.matches.order_by("id").first().id)
    league = season.league
    response = admin_client.post(
        f"/admin/leagues/league/{league.id}/change/", league_change_form(league, engine="mutant")
    )
    assert response.status_code == 200
    assert "The game cannot change from futti to mutant: the league has player cards, squads, results" in (
        response.content.decode()
    )
    league.refresh_from_db()
    assert league.engine == "futti"


def test_the_game_of_a_league_without_cards_may_change(admin_client, league):
    response = admin_client.post(
        f"/admin/leagues/league/{league.id}/change/", league_change_form(league, engine="mutant")
    )
    assert response.status_code == 302
    league.refresh_from_db()
    assert league.engine == "mutant"


def test_cards_alone_keep_the_game(league):
    Player.objects.create(league=league, name="Ada", role="field", attributes={"role": "field"}, price=1)
    league.engine = "eleven"
    with pytest.raises(ValidationError) as refused:
        league.full_clean()
    assert "the league has player cards of its game." in refused.value.message_dict["engine"][0]


# --- a tournament needs complete squads -------------------------------------------------------


def test_a_tournament_is_refused_while_a_team_has_no_complete_squad(season):
    with pytest.raises(ValidationError) as refused:
        tournament_start(season, "knockout")
    message = refused.value.message_dict["season"][0]
    assert "Teams without a complete squad for Test League 2026: Alpha, Beta, Delta, Gamma." in message
    assert "A squad of Fütti is 8 cards (6 field, 2 goalkeeper); draft them first." in message
    assert not hasattr(Season.objects.get(id=season.id), "bracket")
    assert not Match.objects.filter(season=season).exists()


def test_one_squad_a_card_short_is_named(client):
    season = demo_season_create(engine="futti", teams=4, seed=5, double=False)
    season.matches.all().delete()
    short = season.teams.order_by("name").first()
    SquadMember.objects.filter(season=season, team=short).first().delete()
    with pytest.raises(ValidationError) as refused:
        tournament_start(season, "swiss", rounds=2)
    assert f"Teams without a complete squad for {season}: {short.name}." in refused.value.message_dict["season"][0]
    assert not season.matches.exists()


def test_settings_saved_before_they_were_checked_are_named_before_a_tournament_starts(season):
    Season.objects.filter(id=season.id).update(engine_settings={"tie_brake": "penalties"})
    season.refresh_from_db()
    with pytest.raises(ValidationError) as refused:
        tournament_start(season, "knockout")
    assert ": engine_settings.tie_brake: unknown setting" in refused.value.message_dict["season"][0]


def test_the_start_form_names_a_first_kickoff_past_the_calendar(admin_client):
    season = demo_season_create(engine="futti", teams=4, seed=6)
    season.matches.all().delete()
    Season.objects.filter(id=season.id).update(first_kickoff=datetime(9999, 12, 1, tzinfo=UTC))
    data = {"season": season.id, "format": "knockout", "groups": 2, "advance": 2, "top": 4, "two_legged_rounds": ""}
    response = admin_client.post("/admin/tournaments/bracket/start/", data)
    assert response.status_code == 200
    assert "A kickoff must be between the years 1900 and 9000." in response.content.decode()
    assert not season.matches.exists()
