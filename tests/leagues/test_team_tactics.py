"""A team's tactics: its own orders to the engine's computer coach (in "11" a team's coach
is its only difference), checked by the engine when they are set and played by the worker."""

import pytest
from django.urls import reverse

from competitions.results import match_play
from engines import CardError, MatchOptions, get_engine
from leagues.models import League, Team
from matches.models import Match, MatchEvent
from matches.services import check_tactics, team_sheets
from ops.demo import demo_season_create
from rosters.models import SquadMember

pytestmark = pytest.mark.django_db


@pytest.fixture
def eleven_match():
    season = demo_season_create(engine="eleven", teams=2, seed=3, double=False)
    return season.matches.select_related("season__league", "home", "away").get()


def test_the_worker_plays_each_team_with_its_own_coach(eleven_match):
    home = eleven_match.home
    home.tactics = {"coach": "novice"}
    home.save()
    match = Match.objects.select_related("season__league", "home", "away").get(id=eleven_match.id)
    home_sheet, away_sheet = team_sheets(match)
    assert (home_sheet.lineup, away_sheet.lineup) == ({"coach": "novice"}, None)

    engine = get_engine("eleven")
    with_tactics = engine.simulate(home_sheet, away_sheet, seed=match.seed, options=MatchOptions())
    without = engine.simulate(home_sheet.__class__(home_sheet.name, home_sheet.players), away_sheet, seed=match.seed)
    assert with_tactics.to_json() != without.to_json()  # the novice plays other moves than the greedy default

    match.season.engine_settings = {"turns_per_half": 12}  # a tournament's own settings
    match.season.save(update_fields=["engine_settings"])
    options = MatchOptions(settings={"turns_per_half": 12})
    expected = engine.simulate(home_sheet, away_sheet, seed=match.seed, options=options)
    match_play(match_id=match.id)
    match.refresh_from_db()
    assert (match.home_goals, match.away_goals) == (expected.home_goals, expected.away_goals)
    assert MatchEvent.objects.filter(match=match).count() == len(expected.events)
    # what it was played with is stored, so it replays after the tactics or settings change
    assert match.played_with == {"settings": {"turns_per_half": 12}, "lineups": {"home": {"coach": "novice"}}}


def test_the_match_page_and_api_say_what_a_match_was_played_with(client, eleven_match):
    Team.objects.filter(id=eleven_match.away_id).update(tactics={"coach": "novice"})
    match_play(match_id=eleven_match.id)
    page = client.get(f"/matches/{eleven_match.id}/").content.decode()
    assert "Away tactics" in page and "<code>{&quot;coach&quot;:&quot;novice&quot;}</code>" in page
    assert client.get(f"/api/matches/{eleven_match.id}/").json()["played_with"] == {
        "lineups": {"away": {"coach": "novice"}}
    }


def test_the_engine_judges_tactics_before_they_are_stored(eleven_match):
    league = eleven_match.season.league
    check_tactics(league, {"coach": "planner", "style": "attacking"}, team_id=eleven_match.home_id)
    with pytest.raises(CardError, match='^tactics.coach: "grandmaster" is not allowed; allowed: "novice"'):
        check_tactics(league, {"coach": "grandmaster"}, team_id=eleven_match.home_id)
    with pytest.raises(CardError, match="^tactics.sytle: unknown key; the keys are: coach, style$"):
        check_tactics(league, {"sytle": "attacking"})


def test_tactics_the_schema_allows_are_judged_by_the_engine_with_the_squad():
    season = demo_season_create(engine="futti", teams=2, seed=5, double=False)
    team = season.teams.first()
    lineup = {"attackers": ["x", "y"], "defenders": ["z", "w"], "goalkeeper": "nobody"}
    with pytest.raises(CardError, match=f"lineup.attackers: 'x' .* \\(with the squad of {season}\\)"):
        check_tactics(season.league, lineup, team_id=team.id)
    with pytest.raises(CardError, match="with a sample squad: the team has none yet"):
        check_tactics(season.league, lineup)


def change_page(team):
    return reverse("admin:leagues_team_change", args=[team.pk])


def form_data(team, **changes):
    data = {"league": team.league_id, "name": team.name, "short_name": team.short_name, "tactics": "{}"}
    return {**data, "manager": team.manager_id or "", **changes}


def test_a_manager_sets_his_teams_tactics_in_the_admin_and_nothing_else(client, cast):
    alpha, beta = cast["alpha"], cast["beta"]
    client.force_login(cast["bruno"])
    response = client.post(
        change_page(alpha), {"tactics": '{"attackers": [1, 2], "defenders": [3, 4], "goalkeeper": "nobody"}'}
    )
    assert response.status_code == 200 and "lineup" in response.context["adminform"].form.errors["tactics"][0]
    response = client.post(change_page(alpha), {"tactics": "{}", "name": "Renamed"})
    assert response.status_code == 302
    alpha.refresh_from_db()
    assert (alpha.name, alpha.tactics) == ("Alpha", {})  # the name is read-only for him

    assert client.get(change_page(beta)).status_code == 200  # another team: he may look ...
    assert client.post(change_page(beta), {"tactics": "{}"}).status_code == 403  # ... not change
    assert Team.objects.get(pk=beta.pk).tactics == {}


