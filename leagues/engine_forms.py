"""A league's (or season's) engine settings, and a team's tactics, as a form built from the
engine's JSON Schema (``settings_schema``, ``tactics_schema``).

Each key of the schema becomes one field: a choice of values a select, a
whole number a number box with its range, true or false a checkbox, anything else (a chart,
a deck list) a JSON box of its own. An empty field leaves the key out (the engine's default,
or for a season the league's), and so does a checkbox at its default; a typo cannot be
entered at all. The model's ``clean`` (for tactics ``check_tactics``) still validates what
is assembled against the schema (the API's JSON goes the same way), and an error that names
a key is shown on that key's field. A key whose value is a card of the team (a player id,
or a list of a fixed number of them: Fütti's boxes and goalkeeper, Mutant Soccer's starters)
is a choice of the team's cards by name and role, when the form knows them (a team's tactics
in a season: ``cards``); Calciotto's positions (card -> square) stay a JSON box.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from engines import Engine
from leagues.validation import LimitedJSONField

#: The form fields of a key are named after it with this prefix.
PREFIX = "setting_"


@dataclass(frozen=True)
class SchemaBox:
    """A JSON model field whose keys an engine's schema lists: a league's or season's
    ``engine_settings`` (``settings_schema``) or a team's ``tactics`` (``tactics_schema``)."""

    stored: str
    schema: str
    title: str
    empty: str

    def properties(self, engine: Engine) -> Mapping[str, Any]:
        return getattr(engine, self.schema)["properties"]


SETTINGS = SchemaBox("engine_settings", "settings_schema", "settings", "Empty: the engine's default.")
TACTICS = SchemaBox("tactics", "tactics_schema", "tactics", "Empty: the league's coach decides.")


def _help(prop: Mapping[str, Any]) -> str:
    default = f" Default: {json.dumps(prop['default'])}." if "default" in prop else ""
    return f"{prop.get('description', '')}{default}"


#: A card a form offers: its id (as the team sheet names it) and what a person reads.
Card = tuple[str, str]

#: How a schema types a player id: a string or an integer, as the team sheet's ids are.
_PLAYER_ID_TYPES = (["string", "integer"], ["integer", "string"])


def names_a_card(prop: Mapping[str, Any]) -> bool:
    return prop.get("type") in _PLAYER_ID_TYPES


def names_cards(prop: Mapping[str, Any]) -> int:
    """How many cards a key names in a list of a fixed length (0: not such a list)."""
    items = prop.get("items")
    if prop.get("type") != "array" or not isinstance(items, Mapping) or not names_a_card(items):
        return 0
    count = prop.get("minItems")
    return count if isinstance(count, int) and count == prop.get("maxItems") and 0 < count <= 11 else 0


class CardSelects(forms.MultiWidget):
    """One select per card of a list; a stored list fills them in order."""

    def decompress(self, value: Any) -> list[Any]:
        return [str(v) for v in value] if isinstance(value, list) else []


class CardListField(forms.MultiValueField):
    """A fixed number of the team's cards, one select each, in order (Fütti's first box first):
    all empty is the key left out; some empty is an error naming how many to choose."""

    def __init__(self, count: int, cards: Sequence[Card], **kwargs: Any) -> None:
        choices = [("", "---------"), *cards]
        fields = [forms.ChoiceField(choices=choices, required=False) for _ in range(count)]
        widget = CardSelects([forms.Select(choices=choices) for _ in range(count)])
        super().__init__(fields, widget=widget, require_all_fields=False, required=False, **kwargs)
        self.count = count

    def compress(self, data_list: list[str]) -> list[str] | None:
        chosen = [value for value in data_list or [] if value]
        if not chosen:
            return None
        if len(chosen) != self.count:
            raise ValidationError(_("Choose %(count)d cards, or none for the default.") % {"count": self.count})
        return chosen


def card_field(label: str, help_text: str, prop: Mapping[str, Any], cards: Sequence[Card]) -> forms.Field | None:
    """The choice of the team's cards for a key that names cards; None for any other key."""
    if names_a_card(prop):
        return forms.ChoiceField(label=label, help_text=help_text, required=False, choices=[("", _("default")), *cards])
    if count := names_cards(prop):
        return CardListField(count, cards, label=label, help_text=help_text)
    return None


def setting_field(key: str, prop: Mapping[str, Any], cards: Sequence[Card] | None = None) -> forms.Field:
    """The form field of one key, from its schema (a key naming cards: a choice of ``cards``)."""
    label, help_text = key.replace("_", " ").capitalize(), _help(prop)
    if cards is not None and (field := card_field(label, help_text, prop, cards)) is not None:
        return field
    if "enum" in prop:
        unset = _("default (%(value)s)") % {"value": prop["default"]} if "default" in prop else _("not set")
        return forms.TypedChoiceField(
            label=label,
            help_text=help_text,
            required=False,
            choices=[("", unset), *((json.dumps(v), str(v)) for v in prop["enum"])],
            coerce=json.loads,
            empty_value=None,
        )
    if prop.get("type") == "boolean":
        return forms.BooleanField(label=label, help_text=help_text, required=False)
    if prop.get("type") == "integer":
        return forms.IntegerField(
            label=label,
            help_text=help_text,
            required=False,
            min_value=prop.get("minimum"),
            max_value=prop.get("maximum"),
        )
    return LimitedJSONField(
        label=label, help_text=_("%(help)s JSON; empty: the default.") % {"help": help_text}, required=False
    )


