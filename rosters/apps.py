from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


class RostersConfig(AppConfig):
    name = "rosters"
    verbose_name = _("Player cards and squads")

    def ready(self) -> None:
        from rosters import signals  # noqa: F401 - connects the receivers
        from rosters.permissions import sync_groups

        # After every app's migrate (not only this app's), so the permissions of every
        # app the groups cover exist by the time they are given out.
        post_migrate.connect(sync_groups, dispatch_uid="rosters.sync_groups")
