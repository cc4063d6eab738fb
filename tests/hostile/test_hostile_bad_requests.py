"""Bad requests to fake_client, in both shapes, property-based (Hypothesis, derandomized, a
bounded number of examples): malformed histories, wrong types, missing fields, unknown blocks,
ids that do not match, huge and odd inputs. Every call gets a reply the real SDK's own types
accept, or the API's error (status, envelope, type, wording); never a Python exception of the
fake's own (KeyError, TypeError, RecursionError, …)."""

import math
from dataclasses import dataclass

import anthropic
import pydantic
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fake_client
from support.bad_requests import (NotHandled, anthropic_arguments, check_anthropic_reply, check_error,
                          check_openai_reply, deep, openai_arguments, outcome)
from support.hostile_tally import case

AREA = "bad requests"
hostile = settings(max_examples=90, derandomize=True, deadline=None, database=None, print_blob=True,
                   suppress_health_check=list(HealthCheck))
fewer = settings(hostile, max_examples=45)

COUNT_TOKENS_FIELDS = ("model", "messages", "system", "tools", "tool_choice", "thinking", "output_config")


@dataclass
class Order:
    order_id: str
    status: str


def anthropic_call(arguments: dict, how: str):
    client = fake_client.Anthropic()
    if how == "create":
        return lambda: client.messages.create(**arguments), lambda reply: check_anthropic_reply(reply, False)
    if how == "stream=True":
        return lambda: client.messages.create(stream=True, **arguments), lambda reply: check_anthropic_reply(reply, True)
    if how == "count_tokens":
        given_fields = {key: value for key, value in arguments.items() if key in COUNT_TOKENS_FIELDS}
        return (lambda: client.messages.count_tokens(**given_fields),
                lambda counted: anthropic.types.MessageTokensCount.model_validate(counted.to_dict(), strict=True))
    if how == "stream()":
        def helper():
            with client.messages.stream(**arguments) as stream:
                "".join(stream.text_stream)
                return stream.get_final_message()
        return helper, lambda reply: check_anthropic_reply(reply, False)
    if how == "parse":
        parse_fields = {key: value for key, value in arguments.items() if key != "output_config"}
        return lambda: client.messages.parse(output_format=Order, **parse_fields), check_parsed
    raise AssertionError(how)


def check_parsed(reply) -> None:
    check_anthropic_reply(reply, False)
    assert reply.parsed_output is None or isinstance(reply.parsed_output, Order)


def handled(call, api: str, check) -> str:
    """The call's outcome; a reply cut by max_tokens that ``parse`` cannot read is the SDK's
    own refusal: OpenAI's ``LengthFinishReasonError`` before reading, pydantic's
    ``ValidationError`` while reading (the fake's mirror of it for a dataclass), never a
    ``json.JSONDecodeError``."""
    try:
        return outcome(call, api, check)
    except (pydantic.ValidationError, fake_client.ValidationError, fake_client.LengthFinishReasonError) as error:
        if check not in (check_parsed, check_openai_parsed):
            raise
        return f"unreadable reply ({type(error).__name__})"


@pytest.mark.parametrize("how", ["create", "stream=True", "count_tokens", "stream()", "parse"])
def test_anthropic_shape(how):
    @(hostile if how == "create" else fewer)
    @given(anthropic_arguments)
    def each(arguments):
        with case(AREA):
            call, check = anthropic_call(arguments, how)
            handled(call, "anthropic", check)

    each()


def check_openai_parsed(reply) -> None:
    check_openai_reply(reply, False)
    parsed = reply.choices[0].message.parsed
    assert parsed is None or isinstance(parsed, Order)


@pytest.mark.parametrize("how", ["create", "stream=True", "parse"])
def test_openai_shape(how):
    @(hostile if how == "create" else fewer)
    @given(openai_arguments)
    def each(arguments):
        client = fake_client.OpenAI()
        with case(AREA):
            if how == "create":
                handled(lambda: client.chat.completions.create(**arguments), "openai",
                        lambda reply: check_openai_reply(reply, False))
            elif how == "stream=True":
                handled(lambda: client.chat.completions.create(stream=True, **arguments), "openai",
                        lambda reply: check_openai_reply(reply, True))
            else:
                fields = {key: value for key, value in arguments.items() if key != "response_format"}
                handled(lambda: client.chat.completions.parse(response_format=Order, **fields), "openai",
                        check_openai_parsed)

    each()


