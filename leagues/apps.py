from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    name = "leagues"
    verbose_name = "Leagues and seasons"

    def ready(self) -> None:
        from leagues import signals  # noqa: F401 - connects the receivers
