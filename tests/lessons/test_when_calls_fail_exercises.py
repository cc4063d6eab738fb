"""when-calls-fail's exercises, in every language, against the mistakes a learner makes:

- `ex-retry-after`: the wait the 429 asks for is drawn when the check runs (two to four
  seconds), so a program that sleeps a number it did not read from `retry-after` fails; the
  wait is not printed (its number changes from run to run), so any way of reading the header
  passes;
- `ex-pause-steps`: the `answer` of the page's `non-answers` snippet is a right solution (each
  continuation a step), the starter's inner `while` is not;
- `ex-cut-retry`: the cut reply is asked again, once, with the larger limit, the same
  messages sent; a program that asks again with the same limit, or raises the limit from the
  start, fails (whether the cut turn is kept is not checked: the teaching model answers the
  same either way).
The build proves only that each starter fails and each solution passes."""

import re

import pytest

from lesson_runtime import run_chain
from lesson_runtime.conversation_checks import faults_setup, run_checks
from support.repo_course import repo_course

SLUG = "when-calls-fail"
KEYS = sorted(key for key in repo_course().lessons if key.endswith(f"/{SLUG}"))


def _quiz(key: str, quiz_id: str) -> dict:
    return repo_course().quiz_files[key].quizzes[quiz_id].data


def _run(key: str, quiz_id: str, code: str) -> tuple[dict, set]:
    """The run of `code` as the exercise's check runs it, and the names of the broken checks."""
    lesson = repo_course().lessons[key]
    quiz = _quiz(key, quiz_id)
    faults = list(quiz.get("faults") or [])
    setup = lesson.setup(quiz["continues"]) + ([faults_setup(faults)] if faults else [])
    transcript = run_chain(setup, code, lang=lesson.lang, timeout=60)
    assert transcript["status"] == "done", transcript.get("error")
    verdicts = run_checks(list(quiz["checks"]), transcript)
    return transcript, {verdict["name"] for verdict in verdicts if not verdict["passed"]}


def _expected(key: str, quiz_id: str) -> str:
    return _run(key, quiz_id, _quiz(key, quiz_id)["solution"])[0]["output"]


def _replace(code: str, pattern: str, new: str) -> str:
    changed, count = re.subn(pattern, new, code, count=1, flags=re.MULTILINE)
    assert count == 1, f"no {pattern!r} in the code"
    return changed


# ex-retry-after

@pytest.mark.parametrize("key", KEYS)
def test_the_wait_asked_is_drawn_at_check_time_and_is_never_one_second(key):
    asked = set()
    for _ in range(4):
        transcript, broken = _run(key, "ex-retry-after", _quiz(key, "ex-retry-after")["solution"])
        assert not broken
        asked |= {call["retry_after"] for call in transcript["calls"] if call.get("retry_after")}
    assert asked and asked <= {2.0, 3.0, 4.0}, asked


@pytest.mark.parametrize("key", KEYS)
def test_a_hard_coded_second_fails(key):
    solution = _quiz(key, "ex-retry-after")["solution"]
    mistake = _replace(solution, r"time\.sleep\(wait\)", "time.sleep(1)")
    _, broken = _run(key, "ex-retry-after", mistake)
    assert "waited_as_asked" in broken


@pytest.mark.parametrize("key", KEYS)
def test_the_header_read_another_way_passes(key):
    solution = _quiz(key, "ex-retry-after")["solution"]
    other = _replace(solution, r'float\(error\.response\.headers\.get\("retry-after", 1\)\)',
                     'int(error.response.headers["retry-after-ms"]) / 1000')
    transcript, broken = _run(key, "ex-retry-after", other)
    assert not broken
    assert transcript["output"] == _expected(key, "ex-retry-after")


# ex-pause-steps

def _snippet(key: str, snippet_id: str) -> str:
    return repo_course().lessons[key].snippets[snippet_id].code


@pytest.mark.parametrize("key", KEYS)
def test_the_pages_own_answer_passes_the_pause_exercise(key):
    """The natural solution: the `answer` of `non-answers`, word for word."""
    code = _snippet(key, "non-answers")
    answer = code[code.index("def answer("):code.index("fake_client.faults.next")].rstrip()
    question = _quiz(key, "ex-pause-steps")["solution"].rstrip().splitlines()[-1]
    transcript, broken = _run(key, "ex-pause-steps", answer + "\n\n\n" + question + "\n")
    assert not broken
    assert transcript["output"] == _expected(key, "ex-pause-steps")


@pytest.mark.parametrize("key", KEYS)
def test_the_starter_sends_seven_requests(key):
    transcript, broken = _run(key, "ex-pause-steps", _quiz(key, "ex-pause-steps")["starter"])
    assert "step_limit" in broken
    assert len(transcript["calls"]) == 7


# ex-cut-retry

@pytest.mark.parametrize("key", KEYS)
def test_the_starter_gives_up_on_the_cut_reply(key):
    transcript, broken = _run(key, "ex-cut-retry", _quiz(key, "ex-cut-retry")["starter"])
    assert not broken, "the starter handles the cut reply safely; what it lacks is the retry"
    assert transcript["output"] != _expected(key, "ex-cut-retry")


@pytest.mark.parametrize("key", KEYS)
def test_the_solution_retries_the_cut_reply_once_with_the_larger_limit(key):
    transcript, broken = _run(key, "ex-cut-retry", _quiz(key, "ex-cut-retry")["solution"])
    assert not broken
    limits = [call["request"]["max_tokens"] for call in transcript["calls"]]
    reasons = [call["response"]["stop_reason"] for call in transcript["calls"]]
    assert reasons[0] == "max_tokens" and reasons[-1] == "end_turn", reasons
    assert limits[0] < limits[1] == limits[-1], limits
    assert transcript["calls"][1]["request"]["messages"] == transcript["calls"][0]["request"]["messages"]


@pytest.mark.parametrize("key", KEYS)
def test_asking_again_with_the_same_limit_fails(key):
    solution = _quiz(key, "ex-cut-retry")["solution"]
    mistake = _replace(solution, r"^( *)max_tokens = MAX_TOKENS\b.*$", r"\1pass")
    transcript, broken = _run(key, "ex-cut-retry", mistake)
    assert broken or transcript["output"] != _expected(key, "ex-cut-retry")


@pytest.mark.parametrize("key", KEYS)
def test_the_larger_limit_from_the_start_fails(key):
    starter = _quiz(key, "ex-cut-retry")["starter"]
    mistake = _replace(starter, r"^FIRST_TRY = \d+", "FIRST_TRY = MAX_TOKENS")
    transcript, _ = _run(key, "ex-cut-retry", mistake)
    assert transcript["output"] != _expected(key, "ex-cut-retry")


@pytest.mark.parametrize("key", KEYS)
def test_printing_the_expected_lines_without_asking_fails_the_retry_exercise(key):
    expected = _expected(key, "ex-retry-after")
    _, broken = _run(key, "ex-retry-after", f"print({expected.rstrip(chr(10))!r})\n")
    assert "answers_shown" in broken
