"""tool-loop's exercise `ex-not-an-answer`, in every language: a chat keeps one `messages` list for
all the customer's questions and already decides with `answer`'s three checks (first-steps'
answer condition among them), but puts each model turn into the history the moment it
arrives. Two questions go unanswered: one runs out of steps (its last turn holds a call), one
is cut by max_tokens inside the second of two calls (the first arrives whole). What is new
here is what the loop keeps: a turn goes into the history only with the results of its calls,
and a cut turn never gets them, since none of its calls is run.

The tests prove that the starter fails, that pasting first-steps' check or `answer`'s three
ifs cannot fix it (they are already in the starter, and the starter fails), that answering
the cut turn's calls (to please the API) or fixing only one of the two non-answers fails, and
that clearing the history on a non-answer fails, and that the solution and a second right solution (one that runs the last step's call and keeps
it) pass."""

import re

import pytest

from support import exercise_grading
from support.repo_course import repo_course

SLUG, QUIZ = "tool-loop", "ex-not-an-answer"
KEYS = sorted(key for key in repo_course().lessons if key.endswith(f"/{SLUG}"))
KEEP_AT_ONCE = '        messages.append({"role": "assistant", "content": turn.content})\n'
# `answer`'s three ifs, in the exercise's names.
ANSWER_IFS = ('        if turn.stop_reason in ("end_turn", "stop_sequence"):\n'
              '            return text_of(turn)\n'
              '        if turn.stop_reason != "tool_use":\n'
              '            return None\n'
              '        if step == MAX_STEPS:\n'
              '            return None\n')
RESULTS = '        messages.append({"role": "user", "content": [run_tool(block) for block in calls]})\n'
CALLS = '        calls = [block for block in turn.content if block.type == "tool_use"]\n'


def _run(key: str, code: str) -> tuple[dict, set[str]]:
    transcript = exercise_grading.run(key, QUIZ, code, timeout=60)
    return transcript, exercise_grading.broken_checks(key, QUIZ, transcript)


def _starter(key: str) -> str:
    starter = exercise_grading.exercise(key, QUIZ)["starter"]
    assert KEEP_AT_ONCE + ANSWER_IFS + CALLS + RESULTS in starter
    return starter


def _with_loop_body(key: str, body: str) -> str:
    """The starter with the part after the request replaced."""
    return _starter(key).replace(KEEP_AT_ONCE + ANSWER_IFS + CALLS + RESULTS, body)


@pytest.mark.parametrize("key", KEYS)
def test_the_exercise_sets_no_fault_and_asks_nothing_of_first_steps(key):
    """No refusal or other fault of first-steps: the two non-answers are a cut and the step
    limit, both from the loop itself."""
    quiz = exercise_grading.exercise(key, QUIZ)
    assert not quiz.get("faults")
    assert "faults" not in quiz["starter"] + quiz["solution"]


@pytest.mark.parametrize("key", KEYS)
def test_the_starter_already_holds_first_steps_check_and_answers_ifs_and_fails(key):
    """Pasting first-steps' check (its accepted condition) or `answer`'s three ifs changes
    nothing: they are in the starter already, and the starter is rejected by the API."""
    first_steps = exercise_grading.exercise(key.replace(SLUG, "first-steps"), "stop-reason")
    condition = re.search(r"\[\[(.+?)\]\]", first_steps["code"]).group(1).replace("response", "turn")
    starter = _starter(key)
    assert f"if {condition}:" in starter
    passed, _, _ = exercise_grading.graded(key, QUIZ, starter)
    assert not passed
    transcript, failed = _run(key, starter)
    assert transcript["status"] == "error", "the API rejects the history"
    assert "every_call_answered" in failed


@pytest.mark.parametrize("key", KEYS)
def test_the_cut_reply_holds_a_whole_call_and_a_cut_one(key):
    transcript, _ = _run(key, exercise_grading.exercise(key, QUIZ)["solution"])
    cut = [call["response"] for call in transcript["calls"]
           if (call.get("response") or {}).get("stop_reason") == "max_tokens"]
    assert len(cut) == 1
    inputs = [block["input"] for block in cut[0]["content"] if block["type"] == "tool_use"]
    assert len(inputs) == 2 and inputs[0].get("order_id") == "1042" and inputs[1] == {}
    ran_out = [call for call in transcript["calls"] if call.get("response")]
    assert sum(call["response"]["stop_reason"] == "tool_use" for call in ran_out) >= 4


@pytest.mark.parametrize("key", KEYS)
def test_answering_the_cut_turns_calls_fails(key):
    """The API wants results after a turn with calls: giving them to the cut turn too (run
    every call at once, then decide) keeps the API quiet but runs the cut reply's calls."""
    body = CALLS + KEEP_AT_ONCE + RESULTS + ANSWER_IFS
    _, failed = _run(key, _with_loop_body(key, body))
    assert "cut_calls_not_run" in failed


@pytest.mark.parametrize("key", KEYS)
def test_dropping_only_the_cut_turn_fails_at_the_step_limit(key):
    """A fix for the cut alone (take the turn back out on a non-answer) still leaves the last
    step's call without a result: the next question's request is rejected."""
    body = (KEEP_AT_ONCE + ANSWER_IFS.replace(
        '        if turn.stop_reason != "tool_use":\n            return None\n',
        '        if turn.stop_reason != "tool_use":\n            messages.pop()\n            return None\n')
        + CALLS + RESULTS)
    transcript, failed = _run(key, _with_loop_body(key, body))
    assert transcript["status"] == "error"
    assert "every_call_answered" in failed
    assert not exercise_grading.graded(key, QUIZ, _with_loop_body(key, body))[0]


@pytest.mark.parametrize("key", KEYS)
def test_clearing_the_history_after_a_non_answer_fails(key):
    """Throwing the whole conversation away on a non-answer keeps the API quiet too, but the
    chat exists to remember the earlier questions: the next request has lost them."""
    body = ('        if turn.stop_reason in ("end_turn", "stop_sequence"):\n'
            '            messages.append({"role": "assistant", "content": turn.content})\n'
            '            return text_of(turn)\n'
            '        if turn.stop_reason != "tool_use" or step == MAX_STEPS:\n'
            '            messages.clear()\n'
            '            return None\n'
            + CALLS + KEEP_AT_ONCE + RESULTS)
    passed, _, _ = exercise_grading.graded(key, QUIZ, _with_loop_body(key, body))
    assert not passed
    _, failed = _run(key, _with_loop_body(key, body))
    assert failed == {"history_kept"}


@pytest.mark.parametrize("key", KEYS)
def test_the_solution_passes(key):
    passed, _, checks = exercise_grading.graded(key, QUIZ, exercise_grading.exercise(key, QUIZ)["solution"])
    assert passed, checks


@pytest.mark.parametrize("key", KEYS)
def test_keeping_the_last_steps_call_with_its_result_passes_too(key):
    """The last step's call arrived whole: running it and keeping it with its result is right
    as well (the grading does not ask for one way)."""
    body = ('        if turn.stop_reason in ("end_turn", "stop_sequence"):\n'
            '            messages.append({"role": "assistant", "content": turn.content})\n'
            '            return text_of(turn)\n'
            '        if turn.stop_reason != "tool_use":\n'
            '            return None\n'
            + CALLS + KEEP_AT_ONCE + RESULTS
            + '        if step == MAX_STEPS:\n'
              '            return None\n')
    passed, _, checks = exercise_grading.graded(key, QUIZ, _with_loop_body(key, body))
    assert passed, checks
