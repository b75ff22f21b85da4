"""Limits on what anyone may type in: dates, intervals and JSON.

Python's ``datetime`` ends at year 9999 and a UTC offset must stay under a day, and a
JSON document nested a few thousand deep exhausts the parser's recursion. Input past
these limits would fail later, deep in the database adapter, the fixture maker or an
engine (a server error, or a season that cannot be played). Every form, serializer,
filter and service checks it here first, so the answer is a ValidationError that names
the field and the limit.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

#: The widest UTC offsets in use anywhere (Kiribati +14:00, Baker Island -12:00).
MAX_UTC_OFFSET = timedelta(hours=14)
#: A date and time anyone may filter by: a day inside ``datetime``'s range, so no
#: time zone conversion (to UTC, to the database's zone) can leave it.
EARLIEST_DATETIME = datetime(1, 1, 2, tzinfo=UTC)
LATEST_DATETIME = datetime(9999, 12, 30, tzinfo=UTC)
#: A kickoff may be stored up to here: the rounds after it (at most a year apart, for
#: at most ``MAX_TEAMS_PER_SEASON`` teams, in any format and its later stages) then fit
#: before the end of year 9999.
LATEST_KICKOFF = datetime(9000, 1, 1, tzinfo=UTC)
EARLIEST_KICKOFF = datetime(1900, 1, 1, tzinfo=UTC)
#: The longest time between two rounds.
MAX_ROUND_INTERVAL = timedelta(days=366)
#: JSON input: how deep it may nest and how long it may be once written out.
MAX_JSON_DEPTH = 20
MAX_JSON_CHARS = 65_536
#: The largest id a query parameter may name: what a 64-bit integer column holds.
MAX_ID = 2**63 - 1


def datetime_errors(value: datetime) -> list[str]:
    """What is wrong with a date and time anyone may send: an impossible UTC offset, or a
    moment so near the ends of the calendar that converting it between zones overflows."""
    offset = value.utcoffset()
    if offset is not None and abs(offset) > MAX_UTC_OFFSET:
        return [_("The UTC offset %(offset)s is out of range: at most ±14:00.") % {"offset": _offset_text(offset)}]
    try:
        in_utc = value.astimezone(UTC) if offset is not None else value.replace(tzinfo=UTC)
    except (OverflowError, ValueError):
        in_utc = None
    if in_utc is None or not EARLIEST_DATETIME <= in_utc <= LATEST_DATETIME:
        return [_("The date is out of range: give one between the years 1 and 9999.")]
    return []


def schedule_errors(first_kickoff: datetime | None, interval: timedelta | None) -> dict[str, str]:
    """The limits of a season's schedule: a first kickoff between 1900 and 9000 and at most a
    year between rounds, so every round of every format fits in the calendar."""
    errors = {}
    if first_kickoff is not None:
        if problems := datetime_errors(first_kickoff):
            errors["first_kickoff"] = problems[0]
        elif not EARLIEST_KICKOFF <= first_kickoff <= LATEST_KICKOFF:
            errors["first_kickoff"] = _("A kickoff must be between the years 1900 and 9000.")
    if interval is not None and interval > MAX_ROUND_INTERVAL:
        errors["round_interval"] = _("The interval between rounds may be at most %(days)d days.") % {
            "days": MAX_ROUND_INTERVAL.days
        }
    return errors


def team_count_errors(count: int) -> dict[str, str]:
    """A season of more than ``MAX_TEAMS_PER_SEASON`` teams is refused (its pages, fixtures
    and tournaments are sized for it), on the ``teams`` field."""
    limit = settings.MAX_TEAMS_PER_SEASON
    if count > limit:
        return {
            "teams": _("%(count)d teams; a season may have at most %(limit)d (the MAX_TEAMS_PER_SEASON setting).")
            % {"count": count, "limit": limit}
        }

    return {}


def query_id(text: str | None) -> int | None:
    """An id given in a query string (``?season=``), or None when it is not one: ASCII
    digits only (``"²".isdigit()`` is true) and no larger than a database column holds."""
    if text is None or not (text.isascii() and text.isdigit()) or int(text) > MAX_ID:
        return None
    return int(text)


def json_errors(value: Any) -> list[str]:
    """What is wrong with a JSON value given as input: nested deeper than ``MAX_JSON_DEPTH``
    or longer than ``MAX_JSON_CHARS`` written out. Walked with a stack, not recursion, so
    any depth is measured safely."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > MAX_JSON_DEPTH:
                return [
                    _("Nested too deep: at most %(depth)d levels of objects and lists.") % {"depth": MAX_JSON_DEPTH}
                ]
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    if len(json.dumps(value)) > MAX_JSON_CHARS:
        return [_("Too long: at most %(chars)s characters of JSON.") % {"chars": f"{MAX_JSON_CHARS:,}"}]
    return []


def check_json_fields(instance) -> None:
    """Every JSON field of a model instance within the limits: what its ``clean`` calls, so
    the admin and the API refuse the same values."""
    errors = {}
    for field in instance._meta.concrete_fields:
        if field.get_internal_type() == "JSONField" and (problems := json_errors(getattr(instance, field.attname))):
            errors[field.name] = problems
    if errors:
        raise ValidationError(errors)


class LimitedSplitDateTimeField(forms.SplitDateTimeField):
    """The admin's date and time boxes (a kickoff, a draft's deadline): within the years a
    season's schedule may use, so no later round or stage runs off the calendar."""

    def clean(self, value: Any) -> datetime | None:
        cleaned = super().clean(value)
        if cleaned is not None and not EARLIEST_KICKOFF <= cleaned <= LATEST_KICKOFF:
            raise ValidationError(
                _("Give a date between the years %(first)d and %(last)d.")
                % {"first": EARLIEST_KICKOFF.year, "last": LATEST_KICKOFF.year},
                code="invalid",
            )
        return cleaned


class LimitedJSONField(forms.JSONField):
    """The admin's JSON box: nesting that would exhaust the parser's recursion is the
    field's error, not a server error, and the limits above are checked."""

    def to_python(self, value: Any) -> Any:
        try:
            converted = super().to_python(value)
        except RecursionError:
            raise ValidationError(
                _("Nested too deep: at most %(depth)d levels of objects and lists.") % {"depth": MAX_JSON_DEPTH},
                code="invalid",
            ) from None

        if problems := json_errors(converted):
            raise ValidationError(problems, code="invalid")
        return converted

    def bound_data(self, data: Any, initial: Any) -> Any:
        try:
            return super().bound_data(data, initial)
        except RecursionError:
            return forms.fields.InvalidJSONInput(data)


def _offset_text(offset: timedelta) -> str:
    sign = "-" if offset < timedelta(0) else "+"
    minutes = int(abs(offset).total_seconds()) // 60
    return f"{sign}{minutes // 60:02d}:{minutes % 60:02d}"
