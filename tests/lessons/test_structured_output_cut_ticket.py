"""structured-output's exercise `ex-cut-ticket`, in every language: a strict schema in Chat
Completions, one reply given too few tokens and one refused. It checks this lesson's concept (a
schema does not protect from a cut or a refusal, so `finish_reason` and `message.refusal` are
read before `json.loads`), not first-steps' stop reasons again: the cut reply holds the
beginning of the JSON, not an empty text, the refusal comes with full budget, and only a
program that asks the model and shows what it answered passes. The build proves only that the
starter fails and the solution passes."""

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
# The solution's reading of the reply, from `choice = ...` to its `json.loads`.
READS_REPLY = re.compile(r"    choice = completion\.choices\[0\]\n.*?return json\.loads\(choice\.message\.content\)\n",
                         re.S)
# Two ways around reading the reply: parse and catch, or guess the cut from the budget.
CATCHES = ("    try:\n"
           "        return json.loads(completion.choices[0].message.content)\n"
           "    except json.JSONDecodeError:\n"
           "        return None\n")
BUDGET_GUESS = ("    if budget < MAX_TOKENS:\n"
                "        return None\n"
                "    return json.loads(completion.choices[0].message.content)\n")


def _quiz(key: str) -> dict:
    return repo_course().quiz_files[key].quizzes[QUIZ].data


def _run(key: str, code: str) -> tuple[dict, set[str]]:
    transcript = exercise_grading.run(key, QUIZ, code, timeout=60)
    return transcript, exercise_grading.broken_checks(key, QUIZ, transcript)


@pytest.mark.parametrize("key", KEYS)
def test_the_solution_passes_and_the_cut_reply_is_cut_json(key):
    transcript, failed = _run(key, _quiz(key)["solution"])
    assert transcript["status"] == "done", transcript.get("error")
    assert not failed
    views = read_calls(transcript["calls"])
    assert [view.ending for view in views] == [ANSWER, NOT_AN_ANSWER, NOT_AN_ANSWER]
    refused = transcript["calls"][2]["response"]["choices"][0]
    assert refused["message"]["refusal"] and refused["message"]["content"] is None, refused
    cut = views[1].reply_text
    assert cut.startswith('{"order_no": "SP-1031"'), cut  # the start of the ticket, not ""
    with pytest.raises(json.JSONDecodeError):
        json.loads(cut)


@pytest.mark.parametrize("key", KEYS)
def test_the_starter_fails_on_the_cut_json(key):
    transcript, _ = _run(key, _quiz(key)["starter"])
    assert transcript["status"] != "done"
    assert "JSONDecodeError" in json.dumps(transcript.get("error"), ensure_ascii=False)


@pytest.mark.parametrize("key", KEYS)
def test_showing_the_cut_text_fails(key):
    solution = _quiz(key)["solution"]
    assert GUARD in solution
    transcript, failed = _run(key, solution.replace(GUARD, SHOWS_CUT))
    assert transcript["status"] == "done", transcript.get("error")
    assert "only_answers_shown" in failed


@pytest.mark.parametrize("key", KEYS)
def test_printing_the_expected_lines_fails(key):
    expected, _ = _run(key, _quiz(key)["solution"])
    transcript, failed = _run(key, f"print({expected['output']!r}, end='')\n")
    assert transcript["output"] == expected["output"]
    assert "answers_shown" in failed


@pytest.mark.parametrize("way", [CATCHES, BUDGET_GUESS], ids=["try-except", "budget-guess"])
@pytest.mark.parametrize("key", KEYS)
def test_skipping_the_reply_check_fails_on_the_refusal(key, way):
    solution = _quiz(key)["solution"]
    assert len(READS_REPLY.findall(solution)) == 1
    transcript, _ = _run(key, READS_REPLY.sub(lambda _: way, solution))
    assert transcript["status"] != "done"
    assert "TypeError" in json.dumps(transcript.get("error"), ensure_ascii=False)
