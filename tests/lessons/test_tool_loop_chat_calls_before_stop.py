"""tool-loop's find-bug `chat-calls-before-stop`, in every language. Reviewers solved its
earlier version by diffing the colleague's loop against `answer_chat`, shown just above it:
the faulty line was `answer_chat`'s condition with one word missing. Now the colleague's loop
is built differently (it trusts `stop` before it looks for calls), so neither the faulty line
nor its fix is a line of `answer_chat`: the learner has to reason that a forced call comes
with `stop`. The quiz also sits before `answer_chat` and the paragraph on `stop` with calls
(it continues `chat-tools`, the helpers alone), so there is nothing above it to diff against.
The rule is not stated before the quiz, in the prose or in the prompt (blind reviews found a
prompt that stated it answered the quiz): the colleague's loop prints what it saw at each step,
and the prompt shows that print-out (`1 stop True`, then `None`), the evidence to reason from.
The build proves the fix prints `output` and the shown code does not; this also holds the
prompt to what the shown code prints and checks that the fix runs the call."""

import pytest

from support import exercise_grading
from support.repo_course import repo_course

SLUG, QUIZ = "tool-loop", "chat-calls-before-stop"
KEYS = sorted(key for key in repo_course().lessons if key.endswith(f"/{SLUG}"))


def _answer_chat_lines(key: str) -> set[str]:
    lesson = repo_course().lessons[key]
    snippet = lesson.snippets["loop-chat"]
    return {line.strip() for line in snippet.code.splitlines() if line.strip()}


@pytest.mark.parametrize("key", KEYS)
def test_neither_the_faulty_line_nor_its_fix_is_in_answer_chat(key):
    quiz = exercise_grading.exercise(key, QUIZ)
    faulty = quiz["code"].splitlines()[quiz["line"] - 1].strip()
    shown = _answer_chat_lines(key)
    assert faulty not in shown
    assert quiz["fix"].strip() not in shown


@pytest.mark.parametrize("key", KEYS)
def test_the_shown_code_prints_none_and_the_fix_runs_the_forced_call(key):
    quiz = exercise_grading.exercise(key, QUIZ)
    shown = exercise_grading.run(key, QUIZ, quiz["code"])
    assert shown["status"] == "done", shown.get("error")
    assert shown["output"].strip().splitlines() == ["1 stop True", "None"]
    assert "1 stop True\nNone" in quiz["prompt"]
    lines = quiz["code"].splitlines()
    bug = lines[quiz["line"] - 1]
    lines[quiz["line"] - 1] = bug[:len(bug) - len(bug.lstrip())] + quiz["fix"].strip()
    fixed = exercise_grading.run(key, QUIZ, "\n".join(lines))
    assert fixed["status"] == "done", fixed.get("error")
    assert fixed["output"] == quiz["output"]
    first = fixed["calls"][0]["response"]["choices"][0]
    assert first["finish_reason"] == "stop" and first["message"]["tool_calls"]
    assert any(message.get("role") == "tool" for message in fixed["calls"][-1]["request"]["messages"])


@pytest.mark.parametrize("key", KEYS)
def test_the_quiz_comes_before_answer_chat(key):
    """The find-bug continues the helpers only, and the page places it above `loop-chat`."""
    quiz = exercise_grading.exercise(key, QUIZ)
    assert quiz["continues"] == "chat-tools"
    lang = key.split("/")[0]
    page = (repo_course().root / "lessons" / SLUG / f"{lang}.md").read_text(encoding="utf-8")
    assert page.index(f"::: quiz {QUIZ}") < page.index("id=loop-chat")
