"""A lesson's markdown with each snippet fence and quiz line swapped for a placeholder
paragraph, and the HTML that replaces each placeholder after markdown is rendered.

Placeholders keep the HTML out of the markdown processor's way: code, JSON and
already rendered prompts reach the page byte for byte, inside admonitions and tabs too.
"""

import hashlib
import re
from dataclasses import dataclass, field
from typing import Callable

from ._figures import FIGURE_PATTERN_TEXT, in_code_span
from ._model import Lesson


@dataclass
class RenderedLesson:
    lesson: Lesson
    markdown: str  # the page source (front matter included), placeholders in place
    blocks: dict[str, str] = field(default_factory=dict)  # placeholder → HTML

    def finish(self, page_html: str) -> str:
        """Put the HTML of every snippet and quiz in place of its placeholder."""
        return finish_html(page_html, self.blocks)


def finish_html(page_html: str, blocks: dict[str, str]) -> str:
    """Replace each placeholder paragraph found in ``page_html`` by its block's HTML."""
    def swap(match: re.Match) -> str:
        return blocks.get(match["token"], match[0])

    return re.sub(r"(?:<p>)?(?P<token>LESSONBLOCK[0-9a-f]{8}\d{4}X)(?:</p>)?", swap, page_html)


def render_markdown(lesson: Lesson, snippet_html: Callable[[str], str], quiz_html: Callable[[str], str],
                    figure: Callable[[str, str, int, bool], str]) -> RenderedLesson:
    lines = lesson.text.split("\n")
    rendered = RenderedLesson(lesson=lesson, markdown="")
    replacements: dict[int, tuple[int, str]] = {}  # start line → (end line, replacement text)

    # Tokens are unique across lessons, so a page's HTML can be finished without knowing
    # which lesson it came from (generators may copy or rename the page's file).
    prefix = hashlib.sha256(lesson.path.encode()).hexdigest()[:8]

    def placeholder(html: str, indent: str) -> str:
        token = f"LESSONBLOCK{prefix}{len(rendered.blocks):04d}X"
        rendered.blocks[token] = html
        return f"\n{indent}{token}\n"

    for snippet in lesson.snippets.values():
        start, end = snippet.span
        replacements[start] = (end, placeholder(snippet_html(snippet.id), snippet.indent))
    for placement in lesson.placements:
        replacements[placement.index] = (placement.index + 1, placeholder(quiz_html(placement.id), placement.indent))
    out: list[str] = []
    index = 0
    while index < len(lines):
        if index in replacements:
            end, text = replacements[index]
            out.append(text)
            index = end
            continue
        number = index + 1
        line = lines[index]
        out.append(re.sub(FIGURE_PATTERN_TEXT,
                          lambda m: figure(m["id"], m["path"], number, in_code_span(line, m.start())), line))
        index += 1
    rendered.markdown = "\n".join(out)
    return rendered
