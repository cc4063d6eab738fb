"""Structured outputs: asking for a reply that is JSON matching a schema, in both API shapes.

How a request asks for it:

- Anthropic: `output_config={"format": {"type": "json_schema", "schema": {...}}}`
  (`client.messages.parse(output_format=Model)` sends the schema of `Model` this way).
- OpenAI: `response_format={"type": "json_schema", "json_schema": {"name": ..., "schema":
  {...}, "strict": true}}` (`client.chat.completions.parse(response_format=Model)` sends
  this), or `{"type": "json_object"}`: any JSON object, no schema.

Refused as the real APIs refuse it (HTTP 400, `invalid_request_error`, wording quoted from
their replies):

- Anthropic accepts a subset of JSON Schema: every object must say `"additionalProperties":
  false`; `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`,
  `minLength`, `maxLength` and `maxItems` are not supported; `minItems` only 0 or 1.
- OpenAI, with `strict: true`: the strict-mode rules of strict tools (`_strict`: every object
  closed, every property required), a root that is an object.
- OpenAI `json_object`: the messages must contain the word "JSON" (any case), because the
  model is only told to write JSON by you.

The reply: the model answers as it would in prose (tool calls stay tool calls: it may still
look things up first), and then writes that answer as JSON filled from what it knows
(`_json_fill`). With `max_tokens` too small, the JSON is cut like any text and does not
parse, as with the real APIs.
"""

from __future__ import annotations

import json
import re
from typing import Any, Optional

from ._conversation import Ask, Conversation, Part, Say
from ._errors import RequestRefused, json_type, tagged_type
from ._json_fill import Known, fill
from ._schema_shape import ANTHROPIC_INVALID, schema_problem
from ._strict import strict_problem

# A `json_object` reply has no schema: any object, filled the free-form way.
ANY_OBJECT: dict[str, Any] = {"type": "object"}

_NOT_SUPPORTED = {"integer": ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
                              "multipleOf"),
                  "number": ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
                             "multipleOf"),
                  "string": ("minLength", "maxLength"),
                  "array": ("maxItems",)}


def check_anthropic_output(output_config: Any) -> None:
    """`output_config.format` of a Messages request, refused with the real API's wording."""
    if output_config is None:
        return
    if not isinstance(output_config, dict):
        raise RequestRefused("output_config: Input should be a valid dictionary")
    output_format = output_config.get("format")
    if output_format is None:
        return
    tagged_type("output_config.format", output_format, ("json_schema",))
    if "schema" not in output_format:
        raise RequestRefused("output_config.format.json_schema.schema: Field required")
    if not isinstance(output_format["schema"], dict):
        raise RequestRefused("output_config.format.json_schema.schema: Input should be a valid dictionary")
    if schema_problem(output_format["schema"]):
        raise RequestRefused(f"output_config.format.schema: {ANTHROPIC_INVALID}")
    problem = _anthropic_problem(output_format["schema"])
    if problem:
        raise RequestRefused(f"output_config.format.schema: {problem}")


def anthropic_schema(body: dict[str, Any]) -> Optional[dict[str, Any]]:
    """The schema a checked Messages request asks the reply to match, or None."""
    output_format = (body.get("output_config") or {}).get("format")
    return output_format["schema"] if output_format else None


def _anthropic_problem(schema: Any) -> Optional[str]:
    """The first rule of Anthropic's JSON Schema subset that `schema` breaks, or None."""
    if not isinstance(schema, dict):
        return None
    kind = _type_name(schema)
    if kind == "object" or "properties" in schema:
        if "additionalProperties" not in schema:
            return "For 'object' type, 'additionalProperties' must be explicitly set to false"
        if schema["additionalProperties"] is not False:
            return ("For 'object' type, 'additionalProperties: true' is not supported. "
                    "Please set 'additionalProperties' to false")
    for word in _NOT_SUPPORTED.get(kind or "", ()):
        if word in schema:
            return f"For '{kind}' type, property '{word}' is not supported"
    if kind == "array" and schema.get("minItems", 0) not in (0, 1):
        return "For 'array' type, 'minItems' values other than 0 or 1 are not supported"
    for inner in _inner_schemas(schema):
        problem = _anthropic_problem(inner)
        if problem:
            return problem
    return None


def _type_name(schema: dict[str, Any]) -> Optional[str]:
    kind = schema.get("type")
    if isinstance(kind, list):  # ["integer", "null"]: the rules of the non-null type
        kind = next((name for name in kind if name != "null"), None)
    return kind if isinstance(kind, str) else None


def _inner_schemas(schema: dict[str, Any]) -> list[Any]:
    inner = list((schema.get("properties") or {}).values())
    inner += list((schema.get("$defs") or {}).values())
    inner += [schema["items"]] if isinstance(schema.get("items"), dict) else []
    for key in ("anyOf", "allOf", "oneOf"):
        inner += schema.get(key) or []
    return inner


