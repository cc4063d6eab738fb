"""responses-api: `incomplete-reason` passes only the allow-list, and `ex-calls-only` teaches
that reasoning travels with its calls.

- `incomplete-reason` shows a completed refusal (empty `output_text`) and the first, full reply
  again under a status the program makes up on every run (no list can name it), so that every
  deny-list (`status != "incomplete"`, `incomplete_details is None`, `failed` named too, with or
  without `output_text`), a check of the closing full stop and `status == "completed"` alone
  print something else than `completed` and `output_text`; and the `else` branch does not read
  a reason such a reply has not got.
- `ex-calls-only` starts from the colleague who sends back only the calls, so its 400 names
  the missing reasoning item (not the line of `answer_responses` to copy).
"""

import pytest

from lesson_runtime import run_chain, same_run
from quiz_kinds.fill_in.kind import fill, split_blanks
from support.repo_course import repo_course

COURSE = repo_course()
LANGUAGES = sorted(key.split("/")[0] for key in COURSE.lessons if key.endswith("/responses-api"))

DENY_LISTS = [
    'reply.status != "incomplete"',
    "reply.incomplete_details is None",
    "not reply.incomplete_details",
    'reply.status != "incomplete" and reply.output_text',
    "reply.incomplete_details is None and reply.output_text",
    'reply.output_text.endswith(".")',
    'reply.status == "completed"',
    "reply.output_text",
    'reply.status not in ("incomplete", "failed") and reply.output_text',
]


def _quiz(lang: str, quiz_id: str):
    lesson = COURSE.lessons[f"{lang}/responses-api"]
    return lesson, COURSE.quiz_files[lesson.key].quizzes[quiz_id].data


def _run(lesson, data, code):
    return run_chain(lesson.setup(data.get("continues")), code, timeout=20, lang=lesson.lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_incomplete_reason_refuses_every_deny_list(lang):
    lesson, data = _quiz(lang, "incomplete-reason")
    segments, answers = split_blanks(data["code"])
    expected = _run(lesson, data, fill(segments, answers))
    assert expected["status"] == "done", expected
    # Five replies, only the first shown: the made-up status is refused like the others.
    lines = expected["output"].splitlines()
    assert len(lines) == 5 and len({line.split(":")[0].split("：")[0] for line in lines[1:]}) == 1, lines
    for deny in DENY_LISTS:
        assert not same_run(_run(lesson, data, fill(segments, [deny])), expected), deny


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ex_calls_only_starter_fails_on_the_missing_reasoning_item(lang):
    lesson, data = _quiz(lang, "ex-calls-only")
    starter = _run(lesson, data, data["starter"])
    assert starter["status"] != "done"
    assert "without its required 'reasoning' item" in str(starter["error"])
    assert _run(lesson, data, data["solution"])["status"] == "done"
