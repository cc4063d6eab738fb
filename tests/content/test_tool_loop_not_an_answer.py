"""tool-loop's exercise `ex-not-an-answer`, in every language: its run holds each kind of reply
that is not an answer (a stop reason no lesson names, a cut inside the text, a cut inside a
call), so that only a loop that accepts the stop reasons it knows passes. A loop that lists
the stop reasons it rejects (a deny-list) must fail it; the build proves only that the
starter fails and the solution passes."""

import re

import pytest

from lesson_runtime import run_chain
from lesson_runtime.conversation_checks import faults_setup, run_checks
from support.repo_course import repo_course

SLUG, QUIZ = "tool-loop", "ex-not-an-answer"
KEYS = sorted(key for key in repo_course().lessons if key.endswith(f"/{SLUG}"))
# The starter's "no calls, so an answer", behind a deny-list of every stop reason the
# course names that is not an answer.
DENY_LIST = ('if turn.stop_reason in ("max_tokens", "refusal", "pause_turn", '
             '"model_context_window_exceeded"):\n{indent}    return None\n{indent}if not calls:')


def _run(key: str, code: str) -> tuple[dict, list[dict]]:
    course = repo_course()
    lesson = course.lessons[key]
    quiz = course.quiz_files[key].quizzes[QUIZ].data
    setup = lesson.setup(quiz["continues"]) + [faults_setup(list(quiz["faults"]))]
    transcript = run_chain(setup, code, lang=lesson.lang, timeout=60)
    assert transcript["status"] == "done", transcript.get("error")
    return transcript, run_checks(list(quiz["checks"]), transcript)


def _starter(key: str) -> str:
    return repo_course().quiz_files[key].quizzes[QUIZ].data["starter"]


@pytest.mark.parametrize("key", KEYS)
def test_a_deny_list_of_stop_reasons_fails(key):
    starter = _starter(key)
    match = re.search(r"^( *)if not calls:", starter, re.MULTILINE)
    assert match, "the starter decides by the presence of calls"
    mistake = starter[:match.start()] + match.group(1) + DENY_LIST.format(indent=match.group(1)) + starter[match.end():]
    _, verdicts = _run(key, mistake)
    failed = {verdict["name"] for verdict in verdicts if not verdict["passed"]}
    assert "only_answers_shown" in failed


@pytest.mark.parametrize("key", KEYS)
def test_one_reply_is_cut_inside_its_text_and_one_inside_a_call(key):
    transcript, _ = _run(key, _starter(key))
    cut = [call["response"]["content"] for call in transcript["calls"]
           if (call.get("response") or {}).get("stop_reason") == "max_tokens"]
    kinds = [[block["type"] for block in content if block["type"] != "thinking"] for content in cut]
    assert ["text"] in kinds, f"no reply cut inside its text: {kinds}"
    assert any("tool_use" in blocks for blocks in kinds), f"no reply cut inside a call: {kinds}"
