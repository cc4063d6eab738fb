"""Whether a JSON Schema (a tool's input schema, a structured output's schema) is well formed,
by the shape JSON Schema draft 2020-12 gives its keywords, before any rule of one API's subset
(`_strict`, `_structured`) is looked at. The real APIs refuse a malformed schema; so does the
fake, and the code that reads a schema afterwards (the worlds, `_json_fill`) can rely on it."""

from __future__ import annotations

from typing import Any, Optional

_TYPES = ("string", "number", "integer", "boolean", "object", "array", "null")
_SCHEMA_MAPS = ("properties", "$defs", "definitions", "patternProperties", "dependentSchemas")
_SCHEMA_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems")
_SCHEMAS = ("items", "additionalProperties", "not", "contains", "if", "then", "else", "propertyNames",
            "unevaluatedProperties", "unevaluatedItems", "additionalItems")
_COUNTS = ("minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties",
           "minContains", "maxContains")
_NUMBERS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")
_TEXTS = ("title", "description", "$ref", "pattern", "format", "$id", "$schema", "$comment", "$anchor")

Problem = tuple[tuple[str, ...], str]  # where (the path of keys), what is wrong


def schema_problem(schema: Any, where: tuple[str, ...] = ()) -> Optional[Problem]:
    """The first keyword of `schema` that is not shaped as JSON Schema says, or None."""
    if isinstance(schema, bool):
        return None
    if not isinstance(schema, dict):
        return where, "a schema must be an object or a boolean"
    kind = schema.get("type")
    if kind is not None and not _is_type(kind):
        return (*where, "type"), f"'type' must be one of {', '.join(_TYPES)}, or a list of them"
    required = schema.get("required")
    if required is not None and not (isinstance(required, list) and all(isinstance(n, str) for n in required)):
        return (*where, "required"), "'required' must be an array of strings"
    if "enum" in schema and not isinstance(schema["enum"], list):
        return (*where, "enum"), "'enum' must be an array"
    for key in _TEXTS:
        if key in schema and not isinstance(schema[key], str):
            return (*where, key), f"'{key}' must be a string"
    for key in _COUNTS:
        if key in schema and not (type(schema[key]) is int and schema[key] >= 0):
            return (*where, key), f"'{key}' must be a non-negative integer"
    for key in _NUMBERS:
        if key in schema and not (type(schema[key]) in (int, float)):
            return (*where, key), f"'{key}' must be a number"
    for key in _SCHEMA_MAPS:
        if key in schema:
            inner = schema[key]
            if not isinstance(inner, dict):
                return (*where, key), f"'{key}' must be an object of schemas"
            for name, value in inner.items():
                problem = schema_problem(value, (*where, key, name))
                if problem:
                    return problem
    for key in _SCHEMA_LISTS:
        if key in schema:
            inner = schema[key]
            if not isinstance(inner, list) or not inner:
                return (*where, key), f"'{key}' must be a non-empty array of schemas"
            for index, value in enumerate(inner):
                problem = schema_problem(value, (*where, key, str(index)))
                if problem:
                    return problem
    for key in _SCHEMAS:
        if key in schema:
            problem = schema_problem(schema[key], (*where, key))
            if problem:
                return problem
    return None


def _is_type(kind: Any) -> bool:
    if isinstance(kind, str):
        return kind in _TYPES
    return (isinstance(kind, list) and bool(kind) and all(isinstance(k, str) and k in _TYPES for k in kind)
            and len(set(kind)) == len(kind))


ANTHROPIC_INVALID = ("JSON schema is invalid. It must match JSON Schema draft 2020-12 "
                     "(https://json-schema.org/draft/2020-12). Learn more about tool use at "
                     "https://docs.claude.com/en/docs/tool-use.")
