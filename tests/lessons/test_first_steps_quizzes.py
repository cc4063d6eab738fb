"""first-steps: the quizzes built so that a tempting wrong answer fails.

- `find-the-id` answers a reply with two calls, one result per `tool_use` block, so any id read
  by position (`response.content[-1].id`, `[2]`, `[3]`) gives both results one id: the API
  refuses the round with a 400, where the by-type `block.id` prints the answer.
- `stop-reason` prints nothing of the unknown eighth reason, which fake_client draws anew on
  every run: a deny-list that names the value a learner saw on an earlier run still shows
  that reply as an answer (the `wrong` key proves one such list; here, the very value seen).
- `ask-about-1187` gets its first call with no text before it (fault `no_preamble`), so
  blocks counted from the end (`content[-2].text`, `content[-1]`) do not give the solution's
  run, nor does printing the text unguarded or dropping the fault line.
"""

import pytest

from lesson_runtime import run_chain, same_run
from quiz_kinds.find_bug.kind import apply_fix
from quiz_kinds.fill_in.kind import fill, split_blanks
from support.repo_course import repo_course

COURSE = repo_course()
LANGUAGES = sorted(key.split("/")[0] for key in COURSE.lessons if key.endswith("/first-steps"))


def _quiz(lang: str, quiz_id: str):
    lesson = COURSE.lessons[f"{lang}/first-steps"]
    quiz = COURSE.quiz_files[lesson.key].quizzes[quiz_id]
    return lesson, quiz.data


def _run(lesson, data, code):
    return run_chain(lesson.setup(data.get("continues")), code, timeout=20, lang=lesson.lang)


@pytest.mark.parametrize("place", ["-1", "2", "3"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_find_the_id_refuses_the_id_read_by_position(lang, place):
    lesson, data = _quiz(lang, "find-the-id")
    fixed = _run(lesson, data, apply_fix(data["code"], data["line"], data["fix"]))
    by_position = _run(lesson, data, apply_fix(data["code"], data["line"],
                                               f'"tool_use_id": response.content[{place}].id,'))
    assert fixed["status"] == "done"
    assert not same_run(by_position, fixed)
    assert by_position["error"]["type"] == "BadRequestError"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_stop_reason_refuses_a_deny_list_of_the_value_seen_before(lang):
    lesson, data = _quiz(lang, "stop-reason")
    segments, answers = split_blanks(data["code"])
    seen = _run(lesson, data, 'print(another_reply().stop_reason)')["output"].strip()
    deny = ('response.stop_reason not in ("tool_use", "max_tokens", "refusal", '
            f'"model_context_window_exceeded", "pause_turn", "{seen}")')
    expected = _run(lesson, data, fill(segments, answers))
    assert seen and seen not in expected["output"]
    assert not same_run(_run(lesson, data, fill(segments, [deny])), expected)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_exercise_refuses_blocks_read_from_the_end(lang):
    # Counting from the end (content[-2] for the text, content[-1] for the call and the answer)
    # survives the thinking block; the first reply with a call comes without its text
    # (`no_preamble`), so that reading only by type gives the solution's run.
    lesson, data = _quiz(lang, "ask-about-1187")
    solution = data["solution"]
    expected = _run(lesson, data, solution)
    assert expected["status"] == "done"
    by_position = solution.replace("text_of(response)", "response.content[-2].text", 2).replace(
        'next(block for block in response.content if block.type == "tool_use")', "response.content[-1]")
    assert by_position != solution
    assert not same_run(_run(lesson, data, by_position), expected)
    unguarded = solution.replace("if text_of(response):", "if True:")
    without_fault = "\n".join(line for line in solution.splitlines() if "no_preamble" not in line)
    assert not same_run(_run(lesson, data, unguarded), expected)
    assert not same_run(_run(lesson, data, without_fault), expected)
