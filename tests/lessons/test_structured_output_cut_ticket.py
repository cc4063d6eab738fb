"""structured-output's exercise `ex-cut-ticket`, in every language: a strict schema in Chat
Completions and three letters, the second always given too few tokens. It checks this lesson's
concept (a schema does not protect from a cut, so `finish_reason` is read before `json.loads`),
not first-steps' stop reasons or tool-loop's refusal again: the cut reply holds the beginning of
the JSON, not an empty text, and the budgets are drawn anew on every run, so no threshold on the
budget tells a cut from a whole reply. Only a program that asks the model and shows what it
answered passes. The build proves only that the starter fails and the solution passes."""

import json
import re

import pytest

from lesson_runtime.conversation_checks._view import ANSWER, NOT_AN_ANSWER, read_calls
from support import exercise_grading
from support.repo_course import repo_course

SLUG, QUIZ = "structured-output", "ex-cut-ticket"
KEYS = sorted(key for key in repo_course().lessons if key.endswith(f"/{SLUG}"))
# The solution's guard; the mistake below keeps it but shows the cut text before giving up.
GUARD = 'if choice.finish_reason != "stop" or choice.message.refusal:\n'
SHOWS_CUT = GUARD + '        print(choice.message.content)\n'
# The first line of the solution's `chat_ticket` body.
BODY = re.compile(r"(def chat_ticket\(letter, budget\):\n)")
# Guessing the cut from the budget instead of asking the reply (the sample mistake a reviewer
# passed with when the budgets were fixed): every whole reply's budget is below 100 too.
BUDGET_GUESS = "    if budget < 100:\n        return None\n"


def _run(key: str, code: str) -> tuple[dict, set[str]]:
    transcript = exercise_grading.run(key, QUIZ, code, timeout=60)
    return transcript, exercise_grading.broken_checks(key, QUIZ, transcript)


def _budgets(transcript: dict) -> tuple[int, ...]:
    return tuple(call["request"]["max_completion_tokens"] for call in transcript["calls"])


@pytest.mark.parametrize("key", KEYS)
def test_the_solution_passes_and_the_cut_reply_is_cut_json(key):
    transcript, failed = _run(key, exercise_grading.exercise(key, QUIZ)["solution"])
    assert transcript["status"] == "done", transcript.get("error")
    assert not failed
    views = read_calls(transcript["calls"])
    assert [view.ending for view in views] == [ANSWER, NOT_AN_ANSWER, ANSWER]
    assert transcript["calls"][1]["response"]["choices"][0]["finish_reason"] == "length"
    cut = views[1].reply_text
    assert cut.startswith('{"order_no": "SP-1031"'), cut  # the start of the ticket, not ""
    with pytest.raises(json.JSONDecodeError):
        json.loads(cut)


@pytest.mark.parametrize("key", KEYS)
def test_the_budgets_change_from_run_to_run(key):
    # lesson_runtime seeds `random` with 0 before every run: the exercise draws its budgets
    # from the system's source, so a learner cannot read them off one run and hard-code them.
    runs = {_budgets(_run(key, exercise_grading.exercise(key, QUIZ)["solution"])[0]) for _ in range(3)}
    assert len(runs) > 1, runs


@pytest.mark.parametrize("key", KEYS)
def test_the_starter_fails_on_the_cut_json(key):
    transcript, _ = _run(key, exercise_grading.exercise(key, QUIZ)["starter"])
    assert transcript["status"] != "done"
    assert "JSONDecodeError" in json.dumps(transcript.get("error"), ensure_ascii=False)


@pytest.mark.parametrize("key", KEYS)
def test_showing_the_cut_text_fails(key):
    solution = exercise_grading.exercise(key, QUIZ)["solution"]
    assert GUARD in solution
    transcript, failed = _run(key, solution.replace(GUARD, SHOWS_CUT))
    assert transcript["status"] == "done", transcript.get("error")
    assert "only_answers_shown" in failed


@pytest.mark.parametrize("key", KEYS)
def test_printing_the_expected_lines_fails(key):
    expected, _ = _run(key, exercise_grading.exercise(key, QUIZ)["solution"])
    transcript, failed = _run(key, f"print({expected['output']!r}, end='')\n")
    assert transcript["output"] == expected["output"]
    assert "answers_shown" in failed


@pytest.mark.parametrize("key", KEYS)
def test_guessing_the_cut_from_the_budget_fails(key):
    solution = exercise_grading.exercise(key, QUIZ)["solution"]
    assert len(BODY.findall(solution)) == 1
    passed, _, _ = exercise_grading.graded(key, QUIZ, BODY.sub(lambda m: m.group(1) + BUDGET_GUESS, solution))
    assert not passed
