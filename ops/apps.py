from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class OpsConfig(AppConfig):
    """Operations: backups of a league and the migration lock. It sits at the top of the
    layering, beside web and api, so it may import every domain app."""

    name = "ops"
    verbose_name = gettext_lazy("Operations")
