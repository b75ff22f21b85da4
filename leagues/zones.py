"""A league's time zone: every kickoff and deadline is stored in UTC, and entered and shown
in the zone of its league (an IANA name such as Europe/Berlin), so a Hamburg league's 19:30
stays 19:30 on both sides of the change to summer time.

Pages and admin forms make the league's zone Django's current one (``timezone.override``), so
its form fields and ``date`` filters convert; the functions here are for text made outside a
template (PDFs, e-mails, messages) and for pages that show several leagues at once.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import cache
from zoneinfo import ZoneInfo, available_timezones

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _


@cache
def zone_names() -> list[str]:
    """Every IANA zone name this machine knows (the ``tzdata`` package), sorted: the admin's
    choices and what ``time_zone_check`` accepts."""
    return sorted(available_timezones())


def zone_choices() -> list[tuple[str, str]]:
    return [(name, name) for name in zone_names()]


def default_time_zone() -> str:
    """A new league's zone: the site's (``TIME_ZONE``), read when the league is made."""
    return settings.TIME_ZONE


def time_zone_check(name: str) -> None:
    """Refuse a name that is no IANA zone, saying which field and what is wanted: a league's
    zone is read on every page, so a bad one must never be stored."""
    if name not in zone_names():
        raise ValidationError(
            _("time_zone: %(name)r is not a time zone; give an IANA name such as Europe/Berlin or America/New_York.")
            % {"name": name},
            code="invalid",
        )


def zone_of(name: str) -> ZoneInfo:
    """The zone of that name; the site's for a name this machine does not know (a zone that
    left the tz database after it was stored), so a page never fails on it."""
    return ZoneInfo(name if name in zone_names() else settings.TIME_ZONE)


def local_time(moment: datetime, zone_name: str) -> datetime:
    return timezone.localtime(moment, zone_of(zone_name))


def zone_time_text(moment: datetime | None, zone_name: str) -> str:
    """A moment as "2026-03-01 19:30 CET" in that zone: for text made outside a template (a
    scoresheet, an e-mail, a message), which no ``timezone.override`` reaches."""
    if moment is None:
        return ""
    return f"{local_time(moment, zone_name):%Y-%m-%d %H:%M %Z}"


def round_kickoff(first_kickoff: datetime, interval: timedelta, rounds_after: int, zone_name: str) -> datetime:
    """The kickoff ``rounds_after`` intervals after ``first_kickoff``: a whole-day interval keeps
    the league's wall-clock time (weekly rounds at 19:30 stay at 19:30 across the change to
    summer time); a shorter one (rounds of a tournament day) counts real hours."""
    if interval % timedelta(days=1):
        return first_kickoff + interval * rounds_after
    local = first_kickoff.astimezone(ZoneInfo(zone_name)) + interval * rounds_after  # wall-clock arithmetic
    return local.astimezone(UTC)
