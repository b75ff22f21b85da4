"""``{{ match|table_state }}`` for pages: where a table result stands (see docs/table-results.md)."""

from django import template

from matches.models import Match
from matches.table_results import table_state as state_of

register = template.Library()


@register.filter
def table_state(match: Match) -> str:
    """ "pending" or "disputed" while a submitted table result waits; "confirmed", "awaiting" or ""."""
    return state_of(match)
