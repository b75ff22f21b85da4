"""``{{ value|compact_json }}`` for pages: settings and lineups written as the command line takes them;
``{{ match|replayable }}``: whether the engine's replay command applies to the match."""

import json

from django import template

from matches.models import Match
from matches.table_results import TABLE_VERSION

register = template.Library()


@register.filter
def compact_json(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


@register.filter
def replayable(match: Match) -> bool:
    """Only a result the engine played replays from its seed: not one entered at the table,
    a forfeit's awarded score or a match not played yet."""
    return match.status == Match.Status.PLAYED and match.engine_version not in ("", TABLE_VERSION)
