"""Shared by both wire formats: the words a call or a reply counts, and the `max_tokens` cut."""

from __future__ import annotations

import json
import re
from typing import Any

from ._conversation import Part, Say
from ._scripts import CJK
from ._tokens import estimate_tokens

_WORD_END = re.compile(f"[{CJK}]|[^\\s{CJK}]+")


def value_words(value: Any) -> str:
    """The words of a tool input's values (the keys are not counted): text as it is, numbers
    and booleans as JSON writes them, nested objects and lists value by value."""
    if isinstance(value, dict):
        return " ".join(value_words(item) for item in value.values())
    if isinstance(value, (list, tuple)):
        return " ".join(value_words(item) for item in value)
    if isinstance(value, str):
        return value
    if value is None:
        return ""
    return json.dumps(value)


def call_words(name: str, input_: Any) -> str:
    """A tool call counts its name and the values of its input."""
    return f"{name} {value_words(input_)}".strip()


def part_words(part: Part) -> str:
    return part.text if isinstance(part, Say) else call_words(part.name, part.input)


def fit_to_budget(parts: list[Part], max_tokens: int) -> tuple[list[Part], bool]:
    """The reply cut to `max_tokens` (whole tool calls or dropped; text cut at a word) and
    whether anything was cut."""
    kept: list[Part] = []
    left = max_tokens
    for part in parts:
        cost = estimate_tokens(part_words(part))
        if cost <= left:
            kept.append(part)
            left -= cost
            continue
        if isinstance(part, Say):
            words = (left * 10) // 13  # the most words whose estimate still fits
            ends = [match.end() for match in _WORD_END.finditer(part.text)]
            if words > 0 and ends:
                kept.append(Say(part.text[:ends[min(words, len(ends)) - 1]]))
        return kept, True
    return kept, False
