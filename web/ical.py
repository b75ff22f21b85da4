"""iCalendar (RFC 5545) feeds of fixtures, written by hand: the format is a few lines of text.

A calendar app subscribes to the feed's URL and polls it. Every match keeps one UID
whatever the host the feed is fetched from (``match-ID@`` the ``ICAL_UID_DOMAIN``
setting), so the same match is one event in every subscriber's calendar. A client keeps
the copy it has unless the new one is a later revision (RFC 5545 3.8.7.4), so each event
carries ``SEQUENCE`` (the match's count of kickoff and status changes) and
``LAST-MODIFIED`` (its last change); a moved kickoff then replaces the old time. A
cancelled match stays in the feed with ``STATUS:CANCELLED`` so that subscribers see it go.

Times are UTC (``DTSTART:20260110T183000Z``), which every client places right; the league's
zone is named in ``X-WR-TIMEZONE``, the calendar's zone for clients that read it (Apple's,
Google's, Outlook's), so a new subscription shows the league's clock.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta

from django.conf import settings

from matches.models import Match

#: How long a match occupies a calendar: a tabletop game takes about an hour.
MATCH_LENGTH = timedelta(hours=1)
#: RFC 5545 3.8.1.11 for each status: every event says one, so a match put back on the
#: schedule turns CONFIRMED again in a calendar that had it TENTATIVE.
STATUS = {
    Match.Status.SCHEDULED: "CONFIRMED",
    Match.Status.PLAYED: "CONFIRMED",
    Match.Status.FORFEITED: "CONFIRMED",
    Match.Status.POSTPONED: "TENTATIVE",
    Match.Status.FAILED: "TENTATIVE",
    Match.Status.CANCELLED: "CANCELLED",
}


def escape(text: str) -> str:
    """Escape a TEXT value: backslash, semicolon, comma and newlines (RFC 5545 3.3.11)."""
    return (
        text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\r\n", "\\n").replace("\n", "\\n")
    )


def fold(line: str) -> str:
    """Fold a content line at 75 octets, continuing with CRLF and a space (RFC 5545 3.1)."""
    data = line.encode()
    if len(data) <= 75:
        return line
    parts, start, limit = [], 0, 75
    while start < len(data):
        end = min(start + limit, len(data))
        while end < len(data) and (data[end] & 0xC0) == 0x80:  # never split a UTF-8 character
            end -= 1
        parts.append(data[start:end].decode())
        start, limit = end, 74  # continuation lines begin with a space
    return "\r\n ".join(parts)


def stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def summary(match: Match) -> str:
    if match.home_goals is not None and match.away_goals is not None:
        return f"{match.home.name} {match.home_goals}-{match.away_goals} {match.away.name}"
    return f"{match.home.name} v {match.away.name}"


def uid(match: Match) -> str:
    """The match's event UID: the same from every host the feed is served by."""
    return f"match-{match.id}@{settings.ICAL_UID_DOMAIN}"


def calendar(name: str, matches: Iterable[Match], url_for: Callable[[Match], str], time_zone: str) -> str:
    """A VCALENDAR with one VEVENT per match; ``url_for`` gives each match's page, ``time_zone``
    is the league's (its IANA name).

    ``DTSTAMP`` is when this text was made, as RFC 5545 3.8.7.2 asks of a feed with a
    METHOD; what changed when is ``LAST-MODIFIED`` and ``SEQUENCE``."""
    now = stamp(datetime.now(UTC))
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Bootroom//Fixtures//EN",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        f"X-WR-CALNAME:{escape(name)}",
        f"X-WR-TIMEZONE:{escape(time_zone)}",
    ]
    for match in matches:
        season = match.season
        lines += [
            "BEGIN:VEVENT",
            f"UID:{uid(match)}",
            f"DTSTAMP:{now}",
            f"LAST-MODIFIED:{stamp(match.updated_at)}",
            f"SEQUENCE:{match.sequence}",
            f"DTSTART:{stamp(match.kickoff)}",
            f"DTEND:{stamp(match.kickoff + MATCH_LENGTH)}",
            f"SUMMARY:{escape(summary(match))}",
            f"DESCRIPTION:{escape(f'{season.league.name} {season.name}, round {match.round} ({match.status})')}",
            f"URL:{url_for(match)}",
            f"STATUS:{STATUS[match.status]}",
            "END:VEVENT",
        ]
    lines.append("END:VCALENDAR")
    return "".join(fold(line) + "\r\n" for line in lines)
