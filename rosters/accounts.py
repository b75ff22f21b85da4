"""Manager accounts: a commissioner invites the person who will run a team."""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.functional import lazy
from django.utils.translation import gettext as _

from leagues.models import League, Team
from notifications.models import Kind
from notifications.services import notify, set_password_link
from rosters.permissions import MANAGERS


def find_team(league_slug: str, team: str) -> Team:
    """A team of a league by name (case-insensitive) or id, with a message a person reads if missing."""
    try:
        league = League.objects.get(slug=league_slug)
    except League.DoesNotExist as exc:
        raise ValidationError(
            {"league": _("no league with slug %(league_slug)r") % {"league_slug": league_slug}}
        ) from exc
    teams = league.teams.all()
    found = teams.filter(name__iexact=team).first() or (teams.filter(pk=team).first() if team.isdigit() else None)
    if found is None:
        names = ", ".join(teams.values_list("name", flat=True))
        values = {"league_name": league.name, "team": team, "names": names}
        if not names:
            raise ValidationError({"team": _("%(league_name)s has no team %(team)r (it has no teams yet)") % values})
        raise ValidationError({"team": _("%(league_name)s has no team %(team)r (teams: %(names)s)") % values})
    return found


def invite_manager(team: Team, email: str, *, by=None) -> tuple[object, str]:
    """Make ``email`` the manager of ``team`` and send them a link to set their password;
    returns the account and the link (a path on this site).

    The account is staff (so it can log in to the admin) and in the Managers group, which
    only opens read-only pages; what it may change is decided per team. A new account has no
    usable password until its owner sets one through the link (Django's password-reset
    token: it works once, and for ``PASSWORD_RESET_TIMEOUT``); an existing account keeps its
    password, and the link lets its owner choose a new one. No password is made, printed or
    shown. A team that already has another manager is refused, so an invitation never
    silently takes a team away.
    """
    email = email.strip().lower()
    try:
        validate_email(email)
    except ValidationError as exc:
        raise ValidationError({"email": _("%(email)r is not an email address") % {"email": email}}) from exc
    User = get_user_model()
    with transaction.atomic():
        locked = Team.objects.select_for_update().select_related("league").get(pk=team.pk)
        user = User.objects.filter(username=email).first()
        if locked.manager_id and (user is None or locked.manager_id != user.pk):
            raise ValidationError(
                {
                    "team": _("%(team_name)s is already managed by %(locked_manager)s")
                    % {"team_name": team.name, "locked_manager": locked.manager}
                }
            )
        if user is None:
            user = User(username=email, email=email)
            user.set_unusable_password()
        user.is_staff = True
        user.save()
        user.groups.add(Group.objects.get_or_create(name=MANAGERS)[0])
        locked.manager = team.manager = user
        locked.save(update_fields=["manager"])
        # lazy: ``notify`` words them in the new manager's language
        notify(
            user,
            Kind.INVITATION,
            f"invitation:{team.pk}:{secrets.token_hex(8)}",
            lazy(invitation_subject, str)(team.name, locked.league.name),
            lazy(invitation_body, str)(display_name(by, "") if by else "", team.name, user.get_username()),
        )  # no link stored: its e-mail makes one (notifications.services.email_send)
    return user, set_password_link(user)


def invitation_subject(team: str, league: str) -> str:
    """The invitation's subject, in the active language."""
    return _("You manage %(team)s in %(league)s on Bootroom") % {"team": team, "league": league}


def invitation_body(by: str, team: str, username: str) -> str:
    """Who made the recipient a manager (a commissioner with no public name: not named), and
    how to begin, in the active language."""
    values = {"by": by, "team": team, "username": username}
    if by:
        return (
            _(
                "%(by)s made you the manager of %(team)s. Choose your password with the link below (it works once, "
                "for a few days); then sign in with %(username)s to draft, set tactics and enter results."
            )
            % values
        )
    return (
        _(
            "A commissioner made you the manager of %(team)s. Choose your password with the link below (it works "
            "once, for a few days); then sign in with %(username)s to draft, set tactics and enter results."
        )
        % values
    )


def display_name(user, fallback: str) -> str:
    """How a person is named to the public: the full name, else the username unless it is an
    e-mail address (``invite_manager`` makes those), else ``fallback`` ("Manager of Alpha").

    Never the address or a part of it: pages and the API show this to anyone.
    """
    full = user.get_full_name().strip()
    if full:
        return full
    username = user.get_username()
    return username if "@" not in username else fallback


def manager_name(team: Team) -> str | None:
    """The public name of the team's manager (None without one)."""
    return display_name(team.manager, f"Manager of {team.name}") if team.manager_id else None
