"""Valid requests the fake once refused, sent by the real SDKs (anthropic 2.17, openai 3.63)
to `serve`: every answer is a strict SDK response, the same JSON as in process."""

import json

import anthropic
import openai
import pytest

import fake_client
from support.fake_client_programs import openai_tools, shop_tools
from support.sdk_types import assert_no_extra_fields

WEB_SEARCH = {"type": "web_search_20250305", "name": "web_search", "max_uses": 3}


def same_as_in_process(kind, served, call):
    """`served` (the raw JSON) is a strict SDK response and what the fake gives in process."""
    parsed = kind.model_validate(served, strict=True)
    assert_no_extra_fields(parsed)
    with fake_client.recording() as calls:
        call()
    assert calls[-1]["response"] == served
    return parsed


ANTHROPIC_CASES = {
    "web search offered": dict(tools=[WEB_SEARCH], messages=[{"role": "user", "content": "Кой спечели вчера?"}]),
    "an assistant greeting first": dict(messages=[{"role": "assistant", "content": "Здравейте!"},
                                                  {"role": "user", "content": "Благодаря!"}]),
    "Anthropic-defined client tools": dict(tools=[{"type": "bash_20250124", "name": "bash"}],
                                           messages=[{"role": "user", "content": "hi"}]),
}


@pytest.mark.parametrize("case", list(ANTHROPIC_CASES))
def test_anthropic_requests_once_refused(fake_server, case):
    arguments = {"model": "claude-sonnet-5", "max_tokens": 300, **ANTHROPIC_CASES[case]}
    client = anthropic.Anthropic(base_url=fake_server, api_key=f"accepted-{case}")
    served = json.loads(client.messages.with_raw_response.create(**arguments).http_response.text)
    parsed = same_as_in_process(anthropic.types.Message, served,
                                lambda: fake_client.Anthropic().messages.create(**arguments))
    if case == "web search offered":  # after the thinking block Sonnet 5 starts with by default
        assert [type(block).__name__ for block in parsed.content[:3]] == ["ThinkingBlock", "ServerToolUseBlock",
                                                                           "WebSearchToolResultBlock"]
        assert parsed.content[2].content.error_code == "unavailable"


def test_the_sdk_stream_helper_reads_a_searching_reply(fake_server):
    client = anthropic.Anthropic(base_url=fake_server, api_key="accepted-stream")
    arguments = dict(model="claude-haiku-4-5", max_tokens=300, tools=[WEB_SEARCH], messages=[{"role": "user", "content": "hi"}])
    with client.messages.stream(**arguments) as stream:
        streamed = stream.get_final_message()
    whole = fake_client.Anthropic().messages.create(**arguments)
    assert [block.to_dict() for block in streamed.content] == [block.to_dict() for block in whole.content]
    assert (streamed.id, streamed.stop_reason, streamed.usage.output_tokens) == (
        whole.id, whole.stop_reason, whole.usage.output_tokens)
    # and the reply goes back as the next request's assistant turn
    follow = arguments["messages"] + [{"role": "assistant", "content": streamed.content},
                                      {"role": "user", "content": "ok"}]
    assert client.messages.create(**{**arguments, "messages": follow}).stop_reason == "end_turn"


def test_search_results_in_a_tool_result(fake_server):
    client = anthropic.Anthropic(base_url=fake_server, api_key="accepted-search-result")
    tools = shop_tools("en")
    messages = [{"role": "user", "content": "Where is order 1042?"}]
    reply = client.messages.create(model="claude-haiku-4-5", max_tokens=300, tools=tools, messages=messages)
    messages += [{"role": "assistant", "content": reply.content}, {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": reply.content[-1].id, "content": [
            {"type": "search_result", "source": "orders://1042", "title": "Order 1042",
             "content": [{"type": "text", "text": "shipped, arrives 03.11"}]}]}]}]
    answer = client.messages.create(model="claude-haiku-4-5", max_tokens=300, tools=tools, messages=messages)
    assert "shipped, arrives 03.11" in answer.content[0].text


OPENAI_CASES = {
    "verbosity": {"verbosity": "low"}, "prompt_cache_key": {"prompt_cache_key": "shop"},
    "safety_identifier": {"safety_identifier": "user-7"}, "reasoning_effort none": {"reasoning_effort": "none"},
    "reasoning_effort xhigh": {"reasoning_effort": "xhigh"}, "n = 2": {"n": 2},
}


@pytest.mark.parametrize("case", list(OPENAI_CASES))
def test_openai_options_once_refused(fake_server, case):
    arguments = {"model": "gpt-5-mini", "tools": openai_tools(shop_tools("en")),
                 "messages": [{"role": "user", "content": "Where is order 1042?"}], **OPENAI_CASES[case]}
    client = openai.OpenAI(base_url=fake_server + "/v1", api_key=f"accepted-{case}")
    served = json.loads(client.chat.completions.with_raw_response.create(**arguments).http_response.text)
    parsed = same_as_in_process(openai.types.chat.ChatCompletion, served,
                                lambda: fake_client.OpenAI().chat.completions.create(**arguments))
    assert len(parsed.choices) == arguments.get("n", 1)


def test_n_choices_stream_through_the_sdk_helper(fake_server):
    client = openai.OpenAI(base_url=fake_server + "/v1", api_key="accepted-n-stream")
    arguments = dict(model="gpt-4o-mini", n=2, tools=openai_tools(shop_tools("en")),
                     messages=[{"role": "user", "content": "Where is order 1042?"}])
    with client.chat.completions.stream(**arguments) as stream:
        final = stream.get_final_completion()
    whole = fake_client.OpenAI().chat.completions.create(**arguments)
    assert [choice.message.tool_calls[0].id for choice in final.choices] == [
        choice.message.tool_calls[0].id for choice in whole.choices]
