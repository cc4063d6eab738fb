"""tool-loop's exercise `ex-not-an-answer`, in every language: its run holds a refused reply
(neither cut nor an answer) and one cut inside a call, so that only a loop that decides by the
stop reason, not by the presence of calls, passes. A loop that checks the stop reason only when
no calls came (it still runs the cut call) must fail it, and so must a deny-list of
`max_tokens` alone (it shows the refused text); the build proves only that the starter fails
and the solution passes."""

import re

import pytest

from lesson_runtime import run_chain
from lesson_runtime.conversation_checks import faults_setup, run_checks
from support.repo_course import repo_course

SLUG, QUIZ = "tool-loop", "ex-not-an-answer"
KEYS = sorted(key for key in repo_course().lessons if key.endswith(f"/{SLUG}"))
# The starter's "no calls, so an answer", made to hide a cut text but still trusting calls.
TEXT_ONLY = 'if not calls:\n{indent}    return text_of(turn) if turn.stop_reason != "max_tokens" else None'
# The solution with its allow-list turned into a deny-list of the one reason this lesson cuts.
DENY_LIST = ('if turn.stop_reason == "max_tokens":\n{indent}    return None\n'
             '{indent}if turn.stop_reason == "end_turn" or not any(b.type == "tool_use" for b in turn.content):\n'
             '{indent}    return text_of(turn)')


def _run(key: str, code: str) -> tuple[dict, list[dict]]:
    course = repo_course()
    lesson = course.lessons[key]
    quiz = course.quiz_files[key].quizzes[QUIZ].data
    faults = list(quiz.get("faults") or [])
    setup = lesson.setup(quiz["continues"]) + ([faults_setup(faults)] if faults else [])
    transcript = run_chain(setup, code, lang=lesson.lang, timeout=60)
    assert transcript["status"] == "done", transcript.get("error")
    return transcript, run_checks(list(quiz["checks"]), transcript)


def _quiz(key: str) -> dict:
    return repo_course().quiz_files[key].quizzes[QUIZ].data


@pytest.mark.parametrize("key", KEYS)
def test_the_exercise_checks_this_lesson_not_first_steps(key):
    """first-steps checks the unknown stop reason; this exercise's only fault is a refusal."""
    assert _quiz(key).get("faults") == ["refusal"]


@pytest.mark.parametrize("key", KEYS)
def test_a_deny_list_of_max_tokens_fails(key):
    solution = _quiz(key)["solution"]
    match = re.search(r'^( *)if turn\.stop_reason in \("end_turn", "stop_sequence"\):\n *return text_of\(turn\)\n'
                      r' *if turn\.stop_reason != "tool_use":\n *return None[^\n]*', solution, re.MULTILINE)
    assert match, "the solution decides by an allow-list of stop reasons"
    mistake = (solution[:match.start()] + match.group(1) + DENY_LIST.format(indent=match.group(1))
               + solution[match.end():])
    _, verdicts = _run(key, mistake)
    failed = {verdict["name"] for verdict in verdicts if not verdict["passed"]}
    assert "only_answers_shown" in failed


@pytest.mark.parametrize("key", KEYS)
def test_a_loop_that_trusts_the_calls_fails(key):
    starter = _quiz(key)["starter"]
    match = re.search(r"^( *)if not calls:\n *return text_of\(turn\)[^\n]*", starter, re.MULTILINE)
    assert match, "the starter decides by the presence of calls"
    mistake = (starter[:match.start()] + match.group(1) + TEXT_ONLY.format(indent=match.group(1))
               + starter[match.end():])
    _, verdicts = _run(key, mistake)
    failed = {verdict["name"] for verdict in verdicts if not verdict["passed"]}
    assert "cut_calls_not_run" in failed


@pytest.mark.parametrize("key", KEYS)
def test_the_starter_shows_the_cut_text_and_runs_the_cut_call(key):
    _, verdicts = _run(key, _quiz(key)["starter"])
    failed = {verdict["name"] for verdict in verdicts if not verdict["passed"]}
    assert {"cut_calls_not_run", "only_answers_shown"} <= failed


@pytest.mark.parametrize("key", KEYS)
def test_one_reply_is_refused_and_one_cut_inside_a_call(key):
    transcript, _ = _run(key, _quiz(key)["starter"])
    reasons = [(call.get("response") or {}).get("stop_reason") for call in transcript["calls"]]
    assert "refusal" in reasons, reasons
    cut = [call["response"]["content"] for call in transcript["calls"]
           if (call.get("response") or {}).get("stop_reason") == "max_tokens"]
    kinds = [[block["type"] for block in content if block["type"] != "thinking"] for content in cut]
    assert any("tool_use" in blocks for blocks in kinds), f"no reply cut inside a call: {kinds}"
