"""structured-output's exercise `ex-check-ticket`, in every language: a strict schema in Chat
Completions and five letters. The first reply is stopped by the content filter (the
exercise's fault `content_filter`: `finish_reason` "content_filter", no content) although its
cap is as large as the finished letters'; the third is always given too few tokens
(`finish_reason` "length", the beginning of the JSON); the fourth and fifth are answered in
the right shape with an order number that is not in `ORDERS` (one that does not exist, one
that is not a number at all). It checks this lesson's own point: the schema guarantees the
shape of a finished reply and nothing more, so the program reads the stop (and the refusal)
before `json.loads` and then checks the record against its own data. The filtered first
reply is what keeps a guess from the cap (`max_tokens < 50`) from passing for a check of the
stop. Retrying a cut reply is when-calls-fail's `ex-cut-retry`; telling a cut from an answer
in general is first-steps' `stop-reason`, and keeping a cut turn out of the history is
tool-loop's `ex-not-an-answer`.
The caps are drawn anew on every run, and the graded output does not depend on them."""

import json
import re

import pytest

from lesson_runtime.conversation_checks._view import ANSWER, NOT_AN_ANSWER, read_calls
from support import exercise_grading
from support.repo_course import repo_course

SLUG, QUIZ = "structured-output", "ex-check-ticket"
KEYS = sorted(key for key in repo_course().lessons if key.endswith(f"/{SLUG}"))
# The solution's `chat_ticket` from its first line to its end.
CHAT_TICKET = re.compile(r"(def chat_ticket\(letter, max_tokens\):\n)(.*?)(\n\n\n)", re.S)
# The two lines the solution prints: for a reply it does not parse, for a record it rejects.
PRINTS = re.compile(r'\s+print\(f"([^{"]*)\{')


def _run(key: str, code: str) -> tuple[dict, set[str]]:
    transcript = exercise_grading.run(key, QUIZ, code, timeout=60)
    return transcript, exercise_grading.broken_checks(key, QUIZ, transcript)


def _solution(key: str) -> str:
    return exercise_grading.exercise(key, QUIZ)["solution"]


# The pieces the wrong solutions below are built from: ask, read the stop (a cut or refused reply
# is not parsed), parse, and reject a number the data does not have.
ASK = "    choice = ask_ticket(letter, max_tokens)\n"
READ_STOP = ("    if choice.finish_reason != \"stop\" or choice.message.refusal:\n"
             "        print(f\"NOT_PARSED{choice.finish_reason}\")\n        return None\n")
PARSE = "    ticket = json.loads(choice.message.content)\n"
REJECT = ("    if ticket[\"order_no\"] not in ORDERS:\n"
          "        print(f\"REJECTED{choice.message.content}\")\n        return None\n")


def _with_body(key: str, body: str) -> str:
    """The solution with `chat_ticket`'s body replaced; NOT_PARSED and REJECTED stand for the
    starts of the solution's two printed lines."""
    solution = _solution(key)
    not_parsed, rejected = PRINTS.findall(solution)
    body = body.replace("NOT_PARSED", not_parsed).replace("REJECTED", rejected)
    changed, count = CHAT_TICKET.subn(lambda m: m.group(1) + body.rstrip("\n") + m.group(3), solution)
    assert count == 1
    return changed


def _fails(key: str, code: str) -> bool:
    passed, _, _ = exercise_grading.graded(key, QUIZ, code)
    return not passed


@pytest.mark.parametrize("key", KEYS)
def test_the_solution_passes_and_keeps_only_the_good_ticket(key):
    transcript, failed = _run(key, _solution(key))
    assert transcript["status"] == "done", transcript.get("error")
    assert not failed
    views = read_calls(transcript["calls"])
    assert [view.ending for view in views] == [NOT_AN_ANSWER, ANSWER, NOT_AN_ANSWER, ANSWER, ANSWER]
    assert [call["response"]["choices"][0]["finish_reason"] for call in transcript["calls"]] == [
        "content_filter", "stop", "length", "stop", "stop"]
    cut = views[2].reply_text
    assert cut.startswith('{"order_no": "SP-1031"'), cut  # the start of the ticket, not ""
    with pytest.raises(json.JSONDecodeError):
        json.loads(cut)
    numbers = [json.loads(views[i].reply_text)["order_no"] for i in (1, 3, 4)]
    assert numbers[0] == "SP-1024" and numbers[1] == "SP-1040" and not numbers[2].startswith("SP-"), numbers
    lines = transcript["output"].splitlines()
    assert len(lines) == 5 and json.loads(lines[1])["order_no"] == "SP-1024", lines


