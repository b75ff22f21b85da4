from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeaguesConfig(AppConfig):
    name = "leagues"
    verbose_name = _("Leagues and seasons")

    def ready(self) -> None:
        from leagues import signals  # noqa: F401 - connects the receivers
