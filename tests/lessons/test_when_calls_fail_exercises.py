"""when-calls-fail's exercises, in every language, against the mistakes a learner makes:

- `ex-retry-after`: the wait the 429 asks for is drawn when the check runs (two to six
  seconds), and the check fails a wait shorter or more than a second longer than asked, so a
  number not read from `retry-after` fails unless it happens to be the one drawn; asking
  again at once meets another 429 (the fake holds it), as the prompt says; any way of
  reading the header passes;
- `mc-sdk-retries`: its right option (two overloads under the default two retries: an
  answer, on the third request) is what the fake does;
- `ex-cut-retry`: the cut reply is asked again, once, with the larger limit, the same
  messages sent; a program that asks again with the same limit, or raises the limit from the
  start, fails (whether the cut turn is kept is not checked: the teaching model answers the
  same either way).
The build proves only that each starter fails and each solution passes."""

import re
from typing import Optional

import pytest

from lesson_runtime import run_chain
from support import exercise_grading
from support.repo_course import repo_course

SLUG = "when-calls-fail"
KEYS = sorted(key for key in repo_course().lessons if key.endswith(f"/{SLUG}"))


def _quiz(key: str, quiz_id: str) -> dict:
    return repo_course().quiz_files[key].quizzes[quiz_id].data


def _run(key: str, quiz_id: str, code: str, *, raises: Optional[bool] = False) -> tuple[dict, set]:
    """The run of `code` as the exercise's check runs it, and the names of the broken checks."""
    transcript = exercise_grading.run(key, quiz_id, code, timeout=60)
    if raises is not None:  # None: either (a short guessed wait may run out of attempts)
        assert transcript["status"] == ("error" if raises else "done"), transcript.get("error")
    return transcript, exercise_grading.broken_checks(key, quiz_id, transcript)


def _expected(key: str, quiz_id: str) -> str:
    return _run(key, quiz_id, _quiz(key, quiz_id)["solution"])[0]["output"]


def _replace(code: str, pattern: str, new: str) -> str:
    changed, count = re.subn(pattern, new, code, count=1, flags=re.MULTILINE)
    assert count == 1, f"no {pattern!r} in the code"
    return changed


# ex-retry-after

def _asked(transcript: dict) -> list[float]:
    return [call["retry_after"] for call in transcript["calls"] if call.get("retry_after")]


@pytest.mark.parametrize("key", KEYS)
def test_the_wait_asked_is_drawn_at_check_time_from_two_to_six_seconds(key):
    transcript, broken = _run(key, "ex-retry-after", _quiz(key, "ex-retry-after")["solution"])
    assert not broken
    assert len(_asked(transcript)) == 1 and _asked(transcript)[0] in {2.0, 3.0, 4.0, 5.0, 6.0}


@pytest.mark.parametrize("key", KEYS)
def test_the_starters_retry_at_once_gets_429_again(key):
    """What the prompt says: asking again at once meets another 429 (the fake holds the
    door shut until retry-after has passed), so the starter never gets an answer."""
    transcript, broken = _run(key, "ex-retry-after", _quiz(key, "ex-retry-after")["starter"],
                              raises=True)
    assert "waited_as_asked" in broken
    assert [call["response"] for call in transcript["calls"]] == [None] * 4
    assert transcript["error"]["type"] == "RateLimitError"


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("guess", [1, 4, 8])
def test_a_hard_coded_wait_fails_unless_it_happens_to_be_what_was_asked(key, guess):
    solution = _quiz(key, "ex-retry-after")["solution"]
    mistake = _replace(solution, r"time\.sleep\(wait\)", f"time.sleep({guess})")
    transcript, broken = _run(key, "ex-retry-after", mistake, raises=None)
    first = _asked(transcript)[0]
    assert ("waited_as_asked" in broken) == (not first <= guess <= first + 1), (guess, first)


@pytest.mark.parametrize("key", KEYS)
def test_the_header_read_another_way_passes(key):
    solution = _quiz(key, "ex-retry-after")["solution"]
    other = _replace(solution, r'float\(error\.response\.headers\.get\("retry-after", 1\)\)',
                     'int(error.response.headers["retry-after-ms"]) / 1000')
    transcript, broken = _run(key, "ex-retry-after", other)
    assert not broken
    assert transcript["output"] == _expected(key, "ex-retry-after")


# mc-sdk-retries: a variation the page does not show

@pytest.mark.parametrize("key", KEYS)
def test_two_overloads_under_two_retries_end_in_an_answer_on_the_third_request(key):
    quiz = _quiz(key, "mc-sdk-retries")
    # the third option in every language: "an answer; three requests, two 529s and a reply"
    assert [bool(option.get("correct")) for option in quiz["options"]] == [False, False, True, False]
    lesson = repo_course().lessons[key]
    code = ('import fake_client\nfake_client.faults.next("overloaded", times=2)\n'
            'print(answer("Какие файлы есть в папке проекта?") is not None)\n')
    transcript = run_chain(lesson.setup("loop"), code, lang=lesson.lang, timeout=60)
    assert transcript["status"] == "done", transcript.get("error")
    assert transcript["output"].splitlines()[-1] == "True"      # an answer, no exception
    first_step = [call for call in transcript["calls"] if call["request"]["messages"][-1]["role"] == "user"
                  and isinstance(call["request"]["messages"][-1]["content"], str)]
    assert len(first_step) == 3                                 # 529, 529, then the reply


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
