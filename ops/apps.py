from django.apps import AppConfig


class OpsConfig(AppConfig):
    """Operations: backups of a league and the migration lock. It sits at the top of the
    layering, beside web and api, so it may import every domain app."""

    name = "ops"
    verbose_name = "Operations"
