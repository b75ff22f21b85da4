"""Each side hears of a trade's moves it did not make itself: an offer, an answer, the outcome."""

import pytest
from django.utils import translation

from notifications.languages import language_set
from notifications.models import Kind, Notification
from rosters import trades
from tests.rosters.test_trades import propose

pytestmark = pytest.mark.django_db


def told():
    return [
        (n.user.username, n.key.split(":", 2)[2]) for n in Notification.objects.filter(kind=Kind.TRADE).order_by("id")
    ]


def test_the_receiver_hears_of_the_offer_and_both_of_the_outcome(trading, client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        trade = propose(trading, offered=["Card 01"], asked=["Card 09"])
    assert told() == [("carla@example.com", "proposed")]
    client.force_login(trading["carla"])
    assert "Trade #" in client.get("/account/notifications/").content.decode()
    assert f"Answer trade #{trade.pk}, offered by Alpha" in client.get("/me/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        trades.trade_accept(trade.pk, by=trading["carla"])  # accepted and executed at once: told as executed
    assert told()[1:] == [("bruno@example.com", "executed"), ("carla@example.com", "executed")]


def test_a_declined_offer_is_told_to_the_proposer_with_the_reason(trading, django_capture_on_commit_callbacks):
    trade = propose(trading, offered=["Card 01"], asked=["Card 09"])
    with django_capture_on_commit_callbacks(execute=True):
        trades.trade_decline(trade.pk, by=trading["carla"], reason="not enough")
    declined = Notification.objects.get(kind=Kind.TRADE, key=f"trade:{trade.pk}:declined")
    assert declined.user == trading["bruno"] and "not enough" in declined.body


def test_each_manager_is_told_in_their_own_language_whoever_made_the_move(trading, django_capture_on_commit_callbacks):
    language_set(trading["carla"], "de")
    language_set(trading["bruno"], "it")
    with translation.override("en"), django_capture_on_commit_callbacks(execute=True):
        trade = propose(trading, offered=["Card 01"], asked=["Card 09"])  # an English request
    offer = Notification.objects.get(kind=Kind.TRADE, key=f"trade:{trade.pk}:proposed")
    assert offer.user == trading["carla"]
    assert offer.subject == f"Tausch #{trade.pk} zwischen Alpha und Beta: Vorgeschlagen"
    with translation.override("de"), django_capture_on_commit_callbacks(execute=True):
        trades.trade_decline(trade.pk, by=trading["carla"], reason="zu teuer")  # a German one
    declined = Notification.objects.get(kind=Kind.TRADE, key=f"trade:{trade.pk}:declined")
    assert declined.user == trading["bruno"]
    assert declined.subject == f"Scambio #{trade.pk} tra Alpha e Beta: Declinato"
    assert declined.body == f"Scambio #{trade.pk} tra Alpha e Beta: Declinato: zu teuer."
