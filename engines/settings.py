"""A league's engine settings as a match reads them: the settings schema checks them when a
league saves them, but an engine may be called without that (the command line, a test), so
a match refuses a value it would misread with a ``CardError`` naming the key."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import CardError


def whole_setting(settings: Mapping[str, Any], key: str, default: int, minimum: int, maximum: int) -> int:
    """A whole-number setting as a match reads it: a word, a fraction, a flag or a number out of
    range is a ``CardError`` naming the key, even where the settings were never validated."""
    value = settings.get(key, default)
    if isinstance(value, bool) or not (isinstance(value, int) or (isinstance(value, float) and value.is_integer())):
        raise CardError(f"engine_settings.{key}: {value!r} is not a whole number; allowed {minimum}-{maximum}")
    if not minimum <= value <= maximum:
        raise CardError(f"engine_settings.{key}: {value!r} is out of range; allowed {minimum}-{maximum}")
    return int(value)


def flag_setting(settings: Mapping[str, Any], key: str, default: bool) -> bool:
    """A yes/no setting: only ``true`` or ``false`` (the string "false" is not read as yes)."""
    value = settings.get(key, default)
    if not isinstance(value, bool):
        raise CardError(f"engine_settings.{key}: {value!r} is not allowed; allowed: true, false")
    return value
