"""The SDKs' own helpers against `python -m fake_client serve`: stream helpers, `parse`,
server-held threads and the Anthropic tool runner, with the real `anthropic` and `openai`
packages parsing every reply strictly."""

import itertools

import anthropic
import openai
import pydantic
import pytest
from anthropic import beta_tool

import fake_client
from support.fake_client_programs import ORDERS, SHOP_QUESTIONS, SHOP_SYSTEM, openai_tools, shop_tools

_keys = itertools.count(1)


def real_anthropic(url):
    """A real client with its own API key, so its ids count from 1 on the server."""
    return anthropic.Anthropic(base_url=url, api_key=f"helpers-{next(_keys)}", max_retries=0,
                               _strict_response_validation=True)


def real_openai(url):
    return openai.OpenAI(base_url=f"{url}/v1", api_key=f"helpers-{next(_keys)}", max_retries=0,
                         _strict_response_validation=True)


ANTHROPIC_REQUESTS = [
    dict(tools=shop_tools("bg"), messages=[{"role": "user", "content": SHOP_QUESTIONS["two"]["bg"]}]),
    dict(tools=shop_tools("zh"), max_tokens=3000, thinking={"type": "enabled", "budget_tokens": 1024},
         messages=[{"role": "user", "content": SHOP_QUESTIONS["status"]["zh"]}]),
    dict(messages=[{"role": "user", "content": SHOP_QUESTIONS["thanks"]["fa"]}]),
    dict(tools=shop_tools("ru"), max_tokens=9, messages=[{"role": "user", "content": SHOP_QUESTIONS["two"]["ru"]}]),
]


@pytest.mark.parametrize("request_", ANTHROPIC_REQUESTS)
def test_anthropic_stream_helper_gives_the_non_streamed_reply(fake_server, request_):
    request_ = {"model": "claude-haiku-4-5", "max_tokens": 1024, "system": SHOP_SYSTEM["bg"], **request_}
    expected = real_anthropic(fake_server).messages.create(**request_)
    with real_anthropic(fake_server).messages.stream(**request_) as stream:
        pieces = list(stream.text_stream)
        final = stream.get_final_message()
    assert final.model_dump(exclude_none=True) == expected.model_dump(exclude_none=True)
    assert final.model_dump(exclude_none=True) == fake_client.Anthropic().messages.create(
        **request_).model_dump(exclude_none=True)
    assert "".join(pieces) == "".join(block.text for block in expected.content if block.type == "text")


OPENAI_REQUESTS = [
    dict(tools=openai_tools(shop_tools("uk")), messages=[{"role": "user", "content": SHOP_QUESTIONS["two"]["uk"]}]),
    dict(messages=[{"role": "user", "content": SHOP_QUESTIONS["thanks"]["zh"]}]),
    dict(tools=openai_tools(shop_tools("en")), max_tokens=4,
         messages=[{"role": "user", "content": SHOP_QUESTIONS["two"]["en"]}]),
]


@pytest.mark.parametrize("request_", OPENAI_REQUESTS)
def test_openai_stream_helper_gives_the_non_streamed_reply(fake_server, request_):
    request_ = {"model": "gpt-4o-mini", **request_}
    expected = real_openai(fake_server).chat.completions.create(**request_)
    with real_openai(fake_server).chat.completions.stream(
            **request_, stream_options={"include_usage": True}) as stream:
        try:
            final = stream.get_final_completion()
        except openai.LengthFinishReasonError as cut:  # the helper refuses a cut reply, as it does for real
            final = cut.completion
    ours, theirs = final.choices[0], expected.choices[0]
    assert ours.finish_reason == theirs.finish_reason
    assert ours.message.content == theirs.message.content
    assert [(call.id, call.function.name, call.function.arguments) for call in ours.message.tool_calls or []] == \
        [(call.id, call.function.name, call.function.arguments) for call in theirs.message.tool_calls or []]
    assert (final.id, final.usage) == (expected.id, expected.usage)
    chunks = list(real_openai(fake_server).chat.completions.create(**request_, stream=True))
    assert all(chunk.object == "chat.completion.chunk" for chunk in chunks)


class Order(pydantic.BaseModel):
    order_id: str
    status: str
    days_left: int


