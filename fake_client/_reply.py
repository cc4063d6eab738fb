"""Shared by both wire formats: the words a call or a reply counts, and how a reply ends.

A reply ends in one of four ways (each shape has its own words for them):

| `Reply.stop` | Anthropic `stop_reason` | OpenAI `finish_reason` |
| --- | --- | --- |
| "end" | "end_turn" | "stop" |
| "tool_use" | "tool_use" | "tool_calls" ("stop" when a named function was forced) |
| "max_tokens" | "max_tokens" | "length" |
| "stop_sequence" | "stop_sequence" (and `stop_sequence` names it) | "stop" |

`max_tokens` is a hard cut, as in the real APIs: the reply is whatever fits (thinking
included), text cut at a word, a tool call cut inside its input (the fields written so far;
in the OpenAI shape `arguments` is then JSON that does not parse), and `output_tokens` is
exactly `max_tokens`. A stop sequence ends the reply where the text first holds one (the
sequence itself is not written); tool calls after it are never written.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Optional

from ._conversation import Ask, Part, Say
from ._scripts import CJK
from ._tokens import estimate_tokens

_WORD_END = re.compile(f"[{CJK}]|[^\\s{CJK}]+")


@dataclass(frozen=True)
class Reply:
    """The model's reply: its parts, how it ended, and its output tokens."""

    parts: list[Part]
    stop: str
    stop_sequence: Optional[str]
    output_tokens: int


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
    return call_words(part.name, part.input) if isinstance(part, Ask) else part.text


def finish(parts: list[Part], *, max_tokens: Optional[int],
           stop_sequences: tuple[str, ...] = ()) -> Reply:
    """The reply as the API returns it: stopped at a stop sequence, cut at `max_tokens`."""
    stop = "tool_use" if any(isinstance(part, Ask) for part in parts) else "end"
    sequence = None
    if stop_sequences:
        parts, sequence = _stop_at_sequence(parts, stop_sequences)
        if sequence is not None:
            stop = "stop_sequence"
    if max_tokens is not None:
        kept, cut = _fit_to_budget(parts, max_tokens)
        if cut:
            return Reply(kept, "max_tokens", None, max_tokens)
    return Reply(parts, stop, sequence, sum(estimate_tokens(part_words(part)) for part in parts))


def _stop_at_sequence(parts: list[Part], sequences: tuple[str, ...]) -> tuple[list[Part], Optional[str]]:
    for index, part in enumerate(parts):
        if not isinstance(part, Say):
            continue
        found = [(part.text.find(sequence), sequence) for sequence in sequences
                 if sequence and sequence in part.text]
        if found:
            position, sequence = min(found)
            head = [Say(part.text[:position])] if position else []
            return [*parts[:index], *head], sequence
    return parts, None


def _fit_to_budget(parts: list[Part], max_tokens: int) -> tuple[list[Part], bool]:
    """The parts that fit in `max_tokens` and whether anything was cut."""
    kept: list[Part] = []
    left = max_tokens
    for part in parts:
        cost = estimate_tokens(part_words(part))
        if cost <= left:
            kept.append(part)
            left -= cost
            continue
        if isinstance(part, Ask):
            kept.append(_cut_call(part, left))
        else:
            words = (left * 10) // 13  # the most words whose estimate still fits
            ends = [match.end() for match in _WORD_END.finditer(part.text)]
            if words > 0 and ends:
                kept.append(type(part)(part.text[:ends[min(words, len(ends)) - 1]]))
        return kept, True
    return kept, False


def _cut_call(ask: Ask, left: int) -> Ask:
    """A tool call cut inside its input: the fields whose words still fit."""
    written: dict[str, Any] = {}
    for key, value in ask.input.items():
        if estimate_tokens(call_words(ask.name, {**written, key: value})) > left:
            break
        written[key] = value
    return Ask(ask.name, written, complete=False)

