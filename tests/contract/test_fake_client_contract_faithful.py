"""The real SDKs against `serve`, with strict response validation, for each way the fake follows
the real APIs: text before tool calls, id shapes, every tool_choice value and its refusals,
parallel off, strict schemas, thinking blocks, count_tokens, max_tokens cuts and stop sequences.
Each request is sent twice, to fake_client in process and through the real SDK to `serve`:
the replies (or the refusals) must be the same."""

import itertools
import json
import re

import anthropic
import openai
import pytest

import fake_client
from support.fake_client_programs import SHOP_QUESTIONS, SHOP_SYSTEM, openai_tools, shop_runner, shop_tools
from support.sdk_types import assert_no_extra_fields

_keys = itertools.count(1)
STATUS, TWO, THANKS = SHOP_QUESTIONS["status"]["bg"], SHOP_QUESTIONS["two"]["bg"], SHOP_QUESTIONS["thanks"]["bg"]
STRICT = {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"],
          "additionalProperties": False}


def real_anthropic(url):
    return anthropic.Anthropic(base_url=url, api_key=f"faithful-{next(_keys)}", max_retries=0,
                               _strict_response_validation=True)


def real_openai(url):
    return openai.OpenAI(base_url=f"{url}/v1", api_key=f"faithful-{next(_keys)}", max_retries=0,
                         _strict_response_validation=True)


def anthropic_request(question=STATUS, **options):
    request = dict(model="claude-haiku-4-5", max_tokens=1024, system=SHOP_SYSTEM["bg"],
                   tools=shop_tools("bg"), messages=[{"role": "user", "content": question}])
    request.update(options)
    return {key: value for key, value in request.items() if value is not None}


def openai_request(question=STATUS, **options):
    request = dict(model="gpt-4o", tools=openai_tools(shop_tools("bg")),
                   messages=[{"role": "user", "content": question}])
    request.update(options)
    return {key: value for key, value in request.items() if value is not None}


ANTHROPIC_CASES = {
    "preamble": anthropic_request(),
    "two calls": anthropic_request(TWO),
    "auto": anthropic_request(tool_choice={"type": "auto"}),
    "any": anthropic_request(THANKS, tool_choice={"type": "any"}),
    "tool": anthropic_request(tool_choice={"type": "tool", "name": "get_return_window"}),
    "none": anthropic_request(tool_choice={"type": "none"}),
    "parallel off": anthropic_request(TWO, tool_choice={"type": "auto", "disable_parallel_tool_use": True}),
    "strict": anthropic_request(SHOP_QUESTIONS["no_number"]["bg"], tools=[
        {**tool, "strict": True, "input_schema": STRICT} for tool in shop_tools("bg")]),
    "cut in a tool call": anthropic_request(max_tokens=9),
    "cut in the text": anthropic_request(max_tokens=2),
    "stop sequence": anthropic_request(THANKS, stop_sequences=["Ако"]),
    "thinking": anthropic_request(max_tokens=4000, thinking={"type": "enabled", "budget_tokens": 2000}),
    "adaptive thinking": anthropic_request(THANKS, thinking={"type": "adaptive"}),
}


@pytest.mark.parametrize("name", list(ANTHROPIC_CASES))
def test_anthropic_replies_parse_strictly_and_equal_the_fakes(fake_server, name):
    request = ANTHROPIC_CASES[name]
    ours = fake_client.Anthropic().messages.create(**request)
    theirs = real_anthropic(fake_server).messages.create(**request)
    assert_no_extra_fields(theirs)
    anthropic.types.Message.model_validate(theirs.to_dict(), strict=True)
    assert theirs.to_dict() == ours.to_dict()
    assert re.fullmatch(r"msg_01[0-9A-Za-z]{6}", theirs.id)
    assert all(re.fullmatch(r"toolu_01[0-9A-Za-z]{6}", block.id)
               for block in theirs.content if block.type == "tool_use")


