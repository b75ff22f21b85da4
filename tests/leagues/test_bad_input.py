"""Bad input is refused with the field named, in the admin and the commands, and nothing stored is lost."""

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from competitions.results import match_play
from competitions.round_robin import fixtures_generate
from leagues.models import FAIR_PLAY_FIELDS, FAIR_PLAY_FIFA, League, Team
from matches.models import Match
from ops.demo import demo_season_create
from tests.conftest import make_league

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    user = User.objects.create_superuser("boss", "boss@example.com", "pw-for-tests-only")
    client.force_login(user)
    return client


@pytest.fixture
def match(season):
    fixtures_generate(season)
    return Match.objects.filter(season=season).first()


def match_form(match, **changes):
    data = {
        "season": match.season_id,
        "round": match.round,
        "home": match.home_id,
        "away": match.away_id,
        "kickoff_0": match.kickoff.strftime("%Y-%m-%d"),
        "kickoff_1": match.kickoff.strftime("%H:%M:%S"),
        "status": match.status,
        "events-TOTAL_FORMS": 0,
        "events-INITIAL_FORMS": 0,
        "player_stats-TOTAL_FORMS": 0,
        "player_stats-INITIAL_FORMS": 0,
    }
    data.update(changes)
    return data


def test_admin_refuses_an_invalid_kickoff_and_keeps_the_match(admin_client, match):
    before = match.kickoff
    response = admin_client.post(f"/admin/matches/match/{match.id}/change/", match_form(match, kickoff_0="31/31/2026"))
    assert response.status_code == 200
    assert "Enter a valid date" in response.content.decode()
    match.refresh_from_db()
    assert match.kickoff == before


def test_admin_refuses_a_team_against_itself(admin_client, match):
    response = admin_client.post(f"/admin/matches/match/{match.id}/change/", match_form(match, away=match.home_id))
    assert "A team cannot play against itself." in response.content.decode()
    match.refresh_from_db()
    assert match.away_id != match.home_id


def test_admin_refuses_a_team_from_another_league(admin_client, match):
    stranger = Team.objects.create(league=make_league("Elsewhere"), name="Stranger")
    response = admin_client.post(f"/admin/matches/match/{match.id}/change/", match_form(match, home=stranger.id))
    assert "Stranger does not play in Test League." in response.content.decode()
    match.refresh_from_db()
    assert match.home_id != stranger.id


def test_commissioner_moves_a_match(admin_client, match):
    response = admin_client.post(
        f"/admin/matches/match/{match.id}/change/",
        match_form(match, kickoff_0="2027-01-02", kickoff_1="18:30:00"),
    )
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.kickoff.strftime("%Y-%m-%d %H:%M") == "2027-01-02 18:30"


def league_form(**changes):
    data = {
        "name": "New League",
        "slug": "new-league",
        "engine": "futti",
        "engine_settings": "{}",
        "play_mode": "simulated",
        "time_zone": "UTC",
        "points_win": 3,
        "points_draw": 1,
        "points_loss": 0,
        "tiebreakers_0": "points",
        "tiebreakers_1": "goal_difference",
        "budget": 15,
        "keepers_max": 0,
        "carry_over_cap": 0,
        "claims_by": "waiver",
        "release_refund_percent": 50,
        "trade_veto_hours": 0,
        "suspension_matches": 0,
        "yellow_cards_ban": 0,
        "injury_matches": 0,
        "forfeit_goals_for": 3,
        "forfeit_goals_against": 0,
        **{name: FAIR_PLAY_FIFA[kind] for kind, name in FAIR_PLAY_FIELDS.items()},
        "teams-TOTAL_FORMS": 0,
        "teams-INITIAL_FORMS": 0,
    }
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"points_win": -3}, "Ensure this value is greater than or equal to 0."),
        ({"points_draw": 4}, "Points must satisfy win &gt;= draw &gt;= loss."),
        ({"tiebreakers_1": "coin_toss"}, "Select a valid choice. coin_toss is not one of the available choices."),
        ({"tiebreakers_0": "wins", "tiebreakers_1": "wins"}, "Each tie-breaker may appear only once."),
        ({"fair_play_direct_red": 100}, "Ensure this value is less than or equal to 99."),
    ],
)
def test_admin_refuses_bad_league_settings(admin_client, changes, message):
    response = admin_client.post("/admin/leagues/league/add/", league_form(**changes))
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not League.objects.filter(slug="new-league").exists()


def test_admin_creates_a_league_with_the_defaults(admin_client):
    response = admin_client.post("/admin/leagues/league/add/", league_form())
    assert response.status_code == 302
    league = League.objects.get(slug="new-league")
    assert (league.points_win, league.points_draw, league.points_loss, league.budget) == (3, 1, 0, 15)


def test_generate_fixtures_command_names_the_bad_option(season):
    with pytest.raises(CommandError, match="--interval: 'soon' is not a positive duration"):
        call_command("generate_fixtures", str(season.id), "--interval", "soon")
    with pytest.raises(CommandError, match="--start: 'tomorrow' is not a date and time"):
        call_command("generate_fixtures", str(season.id), "--start", "tomorrow")
    with pytest.raises(CommandError, match="SEASON_ID: no season with id '999'"):
        call_command("standings", "999")


def test_generate_fixtures_command_refuses_after_a_result(season, capsys):
    call_command("generate_fixtures", str(season.id), "--single")
    assert "6 matches in 3 rounds" in capsys.readouterr().out
    Match.objects.filter(season=season, round=1).update(status="played", home_goals=1, away_goals=1)
    with pytest.raises(CommandError, match="season: Fixtures cannot be regenerated once a match has been played."):
        call_command("generate_fixtures", str(season.id))
    assert Match.objects.filter(season=season).count() == 6


def test_the_match_form_moves_no_status_and_no_team_of_a_played_match(admin_client):
    """Statuses move by the admin's actions (their rules keep results safe); a match with a
    result keeps its teams, whatever a form posts."""
    season = demo_season_create(engine="futti", teams=4, seed=2)
    scheduled, played = season.matches.order_by("id")[:2]
    match_play(match_id=played.id)
    admin_client.post(f"/admin/matches/match/{scheduled.id}/change/", match_form(scheduled, status="played"))
    assert Match.objects.get(id=scheduled.id).status == Match.Status.SCHEDULED
    played.refresh_from_db()
    posted = match_form(played, status="cancelled", home=played.away_id, away=played.home_id)
    assert admin_client.post(f"/admin/matches/match/{played.id}/change/", posted).status_code == 302
    after = Match.objects.get(id=played.id)
    assert (after.status, after.home_id, after.away_id) == (Match.Status.PLAYED, played.home_id, played.away_id)
