"""The match admin is scoped per league: commissioners act on their own league's matches only,
managers see their league's matches and change nothing."""

import pytest
from django.urls import reverse

from competitions.round_robin import fixtures_generate
from matches.models import Match
from rosters.drafting import autodraft, load_sample_pool

pytestmark = pytest.mark.django_db


@pytest.fixture
def fixtures(cast, league, season):
    load_sample_pool(league, teams=4, seed=1)
    autodraft(season)
    fixtures_generate(season)
    fixtures_generate(cast["other_season"])
    return Match.objects.filter(season=season).first(), Match.objects.filter(season=cast["other_season"]).first()


def play_now(client, match):
    return client.post(
        reverse("admin:matches_match_changelist"),
        {"action": "play_now", "_selected_action": [match.id]},
        follow=True,
    )


def test_a_commissioner_plays_their_own_leagues_match_only(client, cast, fixtures):
    own, foreign = fixtures
    client.force_login(cast["anna"])
    listed = client.get(reverse("admin:matches_match_changelist")).context["cl"].result_list
    assert own in listed and foreign not in listed
    play_now(client, own)
    own.refresh_from_db()
    assert own.status == Match.Status.PLAYED
    play_now(client, foreign)  # a forged id of another league's match
    foreign.refresh_from_db()
    assert foreign.status == Match.Status.SCHEDULED
    assert client.get(reverse("admin:matches_match_change", args=[foreign.id])).status_code == 302


def test_a_manager_sees_the_matches_but_cannot_act_on_them(client, cast, fixtures):
    own, _ = fixtures
    client.force_login(cast["bruno"])
    page = client.get(reverse("admin:matches_match_changelist"))
    assert page.status_code == 200 and own in page.context["cl"].result_list
    assert "play_now" not in page.context["action_form"].fields["action"].choices.__str__()
    play_now(client, own)
    own.refresh_from_db()
    assert own.status == Match.Status.SCHEDULED
    response = client.post(reverse("admin:matches_match_change", args=[own.id]), {"kickoff_0": "2030-01-01"})
    assert response.status_code == 403
