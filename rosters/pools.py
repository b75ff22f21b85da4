"""Player pools as files: a commissioner's own cards from CSV, and the pool back to CSV.

Every row goes through the engine's ``validate_card``, the same check as the sample
pools (``build_player`` is shared with ``rosters.drafting.load_pool``), and through the
limits of the ``Player`` columns it fills (their ``max_length``, the price column's
integer range), so nothing is cut or overflows when stored. A file with any bad row
imports nothing and reports every bad row with its line number and column, so a
commissioner fixes the file in one go. The admin's import form and ``import_pool``
both hand the file's bytes to ``import_csv``: one path, one set of messages.

Files are UTF-8 (a byte order mark is allowed): anything else is refused with the line
and byte where decoding failed, rather than guessed at and stored garbled.

Exported cells that a spreadsheet would run as a formula (starting with ``=``, ``+``,
``-``, ``@``, a tab or a carriage return) get a leading ``'``, as OWASP recommends for
CSV injection; the import takes exactly that quote off again, so an export imports
back the same cards.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
from collections.abc import Iterable, Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import transaction
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils.translation import gettext as _

from engines import CardError, get_engine
from rosters.models import Player

#: Columns every pool file has; the rest are the engine's card attributes.
BASE_COLUMNS = ["id", "name", "role", "price"]
#: The Player field each base column is stored in (whose limits it must keep).
COLUMN_FIELDS = {"id": "external_id", "name": "name", "role": "role", "price": "price"}
_INTEGER = re.compile(r"^-?\d+$")
#: A cell a spreadsheet would take for a formula (OWASP: = + - @ tab CR), after any quotes export added.
_FORMULA = re.compile(r"^'*[=+\-@\t\r]")
_BOM = b"\xef\xbb\xbf"


def _shown(value: Any, limit: int = 40) -> str:
    """A cell for a message: its repr, cut to ``limit`` characters (a 5,000-digit price need not be echoed)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _validators(field) -> list:
    """The field's validators, and for an integer field the range of its column type on every database
    (SQLite would store any integer; PostgreSQL's smallint would refuse, with a server error, past 32767)."""
    internal = field.get_internal_type()
    if internal not in BaseDatabaseOperations.integer_field_ranges:
        return list(field.validators)
    low, high = BaseDatabaseOperations.integer_field_ranges[internal]
    return [MinValueValidator(low), MaxValueValidator(high), *field.validators]


def _field_errors(player: Player) -> list[tuple[str, str]]:
    """(column, reason) for every base column whose value the Player field cannot store as given."""
    errors = []
    for column, name in COLUMN_FIELDS.items():
        field, value = Player._meta.get_field(name), getattr(player, name)
        if name == "price" and isinstance(value, str) and _INTEGER.match(value):
            value = math.copysign(math.inf, -1 if value.startswith("-") else 1)  # too many digits for an int
        elif name == "price" and (not isinstance(value, int) or isinstance(value, bool)):
            errors.append((column, f"{_shown(value)} is not a whole number"))
            continue
        for validator in _validators(field):
            try:
                validator(value)
            except ValidationError as exc:
                errors.append((column, " ".join(exc.messages)))
                break  # the first reason is enough (the backend's wider range would only repeat it)
    return errors


def build_player(league, engine, card: Mapping[str, Any], *, label: str, external_id: str) -> Player:
    """An unsaved Player from a card dict, or a ValidationError whose every message starts with ``label``.

    The engine judges the card; the model's fields judge what they store (``label, column C: reason``).
    """
    try:
        attributes = engine.validate_card(card)
    except CardError as exc:
        raise ValidationError(f"{label}: {exc}") from exc
    player = Player(
        league=league,
        name=str(card.get("name") or label),
        role=attributes.get("role", ""),
        attributes=attributes,
        price=card.get("price", 0),
        external_id=external_id,
    )
    errors = _field_errors(player)
    if errors:
        raise ValidationError([f"{label}, column {column}: {reason}" for column, reason in errors])
    return player


def decode_csv(data: bytes) -> str:
    """The file's text: UTF-8, with or without a byte order mark; else a ValidationError naming where it fails."""
    body = data[len(_BOM) :] if data.startswith(_BOM) else data
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = body.count(b"\n", 0, exc.start) + 1
        byte = exc.start - (body.rfind(b"\n", 0, exc.start) + 1) + 1
        raise ValidationError(
            _(
                "line %(line)s, byte %(byte)s: the file is not UTF-8 (byte 0x%(body_exc_start)s cannot "
                'start or continue a character there); save it as UTF-8 ("CSV UTF-8" in a spreadsheet) and '
                "import it again"
            )
            % {"line": line, "byte": byte, "body_exc_start": format(body[exc.start], "02x")}
        ) from exc


