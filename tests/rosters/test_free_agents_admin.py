"""The market in the admin: a manager claims, signs and releases for his own team only (a forged
team id is refused on the server), sees his own claims only; commissioners set the windows.

The cast (tests/rosters/conftest.py): Anna runs the Test League, Bruno manages Alpha, Carla Beta,
Dino runs another league.
"""

from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone

from rosters import free_agents, ledger
from rosters.models import Claim, SquadMember, TransferWindow
from tests.rosters.test_free_agents import card, deadline_passes, open_window, settlements  # noqa: F401

pytestmark = pytest.mark.django_db

FREE_AGENTS = reverse("admin:rosters_claim_free_agents")


def window(season, *, claims_open=True):
    made = open_window(season)
    if not claims_open:
        deadline_passes(made)
    return made


def as_(client, user):
    client.force_login(user)
    return client


def said(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_the_free_agents_page_shows_what_the_managers_team_affords_and_fits(client, season, league, cast):
    window(season)
    card(league, "Cheap", price=2)
    card(league, "Dear", price=20)
    page = as_(client, cast["bruno"]).get(FREE_AGENTS, {"season": season.pk, "ordering": "-price"})
    assert page.status_code == 200
    assert [t.name for t in page.context["teams"]] == ["Alpha"]  # only the team Bruno manages
    rows = [(r.player.name, r.affordable) for r in page.context["rows"]]
    assert rows == [("Dear", False), ("Cheap", True)]
    assert b'value="claim"' in page.content and b'value="sign"' not in page.content


def test_a_manager_claims_for_his_team_and_a_forged_team_is_refused(client, season, league, cast):
    window(season)
    free = card(league, "Free")
    client = as_(client, cast["bruno"])
    forged = client.post(
        f"{FREE_AGENTS}?season={season.pk}", {"action": "claim", "team": cast["beta"].pk, "player": free.pk}
    )
    assert any("only move for your own team, not Beta" in m for m in said(forged))
    assert not Claim.objects.exists()
    made = client.post(
        f"{FREE_AGENTS}?season={season.pk}", {"action": "claim", "team": cast["alpha"].pk, "player": free.pk}
    )
    assert made.status_code == 302 and Claim.objects.get().team == cast["alpha"]


def test_claims_are_sealed_until_settled_then_seen_by_the_commissioner(client, season, league, cast):
    window(season)
    free_agents.claim_make(season.pk, team_id=cast["alpha"].pk, player_id=card(league, "A").pk)
    beta = free_agents.claim_make(season.pk, team_id=cast["beta"].pk, player_id=card(league, "B").pk)
    changelist = reverse("admin:rosters_claim_changelist")

    def seen(user):
        return sorted(c.player.name for c in as_(client, user).get(changelist).context["cl"].result_list)

    assert seen(cast["bruno"]) == ["A"]
    assert seen(cast["carla"]) == ["B"]
    assert seen(cast["anna"]) == []  # a pending claim (its sealed bid) is its team's alone
    cast["alpha"].manager = cast["anna"]  # a commissioner who manages a team sees only his own
    cast["alpha"].save()
    assert seen(cast["anna"]) == ["A"]
    Claim.objects.filter(pk=beta.pk).update(state=Claim.State.LOST)  # settled
    assert seen(cast["anna"]) == ["A", "B"]
    assert seen(cast["dino"]) == []


def test_a_manager_withdraws_his_own_claims_only(client, season, league, cast):
    window(season)
    theirs = free_agents.claim_make(season.pk, team_id=cast["beta"].pk, player_id=card(league, "B").pk)
    changelist = reverse("admin:rosters_claim_changelist")
    as_(client, cast["bruno"]).post(changelist, {"action": "withdraw_action", "_selected_action": [theirs.pk]})
    assert Claim.objects.get(pk=theirs.pk).state == Claim.State.PENDING
    as_(client, cast["carla"]).post(changelist, {"action": "withdraw_action", "_selected_action": [theirs.pk]})
    assert Claim.objects.get(pk=theirs.pk).state == Claim.State.WITHDRAWN


def test_after_the_claims_a_manager_signs_from_the_page(client, season, league, cast):
    window(season, claims_open=False)
    star = card(league, "Star", price=3)
    client = as_(client, cast["bruno"])
    page = client.get(FREE_AGENTS, {"season": season.pk})
    assert b'value="sign"' in page.content
    client.post(f"{FREE_AGENTS}?season={season.pk}", {"action": "sign", "team": cast["alpha"].pk, "player": star.pk})
    assert SquadMember.objects.get(player=star).team == cast["alpha"]
    assert ledger.balance(season, cast["alpha"]) == 12


def test_the_release_action_lets_a_manager_release_his_own_cards_only(client, season, league, cast):
    window(season)
    mine, theirs = card(league, "Mine"), card(league, "Theirs")
    SquadMember.objects.create(season=season, team=cast["alpha"], player=mine, price=2)
    SquadMember.objects.create(season=season, team=cast["beta"], player=theirs, price=2)
    ids = list(SquadMember.objects.values_list("pk", flat=True))
    answer = as_(client, cast["bruno"]).post(
        reverse("admin:rosters_squadmember_changelist"), {"action": "release_action", "_selected_action": ids}
    )
    messages = said(answer)
    assert any("Mine released by Alpha: 1 BC back" in m for m in messages), messages
    assert any("only move for your own team, not Beta" in m for m in messages), messages
    assert list(SquadMember.objects.values_list("player__name", flat=True)) == ["Theirs"]


def test_commissioners_set_windows_managers_only_see_them(client, season, cast):
    add = reverse("admin:rosters_transferwindow_add")
    assert as_(client, cast["bruno"]).get(add).status_code == 403
    now = timezone.now()
    data = {
        "season": season.pk,
        "opens_at_0": f"{now:%Y-%m-%d}",
        "opens_at_1": "10:00:00",
        "claims_deadline_0": f"{now:%Y-%m-%d}",
        "claims_deadline_1": "09:00:00",
        "closes_at_0": f"{now + timedelta(days=3):%Y-%m-%d}",
        "closes_at_1": "10:00:00",
    }
    refused = as_(client, cast["anna"]).post(add, data)
    assert refused.status_code == 200 and "claims_deadline" in refused.context["adminform"].form.errors
    data["claims_deadline_1"] = "12:00:00"
    assert as_(client, cast["anna"]).post(add, data).status_code == 302
    assert TransferWindow.objects.get().season == season
    season_page = as_(client, cast["anna"]).get(reverse("admin:leagues_season_change", args=[season.pk]))
    assert b"transfer_windows-TOTAL_FORMS" in season_page.content
