"""testing-tool-code's exercise is graded on the conversation, and only a test that forces the
failure path and then reads the conversation passes. The path is one the page does not write
out: `get_stock` itself raises (the warehouse does not answer), forced by the learner with a
function of the program put into `HANDLERS` (so the test works at home with the real SDK too).
The learner's test is run against the lesson's loop and against two loops of a colleague, and it
must pass on the first and fail on all three others. Two of the colleague's loops leave the
failed call without a result: the first gives up at once, the second throws the failed turn away
and asks the model once more; both then answer the seller themselves with the very words the
lesson's loop gets from the model, and the second asks the model as many times as the lesson's
loop. The third answers every call by its id but drops `is_error`, so a test that checks the
ids and not the flag cannot pass.

So: the starter's test (no failure forced) passes on all three; the page's own conversation
tests copied in (another question, no forced failure) do not pass; a test of the conversation
that does not force the failure passes on all three; a test that forces it but checks the
printed answer or the number of requests cannot tell the loops apart; a test that checks every
call is answered by its id but ignores `is_error` passes on the third colleague and fails; a test that always fails,
the test deleted, or the expected lines printed without asking the model pass nothing; a test
that crashes is reported by the harness (the run goes on) and does not pass. Graded as the page
grades: the solution's output and every check of the quiz."""

import re
from pathlib import Path

import pytest
from support import exercise_grading
from support.exercise_grading import function_block
from support.languages import COURSE_LANGUAGES
from support.repo_course import repo_course

SLUG = "testing-tool-code"
QUIZ = "ex-failed-call"
TEST = "test_stock_down_reaches_the_model"
LOOPS = ("lesson_answer", "colleague_answer", "colleague_retry_answer", "colleague_flagless_answer")
HARNESS_PRINT = re.compile(r'^ +print\("([^"]*)"\)$', re.MULTILINE)
CRASH_PRINT = re.compile(r'^ +print\("([^"]*)", repr\(error\)\)$', re.MULTILINE)
QUESTION = re.compile(r'answer\(("[^"]+")\)')
FORCE = 'HANDLERS["get_stock"] = stock_down'


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


def with_check(lang: str, *lines: str, forced: bool) -> str:
    """The test with its checks replaced by `lines` (the test's own indent): the solution's test
    (the failure forced) or the starter's (not forced), up to and with its `print`."""
    code = quiz(lang)["solution" if forced else "starter"]
    test = function_block(code, TEST)
    head = test[:test.index("print(")]
    head = head + test[len(head):].split("\n", 1)[0] + "\n"
    new = head + "".join(f"    {line}\n" for line in lines)
    assert (FORCE in new) is forced
    return code.replace(test, new)


def page_test(lang: str, name: str) -> str:
    """The body of the page's test `name` (conversation-tests)."""
    page = (Path(__file__).resolve().parents[2] / "lessons" / SLUG / f"{lang}.md").read_text(encoding="utf-8")
    source = re.search(r"```python id=conversation-tests[^\n]*\n(.*?)```", page, re.S).group(1)
    return function_block(source, name).split("\n", 1)[1]


def replies_and_requests(lang: str) -> list[tuple[str, int]]:
    """Each loop's reply to the exercise's question while get_stock fails, and its requests."""
    question = QUESTION.search(quiz(lang)["starter"]).group(1)
    probe = "\n".join(["def stock_down(city):",
                       "    raise ConnectionError('down')",
                       "",
                       FORCE,
                       f"for loop in ({', '.join(LOOPS)}):",
                       "    with recording() as calls:",
                       f"        reply = loop({question})",
                       "    print(repr((reply, len(calls))))"])
    result = run(lang, probe)
    assert result["status"] == "done", result
    return [eval(line) for line in result["output"].splitlines() if line.startswith("(")]


@pytest.mark.parametrize("lang", languages_with_the_lesson())
def test_the_loops_answer_alike_and_the_second_colleague_asks_as_often(lang):
    (lesson_reply, lesson_requests), (first_reply, first_requests), (retry_reply, retry_requests), \
        (_, flagless_requests) = replies_and_requests(lang)
    assert lesson_reply and lesson_reply == first_reply == retry_reply
    assert retry_requests == lesson_requests == flagless_requests > first_requests


@pytest.mark.parametrize("lang", languages_with_the_lesson())
def test_the_solution_passes_on_the_lessons_loop_and_fails_on_the_colleagues(lang):
    solution = quiz(lang)["solution"]
    passed, expected, checks = verdict(lang, solution)
    assert passed, checks
    passed_word, failed_word = harness_words(solution)
    assert verdicts(expected["output"], solution) == [passed_word, failed_word, failed_word, failed_word]
    assert {"every_call_answered", "answers_shown"} <= set(quiz(lang)["checks"])
    assert all(loop in solution for loop in LOOPS)
    assert FORCE not in quiz(lang)["starter"]


@pytest.mark.parametrize("lang", languages_with_the_lesson())
def test_the_starters_test_passes_on_every_loop_and_so_fails_the_exercise(lang):
    starter = quiz(lang)["starter"]
    assert not verdict(lang, starter)[0]
    passed_word, _ = harness_words(starter)
    assert verdicts(run(lang, starter)["output"], starter) == [passed_word] * 4