def test_tactics_are_kept_from_the_other_managers_and_the_public(client, cast):
    alpha, beta = cast["alpha"], cast["beta"]
    Team.objects.filter(pk=beta.pk).update(tactics={"style": "secret"})
    client.force_login(cast["bruno"])  # Alpha's manager
    page = client.get(change_page(beta))
    assert "tactics" not in page.context["adminform"].form.fields and "secret" not in page.content.decode()
    assert "tactics" in client.get(change_page(alpha)).context["adminform"].form.fields
    client.force_login(cast["carla"])  # Beta's own manager and the league's commissioner see them
    assert "secret" in client.get(change_page(beta)).content.decode()
    client.force_login(cast["anna"])
    assert "secret" in client.get(change_page(beta)).content.decode()
    client.logout()
    assert "tactics" not in client.get(f"/api/teams/{beta.pk}/").json()


def test_a_commissioner_gets_the_engines_reason_for_bad_tactics(client, cast):
    alpha = cast["alpha"]
    client.force_login(cast["anna"])
    response = client.post(change_page(alpha), form_data(alpha, tactics='{"attackers": ["x", "y"]}'))
    errors = response.context["adminform"].form.errors
    assert response.status_code == 200 and list(errors) == ["tactics"]
    assert Team.objects.get(pk=alpha.pk).tactics == {}
    response = client.post(change_page(alpha), form_data(alpha, tactics="[1, 2]"))
    assert "JSON object" in str(response.context["adminform"].form.errors["tactics"])


def test_tactics_the_engine_no_longer_takes_are_dropped_not_the_match(eleven_match, caplog):
    """Orders stored before they went stale (a squad changed since) cost the match nothing: it
    is played with the league's coach, and what it was played with says so."""
    Team.objects.filter(id=eleven_match.home_id).update(tactics={"coach": "grandmaster"})
    match_play(match_id=eleven_match.id)
    match = Match.objects.get(id=eleven_match.id)
    assert match.status == Match.Status.PLAYED and match.played_with == {}
    assert "tactics refused" in caplog.text


def test_an_order_the_engine_cannot_read_is_a_form_error_not_a_server_error(client, cast):
    mutant = League.objects.create(name="Mutant League", slug="mutant", engine="mutant")
    mutant.commissioners.add(cast["anna"])
    team = Team.objects.create(league=mutant, name="Zeta")
    client.force_login(cast["anna"])
    response = client.post(change_page(team), form_data(team, setting_starters='["a", "b", "c", "d", "e", "nobody"]'))
    assert response.status_code == 200 and "unknown player id" in str(response.context["adminform"].form.errors)
    assert Team.objects.get(pk=team.pk).tactics == {}


def test_tactics_of_choices_are_a_form_and_a_bad_choice_is_named_on_its_field(client, cast):
    eleven = League.objects.create(name="Eleven League", slug="eleven", engine="eleven")
    eleven.commissioners.add(cast["anna"])
    team = Team.objects.create(league=eleven, name="Zeta")
    client.force_login(cast["anna"])
    page = client.get(change_page(team)).content.decode()
    assert 'name="tactics"' not in page and 'name="setting_coach"' in page and "<select" in page
    response = client.post(change_page(team), form_data(team, setting_style='["x"]'))
    assert list(response.context["adminform"].form.errors) == ["setting_style"]
    response = client.post(change_page(team), form_data(team, setting_coach='"planner"', setting_style='"attacking"'))
    assert response.status_code == 302
    assert Team.objects.get(pk=team.pk).tactics == {"coach": "planner", "style": "attacking"}


def test_a_manager_sets_tactics_of_choices_in_the_form_and_nothing_else(client, cast):
    eleven = League.objects.create(name="Eleven League", slug="eleven", engine="eleven")
    team = Team.objects.create(league=eleven, name="Zeta", manager=cast["bruno"])
    client.force_login(cast["bruno"])
    response = client.post(change_page(team), {"setting_coach": '"novice"', "name": "Renamed"})
    assert response.status_code == 302
    team.refresh_from_db()
    assert (team.name, team.tactics) == ("Zeta", {"coach": "novice"})


def test_the_tactics_help_names_the_cards_beside_their_ids(admin_client):
    season = demo_season_create(engine="futti", teams=2, seed=5, double=False)
    team = season.teams.first()
    member = SquadMember.objects.filter(team=team, season=season).select_related("player").first()
    member.player.name = "Zoë <Keeper>"
    member.player.save()
    page = admin_client.get(change_page(team)).content.decode()
    assert f"{member.player_id} Zoë &lt;Keeper&gt; ({member.player.role})" in page
