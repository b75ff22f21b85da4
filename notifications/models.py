"""What a person is told: a notification in their list on the site, and by e-mail if they chose
so, once per event (``key``)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    PICK = "pick", _("your pick is on the clock")
    PICK_WARNING = "pick_warning", _("your pick's clock is about to run out")
    CONFIRM = "confirm", _("a result you must confirm")
    TRADE = "trade", _("a trade offered to your team, or the answer to yours")
    INVITATION = "invitation", _("an invitation to manage a team")
    RESULTS = "results", _("your teams' results of the day before (a daily digest)")


#: What a person gets by e-mail until they choose otherwise (the invitation always: it is how
#: they first reach the site; the results digest only when chosen).
DEFAULT_EMAIL_KINDS = [Kind.PICK, Kind.PICK_WARNING, Kind.CONFIRM, Kind.TRADE]


def default_email_kinds() -> list[str]:
    return [str(kind) for kind in DEFAULT_EMAIL_KINDS]


class Notification(models.Model):
    """One event told to one person; ``key`` names the event, so telling it again (a task
    delivered twice, a clock set again for the same pick) adds nothing."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    key = models.CharField(max_length=120, help_text="The event, e.g. 'draft:4:pick:12'.")
    subject = models.CharField(max_length=200)
    body = models.TextField(blank=True)
    url = models.CharField(max_length=300, blank=True, help_text="Where to act on it.")
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)
    emailed_at = models.DateTimeField(null=True, blank=True, help_text="When its e-mail was handed to the mail server.")
    email_error = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="one_notification_per_event")]
        indexes = [models.Index(fields=["user", "read_at"])]

    def __str__(self) -> str:
        return self.subject


class NotificationSettings(models.Model):
    """A person's own settings: which kinds of notification they also get by e-mail, and the
    language of their pages and e-mails (empty: their browser's)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_settings"
    )
    email_kinds = models.JSONField(default=default_email_kinds, blank=True)
    language = models.CharField(
        _("language"),
        max_length=10,
        blank=True,
        help_text=_("The language of the pages and e-mails (a code of settings.LANGUAGES); empty: the browser's."),
    )

    class Meta:
        verbose_name_plural = _("notification settings")

    def __str__(self) -> str:
        return f"notification settings of {self.user}"
