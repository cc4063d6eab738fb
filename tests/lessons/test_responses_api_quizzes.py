"""responses-api: `cut-reply-text` reads a cut reply's text, and `ex-calls-only` teaches that
the model's turn goes back as the SDK returned it.

- `incomplete-reason` was removed: it checked the cut reply again (`cut-reply-text` does) and
  its answer was rule 1 restated just above it. Rule 1 (status, no finish reason) stays taught.
- `cut-reply-text` asks, after the run shows the reasoning step `incomplete`, what its
  `output_text` holds: the step's text fits the budget with two tokens to spare when the model
  does not reason, reasoning spends the same `max_output_tokens`, so the text stops where the
  tokens ran out and `output_text` carries its beginning (not '', not the whole text): only
  `status` tells the reply is cut. The snippet no longer prints the text, so the quiz cannot be
  read off the run above it.
- `ex-calls-only` keeps the conversation in a JSON "database" between steps, so the premise (the
  colleague needs dicts) is graded: sending back the SDK items themselves cannot be stored and
  the run fails. It starts from a colleague who rebuilds the model's turn by hand, one
  `function_call` dict per call (`call_id`, `name`, `arguments`): the API accepts it (no `fc_`
  id to look up), so the run ends and prints the answers, and only the conversation shows the
  reasoning item and the item ids gone. Dropping reasoning from the requests (first-steps'
  trap, and a way to leave no reasoning item to lose) must not pass: the loop prints each
  reply's item types, so its output is no longer the expected one.
"""

import pytest

from lesson_runtime import run_chain, same_run
from support.exercise_grading import broken_checks, exercise, run
from support.repo_course import repo_course

COURSE = repo_course()
LANGUAGES = sorted(key.split("/")[0] for key in COURSE.lessons if key.endswith("/responses-api"))


def _key(lang: str) -> str:
    return f"{lang}/responses-api"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ex_calls_only_starter_runs_but_does_not_send_the_turn_back_whole(lang):
    key, data = _key(lang), exercise(_key(lang), "ex-calls-only")
    starter, solution = run(key, "ex-calls-only", data["starter"]), run(key, "ex-calls-only", data["solution"])
    assert starter["status"] == solution["status"] == "done", (starter, solution)
    assert broken_checks(key, "ex-calls-only", starter) == {"turn_kept_whole"}
    assert not broken_checks(key, "ex-calls-only", solution)
    assert "reasoning" in solution["output"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ex_calls_only_is_not_passed_by_turning_reasoning_off(lang):
    key, data = _key(lang), exercise(_key(lang), "ex-calls-only")
    assert data["starter"].count("reasoning=REASONING, ") == 1
    unreasoned = run(key, "ex-calls-only", data["starter"].replace("reasoning=REASONING, ", ""))
    solution = run(key, "ex-calls-only", data["solution"])
    assert not broken_checks(key, "ex-calls-only", unreasoned)   # no reasoning item left to lose...
    assert not same_run(unreasoned, solution)    # ...but the printed replies tell


@pytest.mark.parametrize("lang", LANGUAGES)
def test_cut_reply_text_the_text_fits_without_reasoning_and_is_cut_with_it(lang):
    lesson = COURSE.lessons[_key(lang)]
    transcript = run_chain(lesson.setup("cut"), 'plain = last_step({"effort": "none"}, budget)\n'
                    'print(plain.status, reply.status, len(reply.output_text))\n'
                    'print(plain.output_text.startswith(reply.output_text), plain.output_text != reply.output_text)',
                    timeout=20, lang=lang)
    assert transcript["status"] == "done", transcript
    statuses, prefix = transcript["output"].splitlines()[-2:]
    plain_status, status, length = statuses.split()
    assert plain_status == "completed" and status == "incomplete" and int(length) > 0
    assert prefix == "True True"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ex_calls_only_is_not_passed_by_sending_the_sdk_items_back(lang):
    data = exercise(_key(lang), "ex-calls-only")
    dicts = next(line for line in data["solution"].splitlines() if "model_dump(exclude_none=True)" in line)
    sdk_items = dicts.split("items += ")[0] + "items += reply.output"
    transcript = run(_key(lang), "ex-calls-only", data["solution"].replace(dicts, sdk_items))
    assert transcript["status"] == "error" and "JSON serializable" in transcript["output"], transcript


@pytest.mark.parametrize("lang", LANGUAGES)
def test_run_function_call_answers_unparseable_arguments_as_run_tool_call_does(lang):
    """The page says run_function_call parses "as run_tool_call" does: the same words, never
    the json exception's own text, in the Responses shape."""
    lesson = COURSE.lessons[_key(lang)]
    probe = ("from types import SimpleNamespace as NS\n"
             "bad = '{\"order_id\": 1042'\n"
             "item = NS(type='function_call', call_id='call_x', name='get_order_status', arguments=bad)\n"
             "chat = NS(id='call_x', function=NS(name='get_order_status', arguments=bad))\n"
             "print(json.dumps([run_function_call(item)['output'], run_tool_call(chat)['content']]))\n")
    transcript = run_chain(lesson.setup("run-call"), probe, timeout=20, lang=lang)
    assert transcript["status"] == "done", transcript
    import json
    responses_text, chat_text = json.loads(transcript["output"].splitlines()[-1])
    assert responses_text == chat_text
    assert "Expecting" not in responses_text and "line 1" not in responses_text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_cut_reply_text_is_not_printed_by_the_run_above_the_quiz(lang):
    """The quiz asks what the cut reply's output_text holds: the `cut` snippet above it must not
    print it, and the quiz must come after that snippet, before the paragraph that says it."""
    import re
    from support.repo_course import REPO
    page = (REPO / "lessons" / "responses-api" / f"{lang}.md").read_text(encoding="utf-8")
    snippet = re.search(r"```python id=cut .*?```", page, re.S).group(0)
    assert "output_text" not in snippet
    assert page.index("::: quiz cut-reply-text") > page.index("```python id=cut ")
    assert exercise(_key(lang), "cut-reply-text")["kind"] == "predict-output"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ex_calls_only_comes_after_the_loop_and_its_rules_and_they_do_not_give_its_fix(lang):
    """The exercise repairs a colleague's loop: the course's own loop and its four rules come
    first, and neither they nor the hint give the fix (model_dump): the hint points to the idea
    (SDK objects are pydantic models that turn into dicts), not to the line."""
    from support.repo_course import REPO
    page = (REPO / "lessons" / "responses-api" / f"{lang}.md").read_text(encoding="utf-8")
    quiz = page.index("::: quiz ex-calls-only")
    assert quiz > page.index("```python id=loop-responses ") and quiz > page.index("\n4. **")
    assert "model_dump" not in page and "incomplete-reason" not in page
    hint = exercise(_key(lang), "ex-calls-only")["hint"]
    assert "model_dump" not in hint and "pydantic" in hint


@pytest.mark.parametrize("lang", LANGUAGES)
def test_previous_keeps_no_instructions_can_be_deduced_from_the_paragraph_above_it(lang):
    """The paragraph before the quiz names what the chain keeps by parameter (`input`,
    `output`), so that `instructions`, a parameter of its own, is a deduction."""
    from support.repo_course import REPO
    page = (REPO / "lessons" / "responses-api" / f"{lang}.md").read_text(encoding="utf-8")
    quiz = page.index("::: quiz previous-keeps-no-instructions")
    above = page[page.index("::: quiz what-previous-sends"):quiz]
    assert "`input`" in above and "`output`" in above and "instructions" not in above
