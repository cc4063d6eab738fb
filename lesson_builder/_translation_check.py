"""A page in one language whose code strings or outputs are in another: refused at the line.

``new --from`` copies a written lesson's code, whose strings (the question to the model, the
tool's answers) are in the source language, and the fake model answers in the language it is
asked in; a string left untranslated makes a Bulgarian question on a Russian page, and ``fix``
then writes the Bulgarian answer into it. The texts checked: every string literal of every
snippet (hidden ones too) and of a quiz's code, every shown output.
"""

import io
import tokenize
from typing import Iterator, Optional

from ._model import Lesson, QuizFile
from ._problems import Problems
from ._left_to_write import MARK as LEFT_TO_WRITE
from ._text_language import foreign_language, language_name
from .kinds import text_fields

QUIZ_CODE = text_fields("code")
QUIZ_OUTPUTS = text_fields("output")


def check_translated(lesson: Lesson, quiz_file: Optional[QuizFile], quiz_lines: list[str], problems: Problems) -> None:
    """A problem for each code string and each output of ``lesson`` (and its quizzes) that is
    in another language than the page's. ``quiz_lines``: the quiz file's lines (for where a
    block of code starts)."""
    lang = lesson.lang
    for snippet in lesson.snippets.values():
        for row, text in string_literals(snippet.code):
            _report_string(problems, lesson.path, snippet.line + row, text, lang, f"snippet '{snippet.id}'")
        if snippet.output:
            _report_output(problems, lesson.path, snippet.output_line, snippet.output, lang,
                           f"the output of snippet '{snippet.id}'")
    for quiz in (quiz_file.quizzes.values() if quiz_file else []):
        for key, value, line in quiz_texts(quiz.data, quiz_lines):
            where = f"quiz '{quiz.id}'"
            if key in QUIZ_CODE:
                for row, text in string_literals(value):
                    _report_string(problems, quiz.path, line + row - 1, text, lang, where)
            else:
                _report_output(problems, quiz.path, line, value, lang, f"'{key}' of {where}")


def string_literals(code: str) -> Iterator[tuple[int, str]]:
    """(1-based row, source text) of each string literal of ``code``; none when it does not tokenize."""
    try:
        for token in tokenize.generate_tokens(io.StringIO(code).readline):
            if token.type == tokenize.STRING or token.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
                yield token.start[0], token.string
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return


def _report_string(problems: Problems, path: str, line: int, text: str, lang: str, where: str) -> None:
    if LEFT_TO_WRITE in text:  # `new` marked it: reported as a mark already
        return
    found = foreign_language(text, lang)
    if found:
        other, sign = found
        problems.add(path, line, f"a string of {where} is in {language_name(other)} ('{sign}' in {_short(text)}), "
                                 f"not {language_name(lang)}: translate it (the model answers in the language it is "
                                 f"asked in), then `fix` writes the outputs")


def _report_output(problems: Problems, path: str, line: int, text: str, lang: str, what: str) -> None:
    for row, output_line in enumerate(text.split("\n")):
        found = foreign_language(output_line, lang)
        if found:
            other, sign = found
            problems.add(path, line + row, f"{what} is in {language_name(other)} ('{sign}' in "
                                           f"{_short(output_line)}), not {language_name(lang)}: translate the "
                                           f"strings of its code, then `fix` writes the output")
            return  # one problem a block: its first foreign line


def quiz_texts(data, quiz_lines: list[str], key: str = "") -> Iterator[tuple[str, str, int]]:
    """(key, text, first line of the text) of each code and output field, options' too."""
    if isinstance(data, dict):
        for name, value in data.items():
            if name in QUIZ_CODE | QUIZ_OUTPUTS and isinstance(value, str) and hasattr(data, "line_of"):
                line = data.line_of(name)
                written = quiz_lines[line - 1].rstrip() if 0 < line <= len(quiz_lines) else ""
                block = written.endswith(("|", "|-", "|+", ">", ">-", ">+"))  # the text starts on the next line
                yield name, value, line + 1 if block else line
            else:
                yield from quiz_texts(value, quiz_lines, name)
    elif isinstance(data, list):
        for item in data:
            yield from quiz_texts(item, quiz_lines, key)


def _short(text: str) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= 60 else text[:57] + "…")
