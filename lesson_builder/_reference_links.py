"""Which lesson pages show a table the reference page holds, and whether they link to it.

A lesson may show a table of its own subject, but one that sets the API shapes side by side
(a header naming both Anthropic and OpenAI) or lists stop reasons (a row for ``end_turn``,
``tool_use``, ``finish_reason``…) is the reference page's subject: such a lesson links to
``../../reference.md``, so that the learner finds every value and every shape in one place.
"""

import re
from typing import Optional

from ._reference_page import REFERENCE_LINK_FROM_LESSON

# A table's first cell that is a stop or finish reason, or a header cell naming the field.
_STOP_CELL = re.compile(r"^\|\s*`(end_turn|tool_use|max_tokens|stop_sequence|pause_turn|refusal|"
                        r"tool_calls|length|content_filter|stop_reason|finish_reason)`\s*\|")
_FENCE = re.compile(r"^\s*(```|~~~)")


def reference_table_line(markdown: str) -> Optional[int]:
    """The 1-based line of the first table the reference page holds (shapes side by side or
    stop reasons), or None. Tables inside code fences do not count."""
    in_fence = False
    previous = ""
    for number, line in enumerate(markdown.splitlines(), 1):
        if _FENCE.match(line):
            in_fence = not in_fence
        elif not in_fence and line.lstrip().startswith("|"):
            starts_table = not previous.lstrip().startswith("|")
            header_names_both = starts_table and "Anthropic" in line and "OpenAI" in line
            if header_names_both or _STOP_CELL.match(line.strip()):
                return number
        previous = "" if in_fence else line
    return None


def links_to_reference(markdown: str) -> bool:
    return f"]({REFERENCE_LINK_FROM_LESSON}" in markdown


def missing_reference_link(markdown: str) -> Optional[int]:
    """The line of a reference table in a lesson that does not link to the reference page."""
    line = reference_table_line(markdown)
    return line if line is not None and not links_to_reference(markdown) else None
