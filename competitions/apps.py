from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CompetitionsConfig(AppConfig):
    """The formats a season is played in (round robin, knockout, groups, Swiss, play-offs) and
    what a stored result sets off in them; their models stay in ``tournaments``."""

    name = "competitions"
    verbose_name = _("Competitions")