def test_what_each_anthropic_case_shows(fake_server):
    client = real_anthropic(fake_server)
    kinds = {name: [block.type for block in client.messages.create(**request).content]
             for name, request in ANTHROPIC_CASES.items()}
    assert kinds["preamble"] == ["text", "tool_use"] and kinds["two calls"] == ["text", "tool_use", "tool_use"]
    assert kinds["any"] == kinds["tool"] == ["tool_use"] and kinds["none"] == ["text"]
    assert kinds["parallel off"] == ["text", "tool_use"]
    assert kinds["thinking"] == ["thinking", "text", "tool_use"] and kinds["adaptive thinking"] == ["thinking", "text"]
    cut = client.messages.create(**ANTHROPIC_CASES["cut in a tool call"])
    assert (cut.stop_reason, cut.usage.output_tokens, cut.content[-1].type) == ("max_tokens", 9, "tool_use")
    stopped = client.messages.create(**ANTHROPIC_CASES["stop sequence"])
    assert (stopped.stop_reason, stopped.stop_sequence) == ("stop_sequence", "Ако")
    strict = client.messages.create(**ANTHROPIC_CASES["strict"])
    assert strict.content[-1].input == {"order_id": ""}


OPENAI_CASES = {
    "tool calls": openai_request(TWO),
    "auto": openai_request(tool_choice="auto"),
    "required": openai_request(THANKS, tool_choice="required"),
    "named function": openai_request(tool_choice={"type": "function", "function": {"name": "get_return_window"}}),
    "none": openai_request(tool_choice="none"),
    "parallel off": openai_request(TWO, parallel_tool_calls=False),
    "strict": openai_request(SHOP_QUESTIONS["no_number"]["bg"], tools=[
        {"type": "function", "function": {"name": "get_order_status", "description": "Статус на поръчка.",
                                          "strict": True, "parameters": STRICT}}]),
    "cut in arguments": openai_request(max_tokens=2),
    "stop": openai_request(THANKS, tools=None, stop=["Ако"]),
}


@pytest.mark.parametrize("name", list(OPENAI_CASES))
def test_openai_replies_parse_strictly_and_equal_the_fakes(fake_server, name):
    request = OPENAI_CASES[name]
    ours = fake_client.OpenAI().chat.completions.create(**request)
    theirs = real_openai(fake_server).chat.completions.create(**request)
    assert_no_extra_fields(theirs)
    openai.types.chat.ChatCompletion.model_validate(theirs.to_dict(), strict=True)
    assert theirs.to_dict() == ours.to_dict()
    assert re.fullmatch(r"chatcmpl-[0-9A-Za-z]{8}", theirs.id)
    assert all(re.fullmatch(r"call_[0-9A-Za-z]{8}", call.id) for call in theirs.choices[0].message.tool_calls or [])


def test_what_each_openai_case_shows(fake_server):
    client = real_openai(fake_server)
    choices = {name: client.chat.completions.create(**request).choices[0]
               for name, request in OPENAI_CASES.items()}
    assert choices["tool calls"].message.content is None and len(choices["tool calls"].message.tool_calls) == 2
    assert choices["required"].finish_reason == "tool_calls"
    assert choices["named function"].finish_reason == "stop"
    assert choices["named function"].message.tool_calls[0].function.name == "get_return_window"
    assert choices["none"].message.tool_calls is None
    assert len(choices["parallel off"].message.tool_calls) == 1
    assert json.loads(choices["strict"].message.tool_calls[0].function.arguments) == {"order_id": ""}
    assert choices["cut in arguments"].finish_reason == "length"
    with pytest.raises(json.JSONDecodeError):
        json.loads(choices["cut in arguments"].message.tool_calls[0].function.arguments)
    assert choices["stop"].finish_reason == "stop" and "Ако" not in choices["stop"].message.content


ANTHROPIC_REFUSED = {
    "unknown forced tool": anthropic_request(tool_choice={"type": "tool", "name": "cancel_order"}),
    "forcing without tools": anthropic_request(tools=None, tool_choice={"type": "any"}),
    "unknown tool_choice": anthropic_request(tool_choice={"type": "required"}),
    "thinking with forced tool": anthropic_request(max_tokens=4000, tool_choice={"type": "any"},
                                                   thinking={"type": "enabled", "budget_tokens": 2000}),
    "small budget": anthropic_request(thinking={"type": "enabled", "budget_tokens": 100}),
    "budget above max_tokens": anthropic_request(thinking={"type": "enabled", "budget_tokens": 2000}),
}


