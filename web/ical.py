"""iCalendar (RFC 5545) feeds of fixtures, written by hand: the format is a few lines of text.

A calendar app subscribes to the feed's URL and polls it, so every match keeps one
stable UID and a moved kickoff simply shows up at its new time; a cancelled match
stays in the feed with ``STATUS:CANCELLED`` so that subscribers see it go.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta

from matches.models import Match

#: How long a match occupies a calendar: a tabletop game takes about an hour.
MATCH_LENGTH = timedelta(hours=1)
STATUS = {
    Match.Status.CANCELLED: "CANCELLED",
    Match.Status.POSTPONED: "TENTATIVE",
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


def calendar(name: str, matches: Iterable[Match], url_for: Callable[[Match], str], *, host: str) -> str:
    """A VCALENDAR with one VEVENT per match; ``url_for`` gives each match's page."""
    now = stamp(datetime.now(UTC))
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Bootroom//Fixtures//EN",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        f"X-WR-CALNAME:{escape(name)}",
    ]
    for match in matches:
        season = match.season
        lines += [
            "BEGIN:VEVENT",
            f"UID:match-{match.id}@{host}",
            f"DTSTAMP:{now}",
            f"DTSTART:{stamp(match.kickoff)}",
            f"DTEND:{stamp(match.kickoff + MATCH_LENGTH)}",
            f"SUMMARY:{escape(summary(match))}",
            f"DESCRIPTION:{escape(f'{season.league.name} {season.name}, round {match.round} ({match.status})')}",
            f"URL:{url_for(match)}",
        ]
        if match.status in STATUS:
            lines.append(f"STATUS:{STATUS[match.status]}")
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    return "".join(fold(line) + "\r\n" for line in lines)
