"""A whole league as one JSON document, and back: ``export_league`` and ``import_league``.

The models are not listed by hand. Every model of the project's apps that reaches the
league through foreign keys is exported (``league_paths``); a model that does not is
either listed in ``EXCLUDED`` with the reason, or ``model_problems`` names it (a test
keeps that list empty), so a new model is never forgotten silently. Rows keep their ids
in the file; the import creates them with new ids (``bulk_create`` in dependency order,
one transaction) and rewrites every reference: foreign keys, many-to-many links, and the
ids kept inside JSON fields (``JSON_IDS``). People are written by username.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.exceptions import ValidationError
from django.db import DatabaseError, models, transaction
from django.utils import timezone
from django.utils.duration import duration_iso_string
from django.utils.translation import gettext as _

from config.rows import insert_rows
from engines.published import settings_problem
from leagues.cache import standings_changed
from leagues.models import League, Season
from ops.json_ids import JSON_IDS, IdMap, JsonIds
from ops.older_files import FORMER_MODELS, older_tables_updated
from ops.repository import in_repository

FORMAT = "bootroom-league"
VERSION = 1

#: Models of the project's apps that are not part of a league's export, and why.
EXCLUDED = {
    "api.IdempotencyKey": "a client's answers to replay for a retried API request: per user, short-lived",
    "audit.Entry": "this database's history of who changed what, naming rows by plain ids; a restored league"
    " starts a history of its own (pg_dump keeps the log with the whole database)",
    "leagues.SeasonSummary": "what the history pages worked out of a finished season's results, kept to be"
    " read on an empty cache: made again from the imported results on the first read",
    "rosters.CardValue": "what the engine measured a draft's free cards worth to each squad, keyed by that"
    " squad's card ids: measured again for the imported squads on the next request",
    "notifications.Notification": "what a person was told (per user, not per league): events of this database",
    "notifications.NotificationSettings": "a person's choice of e-mails, not the league's",
}

#: The user fields written with each person a league refers to (never the password).
USER_FIELDS = ("username", "email", "first_name", "last_name", "is_staff", "is_active")


class BackupError(Exception):
    """The file cannot be imported; the message names every problem found."""


# --- which models, in which order ------------------------------------------------------------


def project_models() -> list[type[models.Model]]:
    """The models of the apps that live in this repository (not Django's or a library's)."""
    return [model for config in apps.get_app_configs() if in_repository(config.path) for model in config.get_models()]


def label(model: type[models.Model]) -> str:
    return model._meta.label


def is_user(model) -> bool:
    return model is get_user_model()


def _references(model: type[models.Model]) -> list[models.Field]:
    """The model's own foreign keys and one-to-ones (not the reverse side)."""
    return [f for f in model._meta.concrete_fields if f.is_relation]


def _links(model: type[models.Model]) -> list[models.ManyToManyField]:
    """The model's many-to-many fields with a table of Django's (a through model of the
    project's own is a model like any other, exported through its keys)."""
    return [f for f in model._meta.local_many_to_many if f.remote_field.through._meta.auto_created]


def league_paths() -> dict[type[models.Model], str]:
    """For each model of a league, the lookup from its rows to the league's id.

    A model is of the league when one of its foreign keys leads to a model of the league;
    not-null keys are preferred, so a row is always found through a link it must have.
    """
    paths: dict[type[models.Model], str] = {League: "pk"}
    candidates = [m for m in project_models() if label(m) not in EXCLUDED and m is not League]
    for allow_null in (False, True):
        grown = True
        while grown:
            grown = False
            for model in candidates:
                if model in paths:
                    continue
                for field in _references(model):
                    target = field.related_model
                    if target in paths and target is not model and (allow_null or not field.null):
                        via = paths[target]
                        paths[model] = field.name if via == "pk" else f"{field.name}__{via}"
                        grown = True
                        break
    return paths


def json_dependencies(model: type[models.Model]) -> set[str]:
    return {target for (owner, _), rule in JSON_IDS.items() if owner == label(model) for target in rule.refers_to}


