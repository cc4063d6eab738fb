"""when-calls-fail's exercises, in every language, against the mistakes a learner makes:

- `ex-retry-after`: the wait the 429 asks for is drawn when the check runs (two to six
  seconds), and the check fails a wait shorter or more than a second longer than asked, so a
  number not read from `retry-after` (a fixed wait, a backoff of its own) fails unless it
  happens to be the one drawn; asking again at once meets another 429 (the fake holds it),
  as the prompt says; any way of reading the header passes; a 429 without `retry-after` is
  asked again after a growing wait (1, 2, 4 s), as both SDKs do, and handing it on at once
  is the mistake (the page's check never sends one, so this is proven here, with the header
  taken off the fake's answer); a 429 whose body names a spend cap
  (`error.details.error_code`, `enforced_spend_limit_reached`) is handed on at once, as the
  page's rule says: the exercise's second part queues the fake's `spend_limit` fault and
  prints the code its caller gets, so the page's own check fails a program that backs off on
  it (or asks again at once): the retry is answered and prints something else; a program
  that never retries a 429 fails on the first one;
- `mc-sdk-retries`: its right option (two overloads under the default two retries: an
  answer, on the third request) is what the fake does;
- `ex-cut-retry`: the check pauses the first question's first turn (`pause_turn`), so the
  cut comes at the second step and a retry only on the first step (`step == 1`) fails;
  `FIRST_TRY` (set per language, where the teaching model's words put it) cuts the first
  reply after the pause inside a tool call, so a program that keeps the cut turn sends a call
  with no result (the API's 400) and one that runs the cut call breaks `cut_calls_not_run`;
  the cut reply is asked again, once, with the larger limit, the same messages sent; the
  second question's reply is cut even then, so a program that retries more than once ends
  without saying so; asking again with the same limit, or the larger limit from the start,
  fails.
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


def _replace(code: str, pattern: str, new) -> str:
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
    mistake = _replace(solution, r"time\.sleep\(float\(wait\)\)", f"time.sleep({guess})")
    transcript, broken = _run(key, "ex-retry-after", mistake, raises=None)
    first = _asked(transcript)[0]
    assert ("waited_as_asked" in broken) == (not first <= guess <= first + 1), (guess, first)


@pytest.mark.parametrize("key", KEYS)
def test_the_header_read_another_way_passes(key):
    solution = _quiz(key, "ex-retry-after")["solution"]
    other = _replace(solution, r'headers\.get\("retry-after"\)', 'headers.get("retry-after-ms")')
    other = _replace(other, r"time\.sleep\(float\(wait\)\)", "time.sleep(int(wait) / 1000)")
    transcript, broken = _run(key, "ex-retry-after", other)
    assert not broken
    assert transcript["output"] == _expected(key, "ex-retry-after")


@pytest.mark.parametrize("key", KEYS)
def test_a_backoff_of_its_own_that_ignores_retry_after_fails(key):
    solution = _quiz(key, "ex-retry-after")["solution"]
    mistake = _replace(solution, r"time\.sleep\(float\(wait\)\)", "time.sleep(0.5 * 2 ** attempt)")
    passed, _, _ = exercise_grading.graded(key, "ex-retry-after", mistake)
    assert not passed


def _without_retry_after(monkeypatch):
    """The fake's 429 without `retry-after` (and without `retry-after-ms`)."""
    from fake_client import _attempts

    answer = _attempts.error_answer

    def bare(*args, **kwargs):
        status, body, headers = answer(*args, **kwargs)
        return status, body, {name: value for name, value in headers.items() if not name.startswith("retry-after")}

    monkeypatch.setattr(_attempts, "error_answer", bare)


@pytest.mark.parametrize("key", KEYS)
def test_a_429_without_retry_after_is_retried_after_a_growing_wait(key, monkeypatch):
    """What the page teaches (and both SDKs do, `_calculate_retry_timeout`): a 429 that does
    not say when to come back is asked again after a wait that grows (1, 2, 4 s), until the
    fake's hold has passed; the page's check never sends one, so this is proven here."""
    _without_retry_after(monkeypatch)
    transcript, _ = _run(key, "ex-retry-after", _quiz(key, "ex-retry-after")["solution"])
    first_part = transcript["calls"][:-1]      # the last call is the second part's spend cap
    waits = [call.get("waited", 0) for call in first_part[1:]]
    assert len(first_part) > 1 and first_part[-1]["response"] is not None
    assert waits == sorted(waits) and waits[0] >= 1, waits


@pytest.mark.parametrize("key", KEYS)
def test_handing_on_every_429_without_retry_after_fails(key, monkeypatch):
    """The old rule (`if wait is None: raise`): it gives up on ordinary throttling that only
    left out the header, which the SDKs would have waited out."""
    _without_retry_after(monkeypatch)
    solution = _quiz(key, "ex-retry-after")["solution"]
    mistake = _replace(solution, r"^( *)wait = 2 \*\* attempt\b.*$", r"\1raise")
    transcript, _ = _run(key, "ex-retry-after", mistake, raises=True)
    assert transcript["error"]["type"] == "RateLimitError"
    assert len(transcript["calls"]) == 1


def _spend_cap_call(transcript: dict) -> int:
    """The index of the call the fake's `spend_limit` fault answered."""
    return next(index for index, call in enumerate(transcript["calls"])
                if ((call.get("error") or {}).get("error") or {}).get("details", {}).get("error_code")
                == "enforced_spend_limit_reached")


