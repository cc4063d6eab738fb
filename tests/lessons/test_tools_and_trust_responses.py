"""tools-and-trust's Responses fallback (`hold-responses`) keeps a conversation that outlives
OpenAI's stored copy: the program's own copy carries the reasoning items with their encrypted
content (asked for with include=["reasoning.encrypted_content"]; without it a reasoning item
is looked up by its rs_… id, which fails once the stored response is gone, as the lesson
responses-api teaches), and the id of the last response and the copy are saved after every
turn, not only after one that asked for a tool: a turn that ends in an answer followed by a new
message from the customer is sent against the answer, not against a response whose call has
no output (which the API refuses: "No tool output found for function call …"). Run on the
page's own setup (the `hold-responses` snippet and everything it continues)."""

import pytest
from lesson_runtime import run_chain
from support.languages import COURSE_LANGUAGES
from support.repo_course import repo_course

SLUG = "tools-and-trust"


def run_after(lang: str, code: str) -> dict:
    lesson = repo_course().lessons[f"{lang}/{SLUG}"]
    return run_chain(lesson.setup("hold-responses"), code, timeout=30, lang=lesson.lang)


GONE = """
REFUNDS.clear()
state = {}
assert run_turn_responses(state, SESSION, question) is WAITING
state["response_id"] = "resp_gone"
reply = run_turn_responses(state, SESSION, call_outputs(state, SESSION, approved=True))
assert isinstance(reply, str) and "SP-1187" in reply, reply
"""


@pytest.mark.parametrize("lang", COURSE_LANGUAGES)
def test_the_copy_resent_after_the_stored_response_is_gone_carries_encrypted_reasoning(lang):
    got = run_after(lang, GONE)
    assert got["status"] == "done", got["error"]
    requests = [call["request"] for call in got["calls"]]
    assert all(r.get("include") == ["reasoning.encrypted_content"] for r in requests)
    resent = requests[-1]
    assert "previous_response_id" not in resent            # the fallback: the program's own copy
    reasoning = [item for item in resent["input"] if item.get("type") == "reasoning"]
    assert reasoning and all(item.get("encrypted_content") for item in reasoning)


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