def export_order() -> list[type[models.Model]]:
    """The league's models, each after every model its rows refer to (keys and JSON ids)."""
    paths = league_paths()
    remaining = sorted(paths, key=label)
    by_label = {label(m): m for m in remaining}
    ordered: list[type[models.Model]] = []
    while remaining:
        for model in remaining:
            needs = {f.related_model for f in _references(model) if f.related_model in paths}
            needs |= {field.remote_field.model for field in _links(model)}
            needs |= {by_label[name] for name in json_dependencies(model) if name in by_label}
            needs.discard(model)
            if all(n in ordered for n in needs if n in paths):
                ordered.append(model)
                remaining.remove(model)
                break
        else:
            raise BackupError(
                _("the league's models refer to each other in a circle: %(join_map_label_remaining)s")
                % {"join_map_label_remaining": ", ".join(map(label, remaining))}
            )
    return ordered


def model_problems() -> list[str]:
    """What stops a model of the project from being exported whole: a model neither of the
    league nor excluded, a key to a model outside the export, a JSON field not declared."""
    paths = league_paths()
    problems = []
    for model in project_models():
        name = label(model)
        if name in EXCLUDED:
            continue
        if model not in paths:
            problems.append(f"{name} is not linked to a league by its keys: export it or add it to EXCLUDED")
            continue
        fields = [*_references(model), *_links(model)]
        for field in fields:
            target = field.related_model
            if not (target in paths or is_user(target)):
                problems.append(f"{name}.{field.name} refers to {label(target)}, which is neither exported nor a user")
        for field in model._meta.concrete_fields:
            if isinstance(field, models.JSONField) and (name, field.name) not in JSON_IDS:
                problems.append(f"{name}.{field.name} is a JSON field missing from JSON_IDS (ids inside, or none)")
    for owner, field_name in JSON_IDS:
        try:
            apps.get_model(owner)._meta.get_field(field_name)
        except LookupError:
            problems.append(f"JSON_IDS names {owner}.{field_name}, which does not exist")
    return problems


# --- export ---------------------------------------------------------------------------------------


def _encode(field: models.Field, value: Any) -> Any:
    if value is None or isinstance(field, models.JSONField) or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, datetime.timedelta):
        return duration_iso_string(value)
    if isinstance(value, datetime.date | datetime.time):  # datetimes too, with their microseconds
        return value.isoformat()
    return str(value)


def league_export(league: League) -> dict:
    """Everything of the league as plain JSON data: rows by model, people by username."""
    User = get_user_model()
    paths = league_paths()
    order = export_order()
    tables: dict[str, list[dict]] = {}
    exported: dict[str, set] = {}
    user_ids: set[int] = set()
    for model in order:
        fields = [f for f in model._meta.concrete_fields if not f.primary_key]
        rows = list(
            model._base_manager.filter(**{paths[model]: league.pk})
            .order_by("pk")
            .values("pk", *(f.attname for f in fields))
        )
        ids = [row["pk"] for row in rows]
        links = {}
        for m2m in _links(model):
            through = m2m.remote_field.through
            source, target = m2m.m2m_field_name(), m2m.m2m_reverse_field_name()
            linked: dict[int, list] = {}
            pairs = through.objects.filter(**{f"{source}__in": ids}).order_by("pk")
            for owner, other in pairs.values_list(f"{source}_id", f"{target}_id"):
                linked.setdefault(owner, []).append(other)
            links[m2m] = linked
        table = []
        for row in rows:
            record: dict[str, Any] = {"id": row["pk"]}
            for field in fields:
                value = row[field.attname]
                if field.is_relation:
                    if is_user(field.related_model) and value is not None:
                        user_ids.add(value)
                    record[field.name] = value
                else:
                    record[field.name] = _encode(field, value)
            for m2m, linked in links.items():
                record[m2m.name] = linked.get(row["pk"], [])
                if is_user(m2m.related_model):
                    user_ids.update(record[m2m.name])
            table.append(record)
        tables[label(model)] = table
        exported[label(model)] = set(ids)

    def note_user(kind: str, value: Any) -> Any:
        if kind == "user" and value is not None:
            user_ids.add(value)
        return value

    _rewrite_json(order, tables, note_user)
    usernames = dict(User.objects.filter(pk__in=user_ids).values_list("id", "username"))
    _rewrite_json(order, tables, lambda kind, value: usernames.get(value) if kind == "user" else value)
    people = {u["id"]: u for u in User.objects.filter(pk__in=user_ids).values("id", *USER_FIELDS)}
    groups: dict[int, list[str]] = {}
    for user_id, group in User.groups.through.objects.filter(user_id__in=user_ids).values_list(
        "user_id", "group__name"
    ):
        groups.setdefault(user_id, []).append(group)
    problems: list[str] = []
    for model in order:
        for record in tables[label(model)]:
            _refs_to_names(model, record, usernames, exported, problems)
    if problems:
        raise BackupError("; ".join(problems[:20]))
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "league": league.slug,
        "users": [
            {**{k: u[k] for k in USER_FIELDS}, "groups": sorted(groups.get(uid, []))}
            for uid, u in sorted(people.items())
        ],
        "models": tables,
    }


