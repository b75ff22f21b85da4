"""A card renamed changes the leaderboards of the seasons it played in: their cached pages
go (see ``leagues.standings``)."""

from django.db.models.signals import post_save
from django.dispatch import receiver

from leagues.standings import standings_changed
from rosters.models import Player


@receiver(post_save, sender=Player)
def player_changed(sender, instance: Player, created: bool, **kwargs) -> None:
    if not created:
        standings_changed(instance.squad_memberships.values_list("season_id", flat=True))