def setting_fields(
    engine: Engine, box: SchemaBox = SETTINGS, cards: Sequence[Card] | None = None
) -> dict[str, forms.Field]:
    return {PREFIX + key: setting_field(key, prop, cards) for key, prop in box.properties(engine).items()}


def has_form(engine: Engine, box: SchemaBox, with_cards: bool = False) -> bool:
    """Whether a form serves better than the JSON box: some key is a choice, a number or true
    or false, or (``with_cards``: the form knows the team's cards) names cards. Tactics that
    only place cards on squares (Calciotto's positions) stay one JSON object."""
    return any(
        "enum" in p or p.get("type") in ("integer", "boolean") or (with_cards and (names_a_card(p) or names_cards(p)))
        for p in box.properties(engine).values()
    )


class EngineSettingsForm(forms.ModelForm):
    """The base of a form whose JSON box (``box``) is one field per key (``settings_form``)."""

    settings_engine: Engine
    box: SchemaBox

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        stored = getattr(self.instance, self.box.stored, None) or {}
        for key, prop in self.box.properties(self.settings_engine).items():
            field = self.fields[PREFIX + key]
            if key in stored:
                value = stored[key]
                if isinstance(field, CardListField):
                    field.initial = [str(v) for v in value] if isinstance(value, list) else value
                elif isinstance(field, forms.ChoiceField) and "enum" not in prop:
                    field.initial = str(value)
                else:
                    field.initial = json.dumps(value) if "enum" in prop else value
            elif prop.get("type") == "boolean":
                field.initial = prop.get("default", False)

    def clean(self) -> dict[str, Any]:
        """The keys given, put where the model validates them: an empty field is left out
        (the default, or for a season the league's), and so is a checkbox at its default (a
        checkbox cannot be empty)."""
        data = super().clean()
        given = {}
        for key, prop in self.box.properties(self.settings_engine).items():
            value = data.get(PREFIX + key)
            at_default = prop.get("type") == "boolean" and value == prop.get("default", False)
            if value is None or value == "" or at_default:
                continue
            given[key] = value
        setattr(self.instance, self.box.stored, given)
        return data

    def add_error(self, field: str | None, error: Any) -> None:
        """An error of the JSON box (the model's ``clean`` or the engine's judgement names the
        key) goes on that key's field, or on the form when it names none."""
        if field == self.box.stored:
            for text in ValidationError(error).messages:
                super().add_error(self._field_named_by(text), text)
            return
        if field is None and isinstance(error, ValidationError) and hasattr(error, "error_dict"):
            for message in error.error_dict.pop(self.box.stored, []):
                self.add_error(self.box.stored, message)
        super().add_error(field, error)

    def _field_named_by(self, text: str) -> str | None:
        named = text.removeprefix(f"{self.box.stored}.").removeprefix("lineup.")
        for key in sorted(self.box.properties(self.settings_engine), key=len, reverse=True):
            if named.startswith(key) and PREFIX + key in self.fields:
                return PREFIX + key
        return None


def settings_form(
    base: type[forms.ModelForm], engine: Engine, box: SchemaBox = SETTINGS, cards: Sequence[Card] | None = None
) -> type[forms.ModelForm]:
    """``base`` with one field per key of ``engine``'s schema in place of the JSON box (keys
    that name cards a choice of ``cards``, when given)."""
    attrs = {**setting_fields(engine, box, cards), "settings_engine": engine, "box": box, "__module__": __name__}
    return type(f"{type(engine).__name__}{box.title.title()}Form", (EngineSettingsForm, base), attrs)


def settings_fieldsets(fieldsets: list, engine: Engine, box: SchemaBox = SETTINGS) -> list:
    """The admin's fieldsets with the JSON box taken out and a fieldset of the engine's keys
    added after the first."""
    names = list(setting_fields(engine, box))
    trimmed = [
        (title, {**options, "fields": [f for f in options["fields"] if f != box.stored]})
        for title, options in fieldsets
    ]
    own = (f"{engine.name} {box.title}", {"fields": names, "description": box.empty})
    return [*trimmed[:1], own, *trimmed[1:]]


def tactics_help(engine: Engine) -> str:
    """The keys a team's tactics may hold in ``engine``'s game, each with what it does: the
    help of the JSON box where the tactics name cards by id."""
    keys = engine.tactics_schema["properties"]
    if not keys:
        return f"{engine.name} takes no tactics: leave it empty."
    described = "; ".join(f"{key}: {_help(prop)}" for key, prop in keys.items())
    return f"A JSON object; {engine.name} reads {described} Empty: the league's coach."
