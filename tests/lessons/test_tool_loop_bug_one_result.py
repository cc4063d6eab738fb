"""tool-loop's find-bug `bug-one-result`, in every language: its prompt tells the symptom of
the colleague's loop (right numbers answered; one wrong number among three, and the customer
gets the program's apology instead of any answer). The build checks only the fixed code, so
this runs the code as shown and holds the prompt to what it really prints."""

import re

import pytest

from support import exercise_grading
from support.repo_course import repo_course

SLUG, QUIZ = "tool-loop", "bug-one-result"
KEYS = sorted(key for key in repo_course().lessons if key.endswith(f"/{SLUG}"))


@pytest.mark.parametrize("key", KEYS)
def test_the_shown_code_answers_right_numbers_and_apologises_for_a_wrong_one(key):
    quiz = exercise_grading.exercise(key, QUIZ)
    shown = exercise_grading.run(key, QUIZ, quiz["code"])
    assert shown["status"] == "done", shown.get("error")
    apology = re.findall(r'print\("([^"]+)"\)', quiz["code"])[-1]
    right_numbers, _ = quiz["output"].splitlines()
    assert shown["output"].splitlines() == [right_numbers, apology]


@pytest.mark.parametrize("key", KEYS)
def test_the_fix_answers_every_call_including_the_failed_one(key):
    quiz = exercise_grading.exercise(key, QUIZ)
    lines = quiz["code"].splitlines()
    bug = lines[quiz["line"] - 1]
    lines[quiz["line"] - 1] = bug[:len(bug) - len(bug.lstrip())] + quiz["fix"].strip()   # the page keeps the line's indent
    fixed = exercise_grading.run(key, QUIZ, "\n".join(lines))
    assert fixed["status"] == "done", fixed.get("error")
    assert fixed["output"] == quiz["output"]
    errors = [block for call in fixed["calls"] for message in call["request"]["messages"]
              if isinstance(message["content"], list)
              for block in message["content"] if block.get("is_error")]
    assert errors, "the failed call's result reaches the model"
