"""tools-and-trust's Responses approval (`hold-responses`): while a person decides, the program
keeps only the id of the last response and the held calls (call_id, name, arguments); the
decision goes back as one function_call_output per call_id, chained with previous_response_id
to the response that asked for the call (the stored copy OpenAI keeps, 30 days by default;
the program's own copy for longer waits is the lesson responses-api's, not repeated here).
The id is saved after every turn, not only after one that asked for a tool: a turn that ends
in an answer followed by a new message from the customer is sent against the answer, not
against a response whose call has no output (which the API refuses: "No tool output found for
function call …"). A turn that is no answer (cut, filtered) or that still asks for a tool at the
step limit ends the chain: the state is cleared and the next message opens a new conversation,
so no call is ever left without an output in a chained request. Run on the page's own setup
(the `hold-responses` snippet and everything it continues)."""

import pytest
from lesson_runtime import run_chain
from support.languages import COURSE_LANGUAGES
from support.repo_course import repo_course

SLUG = "tools-and-trust"


def run_after(lang: str, code: str) -> dict:
    lesson = repo_course().lessons[f"{lang}/{SLUG}"]
    return run_chain(lesson.setup("hold-responses"), code, timeout=30, lang=lesson.lang)


def outputs_sent(asking: dict, later: dict) -> list:
    """The input of `later`, checked to continue `asking` (previous_response_id) with one
    function_call_output per call `asking` asked for, in its order."""
    assert later["request"]["previous_response_id"] == asking["response"]["id"]
    asked = [item["call_id"] for item in asking["response"]["output"] if item["type"] == "function_call"]
    sent = later["request"]["input"]
    assert [item["call_id"] for item in sent if item.get("type") == "function_call_output"] == asked
    return sent


DECIDED = """
REFUNDS.clear()
state = {}
assert run_turn_responses(state, SESSION, question) is WAITING
assert REFUNDS == []                                  # held: nothing ran before the decision
assert set(state) == {"response_id", "calls"}         # what the program keeps while it waits
reply = run_turn_responses(state, SESSION, call_outputs(state, SESSION, approved=APPROVED))
assert isinstance(reply, str) and "SP-1187" in reply, reply
assert REFUNDS == REFUNDED, REFUNDS
"""


@pytest.mark.parametrize("lang", COURSE_LANGUAGES)
@pytest.mark.parametrize("approved", [True, False])
def test_the_decision_goes_against_the_response_that_asked_for_the_call(lang, approved):
    code = DECIDED.replace("APPROVED", repr(approved)).replace("REFUNDED", repr(["SP-1187"] if approved else []))
    got = run_after(lang, code)
    assert got["status"] == "done", got["error"]
    held, resumed = got["calls"][-2:]
    sent = outputs_sent(held, resumed)                       # one output per call, by call_id
    assert [item["type"] for item in sent] == ["function_call_output"] * len(sent)
    assert sent[0]["output"].startswith(("Грешка", "Ошибка", "Помилка", "خطا", "错误")) is (not approved)


NEXT_MESSAGE = """
REFUNDS.clear()
state = {}
assert run_turn_responses(state, SESSION, question) is WAITING
reply = run_turn_responses(state, SESSION, call_outputs(state, SESSION, approved=True))
assert isinstance(reply, str) and "SP-1187" in reply, reply
answered = state["response_id"]
run_turn_responses(state, SESSION, question)      # the customer writes again after the answer
"""


@pytest.mark.parametrize("lang", COURSE_LANGUAGES)
def test_a_new_message_after_an_answer_goes_against_the_answer(lang):
    got = run_after(lang, NEXT_MESSAGE)
    assert got["status"] == "done", got["error"]
    answer, again = got["calls"][-2:]
    assert again["request"]["previous_response_id"] == answer["response"]["id"]
    assert any(item.get("type") == "message" for item in answer["response"]["output"])


STEP_LIMIT = """
REFUNDS.clear()
MAX_STEPS = 1
state = {}
assert run_turn_responses(state, SESSION, question) is None      # the limit stops a turn that ends in a call
assert REFUNDS == []
assert state == {}                                # the chain ends: nothing is kept
MAX_STEPS = 5
run_turn_responses(state, SESSION, question)      # the customer writes again
"""


def starts_afresh(again: dict) -> None:
    """`again` opens a new conversation: no previous_response_id, so what the stopped turn left
    without an output is never owed (the API requires it only of a chained request)."""
    assert "previous_response_id" not in again["request"]
    assert again["request"]["input"][-1]["role"] == "user"
    assert again["response"]["status"] == "completed"


@pytest.mark.parametrize("lang", COURSE_LANGUAGES)
def test_a_call_left_by_the_step_limit_ends_the_chain_and_the_next_message_starts_afresh(lang):
    got = run_after(lang, STEP_LIMIT)
    assert got["status"] == "done", got["error"]
    stopped, again = got["calls"][-2:]
    assert stopped["response"]["status"] == "completed"
    assert any(item["type"] == "function_call" for item in stopped["response"]["output"])
    starts_afresh(again)


CUT_AFTER_THE_DECISION = """
REFUNDS.clear()
state = {}
assert run_turn_responses(state, SESSION, question) is WAITING
RESPONSES_MAX_TOKENS = 16                         # the turn that carries the decision comes back cut
assert run_turn_responses(state, SESSION, call_outputs(state, SESSION, approved=True)) is None
assert state == {}                                # the chain ends: nothing is kept
RESPONSES_MAX_TOKENS = 25_000
run_turn_responses(state, SESSION, question)      # the customer writes again
"""


@pytest.mark.parametrize("lang", COURSE_LANGUAGES)
def test_a_cut_turn_ends_the_chain_and_the_next_message_starts_afresh(lang):
    got = run_after(lang, CUT_AFTER_THE_DECISION)
    assert got["status"] == "done", got["error"]
    cut, again = got["calls"][-2:]
    assert cut["response"]["status"] == "incomplete"
    starts_afresh(again)