@pytest.mark.parametrize("key", KEYS)
def test_a_spend_cap_429_is_handed_on_at_once(key):
    """The page's rule, graded by the page: the spend cap's 429 (the fake's `spend_limit`
    fault, no `retry-after`) is not asked again; the caller gets it and prints its code."""
    solution = _quiz(key, "ex-retry-after")["solution"]
    passed, expected, _ = exercise_grading.graded(key, "ex-retry-after", solution)
    assert passed
    assert expected["output"].splitlines()[-1].endswith(" enforced_spend_limit_reached"), expected["output"]
    assert _spend_cap_call(expected) == len(expected["calls"]) - 1     # the last request: none after it


@pytest.mark.parametrize("key", KEYS)
def test_backing_off_on_a_spend_cap_429_fails(key):
    """The mistake the old solution made: every 429 without `retry-after` waited out, the
    spend cap included, so the capped request is sent again, answered, and printed."""
    solution = _quiz(key, "ex-retry-after")["solution"]
    mistake = _replace(solution, r"^( *)raise( +#.*)?\n( *wait = 2 \*\* attempt)", r"\1pass\n\3")
    passed, expected, _ = exercise_grading.graded(key, "ex-retry-after", mistake)
    assert not passed
    transcript, _ = _run(key, "ex-retry-after", mistake)
    assert len(transcript["calls"]) == _spend_cap_call(transcript) + 2      # asked again, answered
    assert transcript["output"] != expected["output"]


@pytest.mark.parametrize("key", KEYS)
def test_the_starter_fails_the_page_check(key):
    passed, _, _ = exercise_grading.graded(key, "ex-retry-after", _quiz(key, "ex-retry-after")["starter"])
    assert not passed


@pytest.mark.parametrize("key", KEYS)
def test_never_retrying_a_429_fails(key):
    """The other extreme: every 429 handed on, the one that asks for a wait too."""
    solution = _quiz(key, "ex-retry-after")["solution"]
    mistake = _replace(solution, r"^( *)wait = error\.response\.headers\.get.*$", r"\1raise")
    passed, _, _ = exercise_grading.graded(key, "ex-retry-after", mistake)
    assert not passed
    transcript, _ = _run(key, "ex-retry-after", mistake, raises=True)
    assert transcript["error"]["type"] == "RateLimitError" and len(transcript["calls"]) == 1


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
    # README: paused, then cut at the second step, the same request with the larger limit, then
    # the answer; deploy.log: cut, the same again, then cut even at the larger limit, and no
    # further retry
    assert reasons == ["pause_turn", "max_tokens", "tool_use", "end_turn", "max_tokens", "tool_use",
                       "max_tokens"], reasons
    assert limits[1] < limits[2] == limits[3] and limits[4] < limits[5] == limits[6], limits
    for cut in (1, 4):
        assert transcript["calls"][cut + 1]["request"]["messages"] == transcript["calls"][cut]["request"]["messages"]


@pytest.mark.parametrize("key", KEYS)
def test_the_first_try_is_cut_inside_a_tool_call(key):
    transcript, _ = _run(key, "ex-cut-retry", _quiz(key, "ex-cut-retry")["solution"])
    first = transcript["calls"][1]["response"]      # the first after the pause
    assert first["stop_reason"] == "max_tokens"
    assert "tool_use" in [block["type"] for block in first["content"]], "FIRST_TRY: measure the cut again"


def _cut_branch(key: str, extra: str) -> str:
    """The solution with `extra` (lines at the branch's indent) after its raise of the limit."""
    solution = _quiz(key, "ex-cut-retry")["solution"]
    return _replace(solution, r"^( *)(max_tokens = MAX_TOKENS\b.*)$",
                    lambda m: m.group(0) + "".join(f"\n{m.group(1)}{line}" for line in extra.splitlines()))


@pytest.mark.parametrize("key", KEYS)
def test_keeping_the_cut_turn_in_the_history_fails(key):
    mistake = _cut_branch(key, 'messages.append({"role": "assistant", "content": response.content})')
    transcript, _ = _run(key, "ex-cut-retry", mistake, raises=True)
    assert transcript["error"]["type"] == "BadRequestError"        # a call with no result
    assert transcript["output"] != _expected(key, "ex-cut-retry")


@pytest.mark.parametrize("key", KEYS)
def test_running_the_cut_call_fails(key):
    mistake = _cut_branch(key, 'if calls:\n'
                               '    messages.append({"role": "assistant", "content": response.content})\n'
                               '    messages.append({"role": "user", "content": [run_tool(b) for b in calls]})')
    _, broken = _run(key, "ex-cut-retry", mistake)
    assert "cut_calls_not_run" in broken


# A wrong retry: which code it changes (starter or solution), the pattern, and into what.
WRONG_RETRIES = {
    "retries more than once": ("solution", r" and max_tokens < MAX_TOKENS", ""),
    "retries only on the first step": ("solution", r"max_tokens < MAX_TOKENS", "step == 1"),
    "asks again with the same limit": ("solution", r"^( *)max_tokens = MAX_TOKENS\b.*$", r"\1pass"),
    "the larger limit from the start": ("starter", r"^FIRST_TRY = \d+", "FIRST_TRY = MAX_TOKENS"),
}


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("mistake", sorted(WRONG_RETRIES))
def test_a_wrong_retry_fails(key, mistake):
    source, pattern, new = WRONG_RETRIES[mistake]
    code = _replace(_quiz(key, "ex-cut-retry")[source], pattern, new)
    passed, expected, _ = exercise_grading.graded(key, "ex-cut-retry", code)
    assert not passed
    assert _run(key, "ex-cut-retry", code)[0]["output"] != expected["output"]


@pytest.mark.parametrize("key", KEYS)
def test_printing_the_expected_lines_without_asking_fails_the_retry_exercise(key):
    expected = _expected(key, "ex-retry-after")
    _, broken = _run(key, "ex-retry-after", f"print({expected.rstrip(chr(10))!r})\n")
    assert "answers_shown" in broken
