"""A team's tactics in a season: its own orders to the engine's computer coach (in "11" a
team's coach is its only difference), set as a form on the Tactics page, judged by the
engine with the season's squad when saved, played by the worker, and, when the engine
refuses them at kickoff, dropped with the reason shown to the team's manager."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.urls import reverse

from competitions.results import match_play
from engines import CardError, MatchOptions, get_engine
from leagues.models import League, SeasonTeam, Team
from matches.models import Match, played_events
from matches.services import check_tactics, team_sheets
from ops.demo import demo_season_create
from rosters import ledger
from rosters.models import LedgerEntry, SquadMember
from rosters.permissions import MANAGERS

pytestmark = pytest.mark.django_db


@pytest.fixture
def eleven_match():
    season = demo_season_create(engine="eleven", teams=2, seed=3, double=False)
    return season.matches.select_related("season__league", "home", "away").get()


def manager_of(team_id: int, username: str):
    """A manager as ``invite_manager`` makes them: staff, in the Managers group."""
    user = get_user_model().objects.create_user(username, password="pw-12345-x", is_staff=True)
    user.groups.add(Group.objects.get(name=MANAGERS))
    Team.objects.filter(id=team_id).update(manager=user)
    return user


def entry_of(match: Match, team_id: int) -> SeasonTeam:
    return SeasonTeam.objects.get(season_id=match.season_id, team_id=team_id)


def tactics_page(entry: SeasonTeam) -> str:
    return reverse("admin:leagues_seasonteam_change", args=[entry.pk])


def test_the_worker_plays_each_team_with_its_own_coach(eleven_match):
    SeasonTeam.objects.filter(pk=entry_of(eleven_match, eleven_match.home_id).pk).update(tactics={"coach": "novice"})
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
    assert len(played_events(match.id)) == len(expected.events)
    # what it was played with is stored, so it replays after the tactics or settings change
    assert match.played_with == {"settings": {"turns_per_half": 12}, "lineups": {"home": {"coach": "novice"}}}


def test_the_deprecated_team_tactics_are_read_no_more(eleven_match):
    Team.objects.filter(id=eleven_match.home_id).update(tactics={"coach": "novice"})
    home_sheet, _ = team_sheets(eleven_match)
    assert home_sheet.lineup is None


def test_the_match_page_and_api_say_what_a_match_was_played_with(client, eleven_match):
    SeasonTeam.objects.filter(pk=entry_of(eleven_match, eleven_match.away_id).pk).update(tactics={"coach": "novice"})
    match_play(match_id=eleven_match.id)
    page = client.get(f"/matches/{eleven_match.id}/").content.decode()
    assert "Away tactics" in page and "<code>{&quot;coach&quot;:&quot;novice&quot;}</code>" in page
    assert client.get(f"/api/matches/{eleven_match.id}/").json()["played_with"] == {
        "lineups": {"away": {"coach": "novice"}}
    }


def test_the_engine_judges_tactics_before_they_are_stored(eleven_match):
    season = eleven_match.season
    check_tactics(season, {"coach": "planner", "style": "attacking"}, team_id=eleven_match.home_id)
    with pytest.raises(CardError, match='^tactics.coach: "grandmaster" is not allowed; allowed: "novice"'):
        check_tactics(season, {"coach": "grandmaster"}, team_id=eleven_match.home_id)
    with pytest.raises(CardError, match="^tactics.sytle: unknown key; the keys are: coach, style$"):
        check_tactics(season, {"sytle": "attacking"})


def test_a_dropped_order_is_shown_to_the_teams_manager_on_the_match_page(client, eleven_match):
    """Orders stored before they went stale cost the match nothing: it is played with the
    league's coach, and the team's manager (and the commissioners) read why on the match
    page, not only in the worker's log; the public and the other side do not."""
    manager, rival = manager_of(eleven_match.home_id, "mo"), manager_of(eleven_match.away_id, "ria")
    entry = entry_of(eleven_match, eleven_match.home_id)
    SeasonTeam.objects.filter(pk=entry.pk).update(tactics={"coach": "grandmaster"})
    match_play(match_id=eleven_match.id)
    match = Match.objects.get(id=eleven_match.id)
    assert match.status == Match.Status.PLAYED
    assert set(match.played_with) == {"dropped"} and "grandmaster" in match.played_with["dropped"]["home"]

    url = f"/matches/{match.id}/"
    notice = "tactics were not used"
    assert notice not in client.get(url).content.decode()
    client.force_login(rival)
    assert notice not in client.get(url).content.decode()
    client.force_login(manager)
    page = client.get(url).content.decode()
    assert notice in page and "grandmaster" in page and tactics_page(entry) in page


