"""One way to turn a ValidationError into a line a person reads: ``field: problem``."""

from django.core.exceptions import ValidationError


def validation_message(exc: ValidationError) -> str:
    if hasattr(exc, "error_dict"):
        return "; ".join(f"{field}: {' '.join(msgs)}" for field, msgs in exc.message_dict.items())
    return " ".join(exc.messages)
