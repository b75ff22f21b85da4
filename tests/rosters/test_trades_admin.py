"""The trades' admin pages: a manager proposes for their own team only and answers only the
trades addressed to it; the page offers the answers the person may give, as buttons; the
league's commissioners see and answer every trade of their leagues, no one else's."""

import pytest
from django.urls import reverse

from rosters import trades
from rosters.models import Trade
from tests.rosters.test_trades import holder, proposal, propose

pytestmark = pytest.mark.django_db

State = Trade.State
ADD = reverse("admin:rosters_trade_add")


def act(client, trade, action, **data):
    return client.post(reverse("admin:rosters_trade_act", args=[trade.pk, action]), data, follow=True)


def test_a_manager_proposes_for_their_own_team_in_the_admin(client, trading):
    client.force_login(trading["bruno"])
    assert client.get(ADD).status_code == 200
    response = client.post(ADD, proposal(trading, offered=["Card 01"], asked=["Card 09"], coins_offered=2))
    assert response.status_code == 302, response.content.decode()[-3000:]
    trade = Trade.objects.get()
    assert (trade.proposer, trade.proposed_by, trade.coins_offered) == (trading["alpha"], trading["bruno"], 2)
    assert sorted(c.player.name for c in trade.cards.all()) == ["Card 01", "Card 09"]


def test_a_manager_cannot_propose_for_another_team(client, trading):
    client.force_login(trading["bruno"])
    response = client.post(ADD, proposal(trading, proposer="beta", receiver="alpha", offered=["Card 09"]))
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert not Trade.objects.exists()


def test_the_admin_form_shows_the_services_refusal(client, trading):
    client.force_login(trading["bruno"])
    response = client.post(ADD, proposal(trading, asked=["Card 09"], coins_offered=40))
    assert response.status_code == 200
    assert "Alpha has 15 BC, not enough to pay 40 BC" in response.content.decode()
    response = client.post(ADD, proposal(trading, offered=["Card 09"]))
    assert "Card 09 is not in Alpha&#x27;s squad" in response.content.decode()
    assert not Trade.objects.exists()


def test_the_page_offers_each_person_their_answers_and_the_receiver_accepts(client, trading):
    trade = propose(trading, offered=["Card 01"], asked=["Card 09"])
    page = reverse("admin:rosters_trade_change", args=[trade.pk])
    client.force_login(trading["bruno"])
    html = client.get(page).content.decode()
    assert 'value="withdraw"' in html and 'value="accept"' not in html
    client.force_login(trading["carla"])
    html = client.get(page).content.decode()
    assert 'value="accept"' in html and 'value="decline"' in html and 'value="withdraw"' not in html
    response = act(client, trade, "accept")
    assert f"Trade #{trade.pk} is executed." in response.content.decode()
    assert holder(trading["season"], "Card 01") == "Beta"


def test_a_manager_cannot_accept_a_trade_addressed_to_another_team(client, trading):
    trade = propose(trading, asked=["Card 09"])
    client.force_login(trading["bruno"])  # Alpha proposed it to Beta
    response = act(client, trade, "accept")
    assert "Only Beta&#x27;s manager or a commissioner of Test League may accept" in response.content.decode()
    assert Trade.objects.get(pk=trade.pk).state == State.PROPOSED
    to_gamma = propose(trading, asked=["Card 17"], receiver="gamma", by="anna")
    client.force_login(trading["carla"])  # Beta's manager does not even see Alpha's trade with Gamma
    assert act(client, to_gamma, "accept").status_code == 404
    assert client.get(reverse("admin:rosters_trade_change", args=[to_gamma.pk])).status_code == 302
    assert Trade.objects.get(pk=to_gamma.pk).state == State.PROPOSED


def test_managers_see_their_teams_trades_commissioners_their_leagues(client, trading):
    alpha_beta = propose(trading, asked=["Card 09"])
    alpha_gamma = propose(trading, asked=["Card 17"], receiver="gamma")
    changelist = reverse("admin:rosters_trade_changelist")

    def listed(user):
        client.force_login(trading[user])
        return set(client.get(changelist).context["cl"].queryset.values_list("pk", flat=True))

    assert listed("bruno") == {alpha_beta.pk, alpha_gamma.pk}
    assert listed("carla") == {alpha_beta.pk}
    assert listed("anna") == {alpha_beta.pk, alpha_gamma.pk}
    assert listed("dino") == set()


def test_the_commissioner_approves_or_vetoes_with_a_reason_from_the_page(client, trading, league):
    league.trades_need_approval = True
    league.save()
    first = propose(trading, asked=["Card 09"])
    second = propose(trading, asked=["Card 10"], receiver="beta")
    for trade in (first, second):
        trades.trade_accept(trade.pk, by=trading["carla"])
    client.force_login(trading["carla"])
    refused = act(client, first, "approve").content.decode()
    assert "Only a commissioner of Test League who manages neither team may approve" in refused
    client.force_login(trading["anna"])
    html = client.get(reverse("admin:rosters_trade_change", args=[first.pk])).content.decode()
    assert 'value="approve"' in html and 'value="veto"' in html
    assert f"Trade #{first.pk} is executed." in act(client, first, "approve").content.decode()
    vetoed = act(client, second, "veto", reason="lopsided")
    assert f"Trade #{second.pk} is vetoed: lopsided" in vetoed.content.decode()
    assert (holder(trading["season"], "Card 09"), holder(trading["season"], "Card 10")) == ("Alpha", "Beta")
    client.force_login(trading["dino"])
    assert act(client, first, "veto").status_code == 404
