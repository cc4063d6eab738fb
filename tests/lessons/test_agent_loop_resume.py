"""agent-loop's agent keeps the conversation that waits for a person and continues it after
the approval, however long the person took: `run_turn` gives each question, and each
continuation after a decision, its own deadline (`Budget.new_question()` from
when-calls-fail), so a refund approved the next morning is carried out and answered instead
of stopping on the deadline of the evening before (`BudgetExceeded`). The approved call's
result is written into the same `messages`, after the model's turn that asked for it, and
the model continues that conversation. Run on the page's own setup (the `agent` snippet
and everything it continues), with `time.monotonic` moved ten hours on between the two."""

import pytest
from lesson_runtime import run_chain
from support.languages import COURSE_LANGUAGES
from support.repo_course import repo_course

SLUG = "agent-loop"

NIGHT = """
import time

REFUNDS.clear()
_real_monotonic, _night = time.monotonic, [0.0]
time.monotonic = lambda: _real_monotonic() + _night[0]
try:
    conversation = [{"role": "user", "content": question}]   # the page's refund question
    budget = Budget(tokens=50_000, seconds=60, dollars=0.50)
    assert run_turn(conversation, SESSION, budget) is WAITING
    assert REFUNDS == []
    _night[0] = 10 * 3600                                       # the person decides next morning
    {after}
finally:
    time.monotonic = _real_monotonic
"""


def night_run(lang: str, after: str) -> dict:
    lesson = repo_course().lessons[f"{lang}/{SLUG}"]
    return run_chain(lesson.setup("agent"), NIGHT.replace("{after}", after), timeout=30, lang=lesson.lang)


@pytest.mark.parametrize("lang", COURSE_LANGUAGES)
def test_a_refund_approved_the_next_morning_is_carried_out_and_answered(lang):
    got = night_run(lang, "reply = resume(conversation, SESSION, budget, approved=True)\n"
                          "    assert isinstance(reply, str) and 'SP-1187' in reply, reply\n"
                          "    print(REFUNDS)")
    assert got["status"] == "done", got["error"]
    assert got["output"].strip().endswith("['SP-1187']")
    first, resumed = got["calls"]
    sent = resumed["request"]["messages"]
    # the same conversation: its question, the model's turn with the call, then the call's result
    assert sent[0] == first["request"]["messages"][0]
    call = next(block for block in sent[1]["content"] if block["type"] == "tool_use")
    assert call["name"] == "refund_order"
    result = sent[2]["content"][0]
    assert result["type"] == "tool_result" and result["tool_use_id"] == call["id"]
    assert not result["is_error"]


@pytest.mark.parametrize("lang", COURSE_LANGUAGES)
def test_without_a_new_deadline_the_same_night_stops_the_conversation(lang):
    """The defect the page's setup once had: one deadline for the whole conversation."""
    got = night_run(lang, "try:\n"
                          "        budget.problem() and None\n"
                          "        create(budget, model=MODEL, max_tokens=MAX_TOKENS, messages=conversation[:1])\n"
                          "    except BudgetExceeded:\n"
                          "        print('stopped')")
    assert got["status"] == "done", got["error"]
    assert got["output"].strip().endswith("stopped")
