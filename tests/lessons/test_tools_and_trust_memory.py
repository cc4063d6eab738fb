"""tools-and-trust keeps the whole conversation in `messages` while a person decides, so the
program can store it and carry on later. That memory must hold the model's final answer too:
after `resume` (Messages) and after `run_turn_chat` (Chat Completions) the last entry of
`messages` is the assistant turn with the answer the customer was given, so the customer's
next message follows that answer and the model sees what it said. Run on the page's own setup."""

import pytest
from lesson_runtime import run_chain
from support.languages import COURSE_LANGUAGES
from support.repo_course import repo_course

SLUG = "tools-and-trust"


def run_after(lang: str, snippet: str, code: str) -> dict:
    lesson = repo_course().lessons[f"{lang}/{SLUG}"]
    return run_chain(lesson.setup(snippet), code, timeout=30, lang=lesson.lang)


MESSAGES = """
REFUNDS.clear()
messages = [messages[0]]               # the page's refund request
assert run_turn(messages, SESSION) is WAITING
reply = resume(messages, SESSION, approved=True)
assert isinstance(reply, str) and reply, reply
last = messages[-1]
assert last["role"] == "assistant", last
assert [block["text"] for block in last["content"] if block["type"] == "text"] == [reply], last
messages.append({"role": "user", "content": "?"})
assert run_turn(messages, SESSION) is not None
"""

CHAT = """
REFUNDS.clear()
messages = [messages[0]]               # the page's refund request
reply = run_turn_chat(messages, SESSION)
if reply is WAITING:
    messages.extend({"role": "tool", "tool_call_id": call["id"], "content": "ok"}
                    for call in messages[-1]["tool_calls"])
    reply = run_turn_chat(messages, SESSION)
assert isinstance(reply, str) and reply, reply
assert messages[-1]["role"] == "assistant" and messages[-1]["content"] == reply, messages[-1]
"""


@pytest.mark.parametrize("lang", COURSE_LANGUAGES)
def test_the_answer_after_the_decision_stays_in_messages(lang):
    got = run_after(lang, "approval", MESSAGES)
    assert got["status"] == "done", got["error"]


@pytest.mark.parametrize("lang", COURSE_LANGUAGES)
def test_the_chat_answer_stays_in_messages(lang):
    got = run_after(lang, "colleague-chat", CHAT)
    assert got["status"] == "done", got["error"]
