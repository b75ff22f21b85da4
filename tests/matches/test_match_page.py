"""Each match's admin page carries the list's actions as buttons: offered by the match's state,
run for its commissioners only (checked on the POST), with messages naming the match."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, User
from django.urls import reverse

from competitions.knockout import bracket_draw
from competitions.match_admin import offered_actions
from leagues.models import PlayMode
from matches.models import Match, played_events
from ops.demo import demo_season_create
from rosters.accounts import invite_manager
from rosters.models import Player
from rosters.permissions import COMMISSIONERS

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def season():
    return demo_season_create(engine="futti", teams=4, seed=12, double=False)


@pytest.fixture
def match(season):
    return Match.objects.filter(season=season).select_related("home", "away").order_by("id").first()


@pytest.fixture
def commissioner(client, season):
    user = get_user_model().objects.create_user(username="anna", password="pw-12345-x", is_staff=True)
    user.groups.add(Group.objects.get(name=COMMISSIONERS))
    season.league.commissioners.add(user)
    client.force_login(user)
    return client


@pytest.fixture
def manager(client, match):
    """The manager of the match's home side: sees the match, runs nothing."""
    user, _ = invite_manager(match.home, "bruno@example.com")
    client.force_login(user)
    return client


def page(match) -> str:
    return reverse("admin:matches_match_change", args=[match.id])


def act(match, action) -> str:
    return reverse("admin:matches_match_act", args=[match.id, action])


def shown(response) -> list[tuple[str, str]]:
    return [(m.level_tag, m.message) for m in response.context["messages"]]


def test_a_scheduled_match_offers_every_action_and_the_blank_scoresheet(commissioner, match):
    html = commissioner.get(page(match)).content.decode()
    for action in ("play_now", "postpone", "cancel"):
        assert f'formaction="{act(match, action)}"' in html
    assert f'href="{act(match, "forfeit")}"' in html  # asks which side first
    assert act(match, "reschedule") not in html  # a postponed or failed match is rescheduled
    assert f"/matches/{match.id}/scoresheet.pdf?blank=1" in html
    assert f'href="/matches/{match.id}/scoresheet.pdf"' not in html  # nothing to fill in yet


def test_play_now_from_the_page_plays_the_match_and_names_it(commissioner, match):
    response = commissioner.post(act(match, "play_now"), follow=True)
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYED
    assert shown(response) == [("success", f"{match}: played.")]
    html = response.content.decode()
    assert act(match, "play_now") not in html and act(match, "postpone") not in html
    assert f'href="/matches/{match.id}/scoresheet.pdf"' in html  # the filled-in sheet
    assert f'href="{act(match, "forfeit")}"' in html  # a result may still be awarded against a side


def test_a_played_match_is_not_played_again_by_a_forged_post(commissioner, match):
    commissioner.post(act(match, "play_now"), follow=True)
    played = Match.objects.get(id=match.id)
    response = commissioner.post(act(match, "play_now"), follow=True)
    assert shown(response) == [("error", f"{played}: not played now: a played match cannot be played now.")]
    assert Match.objects.get(id=match.id).played_at == played.played_at


def test_a_table_match_offers_the_result_entry_not_play_now(commissioner, match):
    Match.objects.filter(id=match.id).update(play_mode=PlayMode.TABLE)
    match.refresh_from_db()
    assert "play_now" not in offered_actions(match)
    html = commissioner.get(page(match)).content.decode()
    assert act(match, "play_now") not in html
    assert reverse("admin:matches_table_enter", args=[match.id]) in html
    response = commissioner.post(act(match, "play_now"), follow=True)
    assert shown(response) == [("error", f"{match}: not played now: it is played at the table: enter its result.")]
    assert Match.objects.get(id=match.id).status == Match.Status.SCHEDULED


def test_a_second_leg_is_offered_play_now_once_its_first_leg_is_played(commissioner):
    season = demo_season_create(engine="futti", teams=4, seed=8, knockout=True)
    season.league.commissioners.add(User.objects.get(username="anna"))
    tie = bracket_draw(season, two_legged_rounds=[1]).ties.filter(round=1).first()
    assert "play_now" not in offered_actions(tie.match)
    response = commissioner.post(act(tie.match, "play_now"), follow=True)
    why = "it is a second leg whose first leg is not played yet"
    assert shown(response) == [("error", f"{tie.match}: not played now: {why}.")]
    commissioner.post(act(tie.first_leg, "play_now"), follow=True)
    assert "play_now" in offered_actions(Match.objects.get(id=tie.match_id))


