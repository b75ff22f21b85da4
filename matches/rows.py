"""Writing many rows in one statement: what a worker stores of a batch of results, and what an
import of a league restores, costs a statement per table, not per row."""

from __future__ import annotations

import orjson
from django.db import connection


def insert_rows(model, fields: list[str], rows: list[tuple]) -> None:
    """Insert many rows of plain values; JSON fields take dicts.

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
    json_columns = [i for i, f in enumerate(fields) if model._meta.get_field(f).get_internal_type() == "JSONField"]
    columns = ", ".join(connection.ops.quote_name(model._meta.get_field(f).column) for f in fields)
    with (
        connection.wrap_database_errors,
        connection.cursor() as cursor,
        cursor.cursor.copy(f"COPY {connection.ops.quote_name(model._meta.db_table)} ({columns}) FROM STDIN") as copy,
    ):
        for row in rows:
            values = list(row)
            for i in json_columns:
                values[i] = orjson.dumps(values[i], option=orjson.OPT_NON_STR_KEYS).decode()
            copy.write_row(values)


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
