"""What changes a season's table or page besides its matches (see ``matches.signals``): a
points deduction, the league (points, tie-breakers, name), a team's name, the season itself
and its teams."""

from django.db.models.signals import m2m_changed, post_delete, post_save
from django.dispatch import receiver

from audit import services as audit
from leagues.cache import standings_changed
from leagues.models import League, PointsDeduction, Season, Team

# Deductions are edited in the admin directly (no service): every save and delete is in the audit log.
audit.track(PointsDeduction, fields=["season", "team", "points", "reason"], name="deduction")


@receiver([post_save, post_delete], sender=PointsDeduction)
def deduction_changed(sender, instance: PointsDeduction, **kwargs) -> None:
    standings_changed([instance.season_id])


@receiver(post_save, sender=League)
def league_changed(sender, instance: League, created: bool, **kwargs) -> None:
    if not created:
        standings_changed(instance.seasons.values_list("id", flat=True))


@receiver(post_save, sender=Season)
def season_changed(sender, instance: Season, created: bool, **kwargs) -> None:
    if not created:  # the bump itself is an update(), which sends no signal
        standings_changed([instance.id])


@receiver(post_save, sender=Team)
def team_changed(sender, instance: Team, created: bool, **kwargs) -> None:
    if not created:
        standings_changed(instance.seasons.values_list("id", flat=True))


@receiver(m2m_changed, sender=Season.teams.through)
def season_teams_changed(sender, instance, action: str, reverse: bool, pk_set, **kwargs) -> None:
    if reverse and action == "pre_clear":  # team.seasons.clear(): the seasons are known only before
        standings_changed(instance.seasons.values_list("id", flat=True))
    elif action in ("post_add", "post_remove"):
        standings_changed(pk_set if reverse else [instance.id])
    elif action == "post_clear" and not reverse:
        standings_changed([instance.id])