def test_a_manager_sets_his_teams_tactics_per_season_and_nothing_else(client, eleven_match):
    manager = manager_of(eleven_match.home_id, "mo")
    mine, theirs = entry_of(eleven_match, eleven_match.home_id), entry_of(eleven_match, eleven_match.away_id)
    SeasonTeam.objects.filter(pk=theirs.pk).update(tactics={"style": "defensive"})
    client.force_login(manager)

    page = client.get(tactics_page(mine)).content.decode()
    assert 'name="setting_coach"' in page and 'name="tactics"' not in page and "<select" in page
    response = client.post(tactics_page(mine), {"setting_coach": '"planner"', "setting_style": '"attacking"'})
    assert response.status_code == 302
    mine.refresh_from_db()
    assert mine.tactics == {"coach": "planner", "style": "attacking"}
    done = [str(m) for m in client.get(response.url).context["messages"]]
    assert any(f"the engine accepts them with the squad of {mine.season}" in m for m in done)

    # the other team's orders are kept from him: not listed, not shown, not changed
    assert client.get(tactics_page(theirs)).status_code == 302  # the admin's "does not exist" redirect
    listed = client.get(reverse("admin:leagues_seasonteam_changelist")).context["cl"].result_list
    assert [e.pk for e in listed] == [mine.pk]
    client.post(tactics_page(theirs), {"setting_coach": '"novice"'})
    assert SeasonTeam.objects.get(pk=theirs.pk).tactics == {"style": "defensive"}
    # the team page links the orders of each season; the team's name stays the commissioners'
    team_page = client.get(reverse("admin:leagues_team_change", args=[eleven_match.home_id])).content.decode()
    assert tactics_page(mine) in team_page


def test_a_bad_choice_is_named_on_its_field(admin_client, eleven_match):
    entry = entry_of(eleven_match, eleven_match.home_id)
    response = admin_client.post(tactics_page(entry), {"setting_style": '["x"]'})
    assert list(response.context["adminform"].form.errors) == ["setting_style"]
    assert SeasonTeam.objects.get(pk=entry.pk).tactics == {}


def test_futti_tactics_choose_the_seasons_cards_by_name_and_role(admin_client):
    season = demo_season_create(engine="futti", teams=2, seed=5, double=False)
    entry = SeasonTeam.objects.filter(season=season).select_related("team").first()
    squad = SquadMember.objects.filter(season=season, team=entry.team).select_related("player").order_by("player_id")
    member = squad.first()
    member.player.name = "Zoë <Keeper>"
    member.player.save()
    page = admin_client.get(tactics_page(entry)).content.decode()
    assert f'<option value="{member.player_id}">Zoë &lt;Keeper&gt; ({member.player.role})</option>' in page
    assert 'name="setting_attackers_0"' in page and 'name="setting_attackers_1"' in page

    field = [str(m.player_id) for m in squad if m.player.role == "field"]
    keeper = next(str(m.player_id) for m in squad if m.player.role == "goalkeeper")
    chosen = {
        "setting_attackers_0": field[0],
        "setting_attackers_1": field[1],
        "setting_defenders_0": field[2],
        "setting_defenders_1": field[3],
    }
    # the goaltender as an attacker: the engine's judgement, on the field it names
    response = admin_client.post(
        tactics_page(entry), {**chosen, "setting_attackers_1": keeper, "setting_goalkeeper": keeper}
    )
    errors = response.context["adminform"].form.errors
    assert list(errors) == ["setting_attackers"] and "is not a field player" in errors["setting_attackers"][0]
    response = admin_client.post(tactics_page(entry), {**chosen, "setting_attackers_1": ""})
    assert "Choose 2 cards" in str(response.context["adminform"].form.errors["setting_attackers"])
    response = admin_client.post(tactics_page(entry), {**chosen, "setting_goalkeeper": keeper})
    assert response.status_code == 302
    assert SeasonTeam.objects.get(pk=entry.pk).tactics == {
        "attackers": field[:2],
        "defenders": field[2:4],
        "goalkeeper": keeper,
    }


def mutant_entry(coins: int = 10) -> SeasonTeam:
    """A Mutant Soccer team whose draft spent its budget, then granted ``coins``."""
    season = demo_season_create(engine="mutant", teams=2, seed=4, double=False)
    entry = SeasonTeam.objects.filter(season=season).select_related("team", "season__league").first()
    assert ledger.balance(season, entry.team) == 0
    if coins:
        ledger.post_one(season, entry.team, coins, LedgerEntry.Reason.GRANT)
    return entry


