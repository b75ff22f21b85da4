"""Helpers shared by the management commands."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from leagues.models import Season


def get_season(season_id) -> Season:
    try:
        return Season.objects.select_related("league").get(id=int(season_id))
    except (ValueError, Season.DoesNotExist) as exc:
        raise CommandError(_("SEASON_ID: no season with id %(id)r") % {"id": season_id}) from exc
