"""testing-tool-code's exercise is graded on the conversation, and only a test that tells the
loops apart passes: the learner's test is run against the lesson's loop and against two loops of
a colleague, and it must pass on the first and fail on both others. The colleague's loops leave
the failed call without a result: the first gives up at once, the second throws the failed turn
away and asks the model again twice; both then answer the seller themselves with the very text
the lesson's loop gets from the model, and the second asks the model as many times as the
lesson's loop. So a test of the printed answer, or of the number of requests, cannot pass the
exercise, and a test of the conversation (every call answered once by its id, the failed one with
an error) does. The starter's test (the step limit only) passes on all three; a test that always
fails, the test deleted, or the expected lines printed without asking the model pass nothing; a
test that crashes is reported by the harness (the run goes on) and does not pass. Graded as the
page grades: the solution's output and every check of the quiz."""

import re

import pytest
from support import exercise_grading
from support.exercise_grading import function_block
from support.languages import COURSE_LANGUAGES
from support.repo_course import repo_course

SLUG = "testing-tool-code"
QUIZ = "ex-failed-call"
TEST = "test_failed_call_gets_its_result"
LOOPS = ("lesson_answer", "colleague_answer", "colleague_retry_answer")
HARNESS_PRINT = re.compile(r'^ +print\("([^"]*)"\)$', re.MULTILINE)
CRASH_PRINT = re.compile(r'^ +print\("([^"]*)", repr\(error\)\)$', re.MULTILINE)
QUESTION = re.compile(r'answer\(("[^"]+")\)')


def languages_with_the_lesson():
    return [lang for lang in COURSE_LANGUAGES if f"{lang}/{SLUG}" in repo_course().lessons]


def verdict(lang: str, code: str) -> tuple[bool, dict, list]:
    """Whether `code` passes the exercise as the page grades it, the solution's run and the checks."""
    return exercise_grading.graded(f"{lang}/{SLUG}", QUIZ, code)


def run(lang: str, code: str) -> dict:
    return exercise_grading.run(f"{lang}/{SLUG}", QUIZ, code)


def quiz(lang: str) -> dict:
    return exercise_grading.exercise(f"{lang}/{SLUG}", QUIZ)


def harness_words(code: str) -> list[str]:
    """What the exercise's harness prints for a loop: the test passed, the test failed."""
    return HARNESS_PRINT.findall(code)


def verdicts(output: str, code: str) -> list[str]:
    """The harness's verdict lines of a run, in the order the loops were tried."""
    words = harness_words(code)
    return [line for line in output.splitlines() if line in words]


def with_check(lang: str, *lines: str) -> str:
    """The starter with its "write it here" comment replaced by `lines` (the test's own indent)."""
    starter = quiz(lang)["starter"]
    todo = next(line for line in starter.splitlines() if line.strip().startswith("# "))
    code = starter.replace(todo, "\n".join(f"    {line}" for line in lines))
    assert code != starter
    return code


def replies_and_requests(lang: str) -> list[tuple[str, int]]:
    """Each loop's reply to the exercise's question and the number of requests it made."""
    question = QUESTION.search(quiz(lang)["starter"]).group(1)
    probe = "\n".join([f"for loop in ({', '.join(LOOPS)}):",
                       "    with recording() as calls:",
                       f"        reply = loop({question})",
                       "    print(repr((reply, len(calls))))"])
    result = run(lang, probe)
    assert result["status"] == "done", result
    return [eval(line) for line in result["output"].splitlines() if line.startswith("(")]


@pytest.mark.parametrize("lang", languages_with_the_lesson())
def test_the_loops_answer_alike_and_the_second_colleague_asks_as_often(lang):
    (lesson_reply, lesson_requests), (first_reply, first_requests), (retry_reply, retry_requests) = \
        replies_and_requests(lang)
    assert lesson_reply and lesson_reply == first_reply == retry_reply
    assert retry_requests == lesson_requests > first_requests