def _rewrite_json(order, tables: dict[str, list[dict]], ids: IdMap) -> None:
    for model in order:
        rules = {name: rule for (owner, name), rule in JSON_IDS.items() if owner == label(model) and rule.rewrite}
        for record in tables[label(model)]:
            for name, rule in rules.items():
                if record.get(name) is not None:
                    record[name] = rule.rewrite(record[name], ids)


def _refs_to_names(model, record: dict, usernames: dict[int, str], exported: dict[str, set], problems: list) -> None:
    """Write people as usernames and check every key points inside the export."""
    for field in [*_references(model), *_links(model)]:
        value = record[field.name]
        target = field.related_model
        many = field.many_to_many
        values = value if many else [value]
        if is_user(target):
            names = [usernames[v] for v in values if v is not None]
            record[field.name] = names if many else (names[0] if names else None)
            continue
        outside = [v for v in values if v is not None and v not in exported.get(label(target), ())]
        if outside:
            problems.append(
                f"{label(model)} {record['id']}: {field.name} refers to {label(target)} {outside[0]}, "
                "which is not of this league"
            )


# --- import --------------------------------------------------------------------------------------


class _Problems(list):
    def add(self, where: str, message: str) -> None:
        if len(self) < 50:
            self.append(f"{where}: {message}")


def _check_shape(data: Any) -> list[str]:
    if not isinstance(data, dict):
        return ["the file is not a JSON object"]
    problems = []
    if data.get("format") != FORMAT:
        problems.append(f"format: expected {FORMAT!r}, got {data.get('format')!r}")
    if data.get("version") != VERSION:
        problems.append(f"version: expected {VERSION}, got {data.get('version')!r}")
    if not isinstance(data.get("users"), list):
        problems.append("users: expected a list")
    tables = data.get("models")
    if not isinstance(tables, dict):
        problems.append("models: expected an object of model name to rows")
        return problems
    known = {label(m) for m in league_paths()} | FORMER_MODELS
    for name, rows in tables.items():
        if name not in known:
            problems.append(f"models: unknown model {name!r}")
        elif not isinstance(rows, list) or not all(isinstance(r, dict) and "id" in r for r in rows):
            problems.append(f"models.{name}: expected a list of rows, each with an id")
    if not tables.get(label(League)) or len(tables[label(League)]) != 1:
        problems.append(f"models.{label(League)}: expected exactly one league")
    return problems


def _people(rows: list[dict], problems: _Problems) -> dict[str, int]:
    """The ids of the people the file names, creating those missing (no usable password)."""
    User = get_user_model()
    wanted = {}
    for n, row in enumerate(rows):
        if not isinstance(row, dict) or not isinstance(row.get("username"), str) or not row["username"]:
            problems.add(f"users[{n}]", "expected an object with a username")
            continue
        unknown = set(row) - {*USER_FIELDS, "groups"}
        if unknown:
            problems.add(f"users[{n}]", f"unknown fields {', '.join(sorted(unknown))}")
        groups = row.get("groups", [])
        if not isinstance(groups, list) or not all(isinstance(g, str) and g for g in groups):
            problems.add(f"users[{n}]", "groups: expected a list of group names")
            continue
        wanted[row["username"]] = row
    ids = dict(User.objects.filter(username__in=wanted).values_list("username", "id"))
    for name, row in wanted.items():
        if name in ids:
            continue
        user = User(**{k: row[k] for k in USER_FIELDS if k in row})
        user.set_unusable_password()
        try:
            user.full_clean(validate_unique=False)
        except ValidationError as exc:
            problems.add(f"user {name}", "; ".join(f"{k}: {' '.join(v)}" for k, v in exc.message_dict.items()))
            continue
        user.save()
        group_names = row.get("groups") or []
        user.groups.set([Group.objects.get_or_create(name=g)[0] for g in group_names])
        ids[name] = user.pk
    return ids


