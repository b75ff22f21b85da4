"""A season's tournament format made, changed or removed bumps its standings version
(``leagues.cache.standings_changed``): the cached season page links to the bracket,
the groups or the Swiss ranking, and shows their tables."""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from leagues.cache import standings_changed
from tournaments.models import Bracket, Group, GroupStage, Playoffs, Swiss


@receiver([post_save, post_delete], sender=Bracket)
@receiver([post_save, post_delete], sender=GroupStage)
@receiver([post_save, post_delete], sender=Group)
@receiver([post_save, post_delete], sender=Swiss)
@receiver([post_save, post_delete], sender=Playoffs)
def format_changed(sender, instance, **kwargs) -> None:
    standings_changed([instance.season_id])
