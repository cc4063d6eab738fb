"""Figures from a run: ``{{ run.<snippet-id>.<path> }}`` in prose, and quiz checks.

A path walks into the transcript dict: names separated by dots, list indexes in brackets
(negative ones count from the end), and optionally one filter after a bar:

- ``output``, ``status``, ``error.type``
- ``calls[0].response.usage.input_tokens``, ``calls[-1].response.stop_reason``
- ``calls|length`` (how many items), ``output|lines`` (how many lines printed)
"""

import json
import re
from typing import Any, Callable

FIGURE_PATTERN_TEXT = r"\{\{\s*run\.(?P<id>[A-Za-z0-9_-]+)\.(?P<path>[^}\s]+)\s*\}\}"
FIGURE = re.compile(FIGURE_PATTERN_TEXT)
_STEP = re.compile(r"\.?(?P<name>[A-Za-z_][A-Za-z0-9_]*)|\[(?P<index>-?\d+)\]")
FILTERS = {
    "length": lambda value: len(value),
    "lines": lambda value: len(str(value).rstrip("\n").splitlines()),
}


class FigureError(Exception):
    """A path that does not lead anywhere in the transcript; the message says where it stops."""


def resolve_figure(transcript: dict, path: str) -> Any:
    walk, _, filter_name = path.partition("|")
    value: Any = transcript
    walked = ""
    position = 0
    while position < len(walk):
        step = _STEP.match(walk, position)
        if step is None or (position == 0 and walk.startswith(".")):
            raise FigureError(f"cannot read '{walk[position:]}' in '{path}': use names, dots and [n]")
        if step["name"] is not None:
            name = step["name"]
            if not isinstance(value, dict) or name not in value:
                keys = ", ".join(sorted(value)) if isinstance(value, dict) else type(value).__name__
                raise FigureError(f"'{walked or 'the transcript'}' has no '{name}' (it has: {keys})")
            value = value[name]
            walked += ("." if walked else "") + name
        else:
            index = int(step["index"])
            if not isinstance(value, list) or not -len(value) <= index < len(value):
                size = len(value) if isinstance(value, list) else "no"
                raise FigureError(f"'{walked}' has {size} items, so [{index}] does not exist")
            value = value[index]
            walked += f"[{index}]"
        position = step.end()
    if filter_name:
        if filter_name not in FILTERS:
            raise FigureError(f"unknown filter '|{filter_name}' (known: {', '.join('|' + f for f in FILTERS)})")
        try:
            value = FILTERS[filter_name](value)
        except TypeError:
            raise FigureError(f"'|{filter_name}' does not apply to '{walked}'") from None
    return value


def in_code_span(text: str, start: int) -> bool:
    """Whether ``start`` is inside a `code span` of its line (an odd number of backticks
    before it): a figure there is code, written with ASCII digits whatever the language."""
    line_start = text.rfind("\n", 0, start) + 1
    return text.count("`", line_start, start) % 2 == 1


_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def local_figure(text: str, number: Callable[[str], str], in_code: bool) -> str:
    """A figure as its language writes a number in running text (Persian digits on a
    Persian page, "156 000" on a Russian one); text that is not a number, and any figure
    inside code, stay as they are."""
    return number(text) if not in_code and _NUMBER.fullmatch(text) else text


def format_figure(value: Any) -> str:
    """How a figure reads in prose: text as it is, anything else as compact JSON."""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)
