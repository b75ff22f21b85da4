"""Player pools as files: a commissioner's own cards from CSV, and the pool back to CSV.

Every row goes through the engine's ``validate_card``, the same check as the sample
pools (``build_player`` is shared with ``rosters.drafting.load_pool``). A file with
any bad row imports nothing and reports every bad row with its line number, so a
commissioner fixes the file in one go.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from engines import CardError, get_engine
from rosters.models import Player

#: Columns every pool file has; the rest are the engine's card attributes.
BASE_COLUMNS = ["id", "name", "role", "price"]
_INTEGER = re.compile(r"^-?\d+$")


def build_player(league, engine, card: Mapping[str, Any], *, label: str, external_id: str) -> Player:
    """An unsaved Player from a card dict, or a ValidationError that starts with ``label``."""
    try:
        attributes = engine.validate_card(card)
    except CardError as exc:
        raise ValidationError(f"{label}: {exc}") from exc
    try:
        price = int(card.get("price", 0))
    except (TypeError, ValueError):
        price = -1
    if price < 0:
        raise ValidationError(f"{label}: price: {card.get('price')!r} is not a whole number >= 0")
    return Player(
        league=league,
        name=str(card.get("name") or label)[:100],
        role=attributes.get("role", ""),
        attributes=attributes,
        price=price,
        external_id=external_id[:50],
    )


def _cell(text: str) -> Any:
    """A CSV cell as the engine expects it: whole numbers as int, lists and objects as JSON."""
    text = text.strip()
    if _INTEGER.match(text):
        return int(text)
    if text[:1] in "[{" or text in ("true", "false"):
        try:
            return json.loads(text)
        except ValueError:
            return text
    return text


def import_csv(league, text: str) -> list[Player]:
    """Add the cards of a CSV file (a header row, then one card a row) to the league's pool.

    All or nothing: a ValidationError lists every bad row as ``line N (name): reason``.
    """
    engine = get_engine(league.engine)
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    if not reader.fieldnames or "role" not in reader.fieldnames:
        raise ValidationError("line 1: the header must name the columns, at least name, role and price")
    players, errors = [], []
    for row in reader:
        if None in row:
            errors.append(f"line {reader.line_num}: more cells than columns in the header")
            continue
        card = {key.strip(): _cell(value) for key, value in row.items() if key and value and value.strip()}
        label = f"line {reader.line_num}" + (f" ({card['name']})" if card.get("name") else "")
        try:
            players.append(build_player(league, engine, card, label=label, external_id=str(card.get("id", ""))))
        except ValidationError as exc:
            errors.extend(exc.messages)
    if errors:
        raise ValidationError(errors)
    if not players:
        raise ValidationError("the file has no cards")
    with transaction.atomic():
        return Player.objects.bulk_create(players)


def export_csv(players: Iterable[Player]) -> str:
    """The cards as CSV that ``import_csv`` reads back: id, name, role, price, then the attributes."""
    players = list(players)
    extra = sorted({key for p in players for key in p.attributes} - set(BASE_COLUMNS))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(BASE_COLUMNS + extra)
    for p in players:
        cells = [p.external_id or p.pk, p.name, p.role, p.price]
        for key in extra:
            value = p.attributes.get(key, "")
            cells.append(json.dumps(value) if isinstance(value, list | dict | bool) else value)
        writer.writerow(cells)
    return out.getvalue()
