"""An exercise graded as the page grades it, for the tests of particular lessons' exercises
(tests/lessons): the lesson's setup up to the exercise's `continues`, its faults, the code run
in it, the exercise's conversation checks, and the run compared with the reference
solution's by `same_run` (the comparison the page makes). No tests here."""

from __future__ import annotations

from lesson_runtime import run_chain, same_run
from lesson_runtime.conversation_checks import faults_setup, run_checks
from support.repo_course import repo_course


def exercise(key: str, quiz_id: str) -> dict:
    """The quiz data of exercise `quiz_id` in lesson `key` ("<lang>/<slug>")."""
    return repo_course().quiz_files[key].quizzes[quiz_id].data


def run(key: str, quiz_id: str, code: str, *, timeout: float = 30) -> dict:
    """The transcript of `code` run where the exercise runs it (setup and faults included)."""
    lesson = repo_course().lessons[key]
    quiz = exercise(key, quiz_id)
    setup = lesson.setup(quiz["continues"]) + ([faults_setup(quiz["faults"])] if quiz.get("faults") else [])
    return run_chain(setup, code, timeout=timeout, lang=lesson.lang)


def graded(key: str, quiz_id: str, code: str) -> tuple[bool, dict, list]:
    """Whether `code` passes the exercise, the reference solution's run, and the verdicts of
    the exercise's checks on `code`'s run."""
    quiz = exercise(key, quiz_id)
    expected = run(key, quiz_id, quiz["solution"])
    assert expected["status"] == "done", expected
    got = run(key, quiz_id, code)
    checks = run_checks(quiz["checks"], got)
    return same_run(got, expected) and all(check["passed"] for check in checks), expected, checks


def function_block(code: str, name: str) -> str:
    """The `def name(...)` block of `code`, up to the next line at the left margin."""
    lines = code.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"def {name}("))
    end = next((i for i in range(start + 1, len(lines)) if lines[i] and not lines[i][0].isspace()), len(lines))
    return "\n".join(lines[start:end]).rstrip() + "\n"


def broken_checks(key: str, quiz_id: str, transcript: dict) -> set[str]:
    """The names of the exercise's checks that `transcript` breaks."""
    verdicts = run_checks(list(exercise(key, quiz_id)["checks"]), transcript)
    return {verdict["name"] for verdict in verdicts if not verdict["passed"]}
