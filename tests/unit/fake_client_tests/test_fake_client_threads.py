"""Server-held threads (Anthropic beta `thread`): a continue answers as the whole history
would, unknown or spent ids are refused, and the store forgets its oldest threads."""

import pytest

import fake_client
from fake_client import Anthropic, BadRequestError, NotFoundError
from fake_client._threads import ThreadStore
from support.fake_client_programs import SHOP_QUESTIONS, SHOP_SYSTEM, shop_runner, shop_tools


def results_for(reply, lang):
    run = shop_runner(lang)
    blocks = []
    for block in reply.content:
        if block.type == "tool_use":
            content, is_error = run(block.name, block.input)
            blocks.append({"type": "tool_result", "tool_use_id": block.id, "content": content,
                           "is_error": is_error})
    return {"role": "user", "content": blocks}


@pytest.mark.parametrize("lang", ["bg", "zh", "fa"])
def test_a_continue_answers_as_the_whole_history_does(lang):
    question = {"role": "user", "content": SHOP_QUESTIONS["two"][lang]}
    setup = dict(model="claude-haiku-4-5", max_tokens=1024, system=SHOP_SYSTEM[lang], tools=shop_tools(lang))
    threaded = Anthropic()
    first = threaded.beta.messages.create(**setup, messages=[question], thread={"type": "create"})
    answer = threaded.beta.messages.create(model="claude-haiku-4-5", max_tokens=1024, messages=[results_for(first, lang)],
                                           thread={"type": "continue", "previous_message_id": first.id})
    plain = Anthropic()
    again = plain.messages.create(**setup, messages=[question])
    whole = plain.messages.create(**setup, messages=[question, {"role": "assistant", "content": again.content},
                                                      results_for(again, lang)])
    assert answer.content == whole.content and answer.usage == whole.usage
    assert answer.stop_reason == "end_turn"


def test_an_unknown_id_is_refused_with_thread_not_found():
    client = Anthropic()
    with fake_client.recording() as calls, pytest.raises(NotFoundError) as refused:
        client.beta.messages.create(model="claude-haiku-4-5", max_tokens=100, messages=[{"role": "user", "content": "Hi"}],
                                    thread={"type": "continue", "previous_message_id": "msg_01nowhere"})
    assert refused.value.status_code == 404 and refused.value.error_code == "thread_not_found"
    assert refused.value.body["error"]["type"] == "not_found_error"
    assert "msg_01nowhere" in refused.value.body["error"]["message"]
    assert calls[0]["error"] == refused.value.body


def test_each_reply_is_continued_once_and_a_continue_keeps_system_and_tools():
    client = Anthropic()
    setup = dict(model="claude-haiku-4-5", max_tokens=300)
    first = client.beta.messages.create(**setup, system="Shop.", tools=shop_tools("en"), thread={"type": "create"},
                                        messages=[{"role": "user", "content": "Hello"}])
    go_on = {"type": "continue", "previous_message_id": first.id}
    with pytest.raises(BadRequestError, match="`tools` cannot be set on a `continue`"):
        client.beta.messages.create(**setup, tools=shop_tools("en"), thread=go_on,
                                    messages=[{"role": "user", "content": "Thanks!"}])
    second = client.beta.messages.create(**setup, thread=go_on, messages=[{"role": "user", "content": "Thanks!"}])
    assert second.usage.input_tokens > 346  # the held tools are still on the bill
    with pytest.raises(BadRequestError) as refused:
        client.beta.messages.create(**setup, thread=go_on, messages=[{"role": "user", "content": "Again"}])
    assert refused.value.error_code == "thread_already_continued"
    client.beta.messages.create(**setup, messages=[{"role": "user", "content": "Bye"}],
                                thread={"type": "continue", "previous_message_id": second.id})


def test_threads_are_per_client_and_not_in_the_plain_messages_api():
    first = Anthropic().beta.messages.create(model="claude-haiku-4-5", max_tokens=100, thread={"type": "create"},
                                             messages=[{"role": "user", "content": "Hi"}])
    with pytest.raises(NotFoundError):
        Anthropic().beta.messages.create(model="claude-haiku-4-5", max_tokens=100, messages=[{"role": "user", "content": "x"}],
                                         thread={"type": "continue", "previous_message_id": first.id})
    with pytest.raises(TypeError):
        Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=100, thread={"type": "create"},
                                    messages=[{"role": "user", "content": "Hi"}])


def test_the_store_forgets_its_oldest_thread():
    store = ThreadStore(limit=2)
    body = {"model": "claude-haiku-4-5", "max_tokens": 10, "messages": [{"role": "user", "content": "Hi"}]}
    for number in (1, 2, 3):
        store.hold(body, {"id": f"msg_{number}", "content": [{"type": "text", "text": "Hello"}]}, previous=None)
    assert len(store) == 2
    continued = {**body, "thread": {"type": "continue", "previous_message_id": "msg_3"}}
    assert len(store.expand(continued)["messages"]) == 3
    with pytest.raises(fake_client._errors.RequestRefused) as refused:
        store.expand({**continued, "thread": {"type": "continue", "previous_message_id": "msg_1"}})
    assert refused.value.status == 404


def test_malformed_threads_are_refused():
    client = Anthropic()
    for thread, message in [({"type": "fork"}, "thread: Input tag 'fork' found"),
                            ({"type": "continue"}, "thread.continue.previous_message_id: Field required")]:
        with pytest.raises(BadRequestError, match=message):
            client.beta.messages.create(model="claude-haiku-4-5", max_tokens=10, thread=thread,
                                        messages=[{"role": "user", "content": "x"}])