threads = st.one_of(st.just({"type": "create"}), st.fixed_dictionaries(
    {"type": st.sampled_from(["continue", "create", "resume"])},
    optional={"previous_message_id": st.sampled_from(["msg_011", "msg_012", "", None, 5])}),
    st.none(), st.integers(), st.text(max_size=5))


@fewer
@given(anthropic_arguments, threads, threads)
def test_anthropic_server_held_threads(arguments, first, then):
    client = fake_client.Anthropic()
    with case(AREA):
        for thread in (first, then):
            handled(lambda: client.beta.messages.create(thread=thread, **arguments), "anthropic",
                    lambda reply: check_anthropic_reply(reply, False))


GOOD_ANTHROPIC = {"model": "claude-haiku-4-5", "max_tokens": 100, "messages": [{"role": "user", "content": "Where is 1042?"}]}
GOOD_OPENAI = {"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "Where is 1042?"}]}
TOOL = {"name": "get_order_status", "description": "Status of an order by its number.",
        "input_schema": {"type": "object", "properties": {"order_id": {"type": "string"}}}}


def shop_reply():
    return fake_client.Anthropic().messages.create(**GOOD_ANTHROPIC, tools=[TOOL])


# Cases Hypothesis would rarely build: huge, deep, or Python values the wire never carries.
EXPLICIT = {
    "a 10 MB message": ("anthropic", {**GOOD_ANTHROPIC, "messages": [{"role": "user", "content": "слово " * 2_000_000}]}),
    "ten thousand messages": ("anthropic", {**GOOD_ANTHROPIC, "messages": [
        {"role": role, "content": "ok"} for _ in range(5000) for role in ("user", "assistant")][:-1]}),
    "a tool input nested 5000 deep": ("anthropic", {**GOOD_ANTHROPIC, "tools": [TOOL], "messages": [
        {"role": "user", "content": "1042?"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "get_order_status",
                                           "input": {"deep": deep(5000)}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "shipped"}]}]}),
    "NaN as the temperature": ("anthropic", {**GOOD_ANTHROPIC, "extra_body": {"temperature": math.nan}}),
    "Infinity in a tool input": ("anthropic", {**GOOD_ANTHROPIC, "tools": [TOOL], "messages": [
        {"role": "user", "content": "1042?"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "get_order_status",
                                           "input": {"n": math.inf}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "x"}]}]}),
    "messages as a generator": ("anthropic", {**GOOD_ANTHROPIC, "messages": (m for m in GOOD_ANTHROPIC["messages"])}),
    "messages as a number": ("anthropic", {**GOOD_ANTHROPIC, "messages": 5}),
    "messages as None": ("anthropic", {**GOOD_ANTHROPIC, "messages": None}),
    "messages as a set": ("anthropic", {**GOOD_ANTHROPIC, "messages": {"hello"}}),
    "a message as a tuple of pairs": ("anthropic", {**GOOD_ANTHROPIC, "messages": [(("role", "user"),)]}),
    "numbers as dict keys": ("anthropic", {**GOOD_ANTHROPIC, "messages": [{"role": "user", "content": "hi", 1: 2}]}),
    "a response's content sent back": ("anthropic", {**GOOD_ANTHROPIC, "tools": [TOOL], "messages": [
        {"role": "user", "content": "Where is 1042?"}, {"role": "assistant", "content": shop_reply().content}]}),
    "a max_tokens of 2**100": ("anthropic", {**GOOD_ANTHROPIC, "max_tokens": 2 ** 100}),
    "a tool schema with a $ref loop": ("anthropic", {**GOOD_ANTHROPIC, "tools": [
        {**TOOL, "input_schema": {"type": "object", "$defs": {"a": {"anyOf": [{"$ref": "#/$defs/a"}]}},
                                  "properties": {"x": {"$ref": "#/$defs/a"}}, "required": ["x"]}}],
        "tool_choice": {"type": "any"}}),
    "an output schema with a $ref loop": ("anthropic", {**GOOD_ANTHROPIC, "output_config": {"format": {
        "type": "json_schema", "schema": {"$defs": {"a": {"anyOf": [{"$ref": "#/$defs/a"}]}}, "$ref": "#/$defs/a"}}}}),
    "an unknown field in extra_body": ("anthropic", {**GOOD_ANTHROPIC, "extra_body": {"temprature": 1}}),
    "OpenAI: a 10 MB message": ("openai", {**GOOD_OPENAI, "messages": [{"role": "user", "content": "word " * 2_000_000}]}),
    "OpenAI: arguments nested 100000 deep": ("openai", {**GOOD_OPENAI, "messages": [
        {"role": "user", "content": "1042?"},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "call_1", "type": "function", "function": {
            "name": "f", "arguments": "[" * 100_000 + "]" * 100_000}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": "ok"}],
        "tools": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}]}),
    "OpenAI: messages as a string": ("openai", {**GOOD_OPENAI, "messages": "hello"}),
    "OpenAI: NaN top_p": ("openai", {**GOOD_OPENAI, "top_p": math.nan}),
    "OpenAI: the assistant message object sent back": ("openai", {**GOOD_OPENAI, "messages": [
        *GOOD_OPENAI["messages"], fake_client.OpenAI().chat.completions.create(**GOOD_OPENAI).choices[0].message,
        {"role": "user", "content": "thanks"}]}),
    "OpenAI: an unknown field in extra_body": ("openai", {**GOOD_OPENAI, "extra_body": {"foo": 1}}),
    "OpenAI: stream_options without stream": ("openai", {**GOOD_OPENAI, "stream_options": {"include_usage": True}}),
}


