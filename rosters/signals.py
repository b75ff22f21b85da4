"""What changes a cached season page from the rosters (see ``leagues.standings``): a card
renamed (the leaderboards, where it is in a squad or has played) and a draft made or
removed (the link to its board)."""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from audit import services as audit
from leagues.standings import standings_changed
from matches.models import PlayerMatchStat
from rosters.models import Draft, Player, SquadMember

# A squad place added, changed or removed by hand (the admin) is in the audit log; a draft records
# its picks itself, as one entry each with the squad place and the payment.
audit.track(SquadMember, fields=["season", "team", "player", "price"], name="squad")


@receiver(post_save, sender=Player)
def player_changed(sender, instance: Player, created: bool, **kwargs) -> None:
    if not created:
        standings_changed(
            [
                *instance.squad_memberships.values_list("season_id", flat=True),
                *PlayerMatchStat.objects.filter(player=instance).values_list("match__season_id", flat=True),
            ]
        )


@receiver(post_save, sender=Draft)
def draft_made(sender, instance: Draft, created: bool, **kwargs) -> None:
    if created:  # the season page links to its draft board
        standings_changed([instance.season_id])


@receiver(post_delete, sender=Draft)
def draft_removed(sender, instance: Draft, **kwargs) -> None:
    standings_changed([instance.season_id])
