"""The `parse` helpers' two halves: a Python type as the JSON schema the SDKs send, and the
reply's JSON text read back into that type.

A type is a pydantic model (what the SDKs document; pydantic is not needed otherwise) or a
standard-library dataclass (so that a lesson can use `parse` in the browser, where there is
no pydantic): fields typed `str`, `int`, `float`, `bool`, `list[...]`, `Optional[...]`,
`Literal[...]`, or another dataclass.

As the SDKs do before sending it, the schema is made strict: every object gets
`"additionalProperties": false`; for OpenAI every property is required (strict mode wants
that); for Anthropic the keywords it does not support (`minimum`, `maxLength`, …) are
dropped (the Anthropic SDK moves them into the description; the fake leaves them out).
"""

from __future__ import annotations

import dataclasses
import json
import typing
from typing import Any, Literal, Union

from ._errors import ValidationError
from ._invalid_json import invalid_json_error, truncated_repr

_SCALARS = {str: "string", int: "integer", float: "number", bool: "boolean"}
_DROPPED_FOR_ANTHROPIC = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
                          "multipleOf", "minLength", "maxLength", "maxItems")


def schema_of(output_type: Any, *, all_required: bool) -> dict[str, Any]:
    """The strict JSON schema of `output_type` (`all_required`: OpenAI's strict mode)."""
    if hasattr(output_type, "model_json_schema"):
        schema = output_type.model_json_schema()
    elif dataclasses.is_dataclass(output_type):
        schema = _dataclass_schema(output_type)
    else:
        raise TypeError("the output format must be a pydantic model or a dataclass, "
                        f"not {output_type!r}")
    return _strict(schema, all_required=all_required)


def _dataclass_schema(cls: Any) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    fields = dataclasses.fields(cls)
    return {"type": "object", "title": cls.__name__,
            "properties": {field.name: _type_schema(hints[field.name]) for field in fields},
            "required": [field.name for field in fields
                         if field.default is dataclasses.MISSING
                         and field.default_factory is dataclasses.MISSING]}


def _type_schema(hint: Any) -> dict[str, Any]:
    origin, arguments = typing.get_origin(hint), typing.get_args(hint)
    if hint in _SCALARS:
        return {"type": _SCALARS[hint]}
    if origin is list:
        return {"type": "array", "items": _type_schema(arguments[0]) if arguments else {}}
    if origin is Literal:
        return {"enum": list(arguments)}
    if origin is Union:
        return {"anyOf": [{"type": "null"} if argument is type(None) else _type_schema(argument)
                          for argument in arguments]}
    if dataclasses.is_dataclass(hint):
        return _dataclass_schema(hint)
    if hint is dict or origin is dict:
        return {"type": "object"}
    raise TypeError(f"no JSON schema for the field type {hint!r}")


def _strict(schema: Any, *, all_required: bool) -> Any:
    if isinstance(schema, list):
        return [_strict(item, all_required=all_required) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {key: _strict(value, all_required=all_required) if key != "properties" else
           {name: _strict(inner, all_required=all_required) for name, inner in value.items()}
           for key, value in schema.items()
           if all_required or key not in _DROPPED_FOR_ANTHROPIC}
    if out.get("type") == "object" or "properties" in out:
        out["additionalProperties"] = False
        if all_required:
            out["required"] = list(out.get("properties") or {})
    return out


# The pydantic release whose messages the fake mirrors (its documentation links name it).
PYDANTIC_ERRORS_URL = "https://errors.pydantic.dev/2.14/v/"


def parse_as(output_type: Any, text: str) -> Any:
    """The reply's JSON `text` as an `output_type` object (pydantic validates it; a dataclass
    is built field by field). Text that is not whole JSON (a reply cut by `max_tokens`) raises
    what the SDKs raise, pydantic's ValidationError (mirrored for a dataclass: see
    `fake_client.ValidationError`)."""
    if hasattr(output_type, "model_validate_json"):
        return output_type.model_validate_json(text)
    problem = invalid_json_error(text)
    if problem is not None:
        raise ValidationError(getattr(output_type, "__name__", str(output_type)), [{
            "type": "json_invalid", "loc": (), "msg": f"Invalid JSON: {problem}", "input": text,
            "input_shown": truncated_repr(text), "ctx": {"error": problem},
            "url": PYDANTIC_ERRORS_URL + "json_invalid"}])
    return _build(output_type, json.loads(text))


def _build(hint: Any, value: Any) -> Any:
    origin, arguments = typing.get_origin(hint), typing.get_args(hint)
    if dataclasses.is_dataclass(hint) and isinstance(value, dict):
        hints = typing.get_type_hints(hint)
        return hint(**{field.name: _build(hints[field.name], value[field.name])
                       for field in dataclasses.fields(hint) if field.name in value})
    if origin is list and isinstance(value, list):
        return [_build(arguments[0] if arguments else Any, item) for item in value]
    if origin is Union and value is not None:
        inner = [argument for argument in arguments if argument is not type(None)]
        return _build(inner[0], value) if len(inner) == 1 else value
    return value
