"""The audit log's one table: an entry per change, never edited or deleted."""

from django.conf import settings
from django.contrib.contenttypes.models import ContentType
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Entry(models.Model):
    """One change: who, when, to what, and the changed fields before and after.

    ``season_id``, ``team_id``, ``opponent_id`` and ``match_id`` are plain ids, not foreign
    keys, so this app stays below the apps it records and an entry outlives what it is about;
    each is indexed, so the log of a season, a team or a match is one query.
    """

    at = models.DateTimeField(default=timezone.now, editable=False)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    actor_name = models.CharField(max_length=150, blank=True, help_text=_("Kept if the user is deleted."))
    via = models.CharField(max_length=10, blank=True, help_text=_("admin, api, web, command or worker."))
    action = models.CharField(max_length=40, help_text=_('What was done, e.g. "match.postponed".'))
    content_type = models.ForeignKey(ContentType, on_delete=models.PROTECT, related_name="+")
    object_id = models.PositiveBigIntegerField(null=True, blank=True)
    object_repr = models.CharField(max_length=200)
    season_id = models.PositiveBigIntegerField(null=True, blank=True, db_index=True)
    team_id = models.PositiveBigIntegerField(
        null=True, blank=True, db_index=True, help_text=_("The team concerned; a match's home team.")
    )
    opponent_id = models.PositiveBigIntegerField(
        null=True, blank=True, db_index=True, help_text=_("A match's away team, or the team taking another's place.")
    )
    match_id = models.PositiveBigIntegerField(null=True, blank=True, db_index=True)
    before = models.JSONField(null=True, blank=True, encoder=DjangoJSONEncoder)
    after = models.JSONField(null=True, blank=True, encoder=DjangoJSONEncoder)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit log")

    def __str__(self) -> str:
        # No actor here: managers of both teams read an entry's title, and usernames may be e-mails.
        return f"{self.at:%Y-%m-%d %H:%M} {self.action} {self.object_repr}"

    def save(self, *args, **kwargs) -> None:
        """Entries are written once: a stored entry is never changed."""
        if self.pk is not None and not self._state.adding:
            raise ValueError("audit entries are never changed")
        super().save(*args, **kwargs)
