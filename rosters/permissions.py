"""Who may do what: the Managers and Commissioners groups, and who may act for a team.

Group permissions only open the admin pages; which rows a person sees or changes is
decided per league by ``leagues.admin.LeagueScopedAdmin`` and, for drafts, by
``can_act_for`` below, on every request.
"""

from __future__ import annotations

from django.contrib.auth.models import Group, Permission

MANAGERS = "Managers"
COMMISSIONERS = "Commissioners"

#: The apps whose pages the groups open; every admin in them is scoped per league.
APPS = ["audit", "leagues", "rosters", "matches", "tournaments"]


def sync_groups(**_kwargs) -> None:
    """Give the groups their permissions, including those of models added since.

    Runs after every ``migrate`` (post_migrate), because permissions of a new model
    only exist once its migration has run; the data migration creates the groups.
    """
    permissions = Permission.objects.filter(content_type__app_label__in=APPS)
    managers, _ = Group.objects.get_or_create(name=MANAGERS)
    managers.permissions.set(permissions.filter(codename__startswith="view_"))
    commissioners, _ = Group.objects.get_or_create(name=COMMISSIONERS)
    commissioners.permissions.set(permissions)


def runs_league(user, league) -> bool:
    """A superuser or one of the league's commissioners."""
    return bool(user and user.is_authenticated and league.is_commissioner(user))


def can_act_for(user, team) -> bool:
    """Whether the user may pick, queue or pass for ``team``: its manager or the league's commissioner."""
    if not (user and user.is_authenticated):
        return False
    return team.manager_id == user.pk or runs_league(user, team.league)
