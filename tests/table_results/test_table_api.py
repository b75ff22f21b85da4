"""The REST endpoints for table results: each role, each refusal, errors by field."""

import pytest
from rest_framework.test import APIClient

from matches.models import Match, ResultSubmission

from .conftest import scoresheet

pytestmark = pytest.mark.django_db


def client_for(user) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def url(match, step: str = "") -> str:
    return f"/api/matches/{match.id}/result/" + (f"{step}/" if step else "")


def test_submit_then_confirm(match, home_manager, away_manager):
    response = client_for(home_manager).post(url(match), scoresheet(match, 2, 1), format="json")
    assert response.status_code == 200, response.data
    assert response.data["state"] == "pending" and response.data["log"][0]["by"] == home_manager.username
    assert "@" not in home_manager.username  # a plain username is its public name


def test_the_log_never_shows_an_email_username(match, home_manager, away_manager, client):
    """invite_manager makes usernames that are e-mail addresses; the other side reads the log."""
    home_manager.username = "home.boss@example.com"
    home_manager.save()
    response = client_for(home_manager).post(url(match), scoresheet(match, 2, 1), format="json")
    assert response.status_code == 200, response.data
    answer = client_for(away_manager).get(url(match))
    assert answer.data["log"][0]["by"] == "Manager of the home side"
    assert "home.boss" not in answer.content.decode()
    client.force_login(away_manager)
    submission = ResultSubmission.objects.get(match=match)
    for page in ["/admin/matches/resultsubmission/", f"/admin/matches/resultsubmission/{submission.pk}/change/"]:
        page_answer = client.get(page)
        assert page_answer.status_code == 200 and "home.boss" not in page_answer.content.decode(), page
    response = client_for(away_manager).post(url(match, "confirm"), format="json")
    assert response.status_code == 200
    assert (response.data["state"], response.data["home_goals"]) == ("confirmed", 2)
    assert [s["action"] for s in response.data["log"]] == ["submit", "confirm"]


def test_errors_name_the_field(match, home_manager):
    data = scoresheet(match, 2, 1)
    data["events"][0]["minute"] = 90
    response = client_for(home_manager).post(url(match), data, format="json")
    assert response.status_code == 400
    assert "40 minutes" in response.data["events[0].minute"][0]


@pytest.mark.parametrize("who,code", [(None, 401), ("stranger", 403), ("other_manager", 403)])
def test_outsiders_are_refused(request, match, home_manager, who, code):
    user = request.getfixturevalue(who) if who else None
    client = client_for(user)
    assert client.get(url(match)).status_code in (code, 403)
    assert client.post(url(match), scoresheet(match), format="json").status_code in (code, 403)
    client_for(home_manager).post(url(match), scoresheet(match), format="json")
    assert client.post(url(match, "confirm"), format="json").status_code in (code, 403)
    assert client.post(url(match, "decide"), {}, format="json").status_code in (code, 403)
    assert Match.objects.get(id=match.id).status == "scheduled"


def test_a_manager_cannot_confirm_their_own_or_decide(match, home_manager):
    client = client_for(home_manager)
    client.post(url(match), scoresheet(match), format="json")
    assert client.post(url(match, "confirm"), format="json").status_code == 403
    assert client.post(url(match, "decide"), {}, format="json").status_code == 403


def test_the_commissioner_decides_a_dispute_and_edits(match, home_manager, away_manager, commissioner):
    client_for(home_manager).post(url(match), scoresheet(match, 2, 1), format="json")
    response = client_for(away_manager).post(url(match), scoresheet(match, 1, 1), format="json")
    assert response.data["state"] == "disputed"
    chosen = ResultSubmission.objects.get(by=away_manager).id
    response = client_for(commissioner).post(url(match, "decide"), {"submission": chosen}, format="json")
    assert response.status_code == 200 and response.data["home_goals"] == 1
    edit = scoresheet(match, 0, 0) | {"note": "replayed"}
    response = client_for(commissioner).post(url(match), edit, format="json")
    assert response.status_code == 200 and response.data["log"][-1]["note"] == "was 1-1; replayed"
    response = client_for(home_manager).post(url(match), scoresheet(match, 3, 0), format="json")
    assert response.status_code == 400 and "already has a confirmed result" in response.data["match"][0]


def test_the_commissioner_enters_a_result_directly(match, commissioner):
    response = client_for(commissioner).post(url(match, "decide"), {"result": scoresheet(match, 1, 0)}, format="json")
    assert response.status_code == 200 and response.data["state"] == "confirmed"
