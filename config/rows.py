"""Writing many rows in one statement: what a worker stores of a batch of results, and what an
import of a league restores, costs a statement per table, not per row."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import orjson
from django.db import connection


def insert_rows(model, fields: list[str], rows: list[tuple]) -> None:
    """Insert many rows of plain values; JSON fields take dicts (None is SQL NULL), and the
    fields not given get their defaults.

    On PostgreSQL this is one COPY, several times faster than ``bulk_create`` for the
    play-by-play of a match (the bulk of what a worker writes), its JSON encoded by orjson (ten
    times faster than the json module); other databases get ``bulk_create``. The COPY goes
    around Django's cursor, so its errors are wrapped as Django's own: a lost connection is an
    ``OperationalError`` that retries the batch, not an error of its matches that would fail them.
    """
    if not rows:
        return
    if connection.vendor != "postgresql":
        model.objects.bulk_create(
            model(**{f"{f}_id" if _is_relation(model, f) else f: v for f, v in zip(fields, row, strict=True)})
            for row in rows
        )
        return
    if defaults := _not_given(model, fields):  # as bulk_create writes them, not NULL
        fields = [*fields, *defaults]
        rows = [(*row, *defaults.values()) for row in rows]
    encoders = [(i, _json_encoder(model._meta.get_field(f))) for i, f in enumerate(fields)]
    json_columns = [(i, encode) for i, encode in encoders if encode is not None]
    columns = ", ".join(connection.ops.quote_name(model._meta.get_field(f).column) for f in fields)
    with (
        connection.wrap_database_errors,
        connection.cursor() as cursor,
        cursor.cursor.copy(f"COPY {connection.ops.quote_name(model._meta.db_table)} ({columns}) FROM STDIN") as copy,
    ):
        for row in rows:
            values = list(row)
            for i, encode in json_columns:
                if values[i] is not None:  # None is SQL NULL, as Django stores it
                    values[i] = encode(values[i])
            copy.write_row(values)


def _not_given(model, fields: list[str]) -> dict[str, Any]:
    """The concrete fields not in ``fields`` but the primary key, each with the value Django gives
    a new row (its default; now for ``auto_now``)."""
    new, given = model(), set(fields)
    return {
        field.name: field.pre_save(new, add=True)
        for field in model._meta.concrete_fields
        if field.name not in given and not field.primary_key
    }


def _json_encoder(field) -> Callable[[Any], str] | None:
    """How a JSON field's values are written: with the field's own encoder when it has one (the
    audit log's dates and decimals, as Django writes them), with orjson otherwise; None for
    any other field."""
    if field.get_internal_type() != "JSONField":
        return None
    if field.encoder is not None:
        return lambda value: json.dumps(value, cls=field.encoder)
    return _orjson_or_json


#: orjson writes what json.dumps would refuse (dates, dataclasses): passed through, it refuses them too.
_ORJSON = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS


def _orjson_or_json(value: Any) -> str:
    """JSON text as json.dumps writes it (what Django's save stores), by orjson where it can:
    what orjson refuses and json.dumps takes (an integer beyond 64 bits, a float subclass such as
    numpy's, a named tuple, nesting past 254 levels) goes the slow way instead of failing."""
    try:
        return orjson.dumps(value, option=_ORJSON).decode()
    except TypeError:  # orjson.JSONEncodeError too
        return json.dumps(value)


def rows_update(model, fields: list[str], objs: list) -> None:
    """Write ``fields`` of many rows of ``model`` with one statement executed for each row
    (psycopg pipelines them: one round trip on PostgreSQL). Sends no signal. Django's
    ``bulk_update`` costs more in Python, compiling a CASE for every field and row, than the
    round trips it saves."""
    if not objs:
        return
    columns = [model._meta.get_field(f) for f in fields]
    quote = connection.ops.quote_name
    sets = ", ".join(f"{quote(column.column)} = %s" for column in columns)
    sql = f"UPDATE {quote(model._meta.db_table)} SET {sets} WHERE {quote(model._meta.pk.column)} = %s"
    params = [[c.get_db_prep_save(getattr(obj, c.attname), connection) for c in columns] + [obj.pk] for obj in objs]
    with connection.cursor() as cursor:
        cursor.executemany(sql, params)


def _is_relation(model, field_name: str) -> bool:
    return model._meta.get_field(field_name).is_relation
