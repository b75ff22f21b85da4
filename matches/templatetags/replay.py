"""``{{ value|compact_json }}`` for pages: settings and lineups written as the command line takes them."""

import json

from django import template

register = template.Library()


@register.filter
def compact_json(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
