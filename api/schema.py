"""The OpenAPI document's nullable values written as OpenAPI 3.0.3 reads them.

OpenAPI 3.0.3 says ``nullable: true`` adds null to the ``type`` of the same Schema Object
and does nothing else: beside ``allOf: [$ref]``, ``oneOf`` or a ``$ref`` (no ``type`` there)
it is ignored, so a strict reader (a validator, a generated client with typed models)
refuses the null the API sends for a champion not known yet or a match not decided.
drf-spectacular writes it that way; this hook rewrites each such schema as a choice
between the referenced schema and ``NullEnum`` (``enum: [null]``, which admits null and
nothing else), the form drf-spectacular already uses for nullable choices, and gives the
blank choice its type.
"""

from __future__ import annotations

from typing import Any

NULL_COMPONENT = "NullEnum"
NULL_REF = {"$ref": f"#/components/schemas/{NULL_COMPONENT}"}
#: Keys that choose between schemas: with one of them and no ``type``, ``nullable`` is ignored.
COMPOSITIONS = ("allOf", "oneOf", "anyOf")


def strict_nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """One Schema Object with its nullable, if any, made effective under OpenAPI 3.0.3."""
    if not schema.get("nullable") or "type" in schema:
        return schema
    rest = {k: v for k, v in schema.items() if k != "nullable"}
    if "$ref" in rest:  # nothing may stand beside a Reference Object
        return {"oneOf": [{"$ref": rest.pop("$ref")}, NULL_REF], **rest}
    if len(rest.get("allOf", [])) == 1:  # drf-spectacular's nullable reference
        return {"oneOf": [rest.pop("allOf")[0], NULL_REF], **rest}
    for key in ("oneOf", "anyOf"):
        if key in rest:
            if NULL_REF not in rest[key]:
                rest[key] = [*rest[key], NULL_REF]
            return rest
    return rest  # untyped and uncomposed: it admits null already


def rewrite(node: Any) -> Any:
    """Every Schema Object in the document, depth first."""
    if isinstance(node, list):
        return [rewrite(item) for item in node]
    if not isinstance(node, dict):
        return node
    return strict_nullable({key: rewrite(value) for key, value in node.items()})


def postprocess_strict_nullable(result: dict[str, Any], generator: Any, **kwargs: Any) -> dict[str, Any]:
    """drf-spectacular postprocessing hook (``SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]``)."""
    result = rewrite(result)
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    if NULL_REF in _refs(result):
        schemas.setdefault(NULL_COMPONENT, {"enum": [None]})
    if "BlankEnum" in schemas:
        schemas["BlankEnum"] = {"type": "string", **schemas["BlankEnum"]}
    return result


def _refs(node: Any) -> list[dict[str, str]]:
    if isinstance(node, list):
        return [ref for item in node for ref in _refs(item)]
    if isinstance(node, dict):
        own = [node] if set(node) == {"$ref"} else []
        return own + [ref for value in node.values() for ref in _refs(value)]
    return []
