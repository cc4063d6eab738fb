"""tool-loop's exercise `ex-not-an-answer`, in every language: its run holds a reply cut inside
a call (first step) and an answer cut after the tool results (a later step, no call left in
it), so that only a loop that decides by the stop reason, not by the presence of calls,
passes. A loop that runs the cut call must fail it, and so must one that skips cut calls but
shows the later cut text. A third question is refused at step 2, after a tool round (the
lesson's own case: first-steps' refusal comes at the first request): a loop that trusts "no
calls" or that lists only `max_tokens` as not an answer shows the refusal's words and fails.
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
# A loop that lists what is *not* an answer and thinks only of the cut replies: it shows the
# refusal that comes after the tool results.
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
def test_the_exercise_leaves_first_steps_faults_out(key):
    """first-steps owns a refusal at the first request and `no_preamble`; the exercise sets no
    fault of its own (the refusal is queued by the tool, so it comes after a tool round)."""
    quiz = exercise_grading.exercise(key, QUIZ)
    assert not quiz.get("faults")
    assert "no_preamble" not in quiz["starter"] + quiz["solution"] + quiz["prompt"]
    assert "unlisted_stop_reason" not in quiz["starter"] + quiz["solution"]


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
@pytest.mark.parametrize("code", ["starter", "solution"])
def test_a_refusal_comes_at_a_later_step_after_tool_results(key, code):
    transcript, _ = _run(key, exercise_grading.exercise(key, QUIZ)[code])
    refused = [call for call in transcript["calls"]
               if (call.get("response") or {}).get("stop_reason") == "refusal"]
    assert len(refused) == 1, "exactly one refused reply"
    assert _after_tool_results(refused[0]), "the refusal is not after a tool round"
    words = "".join(block.get("text", "") for block in refused[0]["response"]["content"]).strip()
    assert words, "the refusal carries no words a wrong loop could show"


@pytest.mark.parametrize("key", KEYS)
def test_the_starter_shows_the_refusals_words(key):
    transcript, failed = _run(key, exercise_grading.exercise(key, QUIZ)["starter"])
    refused = next(call for call in transcript["calls"]
                   if (call.get("response") or {}).get("stop_reason") == "refusal")
    words = "".join(block.get("text", "") for block in refused["response"]["content"]).strip()
    assert words in transcript["output"]
    assert "only_answers_shown" in failed