@pytest.mark.parametrize("key", KEYS)
def test_the_caps_change_from_run_to_run(key):
    # lesson_runtime seeds `random` with 0 before every run: the exercise draws its caps
    # from the system's source, so a learner cannot read them off one run and hard-code them.
    runs = {tuple(call["request"]["max_completion_tokens"] for call in _run(key, _solution(key))[0]["calls"])
            for _ in range(3)}
    assert len(runs) > 1, runs


@pytest.mark.parametrize("key", KEYS)
def test_the_starter_fails_on_the_filtered_reply(key):
    # json.loads only: "the schema is strict, so it is JSON"; the filtered reply has no content.
    transcript, _ = _run(key, exercise_grading.exercise(key, QUIZ)["starter"])
    assert transcript["status"] != "done"
    assert "TypeError" in json.dumps(transcript.get("error"), ensure_ascii=False)


# Guesses that stand in for reading the stop: the cut letter is the only one with a small cap,
# but the filtered one has a large cap, so a guess from the cap does not pass; nor does a check
# of the "length" stop alone (the filtered reply stops with "content_filter").
GUESSED_STOPS = {
    "cap": '    if max_tokens < 50 or choice.message.refusal:\n'
           '        print(f"NOT_PARSEDlength")\n        return None\n',
    "length only": '    if choice.finish_reason == "length" or choice.message.refusal:\n'
                   '        print(f"NOT_PARSED{choice.finish_reason}")\n        return None\n',
}


@pytest.mark.parametrize("guess", sorted(GUESSED_STOPS))
@pytest.mark.parametrize("key", KEYS)
def test_guessing_the_stop_instead_of_reading_it_fails(key, guess):
    body = ASK + GUESSED_STOPS[guess] + PARSE + REJECT + "    return ticket\n"
    assert _fails(key, _with_body(key, body))


@pytest.mark.parametrize("key", KEYS)
def test_trusting_strict_with_a_finished_reply_fails(key):
    # The stop is read, but a finished strict reply is taken as a good ticket.
    body = (ASK + READ_STOP
            + "    return json.loads(choice.message.content)\n")
    assert _fails(key, _with_body(key, body))


@pytest.mark.parametrize("key", KEYS)
def test_catching_the_parse_error_instead_of_reading_the_stop_fails(key):
    body = (ASK
            + "    try:\n        ticket = json.loads(choice.message.content)\n"
            "    except ValueError:\n        return None\n"
            + REJECT
            + "    return ticket\n")
    assert _fails(key, _with_body(key, body))


@pytest.mark.parametrize("key", KEYS)
def test_checking_the_number_s_form_only_fails(key):
    # SP-1040 looks like an order number: only the data can say it is not one.
    body = (ASK + READ_STOP
            + PARSE
            + "    if not re.fullmatch(r\"SP-\\d{4}\", ticket[\"order_no\"]):\n"
            "        print(f\"REJECTED{choice.message.content}\")\n        return None\n"
            "    return ticket\n")
    assert _fails(key, "import re\n" + _with_body(key, body))


@pytest.mark.parametrize("key", KEYS)
def test_asking_again_without_checking_the_second_reply_fails(key):
    body = (ASK + READ_STOP
            + PARSE
            + "    if ticket[\"order_no\"] not in ORDERS:\n"
            "        ticket = json.loads(ask_ticket(letter, max_tokens).message.content)\n"
            "    return ticket\n")
    assert _fails(key, _with_body(key, body))


@pytest.mark.parametrize("key", KEYS)
def test_showing_the_cut_text_fails(key):
    body = (ASK
            + "    if choice.finish_reason != \"stop\" or choice.message.refusal:\n"
            "        print(f\"NOT_PARSED{choice.message.content}\")\n        return None\n"
            + PARSE
            + REJECT
            + "    return ticket\n")
    transcript, failed = _run(key, _with_body(key, body))
    assert "only_answers_shown" in failed


@pytest.mark.parametrize("key", KEYS)
def test_printing_the_expected_lines_fails(key):
    expected, _ = _run(key, _solution(key))
    transcript, failed = _run(key, f"print({expected['output']!r}, end='')\n")
    assert transcript["output"] == expected["output"]
    assert "answers_shown" in failed
