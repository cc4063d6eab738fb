"""Checks across the lessons of the course: the translations of a lesson have the same
snippet ids and the same quiz ids and kinds; one language never asks the same find-the-bug
(the same change of code) or the same quiz question in two lessons.

A translation in progress has no file, so it is not compared. Every problem names the file
and line of the translation (or of the later lesson) at fault, and where the other one is.
"""

from typing import Iterable

from ._code_shape import code_shape, describe_token, first_difference
from ._model import Lesson, Quiz, QuizFile, Snippet
from ._problems import Problems
from .kinds import QUIZ_KINDS


def check_same_ids(lessons: Iterable[Lesson], quiz_files: dict[str, QuizFile], languages: list[str],
                   problems: Problems, report_on: set[str] | None = None) -> None:
    """Each translation of a lesson against the lesson in the first written language of
    ``languages`` (the course's default first). ``report_on`` limits the report to some
    lesson keys ("<lang>/<slug>")."""
    by_slug: dict[str, dict[str, Lesson]] = {}
    for lesson in lessons:
        by_slug.setdefault(lesson.slug, {})[lesson.lang] = lesson
    order = {lang: index for index, lang in enumerate(languages)}
    for slug, written in sorted(by_slug.items()):
        reference_lang = min(written, key=lambda lang: order.get(lang, len(order)))
        reference = written[reference_lang]
        for lang, lesson in sorted(written.items()):
            if lang == reference_lang or (report_on is not None and lesson.key not in report_on):
                continue
            _compare_snippets(reference, lesson, problems)
            _compare_quizzes(quiz_files.get(reference.key), quiz_files.get(lesson.key), reference, lesson, problems)


def _compare_snippets(reference: Lesson, lesson: Lesson, problems: Problems) -> None:
    for snippet_id, snippet in reference.snippets.items():
        if snippet_id not in lesson.snippets and not lesson.reported(snippet_id):
            problems.add(lesson.path, 1, f"snippet '{snippet_id}' of {reference.path} (line {snippet.line}) is "
                                         f"missing here: translations of a lesson have the same snippet ids",
                         f"snippet {snippet_id}")
    for snippet_id, snippet in lesson.snippets.items():
        if snippet_id not in reference.snippets and not reference.reported(snippet_id):
            problems.add(lesson.path, snippet.line, f"snippet '{snippet_id}' is not in {reference.path}: "
                                                    f"translations of a lesson have the same snippet ids",
                         f"snippet {snippet_id}")
        elif snippet_id in reference.snippets:
            _compare_code(reference, lesson, reference.snippets[snippet_id], snippet, problems)


def _compare_code(reference: Lesson, lesson: Lesson, theirs: Snippet, ours: Snippet, problems: Problems) -> None:
    """A translation runs the reference's code with its own words, unless either says why
    not (``differs=``)."""
    if ours.differs is not None or theirs.differs is not None:
        return
    mine, other = code_shape(ours.code), code_shape(theirs.code)
    if mine is None or other is None:
        return  # a syntax error, reported with the run
    parting = first_difference(mine, other)
    if parting is None:
        return
    our_line, their_line, our_token, their_token = parting
    problems.add(lesson.path, ours.line + our_line,
                 f"snippet '{ours.id}' is not the code of {reference.path} (line {theirs.line}) with other words: "
                 f"here {describe_token(our_token)}, there {describe_token(their_token)} (its line "
                 f"{theirs.line + their_line}). Make it the same code (python -m lesson_builder sync "
                 f"{lesson.slug} --from {reference.lang} carries it over and keeps this page's words), or say "
                 f"why it differs with differs=<reason> on its fence", f"snippet {ours.id}")


def _compare_quizzes(reference_file: QuizFile | None, quiz_file: QuizFile | None, reference: Lesson,
                     lesson: Lesson, problems: Problems) -> None:
    if reference_file is None or reference_file.unreadable or (quiz_file is not None and quiz_file.unreadable):
        return  # no quizzes there, or already reported as malformed YAML
    theirs = reference_file.quizzes
    ours = quiz_file.quizzes if quiz_file else {}
    path = quiz_file.path if quiz_file else f"quizzes/{lesson.slug}/{lesson.lang}.yaml"
    for quiz_id, quiz in theirs.items():
        if quiz_id in ours:
            if ours[quiz_id].kind != quiz.kind:
                problems.add(path, ours[quiz_id].line_of("kind"), f"quiz '{quiz_id}' is a {ours[quiz_id].kind} "
                                                                  f"here but a {quiz.kind} in {quiz.path} (line "
                                                                  f"{quiz.line}): translations ask the same kinds",
                             f"quiz {quiz_id}")
        elif quiz_file is None or quiz_id not in quiz_file.invalid_ids:
            problems.add(path, 1 if quiz_file else 0, f"quiz '{quiz_id}' ({quiz.kind}) of {quiz.path} (line "
                                                      f"{quiz.line}) is missing here: translations of a lesson have "
                                                      f"the same quiz ids", f"quiz {quiz_id}")
    for quiz_id, quiz in ours.items():
        if quiz_id not in theirs and quiz_id not in reference_file.invalid_ids:
            problems.add(path, quiz.line, f"quiz '{quiz_id}' is not in {reference_file.path}: translations of a "
                                          f"lesson have the same quiz ids", f"quiz {quiz_id}")


def _words(text: object) -> str:
    return " ".join(str(text).split()).casefold()


def question(quiz: Quiz) -> tuple[str, str]:
    """A quiz's question: its prompt with the code it asks about, spacing and case ignored."""
    code = quiz.data.get("code") or quiz.data.get("starter") or ""
    return _words(quiz.data.get("prompt", "")), _words(code)


def check_repeats(quiz_files: dict[str, QuizFile], lesson_order: list[str], problems: Problems,
                  report_on: set[str] | None = None) -> None:
    """One language asks each question, and what a kind asks once (a find-the-bug's change of
    code: ``QuizKind.repeat_key``), in one lesson only; the repeat in the later lesson of the
    course is reported, naming the first."""
    position = {slug: index for index, slug in enumerate(lesson_order)}
    ordered = sorted(quiz_files.values(), key=lambda f: (f.lang, position.get(f.slug, len(position)), f.slug))
    seen: dict[tuple, Quiz] = {}
    for quiz_file in ordered:
        for quiz in quiz_file.quizzes.values():
            keys = [("question", quiz_file.lang) + question(quiz)]
            kind = QUIZ_KINDS.get(quiz.kind)
            repeat = kind.repeat_key(quiz) if kind else None
            if repeat is not None:
                keys.append((quiz.kind, quiz_file.lang) + repeat)
            for key in keys:
                first = seen.setdefault(key, quiz)
                if first is quiz or first.path == quiz.path:
                    continue
                if report_on is not None and f"{quiz_file.lang}/{quiz_file.slug}" not in report_on:
                    continue
                what = kind.repeated if key[0] != "question" else "the same question"
                field = kind.repeated_field if key[0] != "question" else "prompt"
                problems.add(quiz.path, quiz.line_of(field), f"quiz '{quiz.id}' asks {what} as quiz '{first.id}' "
                                                             f"of {first.path} (line {first.line}): one lesson per "
                                                             f"language asks it", f"quiz {quiz.id}")
                break
