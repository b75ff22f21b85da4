"""The API's JSON parser: a body nested a few thousand deep exhausts the JSON decoder's
recursion; that is the request's 400, as any other malformed JSON is, not a 500."""

from __future__ import annotations

from typing import Any

from rest_framework import parsers
from rest_framework.exceptions import ParseError

from leagues.validation import MAX_JSON_DEPTH


class JSONParser(parsers.JSONParser):
    def parse(self, stream, media_type: str | None = None, parser_context: dict | None = None) -> Any:
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(
                f"JSON parse error - nested too deep: at most {MAX_JSON_DEPTH} levels of objects and lists."
            ) from None