def check_openai_response_format(body: dict[str, Any]) -> None:
    """`response_format` of a Chat Completions request, refused with the real API's wording."""
    response_format = body.get("response_format")
    if response_format is None:
        return
    if not isinstance(response_format, dict):
        raise RequestRefused(f"Invalid type for 'response_format': expected an object, but got "
                             f"{json_type(response_format)} instead.", param="response_format",
                             code="invalid_type")
    kind = response_format.get("type")
    if kind is None:
        raise _missing("response_format.type")
    if kind not in ("text", "json_object", "json_schema"):
        if not isinstance(kind, str):
            raise RequestRefused("Invalid type for 'response_format.type': expected one of 'text', 'json_object', "
                                 f"or 'json_schema', but got {json_type(kind)} instead.",
                                 param="response_format.type", code="invalid_type")
        raise RequestRefused(f"Invalid value: '{kind}'. Supported values are: 'text', "
                             "'json_object', and 'json_schema'.", param="response_format.type",
                             code="invalid_value")
    if kind == "json_object" and "json" not in all_text(body["messages"]).lower():
        raise RequestRefused("'messages' must contain the word 'json' in some form, to use "
                             "'response_format' of type 'json_object'.", param="messages",
                             code=None)
    if kind == "json_schema":
        _check_json_schema(response_format.get("json_schema"))


def _check_json_schema(json_schema: Any) -> None:
    if not isinstance(json_schema, dict):
        raise _missing("response_format.json_schema")
    if not isinstance(json_schema.get("name"), str):
        raise _missing("response_format.json_schema.name")
    name = json_schema["name"]
    if not re.match(r"^[a-zA-Z0-9_-]{1,64}$", name):
        raise RequestRefused("Invalid 'response_format.json_schema.name': string does not match pattern. "
                             "Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
                             param="response_format.json_schema.name", code="invalid_value")
    strict = json_schema.get("strict")
    if strict is not None and not isinstance(strict, bool):
        raise RequestRefused(f"Invalid type for 'response_format.json_schema.strict': expected a boolean, but "
                             f"got {json_type(strict)} instead.", param="response_format.json_schema.strict",
                             code="invalid_type")
    schema = json_schema.get("schema")
    if schema is not None:
        if not isinstance(schema, dict):
            raise RequestRefused(f"Invalid type for 'response_format.json_schema.schema': expected an object, "
                                 f"but got {json_type(schema)} instead.",
                                 param="response_format.json_schema.schema", code="invalid_type")
        problem = schema_problem(schema)
        if problem:
            raise RequestRefused(f"Invalid schema for response_format '{name}': In context={problem[0]!r}, "
                                 f"{problem[1]}.", param="response_format", code=None)
    if not strict:
        return
    check_strict_output_schema(name, schema or {}, "response_format")


def check_strict_output_schema(name: str, schema: dict[str, Any], param: str) -> None:
    """A strict JSON schema for the answer (Chat Completions' `response_format`, the Responses
    API's `text.format`): an object that OpenAI's strict rules allow; `param` names the field."""
    if schema.get("type") != "object":
        raise RequestRefused(f"Invalid schema for response_format '{name}': schema must be a "
                             f"JSON Schema of 'type: \"object\"', got 'type: "
                             f"\"{schema.get('type')}\"'.", param=param, code=None)
    problem = strict_problem(schema)
    if problem:
        raise RequestRefused(f"Invalid schema for response_format '{name}': {problem}", param=param, code=None)


def _missing(param: str) -> RequestRefused:
    return RequestRefused(f"Missing required parameter: '{param}'.", param=param,
                          code="missing_required_parameter")


def all_text(messages: list[Any]) -> str:
    """The text of every message or input item (a string content, or the text parts of a
    list), one a line: where OpenAI looks for the word "JSON" that `json_object` needs."""
    texts = []
    for message in messages:
        content = message.get("content") if isinstance(message, dict) else None
        if isinstance(content, str):
            texts.append(content)
        elif isinstance(content, list):
            texts += [part.get("text", "") for part in content if isinstance(part, dict)]
    return "\n".join(texts)


def openai_schema(body: dict[str, Any]) -> Optional[dict[str, Any]]:
    """The schema a checked Chat Completions request asks the reply to match, or None
    (`ANY_OBJECT` for `json_object`; a `json_schema` without a schema allows any object)."""
    response_format = body.get("response_format") or {"type": "text"}
    if response_format["type"] == "json_object":
        return ANY_OBJECT
    if response_format["type"] == "json_schema":
        return response_format["json_schema"].get("schema") or ANY_OBJECT
    return None


def answer_in_json(conversation: Conversation, parts: list[Part],
                   schema: dict[str, Any]) -> list[Part]:
    """The reply with its prose answer written as JSON matching `schema`; a reply that calls
    tools is left as it is (the JSON comes with the final answer)."""
    if any(isinstance(part, Ask) for part in parts):
        return parts
    answer = " ".join(part.text for part in parts if isinstance(part, Say))
    value = fill(schema, Known.of(conversation, answer))
    return [Say(json.dumps(value, ensure_ascii=False))]
