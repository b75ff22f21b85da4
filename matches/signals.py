"""A match saved or deleted bumps its season's standings version
(``leagues.standings.standings_changed``): its table and its page (fixtures, results) are
cached by it. Saves of the queue's bookkeeping alone (``queued_at``, ``error``) change
neither."""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from leagues.standings import standings_changed
from matches.models import Match, ResultSubmission

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
