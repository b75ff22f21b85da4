"""Dates with their weekday, in the reader's language ("Sat 28 Nov" in
English, "Sa., 28. Nov." in German, "Sab 28 Nov" in Italian).

Django's named formats have no weekday, so the pattern itself is translated (a msgid with the
context "date format", as Django's admin does for its own): a translator puts the parts in
their language's order; the names of days and months are Django's translations. A moment is
written in its own zone (a league's, ``leagues.zones.local_time``); the template filters take
it to the page's current zone first, as Django's ``date`` does.
"""

from datetime import datetime

from django.utils.formats import date_format
from django.utils.translation import pgettext


def weekday(moment: datetime | None) -> str:
    """ "Sat 28 Nov": a day of this season."""
    return date_format(moment, pgettext("date format", "D j M")) if moment else ""


def weekday_time(moment: datetime | None) -> str:
    """ "Sat 28 Nov, 15:00"."""
    return date_format(moment, pgettext("date format", "D j M, H:i")) if moment else ""


def weekday_year_time(moment: datetime | None) -> str:
    """ "Sat 28 Nov 2026, 15:00"."""
    return date_format(moment, pgettext("date format", "D j M Y, H:i")) if moment else ""


def long_date_time(moment: datetime | None) -> str:
    """ "Saturday 28 November 2026, 15:00 UTC": a match's own page."""
    return date_format(moment, pgettext("date format", "l j F Y, H:i e")) if moment else ""
