"""What changes a cached season page from the rosters (see ``competitions.standings``): a draft
made or removed (the link to its board); a card renamed is ``matches.signals``'s (it reads the
card's match stats too)."""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from audit import services as audit
from leagues.cache import standings_changed
from rosters.free_agents import settlement_schedule
from rosters.models import Draft, SquadMember, TransferWindow

# A squad place added, changed or removed by hand (the admin) is in the audit log; a draft records
# its picks itself, as one entry each with the squad place and the payment.
audit.track(SquadMember, fields=["season", "team", "player", "price"], name="squad")


@receiver(post_save, sender=Draft)
def draft_made(sender, instance: Draft, created: bool, **kwargs) -> None:
    if created:  # the season page links to its draft board
        standings_changed([instance.season_id])


@receiver(post_delete, sender=Draft)
def draft_removed(sender, instance: Draft, **kwargs) -> None:
    standings_changed([instance.season_id])


@receiver(post_save, sender=TransferWindow)
def window_saved(sender, instance: TransferWindow, **kwargs) -> None:
    """Made or moved (in the admin or anywhere): a worker settles its claims at the deadline."""
    settlement_schedule(instance)
