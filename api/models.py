"""What the API keeps of its own: the answers to requests sent with an idempotency key."""

from django.conf import settings
from django.db import models


class IdempotencyKey(models.Model):
    """A client's ``Idempotency-Key`` and the answer its request got, replayed to a retry.

    One row per user and key: the unique constraint is what makes two copies of the
    same request, sent at once, act once (the second insert waits for the first and fails).
    """

    key = models.CharField(max_length=255)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    request = models.CharField(max_length=300, help_text="The method and path, e.g. 'POST /api/drafts/1/picks/'.")
    body_hash = models.CharField(max_length=64, help_text="SHA-256 of the request body's data.")
    status = models.PositiveSmallIntegerField()
    response = models.TextField(
        blank=True, help_text="The answer's data as JSON text (a JSON column would reorder it)."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="one_answer_per_idempotency_key")]

    def __str__(self) -> str:
        return f"{self.key} ({self.request})"
