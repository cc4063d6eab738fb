"""responses-api: `incomplete-reason` reads `status` and `incomplete_details`, and
`ex-calls-only` teaches that reasoning travels with its calls.

- `incomplete-reason` asks what `status` and `incomplete_details` say for a full reply, a reply
  cut by a 16-token budget and one stopped by the content filter: the two non-answers share the
  status `incomplete` and only `incomplete_details.reason` tells them apart, while the full
  reply has no details at all. (Which replies are an answer is first-steps' quiz, not this one.)
- `ex-calls-only` starts from the colleague who drops the reasoning items to save tokens and
  comes before `answer_responses`, so its 400 names the missing reasoning item (and there is no
  line of the lesson's loop above it to copy).
"""

import pytest

from lesson_runtime import run_chain
from support.repo_course import repo_course

COURSE = repo_course()
LANGUAGES = sorted(key.split("/")[0] for key in COURSE.lessons if key.endswith("/responses-api"))


def _quiz(lang: str, quiz_id: str):
    lesson = COURSE.lessons[f"{lang}/responses-api"]
    return lesson, COURSE.quiz_files[lesson.key].quizzes[quiz_id].data


def _run(lesson, data, code):
    return run_chain(lesson.setup(data.get("continues")), code, timeout=20, lang=lesson.lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_incomplete_reason_tells_the_two_non_answers_apart_only_by_their_reason(lang):
    lesson, data = _quiz(lang, "incomplete-reason")
    run = _run(lesson, data, data["code"])
    assert run["status"] == "done", run
    full, cut, filtered = [line.split(" ", 1) for line in run["output"].splitlines()]
    assert full == ["completed", "None"]
    assert cut[0] == filtered[0] == "incomplete"
    assert "max_output_tokens" in cut[1] and "content_filter" in filtered[1]
    keyed = next(option["output"] for option in data["options"] if option.get("correct"))
    assert keyed == run["output"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ex_calls_only_starter_fails_on_the_missing_reasoning_item(lang):
    lesson, data = _quiz(lang, "ex-calls-only")
    starter = _run(lesson, data, data["starter"])
    assert starter["status"] != "done"
    assert "without its required 'reasoning' item" in str(starter["error"])
    assert _run(lesson, data, data["solution"])["status"] == "done"
