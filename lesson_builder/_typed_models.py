"""Lesson code that types a model id: refused at its line.

The course names its models once (``models:`` of ``lessons/course.yaml``) and lesson code
uses their names (``model=MODEL``). An id typed into a snippet or a quiz's code would escape
the build's check of the course's ids, and rot there unseen until its retirement day turns
the lesson's output into a 404. Refused: a string literal that is a model id the catalogue
knows and has not retired. An id the API refuses (unknown, retired) may be typed on purpose, to
show the 404 it gets, and stays as it is: a retired model stays retired.
"""

import ast
from typing import Optional

from fake_client._models import CATALOGUE, retired

from ._model import Lesson, QuizFile
from ._problems import Problems
from ._translation_check import QUIZ_CODE, quiz_texts, string_literals


def check_typed_models(lesson: Lesson, quiz_file: Optional[QuizFile], quiz_lines: list[str],
                       problems: Problems) -> None:
    """A problem for each live model id typed in the code of ``lesson`` and of its quizzes."""
    for snippet in lesson.snippets.values():
        for row, model_id in typed_models(snippet.code):
            _report(problems, lesson.path, snippet.line + row, model_id, f"snippet '{snippet.id}'", lesson)
    for quiz in (quiz_file.quizzes.values() if quiz_file else []):
        for key, code, line in quiz_texts(quiz.data, quiz_lines):
            if key in QUIZ_CODE:
                for row, model_id in typed_models(code):
                    _report(problems, quiz.path, line + row - 1, model_id, f"quiz '{quiz.id}'", lesson)


def typed_models(code: str) -> list[tuple[int, str]]:
    """(1-based row, id) of each string literal of ``code`` that is a live model id."""
    found = []
    for row, source in string_literals(code):
        try:
            value = ast.literal_eval(source)
        except (ValueError, SyntaxError):  # an f-string's piece, bytes and the like: no model id
            continue
        card = CATALOGUE.get(value) if isinstance(value, str) else None
        if card is not None and not retired(card):
            found.append((row, value))
    return found


def _report(problems: Problems, path: str, line: int, model_id: str, where: str, lesson: Lesson) -> None:
    names = [name for name, known in lesson.models.items() if known == model_id]
    use = (f"use {names[0]}, which the course's setup defines" if names else
           "add it to 'models:' in lessons/course.yaml under a name, and use that name")
    problems.add(path, line, f"{where} types the model id '{model_id}': lesson code names no model id; {use} "
                             "(the build checks the course's ids against the catalogue)")