@pytest.mark.parametrize("name", list(EXPLICIT))
def test_explicit_hostile_request(name):
    api, arguments = EXPLICIT[name]
    with case(AREA):
        if api == "anthropic":
            handled(lambda: fake_client.Anthropic().messages.create(**arguments), api,
                    lambda reply: check_anthropic_reply(reply, False))
        else:
            handled(lambda: fake_client.OpenAI().chat.completions.create(**arguments), api,
                    lambda reply: check_openai_reply(reply, False))


@pytest.mark.parametrize("call", [
    lambda: fake_client.Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=5),
    lambda: fake_client.Anthropic().messages.create("m", 5, []),
    lambda: fake_client.Anthropic().messages.count_tokens(model="claude-haiku-4-5"),
    lambda: fake_client.OpenAI().chat.completions.create(model="gpt-4o-mini"),
    lambda: fake_client.OpenAI().chat.completions.create(model="gpt-4o-mini", messages=[], frobnicate=1),
    lambda: fake_client.Anthropic().messages.parse(output_format=5, **GOOD_ANTHROPIC),
    lambda: fake_client.OpenAI().chat.completions.parse(response_format="json", **GOOD_OPENAI),
])
def test_a_call_the_sdk_itself_refuses_is_a_type_error_naming_the_argument(call):
    """As with the SDKs, arguments missing or unknown to the Python method are refused before
    any request: a TypeError whose message says which."""
    with case(AREA):
        with pytest.raises(TypeError) as raised:
            call()
        message = str(raised.value)
        assert any(word in message for word in ("argument", "output format", "response format")), message


def test_errors_keep_the_real_wording_for_known_mistakes():
    client = fake_client.Anthropic()
    with case(AREA):
        with pytest.raises(fake_client.BadRequestError) as raised:
            client.messages.create(model="claude-haiku-4-5", max_tokens=10, tools=[TOOL], messages=[
                {"role": "user", "content": "1042?"},
                {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "get_order_status",
                                                   "input": {}}]},
                {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_2", "content": "x"}]}])
        check_error(raised.value, "anthropic")
        assert "unexpected `tool_use_id` found in `tool_result` blocks: toolu_2" in raised.value.body["error"]["message"]
    with case(AREA):
        with pytest.raises(fake_client.BadRequestError) as raised:
            fake_client.OpenAI().chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": 42}])
        check_error(raised.value, "openai")
        assert raised.value.body["message"] == ("Invalid type for 'messages[0].content': expected one of a string "
                                                "or array of objects, but got an integer instead.")


def test_the_checker_tells_a_python_error_from_the_apis():
    with pytest.raises(NotHandled):
        check_error(fake_client.BadRequestError(
            "400 'NoneType' object has no attribute 'get' (path: /v1/messages, type: invalid_request_error)", body={
            "type": "error", "error": {"type": "invalid_request_error",
                                       "message": "'NoneType' object has no attribute 'get'"}}, status_code=400),
            "anthropic")