def test_parse_returns_the_pydantic_object_in_both_sdks(fake_server):
    messages = [{"role": "user", "content": SHOP_QUESTIONS["status"]["ru"]}]
    parsed = real_anthropic(fake_server).messages.parse(model="claude-haiku-4-5", max_tokens=500, messages=messages,
                                                        output_format=Order)
    assert isinstance(parsed.parsed_output, Order) and parsed.parsed_output.order_id == "1042"
    ours = fake_client.Anthropic().messages.parse(model="claude-haiku-4-5", max_tokens=500, messages=messages,
                                                  output_format=Order)
    assert parsed.parsed_output == ours.parsed_output
    completion = real_openai(fake_server).chat.completions.parse(model="gpt-4o-mini", messages=messages,
                                                                 response_format=Order)
    message = completion.choices[0].message
    assert isinstance(message.parsed, Order) and message.parsed == ours.parsed_output


def test_structured_output_refusals_reach_the_sdks_with_the_same_text(fake_server):
    schema = {"type": "object", "properties": {"n": {"type": "integer"}}}
    request_ = dict(model="claude-haiku-4-5", max_tokens=100, messages=[{"role": "user", "content": "1042?"}],
                    output_config={"format": {"type": "json_schema", "schema": schema}})
    with pytest.raises(fake_client.BadRequestError) as ours:
        fake_client.Anthropic().messages.create(**request_)
    with pytest.raises(anthropic.BadRequestError) as theirs:
        real_anthropic(fake_server).messages.create(**request_)
    assert theirs.value.body == ours.value.body
    with pytest.raises(openai.BadRequestError) as refused:
        real_openai(fake_server).chat.completions.create(
            model="gpt-4o-mini", messages=[{"role": "user", "content": "1042?"}], response_format={"type": "json_object"})
    assert refused.value.param == "messages" and "the word 'json'" in str(refused.value)


@beta_tool
def get_order_status(order_id: str) -> str:
    """Delivery status and date of an order, by its number.

    Args:
        order_id: the order number, like 1042
    """
    order = ORDERS.get(order_id)
    return f"{order_id}: {order['status']}, arrives {order['eta']}" if order else f"no order {order_id}"


def test_the_tool_runner_finishes_the_shop_loop_on_a_thread(fake_server):
    client = real_anthropic(fake_server)
    runner = client.beta.messages.tool_runner(
        model="claude-haiku-4-5", max_tokens=1024, system=SHOP_SYSTEM["en"], tools=[get_order_status],
        messages=[{"role": "user", "content": "Where are orders 1042 and 1187?"}])
    replies = list(runner)
    assert [reply.stop_reason for reply in replies] == ["tool_use", "end_turn"]
    assert [block.input for block in replies[0].content if block.type == "tool_use"] == [
        {"order_id": "1042"}, {"order_id": "1187"}]
    final = replies[-1].content[0].text
    assert "1042: shipped, arrives 03.11" in final and "1187: delivered, arrives 26.10" in final


def test_the_tool_runner_replays_a_thread_the_server_forgot(fake_server):
    # A server that holds one thread: two runners in turn make it forget the first one's.
    from fake_client._server import FakeModelServer
    import threading
    server = FakeModelServer(("127.0.0.1", 0), quiet=True, max_threads=1)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        client = real_anthropic(server.url)
        question = [{"role": "user", "content": "Where is order 1042?"}]
        runner = client.beta.messages.tool_runner(model="claude-haiku-4-5", max_tokens=1024, tools=[get_order_status],
                                                  messages=question)
        first = next(runner)
        client.beta.messages.create(model="claude-haiku-4-5", max_tokens=100, messages=question, thread={"type": "create"},
                                    betas=["message-threads-2026-08-12"])  # pushes the runner's thread out
        final = next(runner)
        assert first.stop_reason == "tool_use" and final.stop_reason == "end_turn"
        assert "1042: shipped, arrives 03.11" in final.content[0].text
    finally:
        server.shutdown()
        server.server_close()


def test_a_continue_with_an_unknown_id_is_refused(fake_server):
    with pytest.raises(anthropic.NotFoundError) as refused:
        real_anthropic(fake_server).beta.messages.create(
            model="claude-haiku-4-5", max_tokens=100, messages=[{"role": "user", "content": "Hello"}],
            thread={"type": "continue", "previous_message_id": "msg_01unknown"},
            betas=["message-threads-2026-08-12"])
    assert refused.value.status_code == 404 and refused.value.error_code == "thread_not_found"
    assert type(refused.value).__name__ == "ThreadNotFoundError"
    with pytest.raises(fake_client.NotFoundError) as ours:
        fake_client.Anthropic().beta.messages.create(
            model="claude-haiku-4-5", max_tokens=100, messages=[{"role": "user", "content": "Hello"}],
            thread={"type": "continue", "previous_message_id": "msg_01unknown"})
    assert refused.value.body == ours.value.body