def unquote(text: str) -> str:
    """Take off the ``'`` that ``neutralise`` put before a formula-like cell (only that one)."""
    return text[1:] if text.startswith("'") and _FORMULA.match(text) else text


def neutralise(value: Any) -> Any:
    """A cell a spreadsheet will show as text, never run: a leading ``'`` when it starts like a formula."""
    text = str(value)
    return "'" + text if _FORMULA.match(text) else value


def _cell(text: str) -> Any:
    """A CSV cell as the engine expects it: whole numbers as int, lists and objects as JSON."""
    text = unquote(text.strip())
    if _INTEGER.match(text):
        try:
            return int(text)
        except ValueError:  # more digits than Python converts: left as text, refused as a price
            return text
    if text[:1] in "[{" or text in ("true", "false"):
        try:
            return json.loads(text)
        except ValueError:
            return text
    return text


def _row_errors(line: int, row: Mapping[str, str]) -> list[str]:
    """Cells no database column may hold: a NUL character (PostgreSQL refuses it in text and JSON)."""
    return [
        f"line {line}, column {key}: contains a NUL character (0x00)"
        for key, value in row.items()
        if isinstance(value, str) and "\x00" in value
    ]


def import_csv(league, data: bytes | str) -> list[Player]:
    """Add the cards of a CSV file (a header row, then one card a row) to the league's pool.

    ``data`` is the file's bytes (decoded by ``decode_csv``) or its text. All or nothing: a
    ValidationError lists every bad row as ``line N (name)[, column C]: reason``.
    """
    text = decode_csv(data) if isinstance(data, bytes) else data.lstrip("\ufeff")
    engine = get_engine(league.engine)
    reader = csv.DictReader(io.StringIO(text))
    try:
        header = reader.fieldnames
    except csv.Error as exc:
        raise ValidationError(_("line 1: %(exc)s") % {"exc": exc}) from exc
    if not header or "role" not in [unquote(key.strip()) for key in header]:
        raise ValidationError(_("line 1: the header must name the columns, at least name, role and price"))
    header_errors = [
        f"line 1, column {n}: contains a NUL character (0x00)" for n, k in enumerate(header, 1) if "\x00" in k
    ]
    if header_errors:
        raise ValidationError(header_errors)
    players, errors = [], []
    rows = iter(reader)
    while True:
        try:
            row = next(rows)
        except StopIteration:
            break
        except csv.Error as exc:  # e.g. a cell over the csv module's size limit: the rest cannot be read
            errors.append(f"line {reader.line_num + 1}: {exc}")  # the record after the last one read
            break
        if None in row:
            errors.append(f"line {reader.line_num}: more cells than columns in the header")
            continue
        bad = _row_errors(reader.line_num, row)
        if bad:
            errors.extend(bad)
            continue
        cells = {unquote(key.strip()): value for key, value in row.items() if key and value and value.strip()}
        card = {key: _cell(value) for key, value in cells.items()}
        for column in ("id", "name"):  # kept as written: "007" is an id, not the number 7
            if column in cells:
                card[column] = unquote(cells[column].strip())
        label = f"line {reader.line_num}" + (f" ({card['name'][:40]})" if card.get("name") else "")
        try:
            players.append(build_player(league, engine, card, label=label, external_id=card.get("id", "")))
        except ValidationError as exc:
            errors.extend(exc.messages)
    if errors:
        raise ValidationError(errors)
    if not players:
        raise ValidationError(_("the file has no cards"))
    with transaction.atomic():
        return Player.objects.bulk_create(players)


def export_csv(players: Iterable[Player]) -> str:
    """The cards as CSV that ``import_csv`` reads back: id, name, role, price, then the attributes.

    Every cell passes through ``neutralise``, so a spreadsheet that opens the file runs no formula.
    """
    players = list(players)
    extra = sorted({key for p in players for key in p.attributes} - set(BASE_COLUMNS))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")  # RFC 4180; a cell holding a CR or LF is then quoted
    writer.writerow([neutralise(column) for column in BASE_COLUMNS + extra])
    for p in players:
        cells = [p.external_id or p.pk, p.name, p.role, p.price]
        for key in extra:
            value = p.attributes.get(key, "")
            cells.append(json.dumps(value) if isinstance(value, list | dict | bool) else value)
        writer.writerow([neutralise(cell) for cell in cells])
    return out.getvalue()
