"""testing-tool-code's exercise is graded on the conversation, and only a test that tells the two
loops apart passes: the learner's test is run against the lesson's loop and against a colleague's
loop that gives up at the first failed call (leaving that call without a result), and it must pass
on the first and fail on the second. The starter's test (the step limit only) passes on both;
a test that always fails, the test deleted, or the expected lines printed without asking the
model pass nothing. Graded as the page grades: the solution's output and every check of the quiz."""

import re

import pytest
from support import exercise_grading
from support.exercise_grading import function_block
from support.languages import COURSE_LANGUAGES
from support.repo_course import repo_course

SLUG = "testing-tool-code"
QUIZ = "ex-failed-call"
TEST = "test_failed_call_gets_its_result"
HARNESS_PRINT = re.compile(r'^ +print\("([^"]*)"\)$', re.MULTILINE)


def languages_with_the_lesson():
    return [lang for lang in COURSE_LANGUAGES if f"{lang}/{SLUG}" in repo_course().lessons]


def verdict(lang: str, code: str) -> tuple[bool, dict, list]:
    """Whether `code` passes the exercise as the page grades it, the solution's run and the checks."""
    return exercise_grading.graded(f"{lang}/{SLUG}", QUIZ, code)


def quiz(lang: str) -> dict:
    return exercise_grading.exercise(f"{lang}/{SLUG}", QUIZ)


def harness_words(code: str) -> list[str]:
    """What the exercise's harness prints for a loop: the test passed, the test failed."""
    return HARNESS_PRINT.findall(code)


def verdicts(output: str, code: str) -> list[str]:
    """The harness's verdict lines of a run, in the order the loops were tried."""
    words = harness_words(code)
    return [line for line in output.splitlines() if line in words]


@pytest.mark.parametrize("lang", languages_with_the_lesson())
def test_the_solution_passes_on_the_lessons_loop_and_fails_on_the_colleagues(lang):
    solution = quiz(lang)["solution"]
    passed, expected, checks = verdict(lang, solution)
    assert passed, checks
    passed_word, failed_word = harness_words(solution)
    assert verdicts(expected["output"], solution) == [passed_word, failed_word]
    assert {"every_call_answered", "answers_shown"} <= set(quiz(lang)["checks"])


@pytest.mark.parametrize("lang", languages_with_the_lesson())
def test_the_starters_test_passes_on_both_loops_and_so_fails_the_exercise(lang):
    starter = quiz(lang)["starter"]
    assert not verdict(lang, starter)[0]
    run = exercise_grading.run(f"{lang}/{SLUG}", QUIZ, starter)
    passed_word, _ = harness_words(starter)
    assert verdicts(run["output"], starter) == [passed_word, passed_word]


@pytest.mark.parametrize("lang", languages_with_the_lesson())
def test_a_test_that_always_fails_does_not_pass(lang):
    solution = quiz(lang)["solution"]
    always = solution.replace(function_block(solution, TEST),
                              f"def {TEST}():\n    assert False, 'never'\n")
    assert always != solution
    assert not verdict(lang, always)[0]


@pytest.mark.parametrize("lang", languages_with_the_lesson())
def test_deleting_the_test_or_printing_the_expected_lines_passes_nothing(lang):
    solution = quiz(lang)["solution"]
    _, expected, _ = verdict(lang, solution)
    deleted = solution.replace(function_block(solution, TEST), "")
    assert f"def {TEST}(" not in deleted
    assert not verdict(lang, deleted)[0]
    printed = f"print({expected['output']!r}, end='')\n"
    passed, _, checks = verdict(lang, printed)
    assert not passed
    assert {check["name"]: check["passed"] for check in checks}["answers_shown"] is False


@pytest.mark.parametrize("lang", languages_with_the_lesson())
def test_a_check_of_the_answer_alone_cannot_tell_the_loops_apart(lang):
    """The colleague's loop answers (from STOCK) when it gives up, so a test of the reply passes
    on both loops and the exercise is not passed: only a check of the conversation is."""
    starter = quiz(lang)["starter"]
    todo = next(line for line in starter.splitlines() if line.strip().startswith("# "))
    for check in ("assert reply is not None", "assert reply"):
        answer_only = starter.replace(todo, f"    {check}")
        assert answer_only != starter
        run = exercise_grading.run(f"{lang}/{SLUG}", QUIZ, answer_only)
        passed_word, _ = harness_words(starter)
        assert verdicts(run["output"], starter) == [passed_word, passed_word], run["output"]
        assert not verdict(lang, answer_only)[0]