def tactical_cards_paid(entry: SeasonTeam) -> list[int]:
    rows = LedgerEntry.objects.filter(season=entry.season, team=entry.team, reason=LedgerEntry.Reason.TACTICAL_CARDS)
    return list(rows.order_by("id").values_list("amount", flat=True))


def test_extra_tactical_cards_are_charged_to_the_ledger_once(admin_client):
    """Mutant Soccer: unspent coins buy tactical cards at 2 BC each; the ledger pays for them
    when the tactics claim them, once (cards bought stay bought for the season)."""
    entry = mutant_entry()
    before = ledger.balance(entry.season, entry.team)
    response = admin_client.post(tactics_page(entry), {"setting_extra_tactical_cards": "3"})
    assert response.status_code == 302
    assert tactical_cards_paid(entry) == [-6] and ledger.balance(entry.season, entry.team) == before - 6
    assert any("6 BC charged to the ledger" in str(m) for m in admin_client.get(response.url).context["messages"])
    admin_client.post(tactics_page(entry), {"setting_extra_tactical_cards": "2"})
    admin_client.post(tactics_page(entry), {"setting_extra_tactical_cards": "3"})
    assert tactical_cards_paid(entry) == [-6]  # already paid for
    admin_client.post(tactics_page(entry), {"setting_extra_tactical_cards": "4"})
    assert tactical_cards_paid(entry) == [-6, -2]
    assert SeasonTeam.objects.get(pk=entry.pk).tactics == {"extra_tactical_cards": 4}


def test_tactical_cards_the_balance_cannot_pay_are_refused(admin_client):
    entry = mutant_entry(coins=3)
    response = admin_client.post(tactics_page(entry), {"setting_extra_tactical_cards": "2"})
    errors = response.context["adminform"].form.non_field_errors()
    assert response.status_code == 200
    assert errors == [
        f"The tactics buy 4 BC more: {entry.team} has 3 BC, not enough to pay 4 BC; a balance never goes below 0"
    ]
    assert SeasonTeam.objects.get(pk=entry.pk).tactics == {} and tactical_cards_paid(entry) == []
    assert admin_client.post(tactics_page(entry), {"setting_extra_tactical_cards": "1"}).status_code == 302
    assert tactical_cards_paid(entry) == [-2] and ledger.balance(entry.season, entry.team) == 1


def test_an_order_the_engine_cannot_read_is_a_form_error_not_a_server_error(admin_client):
    entry = mutant_entry()
    cards = [
        str(pk)
        for pk in SquadMember.objects.filter(season=entry.season, team=entry.team).values_list("player_id", flat=True)
    ]
    starters = {f"setting_starters_{i}": cards[0] for i in range(6)}  # one card six times
    response = admin_client.post(tactics_page(entry), starters)
    assert response.status_code == 200 and "named twice" in str(response.context["adminform"].form.errors)
    assert SeasonTeam.objects.get(pk=entry.pk).tactics == {}


def test_a_manager_of_another_league_sees_no_tactics(client, eleven_match):
    other = League.objects.create(name="Other", slug="other", engine="eleven")
    stranger = manager_of(Team.objects.create(league=other, name="Omega").id, "sam")
    client.force_login(stranger)
    response = client.get(reverse("admin:leagues_seasonteam_changelist"))
    assert response.status_code == 200 and list(response.context["cl"].result_list) == []
    assert client.get(tactics_page(entry_of(eleven_match, eleven_match.home_id))).status_code == 302


def test_the_api_reads_and_sets_a_teams_tactics_per_season(client, eleven_match):
    manager = manager_of(eleven_match.home_id, "mo")
    rival = manager_of(eleven_match.away_id, "ria")
    url = f"/api/teams/{eleven_match.home_id}/tactics/?season={eleven_match.season_id}"
    assert client.get(url).status_code in (401, 403)  # the public: no
    client.force_login(rival)
    assert client.get(url).status_code == 403  # the other side: no
    client.force_login(manager)
    assert client.get(url).json() == {
        "team": eleven_match.home_id,
        "season": eleven_match.season_id,
        "tactics": {},
        "paid": 0,
    }
    refused = client.put(url, {"tactics": {"coach": "grandmaster"}}, content_type="application/json")
    assert refused.status_code == 400 and "grandmaster" in refused.json()["tactics"][0]
    done = client.put(url, {"tactics": {"coach": "planner"}}, content_type="application/json")
    assert done.status_code == 200 and done.json()["tactics"] == {"coach": "planner"}
    assert entry_of(eleven_match, eleven_match.home_id).tactics == {"coach": "planner"}
    assert client.get(f"/api/teams/{eleven_match.home_id}/tactics/").status_code == 400  # the season is needed