def _decode(field: models.Field, value: Any) -> Any:
    if value is None:
        if not field.null:
            raise ValidationError(_("may not be empty (null)"))
        return None
    if isinstance(field, models.JSONField):
        return value
    value = field.to_python(value)
    if field.choices and value not in {c for c, _ in field.flatchoices} and not (field.blank and value == ""):
        raise ValidationError(_("%(value)r is not one of the choices") % {"value": value})
    field.run_validators(value)
    return value


def league_import(data: dict) -> League:
    """Create the league of an ``export_league`` document, all of it or nothing.

    Refused, with every problem named, when the file is malformed or a league with its slug
    exists. People are matched by username; those missing are created without a password
    (``invite_manager`` sends a manager a link to choose one).
    """
    problems = _Problems(_check_shape(data))
    if problems:
        raise BackupError("; ".join(problems))
    older_tables_updated(data["models"])
    slug = data["models"][label(League)][0].get("slug")
    try:
        with transaction.atomic():
            if League.objects.filter(slug=slug).exists():
                raise BackupError(
                    _("league %(slug)r exists already: delete it or import into another database") % {"slug": slug}
                )
            league = _create_rows(data, problems)
            if problems:
                raise BackupError("; ".join(problems))
    except DatabaseError as exc:
        raise BackupError(_("the database refused the rows (nothing was imported): %(exc)s") % {"exc": exc}) from exc
    return league


#: The rule of a field that is not JSON: no ids to rewrite, no shape to check.
NO_JSON_RULE = JsonIds(())


@dataclass(frozen=True)
class _Column:
    """How one field of a row is read from the file."""

    field: models.Field
    refers_to: str | None  # a model's label, "user", or None for a value
    json: JsonIds  # a JSON field's rule (its ids' rewrite, its shape); none for another field


def _columns(model: type[models.Model]) -> list[_Column]:
    rules = {name: rule for (owner, name), rule in JSON_IDS.items() if owner == label(model)}
    return [
        _Column(
            field,
            ("user" if is_user(field.related_model) else label(field.related_model)) if field.is_relation else None,
            rules.get(field.name, NO_JSON_RULE),
        )
        for field in model._meta.concrete_fields
        if not field.primary_key
    ]


def _referred_to(order: list[type[models.Model]]) -> set[str]:
    """The labels of the models whose new ids a later row needs."""
    referred = {label(f.related_model) for m in order for f in [*_references(m), *_links(m)]}
    return referred | {target for rule in JSON_IDS.values() for target in rule.refers_to}


