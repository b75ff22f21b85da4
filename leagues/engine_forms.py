"""A league's (or season's) engine settings as a form built from the engine's JSON Schema.

Each key of ``engine.settings_schema`` becomes one field: a choice of values a select, a
whole number a number box with its range, true or false a checkbox, anything else (a chart,
a deck list) a JSON box of its own. An empty field leaves the key out (the engine's default,
or for a season the league's), and so does a checkbox at its default; a typo cannot be
entered at all. The model's ``clean`` still validates the assembled
settings against the schema (the API's JSON goes the same way), and an error it names by key
is shown on that key's field.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from engines import Engine
from leagues.validation import LimitedJSONField

#: The form fields of a setting are named after its key with this prefix.
PREFIX = "setting_"
#: The model field the settings are stored in, and its prefix in the engine's error messages.
STORED = "engine_settings"


def _help(prop: Mapping[str, Any]) -> str:
    default = f" Default: {json.dumps(prop['default'])}." if "default" in prop else ""
    return f"{prop.get('description', '')}{default}"


def setting_field(key: str, prop: Mapping[str, Any]) -> forms.Field:
    """The form field of one setting, from its schema."""
    label, help_text = key.replace("_", " ").capitalize(), _help(prop)
    if "enum" in prop:
        unset = f"default ({prop['default']})" if "default" in prop else "not set"
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
    return LimitedJSONField(label=label, help_text=f"{help_text} JSON; empty: the default.", required=False)


def setting_fields(engine: Engine) -> dict[str, forms.Field]:
    return {PREFIX + key: setting_field(key, prop) for key, prop in engine.settings_schema["properties"].items()}


class EngineSettingsForm(forms.ModelForm):
    """The base of a form whose ``engine_settings`` are one field per setting (``settings_form``)."""

    settings_engine: Engine

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        stored = getattr(self.instance, STORED, None) or {}
        for key, prop in self.settings_engine.settings_schema["properties"].items():
            field = self.fields[PREFIX + key]
            if key in stored:
                value = stored[key]
                field.initial = json.dumps(value) if "enum" in prop else value
            elif prop.get("type") == "boolean":
                field.initial = prop.get("default", False)

    def clean(self) -> dict[str, Any]:
        """The settings given, put where the model validates them: an empty field is left out
        (the default, or for a season the league's), and so is a checkbox at its default (a
        checkbox cannot be empty)."""
        data = super().clean()
        settings = {}
        for key, prop in self.settings_engine.settings_schema["properties"].items():
            value = data.get(PREFIX + key)
            at_default = prop.get("type") == "boolean" and value == prop.get("default", False)
            if value is None or value == "" or at_default:
                continue
            settings[key] = value
        setattr(self.instance, STORED, settings)
        return data

    def _update_errors(self, errors: ValidationError) -> None:
        """The model names a bad setting in ``engine_settings``; show it on that setting's field."""
        messages = getattr(errors, "error_dict", {}).pop(STORED, [])
        for message in messages:
            text = " ".join(message.messages)
            self.add_error(self._field_named_by(text), text)
        super()._update_errors(errors)

    def _field_named_by(self, text: str) -> str | None:
        named = text.removeprefix(f"{STORED}.")
        for key in sorted(self.settings_engine.settings_schema["properties"], key=len, reverse=True):
            if named.startswith(key) and PREFIX + key in self.fields:
                return PREFIX + key
        return None


def settings_form(base: type[forms.ModelForm], engine: Engine) -> type[forms.ModelForm]:
    """``base`` with one field per setting of ``engine`` in place of the JSON box."""
    attrs = {**setting_fields(engine), "settings_engine": engine, "__module__": __name__}
    return type(f"{type(engine).__name__}SettingsForm", (EngineSettingsForm, base), attrs)


def settings_fieldsets(fieldsets: list, engine: Engine) -> list:
    """The admin's fieldsets with the ``engine_settings`` box taken out and a fieldset of the
    engine's settings added after the first."""
    names = list(setting_fields(engine))
    trimmed = [
        (title, {**options, "fields": [f for f in options["fields"] if f != STORED]}) for title, options in fieldsets
    ]
    own = (f"{engine.name} settings", {"fields": names, "description": "Empty: the engine's default."})
    return [*trimmed[:1], own, *trimmed[1:]]


def tactics_help(engine: Engine) -> str:
    """The keys a team's tactics may hold in ``engine``'s game, each with what it does (the
    tactics stay a JSON box: several name cards by id)."""
    keys = engine.tactics_schema["properties"]
    if not keys:
        return f"{engine.name} takes no tactics: leave it empty."
    described = "; ".join(f"{key}: {_help(prop)}" for key, prop in keys.items())
    return f"A JSON object; {engine.name} reads {described} Empty: the league's coach."
