"""Recording changes in the audit log.

A service calls ``record`` once per action, after making the change, inside its
transaction (so the entry commits or rolls back with it). Snapshots keep only the fields
that changed; ``snapshot`` reads fields as stored values (ids for foreign keys).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.db import models

from audit.context import current, quiet
from audit.models import Entry
from config.rows import insert_rows


def snapshot(obj: models.Model, fields: Iterable[str]) -> dict[str, Any]:
    """The named fields of ``obj`` as stored: a foreign key as its id (``team`` -> ``team_id``'s value)."""
    return {name: getattr(obj, obj._meta.get_field(name).attname) for name in fields}


def changed(before: Mapping[str, Any] | None, after: Mapping[str, Any] | None) -> tuple[dict | None, dict | None]:
    """Only the keys whose values differ (all of them when one side is missing: made or removed)."""
    if before is None or after is None:
        return (dict(before) if before is not None else None), (dict(after) if after is not None else None)
    keys = [k for k in {**before, **after} if before.get(k) != after.get(k)]
    return {k: before.get(k) for k in keys}, {k: after.get(k) for k in keys}


def entry(
    action: str,
    obj: models.Model,
    *,
    before: Mapping[str, Any] | None = None,
    after: Mapping[str, Any] | None = None,
    actor: Any = None,
    season: int | None = None,
    team: int | None = None,
    opponent: int | None = None,
    match: int | None = None,
) -> Entry | None:
    """An unsaved entry for ``record_all``, or None when nothing changed.

    ``actor`` defaults to whoever ``audit.context`` says is acting. ``season`` and ``team``
    default to ``obj``'s own ``season_id`` and ``team_id`` when it has them.
    """
    before, after = changed(before, after)
    if before == after:
        return None
    who, via = current()
    if actor is not None and actor.is_authenticated:
        who = actor
    return Entry(
        actor=who,
        actor_name=who.get_username() if who is not None else "",
        via=via,
        action=action,
        content_type=ContentType.objects.get_for_model(obj),
        object_id=obj.pk,
        object_repr=str(obj)[:200],
        season_id=season if season is not None else getattr(obj, "season_id", None),
        team_id=team if team is not None else getattr(obj, "team_id", None),
        opponent_id=opponent,
        match_id=match,
        before=before,
        after=after,
    )


#: What an entry stores, as ``insert_rows`` writes it (a relation by its field name), and the
#: attribute each is read from (a relation's id).
ENTRY_FIELDS = [field.name for field in Entry._meta.concrete_fields if not field.primary_key]
ENTRY_ATTNAMES = [Entry._meta.get_field(name).attname for name in ENTRY_FIELDS]


def record_all(entries: Iterable[Entry | None]) -> None:
    """Store entries in one statement (a COPY on PostgreSQL: a worker's batch of results has
    an entry a match); nothing inside ``recorded_by_caller``."""
    if quiet():
        return
    insert_rows(Entry, ENTRY_FIELDS, [tuple(getattr(e, a) for a in ENTRY_ATTNAMES) for e in entries if e is not None])


def record(action: str, obj: models.Model, **kwargs: Any) -> None:
    """Record one change to ``obj`` (see ``entry`` for the arguments); nothing when nothing changed."""
    if not quiet():
        record_all([entry(action, obj, **kwargs)])


def track(model: type[models.Model], *, fields: list[str], name: str, scope=None) -> None:
    """Record every save and delete of ``model`` one by one (``name``.added, .changed, .deleted),
    for rows people edit directly (a points deduction in the admin). ``scope(obj)`` gives the
    ids ``entry`` takes. Bulk writes send no signals: the services doing them record them."""
    uid = f"audit.{model._meta.label_lower}"

    def scoped(obj) -> dict:
        return scope(obj) if scope else {}

    def before_save(sender, instance, raw=False, **kwargs) -> None:
        instance._audit_before = None
        if raw or quiet() or instance._state.adding or instance.pk is None:
            return
        old = sender._default_manager.filter(pk=instance.pk).first()
        instance._audit_before = snapshot(old, fields) if old is not None else None

    def after_save(sender, instance, created, raw=False, **kwargs) -> None:
        if raw:
            return
        before = getattr(instance, "_audit_before", None)
        action = f"{name}.added" if created or before is None else f"{name}.changed"
        record(action, instance, before=before, after=snapshot(instance, fields), **scoped(instance))

    def after_delete(sender, instance, **kwargs) -> None:
        record(f"{name}.deleted", instance, before=snapshot(instance, fields), **scoped(instance))

    models.signals.pre_save.connect(before_save, sender=model, weak=False, dispatch_uid=uid)
    models.signals.post_save.connect(after_save, sender=model, weak=False, dispatch_uid=uid)
    models.signals.post_delete.connect(after_delete, sender=model, weak=False, dispatch_uid=uid)
