"""tool-loop's exercise `ex-not-an-answer`, in every language: its run holds a reply cut inside
a call (first step) and an answer cut after the tool results (a later step, no call left in
it), so that only a loop that decides by the stop reason, not by the presence of calls,
passes. A loop that runs the cut call must fail it, and so must one that skips cut calls but
shows the later cut text. A later reply (after the tool results) also comes with a stop reason
no list holds (`unlisted_stop_reason`), so a loop that lists what is *not* an answer fails too;
the refusal belongs to first-steps, so the exercise has no refusal.
The build proves only that the starter fails and the solution passes."""

import re

import pytest

from support import exercise_grading
from support.repo_course import repo_course

SLUG, QUIZ = "tool-loop", "ex-not-an-answer"
KEYS = sorted(key for key in repo_course().lessons if key.endswith(f"/{SLUG}"))
STARTER_RETURN = r"^( *)if not calls:\n *return text_of\(turn\)[^\n]*"
# The starter's "no calls, so an answer", made to hide a cut text but still trusting calls.
RUNS_CUT_CALLS = 'if not calls:\n{indent}    return text_of(turn) if turn.stop_reason != "max_tokens" else None'
# The starter with cut calls dropped, but any reply without calls still shown as the answer.
SHOWS_CUT_TEXT = ('if turn.stop_reason != "tool_use":\n{indent}    calls = []\n'
                  '{indent}if not calls:\n{indent}    return text_of(turn)')
# A loop that lists what is *not* an answer: it hides the cut replies, but shows the later reply
# whose stop reason nobody could list (the teaching model makes up a new one every run).
DENY_LIST = ('if turn.stop_reason == "max_tokens":\n{indent}    return None\n'
             '{indent}if not calls:\n{indent}    return text_of(turn)')


def _run(key: str, code: str) -> tuple[dict, set[str]]:
    transcript = exercise_grading.run(key, QUIZ, code, timeout=60)
    assert transcript["status"] == "done", transcript.get("error")
    return transcript, exercise_grading.broken_checks(key, QUIZ, transcript)


def _after_tool_results(call: dict) -> bool:
    """The request of this call carried tool results (a later step, not the first)."""
    return any(isinstance(message.get("content"), list)
               and any(part.get("type") == "tool_result" for part in message["content"])
               for message in call.get("request", {}).get("messages", []))


def _starter_with(key: str, replacement: str) -> str:
    starter = exercise_grading.exercise(key, QUIZ)["starter"]
    match = re.search(STARTER_RETURN, starter, re.MULTILINE)
    assert match, "the starter decides by the presence of calls"
    return starter[:match.start()] + match.group(1) + replacement.format(indent=match.group(1)) + starter[match.end():]


@pytest.mark.parametrize("key", KEYS)
def test_the_exercise_does_not_check_the_refusal_again(key):
    """first-steps' `stop-reason` owns "a refusal is not an answer"."""
    assert not exercise_grading.exercise(key, QUIZ).get("faults")


@pytest.mark.parametrize("key", KEYS)
def test_a_loop_that_runs_the_cut_call_fails(key):
    _, failed = _run(key, _starter_with(key, RUNS_CUT_CALLS))
    assert "cut_calls_not_run" in failed


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("loop", [SHOWS_CUT_TEXT, DENY_LIST], ids=["shows_cut_text", "deny_list"])
def test_a_loop_that_shows_a_later_non_answer_fails(key, loop):
    _, failed = _run(key, _starter_with(key, loop))
    assert "cut_calls_not_run" not in failed
    assert "only_answers_shown" in failed


@pytest.mark.parametrize("key", KEYS)
def test_the_starter_shows_the_cut_text_and_runs_the_cut_call(key):
    _, failed = _run(key, exercise_grading.exercise(key, QUIZ)["starter"])
    assert {"cut_calls_not_run", "only_answers_shown"} <= failed


@pytest.mark.parametrize("key", KEYS)
def test_the_solution_passes(key):
    _, failed = _run(key, exercise_grading.exercise(key, QUIZ)["solution"])
    assert not failed


@pytest.mark.parametrize("key", KEYS)
def test_one_reply_is_cut_inside_a_call_and_one_after_tool_results(key):
    transcript, _ = _run(key, exercise_grading.exercise(key, QUIZ)["starter"])
    cut_with_call, cut_after_results = False, False
    for call in transcript["calls"]:
        response = call.get("response") or {}
        if response.get("stop_reason") != "max_tokens":
            continue
        blocks = [block["type"] for block in response["content"]]
        cut_with_call |= "tool_use" in blocks
        cut_after_results |= _after_tool_results(call) and "tool_use" not in blocks and "text" in blocks
    assert cut_with_call, "no reply cut inside a call"
    assert cut_after_results, "no answer cut after tool results"


@pytest.mark.parametrize("key", KEYS)
def test_a_later_reply_has_a_stop_reason_no_list_holds(key):
    transcript, _ = _run(key, exercise_grading.exercise(key, QUIZ)["solution"])
    known = {"end_turn", "stop_sequence", "tool_use", "max_tokens", "pause_turn", "refusal",
             "model_context_window_exceeded"}
    later_unknown = [call for call in transcript["calls"]
                     if (call.get("response") or {}).get("stop_reason") not in known | {None}
                     and _after_tool_results(call)]
    assert later_unknown, "no reply after tool results with an unlisted stop reason"