@pytest.mark.parametrize("lang", languages_with_the_lesson())
def test_the_solution_passes_on_the_lessons_loop_and_fails_on_the_colleagues(lang):
    solution = quiz(lang)["solution"]
    passed, expected, checks = verdict(lang, solution)
    assert passed, checks
    passed_word, failed_word = harness_words(solution)
    assert verdicts(expected["output"], solution) == [passed_word, failed_word, failed_word]
    assert {"every_call_answered", "answers_shown"} <= set(quiz(lang)["checks"])
    assert all(loop in solution for loop in LOOPS)


@pytest.mark.parametrize("lang", languages_with_the_lesson())
def test_the_starters_test_passes_on_every_loop_and_so_fails_the_exercise(lang):
    starter = quiz(lang)["starter"]
    assert not verdict(lang, starter)[0]
    passed_word, _ = harness_words(starter)
    assert verdicts(run(lang, starter)["output"], starter) == [passed_word] * 3


@pytest.mark.parametrize("lang", languages_with_the_lesson())
def test_a_check_of_the_printed_answer_cannot_pass(lang):
    """Every loop prints the same answer, so a test of its text passes on all three."""
    lesson_reply = replies_and_requests(lang)[0][0]
    starter = quiz(lang)["starter"]
    passed_word, _ = harness_words(starter)
    for check in ("assert reply is not None", "assert reply", f"assert reply == {lesson_reply!r}"):
        code = with_check(lang, check)
        assert verdicts(run(lang, code)["output"], starter) == [passed_word] * 3, check
        assert not verdict(lang, code)[0], check


@pytest.mark.parametrize("lang", languages_with_the_lesson())
def test_a_check_of_the_number_of_requests_cannot_pass(lang):
    """The second colleague's loop asks as often as the lesson's, so no count tells them apart."""
    requests = replies_and_requests(lang)[0][1]
    starter = quiz(lang)["starter"]
    passed_word, failed_word = harness_words(starter)
    for check in (f"assert len(calls) == {requests}", "assert len(calls) > 1", "assert len(calls) >= 2"):
        code = with_check(lang, check)
        assert verdicts(run(lang, code)["output"], starter) == [passed_word, failed_word, passed_word], check
        assert not verdict(lang, code)[0], check


@pytest.mark.parametrize("lang", languages_with_the_lesson())
def test_a_check_of_the_conversation_passes(lang):
    """Either half of the solution's check is enough: every call answered by its id, or an error
    result that reached the model."""
    by_id = ['messages = conversation(calls)',
             'asked = [call["id"] for call in blocks(messages, "assistant", "tool_use")]',
             'answered = [result["tool_use_id"] for result in blocks(messages, "user", "tool_result")]',
             'assert asked and sorted(answered) == sorted(asked)']
    error_sent = ['results = blocks(conversation(calls), "user", "tool_result")',
                  'assert any(result["is_error"] for result in results)']
    for lines in (by_id, error_sent):
        passed, _, checks = verdict(lang, with_check(lang, *lines))
        assert passed, (lines, checks)


@pytest.mark.parametrize("lang", languages_with_the_lesson())
def test_a_test_that_crashes_is_reported_and_the_run_goes_on(lang):
    """A test that reads the third request crashes on the colleague's first loop (one request):
    the harness says so and tries the next loop; the exercise is not passed."""
    starter = quiz(lang)["starter"]
    crashed_word = CRASH_PRINT.findall(starter)[0]
    code = with_check(lang, 'assert calls[2]["response"]["stop_reason"] == "end_turn"')
    result = run(lang, code)
    assert result["status"] == "done", result
    lines = result["output"].splitlines()
    assert sum(line.startswith(crashed_word) and "IndexError" in line for line in lines) == 1, result["output"]
    passed_word, failed_word = harness_words(starter)
    assert verdicts(result["output"], starter) == [passed_word, failed_word]
    assert not verdict(lang, code)[0]


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