@pytest.mark.parametrize("name", list(ANTHROPIC_REFUSED))
def test_anthropic_refusals_are_the_sdks_own_errors(fake_server, name):
    request = ANTHROPIC_REFUSED[name]
    with pytest.raises(fake_client.BadRequestError) as ours:
        fake_client.Anthropic().messages.create(**request)
    with pytest.raises(anthropic.BadRequestError) as theirs:
        real_anthropic(fake_server).messages.create(**request)
    assert theirs.value.status_code == 400
    assert theirs.value.body == ours.value.body and str(theirs.value) == str(ours.value)


OPENAI_REFUSED = {
    "unknown tool_choice": openai_request(tool_choice="any"),
    "unknown named function": openai_request(tool_choice={"type": "function", "function": {"name": "cancel"}}),
    "tool_choice without tools": openai_request(tools=None, tool_choice="required"),
    "parallel_tool_calls without tools": openai_request(tools=None, parallel_tool_calls=False),
    "strict without additionalProperties": openai_request(tools=[{"type": "function", "function": {
        "name": "get_order_status", "strict": True, "parameters": {
            "type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]}}}]),
    "strict with an optional field": openai_request(tools=[{"type": "function", "function": {
        "name": "get_order_status", "strict": True, "parameters": {
            "type": "object", "properties": {"order_id": {"type": "string"}, "note": {"type": "string"}},
            "required": ["order_id"], "additionalProperties": False}}}]),
}


@pytest.mark.parametrize("name", list(OPENAI_REFUSED))
def test_openai_refusals_are_the_sdks_own_errors(fake_server, name):
    request = OPENAI_REFUSED[name]
    with pytest.raises(fake_client.BadRequestError) as ours:
        fake_client.OpenAI().chat.completions.create(**request)
    with pytest.raises(openai.BadRequestError) as theirs:
        real_openai(fake_server).chat.completions.create(**request)
    assert theirs.value.status_code == 400
    assert theirs.value.body == ours.value.body and str(theirs.value) == str(ours.value)
    assert (theirs.value.param, theirs.value.code) == (ours.value.param, ours.value.code)


def thinking_round_trip(client, keep):
    """A tool round trip with thinking on, the SDK's own blocks sent back through `keep`."""
    request = anthropic_request(max_tokens=4000, thinking={"type": "enabled", "budget_tokens": 2000})
    reply = client.messages.create(**request)
    block = next(block for block in reply.content if block.type == "tool_use")
    content, _ = shop_runner("bg")(block.name, block.input)
    request["messages"] = [*request["messages"], {"role": "assistant", "content": keep(reply.content)},
                           {"role": "user", "content": [{"type": "tool_result", "tool_use_id": block.id,
                                                         "content": content}]}]
    return client.messages.create(**request)


def test_thinking_blocks_go_back_through_the_real_sdk(fake_server):
    client = real_anthropic(fake_server)
    final = thinking_round_trip(client, lambda content: content)
    assert final.stop_reason == "end_turn"
    assert isinstance(final.content[0], anthropic.types.ThinkingBlock)
    with pytest.raises(anthropic.BadRequestError) as refused:
        thinking_round_trip(client, lambda content: [b for b in content if b.type != "thinking"])
    assert "Expected `thinking` or `redacted_thinking`, but found `text`" in refused.value.body["error"]["message"]


def test_count_tokens_through_the_real_sdk(fake_server):
    client = real_anthropic(fake_server)
    request = anthropic_request()
    counted = client.messages.count_tokens(**{key: value for key, value in request.items() if key != "max_tokens"})
    assert isinstance(counted, anthropic.types.MessageTokensCount)
    assert counted.input_tokens == client.messages.create(**request).usage.input_tokens
    assert counted.input_tokens == fake_client.Anthropic().messages.count_tokens(
        **{key: value for key, value in request.items() if key != "max_tokens"}).input_tokens