def _create_rows(data: dict, problems: _Problems) -> League | None:
    users = _people(data["users"], problems)
    new_ids: dict[str, dict[int, int]] = {}

    def ids(kind: str, old: Any, *, strict: bool = True) -> Any:
        """The new id of a row of the file; a key to a row not in the file is a problem, an
        id inside JSON that names no row of the league (a card since removed) names none."""
        if old is None:
            return None
        if kind == "user":
            if old not in users and strict:
                problems.add("users", f"{old!r} is named but not listed")
            return users.get(old)
        key = old if type(old) is int else (int(old) if isinstance(old, str) and old.isdigit() else None)
        mapped = new_ids.get(kind, {}).get(key)
        if mapped is None:
            if strict:
                problems.add(kind, f"id {old!r} is referred to but not in the file")
            return None
        return str(mapped) if isinstance(old, str) else mapped

    def json_ids(kind: str, old: Any) -> Any:
        return ids(kind, old, strict=False)

    order = export_order()
    referred = _referred_to(order)
    seasons: list[int] = []
    for model in order:
        name = label(model)
        rows = data["models"].get(name, [])
        columns = _columns(model)
        known = {"id", *(c.field.name for c in columns), *(f.name for f in _links(model))}
        values_of, deferred_self = [], []
        for index, row in enumerate(rows):
            where = f"{name} {row.get('id')}"
            if not known.issuperset(row):
                problems.add(where, f"unknown fields {', '.join(sorted(set(row) - known))}")
            values = {}
            for column in columns:
                field = column.field
                if field.name not in row:
                    if not (field.has_default() or field.null):
                        problems.add(where, f"{field.name} is missing")
                    values[field.attname] = field.get_default()
                    continue
                raw = row[field.name]
                if column.refers_to:
                    if column.refers_to == name:
                        deferred_self.append((index, field, raw))
                        values[field.attname] = None
                    elif raw is None and not field.null:
                        problems.add(where, f"{field.name} may not be empty")
                    else:
                        values[field.attname] = ids(column.refers_to, raw)
                    continue
                schema, rewrite = column.json.schema, column.json.rewrite
                problem = schema and raw is not None and settings_problem(schema, raw, where=field.name)
                if problem:
                    problems.add(where, problem)
                    continue
                if rewrite and raw is not None:
                    try:
                        raw = rewrite(raw, json_ids)
                    except (KeyError, TypeError, AttributeError, ValueError) as exc:
                        problems.add(where, f"{field.name}: not the shape this field keeps ({exc!r})")
                        continue
                try:
                    values[field.attname] = _decode(field, raw)
                except ValidationError as exc:
                    problems.add(where, f"{field.name}: {' '.join(exc.messages)}")
            values_of.append(values)
        if problems:
            return None
        stamped = any(getattr(c.field, "auto_now", False) or getattr(c.field, "auto_now_add", False) for c in columns)
        if name not in referred and not deferred_self and not stamped and not _links(model):
            # nothing needs these rows' new ids (the play-by-play, stats): the fastest insert there is
            attnames = [c.field.attname for c in columns]
            insert_rows(model, [c.field.name for c in columns], [tuple(v[a] for a in attnames) for v in values_of])
            continue
        created = model._base_manager.bulk_create([model(**v) for v in values_of], batch_size=500)
        new_ids[name] = {int(row["id"]): obj.pk for row, obj in zip(rows, created, strict=True)}
        if stamped:
            _restore_auto_times(model, rows, created)
        if deferred_self:
            for index, field, raw in deferred_self:
                setattr(created[index], field.attname, ids(name, raw))
            model._base_manager.bulk_update(
                [created[i] for i, _, _ in deferred_self], {f.name for _, f, _ in deferred_self}, batch_size=500
            )
        for m2m in _links(model):
            _link(m2m, created, [row.get(m2m.name, []) for row in rows], ids)
        if model is Season:
            seasons = [obj.pk for obj in created]
    if problems:
        return None
    standings_changed(seasons)
    return League.objects.get(pk=next(iter(new_ids[label(League)].values())))


def _restore_auto_times(model, rows: list[dict], created: list) -> None:
    """``bulk_create`` stamps auto_now(_add) fields with now: put the file's times back."""
    stamped = [
        f for f in model._meta.concrete_fields if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
    ]
    names = [f.name for f in stamped if all(f.name in row for row in rows)]
    if not names or not created:
        return
    for row, obj in zip(rows, created, strict=True):
        for name in names:
            setattr(obj, name, _decode(model._meta.get_field(name), row[name]))
    model._base_manager.bulk_update(created, names, batch_size=500)


def _link(m2m, created: list, targets: list[Iterable], ids: IdMap) -> None:
    through = m2m.remote_field.through
    source, target = m2m.m2m_field_name(), m2m.m2m_reverse_field_name()
    kind = "user" if is_user(m2m.related_model) else label(m2m.related_model)
    through.objects.bulk_create(
        [
            through(**{f"{source}_id": obj.pk, f"{target}_id": ids(kind, other)})
            for obj, others in zip(created, targets, strict=True)
            for other in others
        ],
        batch_size=1000,
    )
