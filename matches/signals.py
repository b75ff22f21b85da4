"""A match saved or deleted bumps its season's standings version
(``leagues.cache.standings_changed``): its table and its page (fixtures, results) are
cached by it. Saves of the queue's bookkeeping alone (``queued_at``, ``error``) change
neither. A card renamed changes the leaderboards of every season it is in a squad of or has
played in."""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from leagues.cache import standings_changed
from matches.models import Match, PlayerMatchStat, ResultSubmission
from rosters.models import Player

QUEUE_FIELDS = frozenset({"queued_at", "error"})


@receiver(post_save, sender=Match)
def match_saved(sender, instance: Match, update_fields=None, **kwargs) -> None:
    if update_fields is not None and set(update_fields) <= QUEUE_FIELDS:
        return
    standings_changed([instance.season_id])


@receiver(post_delete, sender=Match)
def match_deleted(sender, instance: Match, **kwargs) -> None:
    standings_changed([instance.season_id])


@receiver(post_save, sender=ResultSubmission)
def table_result_moved(sender, instance: ResultSubmission, **kwargs) -> None:
    """A result entered at the table shows on the season page ("result pending") before it counts."""
    standings_changed(Match.objects.filter(id=instance.match_id).values_list("season_id", flat=True))


@receiver(post_save, sender=Player)
def player_changed(sender, instance: Player, created: bool, **kwargs) -> None:
    if not created:
        standings_changed(
            [
                *instance.squad_memberships.values_list("season_id", flat=True),
                *PlayerMatchStat.objects.filter(player=instance).values_list("match__season_id", flat=True),
            ]
        )
