"""Structured output in the Responses API: `text.format`, and the schema the answer must match.

`text={"format": {"type": "json_schema", "name": ..., "schema": {...}, "strict": true}}` (what
`client.responses.parse(text_format=Model)` sends), `{"type": "json_object"}` (any JSON
object) or `{"type": "text"}` (prose, the default). The schema rules are those of Chat
Completions' `response_format` (`_structured`, `_strict`): the same model checks them, only the
field moved (`param` names `text.format…`). The refusal of `json_object` without the word
"JSON" in the input is the fake's own wording (Chat Completions' rule; no public quote of the
Responses reply was found).
"""

from __future__ import annotations

import re
from typing import Any, Optional

from ._errors import RequestRefused, json_type
from ._schema_shape import schema_problem
from ._structured import ANY_OBJECT, all_text, check_strict_output_schema

_FORMATS = ("text", "json_object", "json_schema")


def check_text_format(body: dict[str, Any]) -> None:
    """`text.format` of a Responses request, refused with the real API's wording."""
    text_format = (body.get("text") or {}).get("format")
    if text_format is None:
        return
    if not isinstance(text_format, dict):
        raise RequestRefused(f"Invalid type for 'text.format': expected an object, but got "
                             f"{json_type(text_format)} instead.", param="text.format", code="invalid_type")
    kind = text_format.get("type")
    if kind is None:
        raise _missing("text.format.type")
    if kind not in _FORMATS:
        raise RequestRefused(f"Invalid value: '{kind}'. Supported values are: 'text', 'json_object', and "
                             "'json_schema'.", param="text.format.type", code="invalid_value")
    if kind == "json_object" and "json" not in _input_text(body).lower():
        raise RequestRefused("Response input messages must contain the word 'json' in some form to use "
                             "'text.format' of type 'json_object'.", param="input", code=None)
    if kind == "json_schema":
        _check_json_schema(text_format)


def _check_json_schema(text_format: dict[str, Any]) -> None:
    name = text_format.get("name")
    if not isinstance(name, str):
        raise _missing("text.format.name")
    if not re.match(r"^[a-zA-Z0-9_-]{1,64}$", name):
        raise RequestRefused("Invalid 'text.format.name': string does not match pattern. Expected a string "
                             "that matches the pattern '^[a-zA-Z0-9_-]+$'.", param="text.format.name",
                             code="invalid_value")
    if "schema" not in text_format:
        raise _missing("text.format.schema")
    schema = text_format["schema"]
    if not isinstance(schema, dict):
        raise RequestRefused(f"Invalid type for 'text.format.schema': expected an object, but got "
                             f"{json_type(schema)} instead.", param="text.format.schema", code="invalid_type")
    problem = schema_problem(schema)
    if problem:
        raise RequestRefused(f"Invalid schema for response_format '{name}': In context={problem[0]!r}, "
                             f"{problem[1]}.", param="text.format.schema", code=None)
    if text_format.get("strict") is not True:
        return
    check_strict_output_schema(name, schema, "text.format.schema")


def _missing(param: str) -> RequestRefused:
    return RequestRefused(f"Missing required parameter: '{param}'.", param=param,
                          code="missing_required_parameter")


def _input_text(body: dict[str, Any]) -> str:
    texts = [body.get("instructions") or ""]
    items = body.get("input")
    if isinstance(items, str):
        return items
    return "\n".join([*texts, all_text(items or [])])


def responses_schema(body: dict[str, Any]) -> Optional[dict[str, Any]]:
    """The schema a checked Responses request asks the answer to match, or None for prose."""
    text_format = (body.get("text") or {}).get("format") or {"type": "text"}
    if text_format["type"] == "json_object":
        return ANY_OBJECT
    if text_format["type"] == "json_schema":
        return text_format["schema"] or ANY_OBJECT
    return None