def test_postpone_then_reschedule_at_a_new_kickoff(commissioner, match):
    response = commissioner.post(act(match, "postpone"), follow=True)
    assert shown(response) == [("success", f"{match}: now postponed.")]
    html = response.content.decode()
    assert f'href="{act(match, "reschedule")}"' in html and act(match, "postpone") not in html
    form = commissioner.get(act(match, "reschedule"))
    assert form.status_code == 200 and form.context["form"].initial["kickoff"] == match.kickoff
    data = {"kickoff_0": "2031-05-04", "kickoff_1": "18:30:00"}
    response = commissioner.post(act(match, "reschedule"), data, follow=True)
    match.refresh_from_db()
    assert match.status == Match.Status.SCHEDULED and match.kickoff.date().isoformat() == "2031-05-04"
    assert shown(response) == [("success", f"{match}: now scheduled for 2031-05-04 18:30.")]


def test_a_reschedule_without_a_kickoff_asks_again(commissioner, match):
    commissioner.post(act(match, "postpone"), follow=True)
    response = commissioner.post(act(match, "reschedule"), {"kickoff_0": "", "kickoff_1": ""})
    assert response.status_code == 200 and response.context["form"].errors["kickoff"]
    assert Match.objects.get(id=match.id).status == Match.Status.POSTPONED


def test_a_forfeit_asks_which_side_then_awards_the_match(commissioner, match):
    form = commissioner.get(act(match, "forfeit")).content.decode()
    assert f"{match.home} (home)" in form and f"{match.away} (away)" in form
    response = commissioner.post(act(match, "forfeit"), {"side": "away"}, follow=True)
    match.refresh_from_db()
    assert (match.status, match.home_goals, match.away_goals, match.forfeited_by) == ("forfeited", 3, 0, "away")
    assert shown(response) == [("success", f"{match}: forfeited by the away side.")]


def test_the_forfeit_form_of_a_played_match_says_what_it_replaces(commissioner, match):
    assert "a forfeit replaces" not in commissioner.get(act(match, "forfeit")).content.decode()
    commissioner.post(act(match, "play_now"), follow=True)
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYED and played_events(match.id)
    form = commissioner.get(act(match, "forfeit")).content.decode()
    assert f"has a result ({match.home_goals}-{match.away_goals}, played)" in form
    assert "deletes its play-by-play and player stats" in form


def test_a_cancelled_match_offers_nothing_but_its_blank_sheet(commissioner, match):
    commissioner.post(act(match, "cancel"), follow=True)
    match.refresh_from_db()
    assert match.status == Match.Status.CANCELLED and offered_actions(match) == []
    response = commissioner.post(act(match, "forfeit"), {"side": "home"}, follow=True)
    assert shown(response) == [("error", f"{match}: not forfeited: a cancelled match cannot be forfeited.")]
    assert Match.objects.get(id=match.id).status == Match.Status.CANCELLED


def test_a_manager_sees_the_page_without_actions_and_cannot_post_them(manager, match):
    response = manager.get(page(match))
    html = response.content.decode()
    assert response.status_code == 200 and response.context["match_actions"] == []
    assert "/act/" not in html and f"/matches/{match.id}/scoresheet.pdf?blank=1" in html
    for action, data in (("play_now", {}), ("postpone", {}), ("cancel", {}), ("forfeit", {"side": "home"})):
        assert manager.post(act(match, action), data).status_code == 403
    data = {"kickoff_0": "2031-05-04", "kickoff_1": "18:30:00"}
    assert manager.post(act(match, "reschedule"), data).status_code == 403
    assert Match.objects.get(id=match.id).status == Match.Status.SCHEDULED


def test_a_manager_of_a_table_match_is_offered_its_result_entry(manager, match):
    Match.objects.filter(id=match.id).update(play_mode=PlayMode.TABLE)
    html = manager.get(page(match)).content.decode()
    assert reverse("admin:matches_table_enter", args=[match.id]) in html and "/act/" not in html


def test_a_match_of_another_league_is_missing_and_an_unknown_action_too(commissioner, match):
    other = demo_season_create(engine="futti", teams=2, seed=3, double=False)
    foreign = Match.objects.filter(season=other).first()
    assert commissioner.post(act(foreign, "play_now")).status_code == 404
    assert Match.objects.get(id=foreign.id).status == Match.Status.SCHEDULED
    assert commissioner.post(act(match, "delete_everything")).status_code == 404
    assert commissioner.get(act(match, "play_now")).status_code == 405


def test_a_played_matchs_page_shows_its_play_by_play_with_the_cards_by_name(commissioner, match):
    assert "Play-by-play" in commissioner.get(page(match)).content.decode()  # "–": none yet
    commissioner.post(act(match, "play_now"), follow=True)
    html = commissioner.get(page(match)).content.decode()
    events = played_events(match.id)
    assert html.count("'</td>") == len(events) > 0  # one row an event, its minute marked
    named = next(e for e in events if e.player_id is not None)
    name = Player.objects.get(id=named.player_id).name
    assert f"<td>{named.kind}</td><td>{named.side}</td><td>{name}</td>" in html
