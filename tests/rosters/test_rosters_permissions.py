"""Commissioners edit their own leagues only; managers see their league and change nothing in the admin."""

from unittest.mock import patch

import pytest
from django.conf import settings
from django.contrib.auth.models import Group
from django.core.management import CommandError, call_command
from django.test import TestCase
from django.urls import reverse

from config.celery import app
from leagues.models import League, Team
from notifications.services import EMAIL_TASK, email_send
from rosters.models import Player
from rosters.permissions import MANAGERS, can_act_for

pytestmark = pytest.mark.django_db


def client_for(client, user):
    client.force_login(user)
    return client


def test_the_migration_made_the_groups_with_view_permissions_for_managers():
    managers = Group.objects.get(name=MANAGERS)
    codenames = set(managers.permissions.values_list("codename", flat=True))
    assert {"view_team", "view_player", "view_squadmember", "view_league"} <= codenames
    assert not any(c.startswith(("add_", "change_", "delete_")) for c in codenames)


def test_a_commissioner_sees_and_edits_only_their_league(client, cast, league):
    client = client_for(client, cast["anna"])
    teams = client.get(reverse("admin:leagues_team_changelist"))
    assert teams.status_code == 200
    names = [t.name for t in teams.context["cl"].result_list]
    assert "Alpha" in names and "Omega" not in names
    omega = Team.objects.get(name="Omega")
    assert client.get(reverse("admin:leagues_team_change", args=[omega.pk])).status_code == 302  # "not found" redirect
    response = client.post(
        reverse("admin:leagues_team_change", args=[cast["alpha"].pk]),
        {"name": "Alpha FC", "short_name": "ALP", "league": league.pk, "manager": cast["bruno"].pk},
    )
    assert response.status_code == 302, response.content
    assert Team.objects.get(pk=cast["alpha"].pk).name == "Alpha FC"


def test_a_commissioner_cannot_move_a_team_into_another_league(client, cast):
    client = client_for(client, cast["anna"])
    response = client.post(
        reverse("admin:leagues_team_change", args=[cast["alpha"].pk]),
        {"name": "Alpha", "league": cast["other"].pk},
    )
    assert response.status_code == 200
    assert "league" in response.context["adminform"].form.errors
    assert Team.objects.get(pk=cast["alpha"].pk).league_id != cast["other"].pk


def test_a_commissioner_cannot_add_a_player_to_another_leagues_pool(client, cast):
    client = client_for(client, cast["anna"])
    client.post(
        reverse("admin:rosters_player_add"),
        {"league": cast["other"].pk, "name": "Sneaky", "role": "field", "attributes": "{}", "price": 0},
    )
    assert not Player.objects.filter(name="Sneaky").exists()


def test_a_manager_sees_their_league_read_only(client, cast, league):
    client = client_for(client, cast["bruno"])
    teams = client.get(reverse("admin:leagues_team_changelist"))
    assert teams.status_code == 200
    assert {t.name for t in teams.context["cl"].result_list} == {"Alpha", "Beta", "Gamma", "Delta"}
    beta = cast["beta"]
    page = client.get(reverse("admin:leagues_team_change", args=[beta.pk]))
    assert page.status_code == 200 and page.context["has_change_permission"] is False
    hijack = {"name": "Hijacked", "league": league.pk, "tactics": "{}"}
    assert client.post(reverse("admin:leagues_team_change", args=[beta.pk]), hijack).status_code == 403
    # nor his own team's: he changes its tactics in each season (tests/leagues/test_team_tactics.py)
    assert client.post(reverse("admin:leagues_team_change", args=[cast["alpha"].pk]), hijack).status_code == 403
    assert not Team.objects.filter(name="Hijacked").exists()
    assert client.get(reverse("admin:leagues_team_add")).status_code == 403
    assert client.post(reverse("admin:leagues_team_delete", args=[beta.pk]), {"post": "yes"}).status_code == 403


def test_a_manager_sees_nothing_of_other_leagues(client, cast):
    client = client_for(client, cast["bruno"])
    leagues = client.get(reverse("admin:leagues_league_changelist")).context["cl"].result_list
    assert [lg.name for lg in leagues] == ["Test League"]
    omega = Team.objects.get(name="Omega")
    assert client.get(reverse("admin:leagues_team_change", args=[omega.pk])).status_code == 302


def test_the_superuser_sees_everything(admin_client):
    League.objects.create(name="X", slug="x")
    assert admin_client.get(reverse("admin:leagues_league_changelist")).status_code == 200


def test_who_may_act_for_a_team(cast):
    alpha = cast["alpha"]
    assert can_act_for(cast["bruno"], alpha)
    assert can_act_for(cast["anna"], alpha)
    assert not can_act_for(cast["carla"], alpha)
    assert not can_act_for(cast["dino"], alpha)


def test_an_invitation_e_mails_a_one_time_link_and_prints_no_password(client, league, season, capsys, mailoutbox):
    sent = []
    recording = patch.object(app, "send_task", lambda name, args, **kw: sent.append((name, *args)))
    with recording, TestCase.captureOnCommitCallbacks(execute=True):
        call_command("invite_manager", league.slug, "gamma", "Gina@Example.com")
    out = capsys.readouterr().out
    gamma = Team.objects.get(league=league, name="Gamma")
    gina = gamma.manager
    assert gina.username == "gina@example.com" and not gina.has_usable_password()
    assert gina.groups.filter(name=MANAGERS).exists() and gina.is_staff
    assert "password:" not in out.lower() and "set-password" not in out
    ((task, note_id),) = sent
    assert task == EMAIL_TASK and email_send(note_id) and not email_send(note_id)  # once, however often sent
    (mail,) = mailoutbox
    assert mail.to == ["gina@example.com"] and "Gamma" in mail.subject
    link = mail.body.split(settings.SITE_URL, 1)[1].split()[0]
    form = client.get(link, follow=True)
    assert "gina@example.com" in form.content.decode()
    chosen = {"new_password1": "a long pass phrase 42", "new_password2": "a long pass phrase 42"}
    assert client.post(form.redirect_chain[-1][0], chosen).status_code == 302
    assert client.login(username="gina@example.com", password="a long pass phrase 42")
    client.logout()
    again = client.get(link, follow=True).content.decode()
    assert "used already or is too old" in again


def test_invite_manager_refuses_a_team_with_another_manager_and_unknown_names(cast, league):
    with pytest.raises(CommandError, match="already managed"):
        call_command("invite_manager", league.slug, "Alpha", "someone@example.com")
    with pytest.raises(CommandError, match="no team 'Zeta'"):
        call_command("invite_manager", league.slug, "Zeta", "someone@example.com")
    with pytest.raises(CommandError, match="no league"):
        call_command("invite_manager", "nope", "Alpha", "someone@example.com")
    with pytest.raises(CommandError, match="not an email"):
        call_command("invite_manager", league.slug, "Gamma", "not-an-email")
