"""Strict tools: the schema rules OpenAI enforces, and input that always matches the schema.

OpenAI (`"strict": true` in a function) refuses a schema unless every object in it, at any
depth, has `"additionalProperties": false` and lists every one of its properties in
`required` (an optional field is written as required with a type that allows null). The
refusal is HTTP 400 with code `invalid_function_parameters`, worded as the real API words it
(`In context=('properties', 'address')` names the object that breaks the rule).

With strict on (OpenAI `strict: true`, Anthropic's tool option `strict: true`), the model's
arguments always match the schema: `conform` fills in each required field it left out (an
empty value of the declared type: "" for a string, 0 for a number, the first `enum` value),
turns a value into the declared type where it can ("1042" → 1042 for an integer), and drops
fields the schema does not declare when extra fields are forbidden. That is all strict
promises: the shape, never the meaning ("" is a valid order number to the schema).
"""

from __future__ import annotations

from typing import Any, Optional

from ._errors import RequestRefused

_EMPTY = {"string": "", "integer": 0, "number": 0, "boolean": False, "array": [], "object": {},
          "null": None}


def check_openai_strict(name: str, schema: Any, param: str) -> None:
    """`RequestRefused` with OpenAI's wording if `schema` breaks a strict-mode rule."""
    problem = strict_problem(schema)
    if problem is not None:
        raise RequestRefused(f"Invalid schema for function '{name}': {problem}", param=param,
                             code="invalid_function_parameters")


def strict_problem(schema: Any) -> Optional[str]:
    """The first strict-mode rule `schema` breaks, worded as OpenAI words it, or None (also
    the rule for a `response_format` JSON schema with `strict: true`)."""
    return _first_problem(schema, ())


def _first_problem(schema: Any, context: tuple[str, ...]) -> Optional[str]:
    if not isinstance(schema, dict):
        return None
    if schema.get("type") == "object" or "properties" in schema:
        if schema.get("additionalProperties") is not False:
            return (f"In context={context!r}, 'additionalProperties' is required to be supplied "
                    "and to be false.")
        properties = schema.get("properties") or {}
        required = schema.get("required")
        missing = [key for key in properties
                   if not isinstance(required, list) or key not in required]
        if missing:
            return (f"In context={context!r}, 'required' is required to be supplied and to be an "
                    f"array including every key in properties. Missing '{missing[0]}'.")
        for key, inner in properties.items():
            problem = _first_problem(inner, (*context, "properties", key))
            if problem:
                return problem
    if isinstance(schema.get("items"), dict):
        return _first_problem(schema["items"], (*context, "items"))
    return None


def strict_form(schema: Any) -> Optional[Any]:
    """`schema` made strict as the Responses API makes a function's schema that leaves
    `strict` out: every object gets `"additionalProperties": false` and lists all its
    properties in `required` ("Responses requests will normalize your schema into strict
    mode (for example, by setting `additionalProperties: false` and marking all fields as
    required), which can make previously optional fields mandatory": the "Function calling"
    guide, developers.openai.com/api/docs/guides/function-calling, as changed on 2026-03-31).
    None when it cannot be: an object that allows other properties (`additionalProperties`
    true or a schema), or anything else strict mode refuses after the change."""
    made = _made_strict(schema)
    return made if made is not None and strict_problem(made) is None else None


def _made_strict(schema: Any) -> Optional[Any]:
    if not isinstance(schema, dict):
        return schema
    out = dict(schema)
    if schema.get("type") == "object" or "properties" in schema:
        if schema.get("additionalProperties", False) is not False:
            return None
        properties = schema.get("properties") or {}
        inner = {key: _made_strict(value) for key, value in properties.items()}
        if any(value is None for value in inner.values()):
            return None
        out.update(properties=inner, required=list(properties), additionalProperties=False)
    if isinstance(schema.get("items"), dict):
        items = _made_strict(schema["items"])
        if items is None:
            return None
        out["items"] = items
    return out


def conform(schema: dict[str, Any], value: dict[str, Any]) -> dict[str, Any]:
    """`value` made to match the object `schema` (the rules in the module docstring)."""
    properties = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
    out: dict[str, Any] = {}
    for key, item in value.items():
        if key in properties:
            out[key] = _typed(properties[key], item)
        elif schema.get("additionalProperties") is not False:
            out[key] = item
    for key in schema.get("required") or []:
        if key not in out:
            out[key] = _empty(properties.get(key, {}))
    return out


def _kind(schema: Any) -> Optional[str]:
    kind = schema.get("type") if isinstance(schema, dict) else None
    if isinstance(kind, list):  # ["string", "null"]: the first non-null type
        kind = next((name for name in kind if name != "null"), None)
    return kind if isinstance(kind, str) else None


def _empty(schema: Any) -> Any:
    if isinstance(schema, dict) and schema.get("enum"):
        return schema["enum"][0]
    kind = _kind(schema)
    if kind == "object" and isinstance(schema, dict):
        return conform(schema, {})
    return _EMPTY.get(kind or "string", "")


def _typed(schema: Any, value: Any) -> Any:
    if isinstance(schema, dict) and schema.get("enum") and value not in schema["enum"]:
        return schema["enum"][0]
    kind = _kind(schema)
    if kind == "integer" and isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value)
    if kind == "number" and isinstance(value, str):
        try:
            return float(value) if "." in value else int(value)
        except ValueError:
            return 0
    if kind == "string" and not isinstance(value, str):
        return "" if value is None else str(value)
    if kind == "object" and isinstance(value, dict) and isinstance(schema, dict):
        return conform(schema, value)
    if kind == "array" and not isinstance(value, list):
        return [value]
    if kind in ("integer", "number") and not isinstance(value, (int, float)) or (
            kind in ("integer", "number") and isinstance(value, bool)):
        return 0
    return value
