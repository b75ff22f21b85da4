"""A commissioner invites a team's manager from the team's admin page; nobody else may."""

import pytest
from django.conf import settings
from django.urls import reverse

from leagues.models import Team
from notifications.models import Kind, Notification
from notifications.services import email_send

pytestmark = pytest.mark.django_db


def test_a_commissioner_invites_from_the_team_page_and_a_manager_may_not(cast, league, client, mailoutbox):
    gamma = Team.objects.get(league=league, name="Gamma")
    url = reverse("admin:leagues_team_invite", args=[gamma.pk])
    client.force_login(cast["bruno"])
    assert client.post(url, {"email": "gina@example.com"}).status_code == 403
    client.force_login(cast["dino"])  # runs another league
    assert client.post(url, {"email": "gina@example.com"}).status_code in (403, 404)
    gamma.refresh_from_db()
    assert gamma.manager is None
    client.force_login(cast["anna"])
    assert url in client.get(reverse("admin:leagues_team_change", args=[gamma.pk])).content.decode()
    refused = client.post(url, {"email": "not an address"}).content.decode()
    assert "Enter a valid email address" in refused
    taken = client.post(reverse("admin:leagues_team_invite", args=[cast["alpha"].pk]), {"email": "gina@example.com"})
    assert "already managed by" in taken.content.decode()
    response = client.post(url, {"email": "Gina@Example.com"}, follow=True)
    assert [str(m) for m in response.context["messages"]] == [
        "gina@example.com now manages Gamma: an e-mail carries their link."
    ]
    gamma.refresh_from_db()
    assert gamma.manager.username == "gina@example.com" and not gamma.manager.has_usable_password()
    invitation = Notification.objects.get(user=gamma.manager, kind=Kind.INVITATION)
    assert invitation.url == "" and "anna" in invitation.body  # the token is never stored
    assert email_send(invitation.pk)
    (mail,) = mailoutbox
    assert f"{settings.SITE_URL}/account/set-password/" in mail.body  # made when the e-mail is sent
