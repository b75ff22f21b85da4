"""``manage.py enter_result``: the same checks and roles as the admin and the API."""

import pytest
from django.core.management import CommandError, call_command

from matches.models import Match, ResultSubmission

from .conftest import players

pytestmark = pytest.mark.django_db


def test_a_manager_submits_and_the_commissioner_edits(match, home_manager, commissioner):
    scorer, keeper = players(match, "home")[0], players(match, "away", "goalkeeper")[0]
    call_command(
        "enter_result", match.id, "--score", "1-0", "--user", home_manager.username,
        "--event", f"goal home {scorer} 12", "--count", f"{keeper} saves 4",
    )  # fmt: skip
    submission = ResultSubmission.objects.get()
    assert submission.state == "pending" and submission.payload["counts"] == {str(keeper): {"saves": 4}}
    call_command("enter_result", match.id, "--score", "0-0", "--user", commissioner.username)
    assert Match.objects.get(id=match.id).status == "played"


def test_refusals_name_the_field(match, home_manager, other_manager):
    scorer = players(match, "home")[0]
    with pytest.raises(CommandError, match="home_goals: The score gives"):
        call_command("enter_result", match.id, "--score", "2-0", "--user", home_manager.username)
    with pytest.raises(CommandError, match="plays for the home side, not away"):
        call_command(
            "enter_result", match.id, "--score", "0-1", "--user", home_manager.username,
            "--event", f"goal away {scorer} 12",
        )  # fmt: skip
    with pytest.raises(CommandError, match="not HOME-AWAY"):
        call_command("enter_result", match.id, "--score", "two", "--user", home_manager.username)
    with pytest.raises(CommandError, match="Only the managers"):
        call_command("enter_result", match.id, "--score", "0-0", "--user", other_manager.username)
    assert not ResultSubmission.objects.exists()
