"""agent-loop's `run_turn` on its last step (`MAX_STEPS`): a refund the model asks for on that
step still waits for the person (`WAITING`, the turn kept in `messages`) instead of being
dropped with a silent `None`, and the same call made an ordinary tool is not run on that step:
the turn ends with a printed reason and `None`, as the page promises for every reply that is not an answer. Run
on the page's own setup (the `agent` snippet and everything it continues) with MAX_STEPS
set to 1. And a chat stopped by the step limit after a call stays a valid conversation: the
next question in it is answered, not refused with a 400 for a tool_use left without its result."""

import pytest
from lesson_runtime import run_chain
from support.languages import COURSE_LANGUAGES
from support.repo_course import repo_course

SLUG = "agent-loop"

LAST_STEP = """
MAX_STEPS = 1
REFUNDS.clear()
refund = [{"role": "user", "content": question}]      # the page's refund question
assert run_turn(refund, SESSION, Budget(tokens=50_000, seconds=60, dollars=0.50)) is WAITING
assert refund[-1]["role"] == "assistant" and REFUNDS == []
print("---")
NEEDS_APPROVAL.clear()                                 # the same call, now an ordinary tool
again = [{"role": "user", "content": question}]
print(repr(run_turn(again, SESSION, Budget(tokens=50_000, seconds=60, dollars=0.50))))
assert REFUNDS == []                                   # a call on the last step is not run
"""


def last_step_run(lang: str) -> dict:
    lesson = repo_course().lessons[f"{lang}/{SLUG}"]
    return run_chain(lesson.setup("agent"), LAST_STEP, timeout=30, lang=lesson.lang)


@pytest.mark.parametrize("lang", COURSE_LANGUAGES)
def test_a_refund_on_the_last_step_waits_and_a_last_step_call_says_why_it_stops(lang):
    got = last_step_run(lang)
    assert got["status"] == "done", got["error"]
    after = got["output"].split("---", 1)[1].strip().splitlines()
    assert after[-1] == "None"
    assert len(after) >= 2 and after[-2] and "tool_use" not in after[-2]   # the printed reason


STEP_LIMIT_THEN_NEXT_QUESTION = """
MAX_STEPS = 1
budget = Budget(tokens=50_000, seconds=60, dollars=0.50)
chat = [{"role": "user", "content": "Где мой заказ SP-1024?"}]   # any question whose first step is a call
assert run_turn(chat, SESSION, budget) is None
print("---")
MAX_STEPS = 4                                          # the same saved chat, one more message
chat.append({"role": "user", "content": "Где мой заказ SP-1024?"})
print(repr(run_turn(chat, SESSION, budget)))
"""


@pytest.mark.parametrize("lang", COURSE_LANGUAGES)
def test_a_conversation_stopped_by_the_step_limit_can_go_on(lang):
    # Every tool_use needs its tool_result in the next user message, or the API answers 400
    # (https://platform.claude.com/docs/en/agents-and-tools/tool-use/handle-tool-calls); the fake
    # refuses the same way. A turn whose calls the loop will not run is kept out of the chat.
    lesson = repo_course().lessons[f"{lang}/{SLUG}"]
    got = run_chain(lesson.setup("agent"), STEP_LIMIT_THEN_NEXT_QUESTION, timeout=30, lang=lesson.lang)
    assert got["status"] == "done", got["error"]
    after = got["output"].split("---", 1)[1].strip().splitlines()
    assert after[-1] not in ("None", "") and "tool_use" not in after[-1]