@pytest.mark.parametrize("lang", languages_with_the_lesson())
@pytest.mark.parametrize("name", ["test_every_call_answered_once", "test_wrong_shape_gets_an_error_result"])
def test_the_pages_own_test_copied_in_does_not_pass(lang, name):
    """The page's tests ask other questions and force no failure of get_stock."""
    solution = quiz(lang)["solution"]
    copied = solution.replace(function_block(solution, TEST), f"def {TEST}():\n" + page_test(lang, name))
    assert copied != solution
    assert not verdict(lang, copied)[0], name


# A learner's check that every call in the conversation got a result with its id (and nothing
# about is_error): the lines the tests below put into the exercise's test function.
EVERY_CALL_ANSWERED_BY_ID = (
    'messages = conversation(calls)',
    'asked = [call["id"] for call in blocks(messages, "assistant", "tool_use")]',
    'answered = [result["tool_use_id"] for result in blocks(messages, "user", "tool_result")]',
    'assert asked and sorted(answered) == sorted(asked)',
)

@pytest.mark.parametrize("lang", languages_with_the_lesson())
def test_a_check_of_the_conversation_without_the_failure_forced_cannot_pass(lang):
    starter = quiz(lang)["starter"]
    passed_word, _ = harness_words(starter)
    code = with_check(lang, *EVERY_CALL_ANSWERED_BY_ID, forced=False)
    assert verdicts(run(lang, code)["output"], starter) == [passed_word] * 4
    assert not verdict(lang, code)[0]


@pytest.mark.parametrize("lang", languages_with_the_lesson())
def test_a_check_of_the_printed_answer_cannot_pass(lang):
    """With the failure forced the lesson's loop and the colleague's first two print the same
    answer, so a test of its text passes on those three."""
    lesson_reply = replies_and_requests(lang)[0][0]
    starter = quiz(lang)["starter"]
    passed_word, _ = harness_words(starter)
    for check in ("assert reply is not None", f"assert reply == {lesson_reply!r}"):
        code = with_check(lang, check, forced=True)
        assert verdicts(run(lang, code)["output"], starter)[:3] == [passed_word] * 3, check
        assert not verdict(lang, code)[0], check


@pytest.mark.parametrize("lang", languages_with_the_lesson())
def test_a_check_of_the_number_of_requests_cannot_pass(lang):
    """The second colleague's loop asks as often as the lesson's, so no count tells them apart."""
    requests = replies_and_requests(lang)[0][1]
    starter = quiz(lang)["starter"]
    passed_word, failed_word = harness_words(starter)
    for check in (f"assert len(calls) == {requests}", "assert len(calls) > 1"):
        code = with_check(lang, check, forced=True)
        assert verdicts(run(lang, code)["output"], starter) == [passed_word, failed_word, passed_word, passed_word], check
        assert not verdict(lang, code)[0], check


@pytest.mark.parametrize("lang", languages_with_the_lesson())
def test_a_check_of_the_ids_that_ignores_is_error_cannot_pass(lang):
    """Every call answered by its id is true of the colleague's third loop too: only the flag
    tells an error result that reached the model from data."""
    starter = quiz(lang)["starter"]
    passed_word, failed_word = harness_words(starter)
    by_id = with_check(lang, *EVERY_CALL_ANSWERED_BY_ID, forced=True)
    assert verdicts(run(lang, by_id)["output"], starter) == [passed_word, failed_word, failed_word, passed_word]
    assert not verdict(lang, by_id)[0]


@pytest.mark.parametrize("lang", languages_with_the_lesson())
def test_a_check_of_an_error_result_sent_to_the_model_passes(lang):
    """Once the failure is forced, an error result in the conversation is enough, with or
    without matching it to its call's id."""
    error_sent = ['results = blocks(conversation(calls), "user", "tool_result")',
                  'assert any(result.get("is_error") for result in results)']
    by_id_and_flag = ['messages = conversation(calls)',
                      'asked = [call["id"] for call in blocks(messages, "assistant", "tool_use")]',
                      'failed = [result["tool_use_id"] for result in blocks(messages, "user", "tool_result")',
                      '          if result.get("is_error")]',
                      'assert asked and failed == asked']
    for lines in (error_sent, by_id_and_flag):
        passed, _, checks = verdict(lang, with_check(lang, *lines, forced=True))
        assert passed, (lines, checks)


@pytest.mark.parametrize("lang", languages_with_the_lesson())
def test_a_test_that_crashes_is_reported_and_the_run_goes_on(lang):
    """A test that reads the second request crashes on the colleague's first loop (one request):
    the harness says so and tries the next loop; the exercise is not passed."""
    starter = quiz(lang)["starter"]
    crashed_word = CRASH_PRINT.findall(starter)[0]
    code = with_check(lang, 'assert calls[1]["response"]["stop_reason"] == "end_turn"', forced=True)
    result = run(lang, code)
    assert result["status"] == "done", result
    lines = result["output"].splitlines()
    assert sum(line.startswith(crashed_word) and "IndexError" in line for line in lines) == 1, result["output"]
    passed_word, failed_word = harness_words(starter)
    assert verdicts(result["output"], starter) == [passed_word, failed_word, passed_word]
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
