"""structured-output's exercise `ex-cut-ticket`, in every language: a strict schema in Chat
Completions and three letters, the second always given too few tokens (`finish_reason`
"length", the beginning of the JSON). It checks this lesson's own point about a cut: a schema
does not stop a reply from being cut, and a cut extraction is recovered, not dropped: the
program reads the stop reason before `json.loads` and asks once more with `MAX_TOKENS`, so
every letter ends with a whole ticket. (Telling a cut from an answer in general is
tool-loop's `ex-not-an-answer`; retrying inside a tool loop is when-calls-fail's
`ex-cut-retry`.) The budgets are drawn anew on every run; the graded output has the retry's
line only where a reply was cut, so a program that never sends the small budget, or retries
with the same one, does not print what the solution prints. The build proves only that the
starter fails and the solution passes."""

import json
import re

import pytest

from lesson_runtime.conversation_checks._view import ANSWER, NOT_AN_ANSWER, read_calls
from support import exercise_grading
from support.repo_course import repo_course

SLUG, QUIZ = "structured-output", "ex-cut-ticket"
KEYS = sorted(key for key in repo_course().lessons if key.endswith(f"/{SLUG}"))
MAX_TOKENS = 4096
# The solution's retry: the whole request again with MAX_TOKENS.
RETRY = "choice = ask_ticket(letter, MAX_TOKENS)"
# The solution's `chat_ticket` body from its first line to its end.
CHAT_TICKET = re.compile(r"(def chat_ticket\(letter, budget\):\n)(.*?)(\n\n\n)", re.S)
# The line the solution prints before its retry.
RETRY_PRINT = re.compile(r'        print\("([^"]*)"\)\n')


def _run(key: str, code: str) -> tuple[dict, set[str]]:
    transcript = exercise_grading.run(key, QUIZ, code, timeout=60)
    return transcript, exercise_grading.broken_checks(key, QUIZ, transcript)


def _solution(key: str) -> str:
    return exercise_grading.exercise(key, QUIZ)["solution"]


def _budgets(transcript: dict) -> tuple[int, ...]:
    return tuple(call["request"]["max_completion_tokens"] for call in transcript["calls"])


def _with_body(key: str, body: str) -> str:
    """The solution with `chat_ticket`'s body replaced (RETRY_LINE stands for the solution's
    printed retry line)."""
    solution = _solution(key)
    line = RETRY_PRINT.search(solution).group(1)
    changed, count = CHAT_TICKET.subn(lambda m: m.group(1) + body.replace("RETRY_LINE", line).rstrip("\n") + m.group(3), solution)
    assert count == 1
    return changed


def _fails(key: str, code: str) -> bool:
    passed, _, _ = exercise_grading.graded(key, QUIZ, code)
    return not passed


@pytest.mark.parametrize("key", KEYS)
def test_the_solution_passes_after_one_retry_of_the_cut_reply(key):
    transcript, failed = _run(key, _solution(key))
    assert transcript["status"] == "done", transcript.get("error")
    assert not failed
    views = read_calls(transcript["calls"])
    assert [view.ending for view in views] == [ANSWER, NOT_AN_ANSWER, ANSWER, ANSWER]
    budgets = _budgets(transcript)
    assert budgets[1] < 17 and budgets[2] == MAX_TOKENS, budgets
    cut = views[1].reply_text
    assert cut.startswith('{"order_no": "SP-1031"'), cut  # the start of the ticket, not ""
    with pytest.raises(json.JSONDecodeError):
        json.loads(cut)
    lines = transcript["output"].splitlines()
    assert len(lines) == 4 and all(json.loads(lines[i])["order_no"] for i in (0, 2, 3)), lines


@pytest.mark.parametrize("key", KEYS)
def test_the_budgets_change_from_run_to_run(key):
    # lesson_runtime seeds `random` with 0 before every run: the exercise draws its budgets
    # from the system's source, so a learner cannot read them off one run and hard-code them.
    runs = {_budgets(_run(key, _solution(key))[0]) for _ in range(3)}
    assert len(runs) > 1, runs


@pytest.mark.parametrize("key", KEYS)
def test_the_starter_fails_on_the_cut_json(key):
    transcript, _ = _run(key, exercise_grading.exercise(key, QUIZ)["starter"])
    assert transcript["status"] != "done"
    assert "JSONDecodeError" in json.dumps(transcript.get("error"), ensure_ascii=False)


@pytest.mark.parametrize("key", KEYS)
def test_dropping_the_cut_ticket_fails(key):
    # tool-loop's lesson done again: the cut reply is not used, and the letter has no ticket.
    for body in (
            "    choice = ask_ticket(letter, budget)\n"
            "    if choice.finish_reason != \"stop\":\n        return None\n"
            "    return json.loads(choice.message.content)\n",
            "    try:\n        return json.loads(ask_ticket(letter, budget).message.content)\n"
            "    except ValueError:\n        return None\n"):
        assert _fails(key, _with_body(key, body)), body


@pytest.mark.parametrize("key", KEYS)
def test_retrying_with_the_same_budget_fails(key):
    body = ("    choice = ask_ticket(letter, budget)\n"
            "    if choice.finish_reason == \"length\":\n"
            "        print(\"RETRY_LINE\")\n"
            "        choice = ask_ticket(letter, budget)\n"
            "    if choice.finish_reason != \"stop\":\n        return None\n"
            "    return json.loads(choice.message.content)\n")
    assert _fails(key, _with_body(key, body))


@pytest.mark.parametrize("key", KEYS)
def test_never_sending_the_small_budget_fails(key):
    # The colleague's budget is the point: asking every letter with MAX_TOKENS at once
    # never meets a cut, and its output lacks the retry's line.
    body = ("    choice = ask_ticket(letter, MAX_TOKENS)\n"
            "    return json.loads(choice.message.content)\n")
    assert _fails(key, _with_body(key, body))


@pytest.mark.parametrize("key", KEYS)
def test_guessing_the_cut_from_the_budget_fails(key):
    # A threshold guessed wrong (every budget is below 100) retries whole replies too.
    body = ("    if budget < 100:\n        print(\"RETRY_LINE\")\n        budget = MAX_TOKENS\n"
            "    return json.loads(ask_ticket(letter, budget).message.content)\n")
    assert _fails(key, _with_body(key, body))


@pytest.mark.parametrize("key", KEYS)
def test_showing_the_cut_text_fails(key):
    solution = _solution(key)
    assert RETRY in solution
    shows = solution.replace("        " + RETRY, "        print(choice.message.content)\n        " + RETRY)
    assert shows != solution
    # The cut text is the start of the whole ticket printed later, so no conversation check
    # can tell it from the answer: the extra line breaks the output comparison.
    assert _fails(key, shows)


@pytest.mark.parametrize("key", KEYS)
def test_printing_the_expected_lines_fails(key):
    expected, _ = _run(key, _solution(key))
    transcript, failed = _run(key, f"print({expected['output']!r}, end='')\n")
    assert transcript["output"] == expected["output"]
    assert "answers_shown" in failed
