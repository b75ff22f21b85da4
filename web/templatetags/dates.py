"""``{% load dates %}``: ``{{ kickoff|weekday_time }}`` and the others of ``web.dates``, in the
reader's language."""

from django import template

from web.dates import long_date_time, weekday, weekday_time, weekday_year_time

register = template.Library()
for dated in (weekday, weekday_time, weekday_year_time, long_date_time):
    # the page's current zone first (a league's under timezone.override), as Django's ``date`` filter
    register.filter(dated.__name__, dated, expects_localtime=True)
