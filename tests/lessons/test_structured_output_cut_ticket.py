"""structured-output's exercise `ex-cut-ticket`, in every language: a strict schema in Chat
Completions and four letters. The first reply is stopped by the content filter (the
exercise's fault: `finish_reason` "content_filter", no text), the third letter is always given
too few tokens (`finish_reason` "length", the beginning of the JSON). It checks this lesson's
concept (a schema does not protect from a cut, so the stop reason is read before `json.loads`),
not first-steps' stop reasons or tool-loop's refusal again: for a reply that did not finish,
the program prints the stop reason the reply gives, so the reply has to be asked; a program
that only wraps `json.loads` in try/except knows that parsing failed, not why, and fails.
(A program that parses first and reads `finish_reason` in its `except` clause passes: a run
cannot show in which order one function looked at the reply, only that it asked it.)
The budgets are drawn anew on every run, so no threshold on the budget tells a cut from a
whole reply. Only a program that asks the model and shows what it answered passes. The build
proves only that the starter fails and the solution passes."""

import json
import re

import pytest

from lesson_runtime.conversation_checks._view import ANSWER, NOT_AN_ANSWER, read_calls
from support import exercise_grading
from support.repo_course import repo_course

SLUG, QUIZ = "structured-output", "ex-cut-ticket"
KEYS = sorted(key for key in repo_course().lessons if key.endswith(f"/{SLUG}"))
# The solution's guard; the mistake below keeps it but shows the cut text before giving up.
GUARD = 'if choice.finish_reason != "stop":'
SHOWS_CUT = re.compile(r'(    if choice\.finish_reason != "stop":[^\n]*\n)')
# From the solution's guard to the end of `chat_ticket`: replaced by the try/except mistakes.
CHECKED_PARSE = re.compile(r"    choice = completion\.choices\[0\]\n.*?    return json\.loads\(choice\.message\.content\)\n", re.S)
# The line the solution prints for a reply that did not finish: its words before the reason.
PREFIX = re.compile(r'print\(f"(.*?)\{choice\.finish_reason\}"\)')
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


def _try_except(key: str, handler: str) -> str:
    """The solution with its stop-reason guard replaced by a try/except around `json.loads`
    whose `except` clause is `handler` (indented as the function body)."""
    solution = exercise_grading.exercise(key, QUIZ)["solution"]
    prefix = PREFIX.search(solution).group(1)
    body = ("    try:\n"
            "        return json.loads(completion.choices[0].message.content)\n"
            + handler.replace("PREFIX", prefix))
    changed, count = CHECKED_PARSE.subn(lambda _: body, solution)
    assert count == 1
    return changed


@pytest.mark.parametrize("key", KEYS)
def test_the_solution_passes_and_the_cut_reply_is_cut_json(key):
    transcript, failed = _run(key, exercise_grading.exercise(key, QUIZ)["solution"])
    assert transcript["status"] == "done", transcript.get("error")
    assert not failed
    views = read_calls(transcript["calls"])
    assert [view.ending for view in views] == [NOT_AN_ANSWER, ANSWER, NOT_AN_ANSWER, ANSWER]
    reasons = [call["response"]["choices"][0]["finish_reason"] for call in transcript["calls"]]
    assert reasons == ["content_filter", "stop", "length", "stop"]
    cut = views[2].reply_text
    assert cut.startswith('{"order_no": "SP-1031"'), cut  # the start of the ticket, not ""
    with pytest.raises(json.JSONDecodeError):
        json.loads(cut)
    lines = transcript["output"].splitlines()
    assert lines[0].endswith("content_filter") and lines[2].endswith("length"), lines


@pytest.mark.parametrize("key", KEYS)
def test_the_budgets_change_from_run_to_run(key):
    # lesson_runtime seeds `random` with 0 before every run: the exercise draws its budgets
    # from the system's source, so a learner cannot read them off one run and hard-code them.
    runs = {_budgets(_run(key, exercise_grading.exercise(key, QUIZ)["solution"])[0]) for _ in range(3)}
    assert len(runs) > 1, runs


@pytest.mark.parametrize("key", KEYS)
def test_the_starter_fails_on_a_reply_that_is_not_json(key):
    transcript, _ = _run(key, exercise_grading.exercise(key, QUIZ)["starter"])
    assert transcript["status"] != "done"
    error = json.dumps(transcript.get("error"), ensure_ascii=False)
    assert "JSONDecodeError" in error or "NoneType" in error, error


@pytest.mark.parametrize("key", KEYS)
def test_try_except_around_json_loads_fails(key):
    # The mistake the last review passed with: parse first, catch the failure, never ask the
    # reply why it stopped. Catching only JSONDecodeError meets the filtered reply's missing
    # text (TypeError); catching that too prints no stop reason; printing "length" for every
    # failure names the filtered reply wrongly.
    for handler in (
            "    except json.JSONDecodeError:\n        return None\n",
            "    except (ValueError, TypeError):\n        return None\n",
            "    except (ValueError, TypeError):\n        print(\"PREFIXlength\")\n        return None\n"):
        passed, _, _ = exercise_grading.graded(key, QUIZ, _try_except(key, handler))
        assert not passed, handler


@pytest.mark.parametrize("key", KEYS)
def test_showing_the_cut_text_fails(key):
    solution = exercise_grading.exercise(key, QUIZ)["solution"]
    assert GUARD in solution
    shows = SHOWS_CUT.sub(lambda m: m.group(1) + "        print(choice.message.content)\n", solution)
    assert shows != solution
    transcript, failed = _run(key, shows)
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
