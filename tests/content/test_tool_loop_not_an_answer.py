"""tool-loop's exercise `ex-not-an-answer`, in every language: its run holds a reply cut
inside its text and one cut inside a call, so that only a loop that decides by the stop
reason, not by the presence of calls, passes. A loop that checks the stop reason only when
no calls came (it still runs the cut call) must fail it; the build proves only that the
starter fails and the solution passes."""

import re

import pytest

from lesson_runtime import run_chain
from lesson_runtime.conversation_checks import faults_setup, run_checks
from support.repo_course import repo_course

SLUG, QUIZ = "tool-loop", "ex-not-an-answer"
KEYS = sorted(key for key in repo_course().lessons if key.endswith(f"/{SLUG}"))
# The starter's "no calls, so an answer", made to hide a cut text but still trusting calls.
TEXT_ONLY = 'if not calls:\n{indent}    return text_of(turn) if turn.stop_reason != "max_tokens" else None'


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
    """first-steps checks the unknown stop reason; this exercise needs no fault for it."""
    assert not _quiz(key).get("faults")


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
    assert "only_answers_shown" not in failed


@pytest.mark.parametrize("key", KEYS)
def test_the_starter_shows_the_cut_text_and_runs_the_cut_call(key):
    _, verdicts = _run(key, _quiz(key)["starter"])
    failed = {verdict["name"] for verdict in verdicts if not verdict["passed"]}
    assert {"cut_calls_not_run", "only_answers_shown"} <= failed


@pytest.mark.parametrize("key", KEYS)
def test_one_reply_is_cut_inside_its_text_and_one_inside_a_call(key):
    transcript, _ = _run(key, _quiz(key)["starter"])
    cut = [call["response"]["content"] for call in transcript["calls"]
           if (call.get("response") or {}).get("stop_reason") == "max_tokens"]
    kinds = [[block["type"] for block in content if block["type"] != "thinking"] for content in cut]
    assert ["text"] in kinds, f"no reply cut inside its text: {kinds}"
    assert any("tool_use" in blocks for blocks in kinds), f"no reply cut inside a call: {kinds}"
