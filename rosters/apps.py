from django.apps import AppConfig
from django.db.models.signals import post_migrate


class RostersConfig(AppConfig):
    name = "rosters"
    verbose_name = "Player cards and squads"

    def ready(self) -> None:
        from rosters.permissions import sync_groups

        # After every migrate, so permissions of models added later reach the groups.
        post_migrate.connect(sync_groups, sender=self, dispatch_uid="rosters.sync_groups")
