"""Line breaks inside Chinese sentences: a source line that ends in a Han character (or
full-width punctuation) and goes on with another one on the next line.

Markdown keeps such a soft break in the HTML, and Chromium and Safari show it as a space in
the middle of the sentence (only Firefox drops it between Chinese characters), so a page in a
language written in Han has one line per paragraph. Checked in the prose of the lesson (code
fences aside) and in the markdown fields of its quizzes; YAML folds a plain or ``>`` scalar's
line break into a real space, which is the same defect.
"""

import re
from pathlib import Path
from typing import Iterable, Iterator

from ._fields import LineMap, ListOf, Record, Text
from ._languages import languages
from ._model import Lesson, QuizFile
from ._problems import Problems
from ._quiz_parser import quiz_record

# Han ideographs and the punctuation written between them in Chinese: CJK symbols
# (、。「」《》), full-width forms (，：；！？（）), and the dashes, ellipsis and quotes
# (—— …… “” ‘’) that Chinese sets at full width.
_HAN_OR_PUNCTUATION = re.compile("[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef"
                                 "\u2014\u2026\u2018\u2019\u201c\u201d\U00020000-\U0003134f]")
_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
# Lines that end a markdown block by themselves: nothing after them continues their text.
_BLOCK_LINE = re.compile(r"^\s*(#|\||!!!|\?\?\?|===|:::)")
_MESSAGE = ("line break inside a Chinese sentence: browsers show it as a space; join the lines "
            "(one line per paragraph)")


def check_han_line_breaks(root: Path, lessons: Iterable[Lesson], quiz_files: Iterable[QuizFile],
                          problems: Problems) -> None:
    """Report each soft line break between Han characters in the lessons and quiz files of
    a language written in Han (the registry's ``han_lines``)."""
    han_languages = {language.code for language in languages(root) if language.han_lines}
    for lesson in lessons:
        if lesson.lang in han_languages:
            lines = lesson.text.split("\n")
            for number in _breaks(lines, 0, len(lines)):
                problems.add(lesson.path, number, _MESSAGE)
    for quiz_file in quiz_files:
        if quiz_file.lang not in han_languages or not quiz_file.quizzes:
            continue
        lines = (Path(root) / quiz_file.path).read_text(encoding="utf-8").split("\n")
        for quiz in quiz_file.quizzes.values():
            for key_line in sorted(set(markdown_field_lines(quiz_record(quiz.kind), quiz.data))):
                start = key_line - 1
                for number in _breaks(lines, start, field_end(lines, start)):
                    problems.add(quiz_file.path, number, _MESSAGE, f"quiz {quiz.id}")


def _breaks(lines: list[str], start: int, end: int) -> Iterator[int]:
    """1-based numbers of the lines in [start, end) whose text goes on, after a line break
    between two Han characters, on the next line; code fences are skipped."""
    in_fence = False
    for index in range(start, end - 1):
        line = lines[index]
        if _FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence or _BLOCK_LINE.match(line):
            continue
        here, after = line.rstrip(), lines[index + 1].strip()
        if here and after and _HAN_OR_PUNCTUATION.match(here[-1]) and _HAN_OR_PUNCTUATION.match(after[0]):
            yield index + 1


def field_end(lines: list[str], start: int) -> int:
    """The index after the last line of the YAML field whose key is on line ``start``: its
    value goes on while lines are blank or indented deeper than the key."""
    key_column = len(re.match(r"^[ -]*", lines[start])[0])
    end = start + 1
    while end < len(lines) and (not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > key_column):
        end += 1
    return end


def markdown_field_lines(record: Record, data) -> Iterator[int]:
    """Lines of the keys of the markdown fields of a quiz (options and line hints included),
    as the kinds declare them."""
    for name, field in record.fields.items():
        if name not in data:
            continue
        value, kind = data[name], field.type
        if isinstance(kind, Text) and kind.description == "markdown":
            yield data.line_of(name)
        elif isinstance(kind, LineMap) and hasattr(value, "line_of"):
            yield from (value.line_of(key) for key in value)
        elif isinstance(kind, ListOf) and isinstance(kind.item, Record) and isinstance(value, list):
            for item in value:
                if isinstance(item, dict):
                    yield from markdown_field_lines(kind.item, item)
        elif isinstance(kind, Record) and isinstance(value, dict):
            yield from markdown_field_lines(kind, value)
