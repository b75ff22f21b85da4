from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MatchesConfig(AppConfig):
    name = "matches"
    verbose_name = _("Matches")

    def ready(self) -> None:
        from matches import signals  # noqa: F401 - connects the receivers
