"""Result entry in the admin: the form offers the game's kinds and the two squads only,
puts the service's errors on the fields, and each role sees and may do its part."""

import pytest
from django.urls import reverse

from matches.models import Match, ResultSubmission
from rosters.models import Player

from .conftest import players

pytestmark = pytest.mark.django_db


def page(match) -> str:
    return reverse("admin:matches_table_enter", args=[match.id])


def form_data(match, home=1, away=0, events=(), counts=None, **extra) -> dict:
    data = {
        "score-home_goals": home,
        "score-away_goals": away,
        "events-TOTAL_FORMS": 16,
        "events-INITIAL_FORMS": 0,
        "submit": "1",
        **extra,
    }
    for i, (minute, kind, player) in enumerate(events):
        data |= {f"events-{i}-minute": minute, f"events-{i}-kind": kind, f"events-{i}-player": player}
    for (stat, player), value in (counts or {}).items():
        data[f"counts-{stat}_{player}"] = value
    return data


def test_the_form_knows_the_game_and_the_squads(client, match, home_manager, season, other_manager):
    client.force_login(home_manager)
    response = client.get(page(match))
    assert response.status_code == 200
    form = response.context["events"].forms[0]
    assert [k for k, _ in form.fields["kind"].choices] == [
        "",
        "goal",
        "yellow_card",
        "second_yellow",
        "red_card",
        "injury",
        "substitution",
        "own_goal",
    ]
    offered = {int(k) for k, _ in form.fields["player"].choices if k}
    assert offered == set(players(match, "home")) | set(players(match, "away"))
    counts = response.context["counts"].fields
    assert f"steals_{players(match, 'home')[0]}" in counts and len(counts) == 3 * len(offered)


def test_a_manager_submits_and_the_other_confirms_in_the_admin(client, match, home_manager, away_manager):
    scorer = players(match, "home")[0]
    client.force_login(home_manager)
    response = client.post(page(match), form_data(match, 1, 0, [(12, "goal", scorer)], {("shots", scorer): 3}))
    assert response.status_code == 302
    assert ResultSubmission.objects.get().state == "pending"
    client.force_login(away_manager)
    response = client.get(page(match))
    assert response.context["can_confirm"] and b"Confirm the other manager" in response.content
    client.post(page(match), {"confirm": "1"})
    match.refresh_from_db()
    assert (match.status, match.home_goals) == ("played", 1)
    assert match.player_stats.get(player_id=scorer).shots == 3


def test_errors_are_shown_on_the_fields(client, match, home_manager):
    scorer = players(match, "home")[0]
    client.force_login(home_manager)
    response = client.post(page(match), form_data(match, 2, 0, [(12, "goal", scorer), (55, "goal", scorer)]))
    assert response.status_code == 200
    row = response.context["events"].forms[1]
    assert "40 minutes" in row.errors["minute"][0]
    response = client.post(page(match), form_data(match, 2, 0, [(12, "goal", scorer)]))
    assert "2 goals but 1 goals" in response.context["score_form"].errors["home_goals"][0]
    assert not ResultSubmission.objects.exists()


def test_another_manager_cannot_open_the_page(client, match, other_manager, stranger):
    for user in (other_manager, stranger):
        client.force_login(user)
        assert client.get(page(match)).status_code in (302, 404)
        client.post(page(match), form_data(match, 0, 0))
    assert not ResultSubmission.objects.exists()


def test_the_commissioner_approves_and_edits(client, match, home_manager, commissioner):
    scorer = players(match, "home")[0]
    client.force_login(home_manager)
    client.post(page(match), form_data(match, 1, 0, [(12, "goal", scorer)]))
    client.force_login(commissioner)
    submission = ResultSubmission.objects.get()
    client.post(page(match), {"approve": submission.pk})
    assert Match.objects.get(id=match.id).status == "played"
    data = form_data(match, 0, 0, **{"score-note": "goal disallowed", "edit": "1"})
    del data["submit"]
    client.post(page(match), data)
    match.refresh_from_db()
    assert match.home_goals == 0
    assert ResultSubmission.objects.filter(action="edit").get().note == "was 1-0; goal disallowed"


def test_a_manager_cannot_approve(client, match, home_manager, away_manager):
    scorer = players(match, "home")[0]
    client.force_login(home_manager)
    client.post(page(match), form_data(match, 1, 0, [(12, "goal", scorer)]))
    client.force_login(away_manager)
    response = client.post(page(match), {"approve": ResultSubmission.objects.get().pk}, follow=True)
    assert "Only a commissioner" in response.content.decode()
    assert Match.objects.get(id=match.id).status == "scheduled"


def test_the_list_of_table_matches_and_the_log(client, match, home_manager):
    client.force_login(home_manager)
    response = client.get(reverse("admin:matches_table_matches"))
    assert response.status_code == 200
    assert match in [m for m, _, _ in response.context["rows"]]
    assert all(m.home.manager == home_manager or m.away.manager == home_manager for m, _, _ in response.context["rows"])
    assert client.get(reverse("admin:matches_resultsubmission_changelist")).status_code == 200


def test_a_waiting_result_names_its_players(client, match, home_manager, away_manager):
    scorer = Player.objects.get(pk=players(match, "home")[0])
    client.force_login(home_manager)
    client.post(page(match), form_data(match, 1, 0, [(12, "goal", scorer.pk)]))
    client.force_login(away_manager)
    html = client.get(page(match)).content.decode()
    assert f"12&#x27; goal {match.home}: {scorer.name}" in html
    assert f"#{scorer.pk}" not in html
