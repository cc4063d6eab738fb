"""Filling a JSON schema from what the model knows: how a structured reply gets its values.

What the model knows (`Known`): its prose answer (what it would have said without a schema),
the inputs of the tool calls it made since the question, the value the question names (an
order number like 1042, a file name), and the successful tool results.

Each field is filled by its schema and its name, the same way every time:

| schema | value |
| --- | --- |
| `const` / `enum` | the const; the first option the answer mentions (case ignored), else the first |
| string | a tool input of that name; for a key-like name (`…id`, `…_no`, `…number`, `…code`) the value the question names; else the answer |
| integer / number | a tool input of that name; else the first number in the answer that is not a value asked about (the order number); else 0 |
| boolean | a tool input of that name; else false |
| array | one item per successful tool result (each item filled from that call and result), else one item from the answer |
| object | every property filled; an object that declares none (`json_object`) holds the tool inputs and `"answer"` |
| `anyOf` / `oneOf` | the first variant that is not null; `$ref` follows `$defs` |

The values make sense only as far as the world's answer does: the model never invents a
fact it was not shown, and a field it knows nothing of gets the answer text, 0 or false.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Optional

from ._conversation import Conversation
from .worlds._reading import failed, key_value, named_value

# An id a question names (1042, SP-1024), also written next to Chinese characters (订单1042).
_ID = re.compile(r"(?<![A-Za-z0-9_.\-])(?:[A-Za-z]+-)?\d{3,}(?![A-Za-z0-9_\-])")
_KEY_LIKE = re.compile(r"(?:^|_)(?:id|no|num|number|code|ref)$", re.IGNORECASE)
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
_MAX_DEPTH = 6  # a recursive schema ($ref to itself) stops here


@dataclass(frozen=True)
class Known:
    """What the model knows when it writes its answer."""

    answer: str
    values: dict[str, Any] = field(default_factory=dict)
    named: Optional[str] = None
    results: tuple[tuple[dict[str, Any], str], ...] = ()  # (call input, result text)

    @classmethod
    def of(cls, conversation: Conversation, answer: str) -> "Known":
        """What the model knows after this conversation, having answered `answer` in prose."""
        values: dict[str, Any] = {}
        results = []
        for call, result in conversation.steps_since_question():
            values.update(call.input)
            if result is not None and not failed(result):
                results.append((call.input, result.content))
        found = _ID.search(conversation.question)
        named = named_value(conversation.question) or (found.group() if found else None)
        return cls(answer, values, named, tuple(results))

    def about(self, call_input: dict[str, Any], content: str) -> "Known":
        """What the model knows of one tool result: its text is the answer."""
        return Known(content, dict(call_input), key_value(call_input) or self.named)


def fill(schema: Any, known: Known) -> Any:
    """A value matching `schema`, filled by the rules in the module docstring."""
    return _Filler(schema if isinstance(schema, dict) else {}).value(schema, known, "", 0)


class _Filler:
    def __init__(self, root: dict[str, Any]) -> None:
        self.root = root

    def value(self, schema: Any, known: Known, name: str, depth: int) -> Any:
        schema = self.resolve(schema)
        if "const" in schema:
            return schema["const"]
        if schema.get("enum"):
            return _mentioned(schema["enum"], known.answer)
        variants = schema.get("anyOf") or schema.get("oneOf") or schema.get("allOf")
        if variants and depth < _MAX_DEPTH:  # a variant may lead back here ($ref): counted as a level
            usable = [v for v in variants if self.resolve(v).get("type") != "null"] or variants
            return self.value(usable[0], known, name, depth + 1)
        kind = schema.get("type")
        if isinstance(kind, list):
            kind = next((item for item in kind if item != "null"), "null")
        if kind == "object" or "properties" in schema:
            return self.object(schema, known, depth)
        if kind == "array":
            return self.array(schema, known, name, depth)
        return _scalar(kind, known, name)

    def resolve(self, schema: Any) -> dict[str, Any]:
        """`schema`, or the definition its `$ref` ("#/$defs/Name") points to."""
        if not isinstance(schema, dict):
            return {}
        ref = schema.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/"):
            target: Any = self.root
            for step in ref[2:].split("/"):
                target = target.get(step, {}) if isinstance(target, dict) else {}
            return target if isinstance(target, dict) else {}
        return schema

    def object(self, schema: dict[str, Any], known: Known, depth: int) -> dict[str, Any]:
        properties = schema.get("properties")
        if not properties:
            return {**known.values, "answer": known.answer}
        if depth >= _MAX_DEPTH:
            return {}
        return {key: self.value(inner, known, key, depth + 1) for key, inner in properties.items()}

    def array(self, schema: dict[str, Any], known: Known, name: str, depth: int) -> list[Any]:
        items = schema.get("items")
        if not isinstance(items, dict) or depth >= _MAX_DEPTH:
            return []
        sources = [known.about(call_input, content) for call_input, content in known.results]
        return [self.value(items, source, name, depth + 1) for source in sources or [known]]


def _mentioned(options: list[Any], text: str) -> Any:
    lowered = text.lower()
    return next((option for option in options if str(option).lower() in lowered), options[0])


def _scalar(kind: Any, known: Known, name: str) -> Any:
    given = known.values.get(name)
    if kind == "string":
        if given is not None:
            return str(given)
        if _KEY_LIKE.search(name) and known.named:
            return known.named
        return known.answer
    if kind in ("integer", "number"):
        # A tool input of that name, else a number the answer adds to what was asked about.
        asked_about = {str(value) for value in (known.named, *known.values.values())}
        numbers = _NUMBER.findall(str(given)) if given is not None else [
            found for found in _NUMBER.findall(known.answer) if found not in asked_about]
        if not numbers:
            return 0
        number = float(numbers[0])
        return int(number) if kind == "integer" or number.is_integer() else number
    if kind == "boolean":
        return given if isinstance(given, bool) else False
    if kind == "null":
        return None
    return known.answer
