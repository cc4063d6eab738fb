"""first-steps: the quizzes built so that a tempting wrong answer fails.

- `find-the-id` asks a second question in the same conversation and answers its call with the
  first round's `call.id`: a real `toolu_` id, but of a call already answered, so the API refuses
  it with a 400; so does the id copied from the earlier output, and the reply's own `response.id`,
  where the new call's id prints the answer.
- `stop-reason` prints nothing of the unknown eighth reason, which fake_client draws anew on
  every run: a deny-list that names the value a learner saw on an earlier run still shows
  that reply as an answer (the `wrong` key proves one such list; here, the very value seen).
- `ask-about-1187` gets its first call with no text before it (fault `no_preamble`) and the
  answer to it as two text blocks (fault `split_text`, as a reply with citations), so blocks
  counted from the end (`content[-2].text`, `content[-1]`), even guarded by their type, do not
  give the solution's run, nor does printing the text unguarded or dropping the fault line.
"""

import pytest

from lesson_runtime import same_run
from quiz_kinds.find_bug.kind import apply_fix
from quiz_kinds.fill_in.kind import fill, split_blanks
from support.exercise_grading import exercise, run
from support.repo_course import repo_course

COURSE = repo_course()
LANGUAGES = sorted(key.split("/")[0] for key in COURSE.lessons if key.endswith("/first-steps"))


def _quiz(lang: str, quiz_id: str):
    """Where the quiz's code runs (its lesson and id), and its data."""
    where = (f"{lang}/first-steps", quiz_id)
    return where, exercise(*where)


def _run(where, data, code):
    return run(*where, code, timeout=20)   # as the page runs it: the lesson up to `continues`


@pytest.mark.parametrize("lang", LANGUAGES)
def test_find_the_id_refuses_an_id_of_another_call(lang):
    where, data = _quiz(lang, "find-the-id")
    fixed = _run(where, data, apply_fix(data["code"], data["line"], data["fix"]))
    assert fixed["status"] == "done"
    shown = _run(where, data, data["code"])
    first_id = _run(where, data, "print(call.id)")["output"].strip()
    assert first_id.startswith("toolu_") and first_id in shown["error"]["message"]
    for wrong in [f'"tool_use_id": "{first_id}",', '"tool_use_id": response.id,']:
        run = _run(where, data, apply_fix(data["code"], data["line"], wrong))
        assert not same_run(run, fixed)
        assert run["error"]["type"] == "BadRequestError"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_stop_reason_refuses_a_deny_list_of_the_value_seen_before(lang):
    where, data = _quiz(lang, "stop-reason")
    segments, answers = split_blanks(data["code"])
    seen = _run(where, data, 'print(another_reply().stop_reason)')["output"].strip()
    deny = ('response.stop_reason not in ("tool_use", "max_tokens", "refusal", '
            f'"model_context_window_exceeded", "pause_turn", "{seen}")')
    expected = _run(where, data, fill(segments, answers))
    assert seen and seen not in expected["output"]
    assert not same_run(_run(where, data, fill(segments, [deny])), expected)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_exercise_refuses_blocks_read_from_the_end(lang):
    # Counting from the end (content[-2] for the text, content[-1] for the call and the answer)
    # survives the thinking block; the first reply with a call comes without its text
    # (`no_preamble`) and the answer to it in two text blocks (`split_text`), so that reading
    # only by type gives the solution's run.
    where, data = _quiz(lang, "ask-about-1187")
    solution = data["solution"]
    expected = _run(where, data, solution)
    assert expected["status"] == "done"
    by_position = solution.replace("text_of(response)", "response.content[-2].text", 2).replace(
        'next(block for block in response.content if block.type == "tool_use")', "response.content[-1]")
    assert by_position != solution
    assert not same_run(_run(where, data, by_position), expected)
    # Counting from the end with the preamble guarded by its type (content[-2] only when it is
    # text) gives the solution's run but for the answer in two blocks (`split_text`): that
    # fault, and not another, is what refuses it.
    from_the_end = solution.replace("if text_of(response):", 'if len(response.content) > 1 and '
                                    'response.content[-2].type == "text":', 1)
    from_the_end = from_the_end.replace("text_of(response)", "response.content[-2].text", 1)
    from_the_end = from_the_end.replace("text_of(response)", "response.content[-1].text", 1).replace(
        'next(block for block in response.content if block.type == "tool_use")', "response.content[-1]")
    assert "text_of" not in from_the_end
    run = _run(where, data, from_the_end)
    assert run["status"] == "done" and not same_run(run, expected)
    unsplit = ('"no_preamble", "split_text")', '"no_preamble")')
    assert unsplit[0] in solution
    assert same_run(_run(where, data, from_the_end.replace(*unsplit)),
                    _run(where, data, solution.replace(*unsplit)))
    unguarded = solution.replace("if text_of(response):", "if True:")
    without_fault = "\n".join(line for line in solution.splitlines() if "no_preamble" not in line)
    assert not same_run(_run(where, data, unguarded), expected)
    assert not same_run(_run(where, data, without_fault), expected)
