"""responses-api: `incomplete-reason` reads `status` and `incomplete_details`, and
`ex-calls-only` teaches that the model's turn goes back as the SDK returned it.

- `incomplete-reason` asks what `status` and `incomplete_details` say for a full reply, a reply
  cut by a 16-token budget and one stopped by the content filter: the two non-answers share the
  status `incomplete` and only `incomplete_details.reason` tells them apart, while the full
  reply has no details at all. (Which replies are an answer is first-steps' quiz, not this one.)
- `cut-reply-text` asks what `output_text` holds in a reply cut by `max_output_tokens`: the text
  written before the cut, so only `status` says the reply is not complete.
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
from lesson_runtime.conversation_checks import run_checks
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


def _failed_checks(data, run):
    return {verdict["name"] for verdict in run_checks(list(data["checks"]), run) if not verdict["passed"]}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ex_calls_only_starter_runs_but_does_not_send_the_turn_back_whole(lang):
    lesson, data = _quiz(lang, "ex-calls-only")
    starter, solution = _run(lesson, data, data["starter"]), _run(lesson, data, data["solution"])
    assert starter["status"] == solution["status"] == "done", (starter, solution)
    assert _failed_checks(data, starter) == {"turn_kept_whole"}
    assert not _failed_checks(data, solution)
    assert "reasoning" in solution["output"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ex_calls_only_is_not_passed_by_turning_reasoning_off(lang):
    lesson, data = _quiz(lang, "ex-calls-only")
    assert data["starter"].count("reasoning=REASONING, ") == 1
    unreasoned = _run(lesson, data, data["starter"].replace("reasoning=REASONING, ", ""))
    solution = _run(lesson, data, data["solution"])
    assert not _failed_checks(data, unreasoned)   # no reasoning item left to lose...
    assert not same_run(unreasoned, solution)    # ...but the printed replies tell


@pytest.mark.parametrize("lang", LANGUAGES)
def test_cut_reply_text_key_is_the_cut_text_the_run_prints(lang):
    lesson = COURSE.lessons[f"{lang}/responses-api"]
    run = run_chain(lesson.setup("cut"), 'print(reply.status, len(reply.output_text))\n'
                    'print(last_step({"effort": "none"}, budget).output_text.startswith(reply.output_text))',
                    timeout=20, lang=lang)
    assert run["status"] == "done", run
    status_and_length, is_prefix = run["output"].splitlines()[-2:]
    status, length = status_and_length.split()
    assert status == "incomplete" and int(length) > 0 and is_prefix == "True"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ex_calls_only_is_not_passed_by_sending_the_sdk_items_back(lang):
    lesson, data = _quiz(lang, "ex-calls-only")
    dicts = next(line for line in data["solution"].splitlines() if "model_dump(exclude_none=True)" in line)
    sdk_items = dicts.split("items += ")[0] + "items += reply.output"
    run = _run(lesson, data, data["solution"].replace(dicts, sdk_items))
    assert run["status"] == "error" and "JSON serializable" in run["output"], run
