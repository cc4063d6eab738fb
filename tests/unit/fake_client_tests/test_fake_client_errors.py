"""Bad requests are refused as the real APIs refuse them: HTTP 400, same type, same words."""

import pytest

import fake_client
from fake_client._ids import shaped_id
from fake_client import Anthropic, BadRequestError, OpenAI

TOOL = {"name": "get_order_status", "description": "Order status by number.",
        "input_schema": {"type": "object", "properties": {"order_id": {"type": "string"}},
                         "required": ["order_id"]}}
USE = {"type": "tool_use", "id": "call_1", "name": "get_order_status", "input": {"order_id": "1042"}}
QUESTION = {"role": "user", "content": "Where is order 1042?"}


def refusal(**request):
    request.setdefault("model", "m")
    request.setdefault("max_tokens", 100)
    with pytest.raises(BadRequestError) as caught:
        Anthropic().messages.create(**request)
    error = caught.value
    assert error.status_code == 400
    assert error.body["type"] == "error"
    assert error.body["error"]["type"] == "invalid_request_error"
    # as anthropic 2.17 prints it: status, message, then what names the failure (the answer's
    # request id first)
    assert error.request_id.startswith("req_01")
    assert str(error) == (f"400 {error.body['error']['message']} (request_id: {error.request_id}, "
                          "path: /v1/messages, type: invalid_request_error)")
    return error.body["error"]["message"]


def test_tool_use_without_tool_result():
    assert refusal(tools=[TOOL], messages=[
        QUESTION, {"role": "assistant", "content": [USE]},
        {"role": "user", "content": "and?"}]) == (
        "messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: "
        "call_1. Each `tool_use` block must have a corresponding `tool_result` block in the next message.")


def test_tool_use_left_last_lists_every_id():
    second = dict(USE, id="call_2")
    assert refusal(tools=[TOOL], messages=[QUESTION, {"role": "assistant", "content": [USE, second]}]
                   ).startswith("messages.1: `tool_use` ids were found without `tool_result` "
                                "blocks immediately after: call_1, call_2. ")


def test_text_before_the_tool_results_is_refused():
    second = dict(USE, id="call_2")
    result = {"type": "tool_result", "tool_use_id": "call_1", "content": "ok"}
    assert refusal(tools=[TOOL], messages=[
        QUESTION, {"role": "assistant", "content": [USE, second]},
        {"role": "user", "content": [result, {"type": "text", "text": "here:"},
                                     dict(result, tool_use_id="call_2")]}]) == (
        "messages.2: Did not find 2 `tool_result` block(s) at the beginning of this message. "
        "Messages following `tool_use` blocks must begin with a matching number of "
        "`tool_result` blocks.")


def test_text_after_the_tool_results_is_accepted():
    reply = Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=100, tools=[TOOL], messages=[
        QUESTION, {"role": "assistant", "content": [USE]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "call_1", "content": "ok"},
                                     {"type": "text", "text": "Thanks."}]}])
    assert reply.stop_reason in ("end_turn", "tool_use")


def test_tool_result_answering_nothing():
    assert refusal(tools=[TOOL], messages=[
        QUESTION, {"role": "assistant", "content": [USE]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "call_1", "content": "ok"},
                                     {"type": "tool_result", "tool_use_id": "get_order_status",
                                      "content": "ok"}]}]) == (
        "messages.2.content.1: unexpected `tool_use_id` found in `tool_result` blocks: "
        "get_order_status. Each `tool_result` block must have a corresponding `tool_use` block "
        "in the previous message.")


def test_first_message_must_be_the_users():
    assert refusal(messages=[{"role": "assistant", "content": "Hello"}]) == (
        'messages: first message must use the "user" role')


def test_a_conversation_may_open_with_the_assistants_greeting():
    reply = Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=100, messages=[
        {"role": "assistant", "content": "Здравейте! С какво мога да помогна?"}, QUESTION])
    assert reply.stop_reason in ("end_turn", "tool_use")


def test_no_messages():
    assert refusal(messages=[]) == "messages: at least one message is required"


def test_tool_without_name_or_schema():
    assert refusal(tools=[{"description": "x", "input_schema": TOOL["input_schema"]}],
                   messages=[QUESTION]) == "tools.0.name: Field required"
    assert refusal(tools=[{"name": "x", "description": "x"}],
                   messages=[QUESTION]) == "tools.0.input_schema: Field required"
    assert refusal(tools=[{"name": "bad name", "input_schema": TOOL["input_schema"]}],
                   messages=[QUESTION]) == (
        "tools.0.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'")
    # "Define tools": up to 128 characters (no longer 64)
    assert refusal(tools=[{"name": "x" * 129, "input_schema": TOOL["input_schema"]}],
                   messages=[QUESTION]).startswith("tools.0.name: String should match pattern")
    Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=100, messages=[QUESTION],
                                tools=[{"name": "x" * 128, "input_schema": TOOL["input_schema"]}])
    assert refusal(tools=[{"name": "x", "input_schema": {"type": "string"}}],
                   messages=[QUESTION]) == "tools.0.input_schema.type: Input should be 'object'"
    assert refusal(tools=[TOOL, TOOL], messages=[QUESTION]) == "tools: Tool names must be unique."


def test_unknown_block_type():
    message = refusal(messages=[{"role": "user", "content": [{"type": "tool_call", "id": "x"}]}])
    assert message.startswith("messages.0.content.0: Input tag 'tool_call' found using 'type' "
                              "does not match any of the expected tags: ")
    assert "'tool_result', 'tool_use'" in message


def test_system_role_in_messages():
    assert refusal(messages=[{"role": "system", "content": "Be brief."}, QUESTION]) == (
        'messages: Unexpected role "system". The Messages API accepts a top-level `system` '
        'parameter, not "system" as an input message role.')


def test_tool_blocks_without_tools():
    assert refusal(messages=[QUESTION, {"role": "assistant", "content": [USE]},
                             {"role": "user", "content": [
                                 {"type": "tool_result", "tool_use_id": "call_1", "content": "ok"}]}]
                   ) == "Requests which include `tool_use` or `tool_result` blocks must define tools."


def test_empty_content():
    assert refusal(messages=[{"role": "user", "content": ""}]) == (
        "messages.0.content.0.text: text content blocks must contain non-whitespace text")
    assert refusal(messages=[{"role": "user", "content": []}]) == (
        "messages.0: all messages must have non-empty content except for the optional final "
        "assistant message")


def test_missing_block_fields_and_bad_max_tokens():
    assert refusal(messages=[{"role": "user", "content": [{"type": "text"}]}]) == (
        "messages.0.content.0.text.text: Field required")
    assert refusal(max_tokens=0, messages=[QUESTION]) == (
        "max_tokens: Input should be greater than or equal to 1")


def openai_refusal(**request):
    request.setdefault("model", "m")
    with pytest.raises(fake_client.BadRequestError) as caught:
        OpenAI().chat.completions.create(**request)
    error = caught.value
    assert error.status_code == 400
    assert error.body["type"] == "invalid_request_error"
    assert str(error) == f"Error code: 400 - {error.body['message']}"
    return error.body["message"], error.param, error.code


OPENAI_TOOL = {"type": "function", "function": {"name": "get_flower_inventory",
                                                "parameters": {"type": "object", "properties": {}}}}
CALL = {"id": "call_1", "type": "function",
        "function": {"name": "get_flower_inventory", "arguments": '{"city": "北京"}'}}


def test_openai_tool_message_answering_nothing():
    assert openai_refusal(tools=[OPENAI_TOOL], messages=[
        {"role": "user", "content": "北京的库存？"},
        {"role": "tool", "tool_call_id": "call_1", "content": "玫瑰: 100"}]) == (
        "Invalid parameter: messages with role 'tool' must be a response to a preceeding "
        "message with 'tool_calls'.", "messages.[1].role", None)


def test_openai_unanswered_tool_calls():
    second = dict(CALL, id="call_2")
    assert openai_refusal(tools=[OPENAI_TOOL], messages=[
        {"role": "user", "content": "北京和上海的库存？"},
        {"role": "assistant", "content": None, "tool_calls": [CALL, second]},
        {"role": "tool", "tool_call_id": "call_1", "content": "玫瑰: 100"},
        {"role": "user", "content": "还有呢？"}]) == (
        "An assistant message with 'tool_calls' must be followed by tool messages responding to "
        "each 'tool_call_id'. The following tool_call_ids did not have response messages: call_2",
        "messages.[1].role", None)


def test_openai_tool_definitions():
    assert openai_refusal(tools=[{"type": "function", "function": {"parameters": {}}}],
                          messages=[{"role": "user", "content": "hi"}]) == (
        "Missing required parameter: 'tools[0].function.name'.", "tools[0].function.name",
        "missing_required_parameter")
    assert openai_refusal(tools=[{"type": "function"}], messages=[{"role": "user", "content": "hi"}]
                          ) == ("Missing required parameter: 'tools[0].function'.",
                                "tools[0].function", "missing_required_parameter")
    assert openai_refusal(tools=[{"type": "function", "function": {
        "name": "f", "parameters": {"type": "string"}}}], messages=[{"role": "user", "content": "hi"}]
    ) == ("Invalid schema for function 'f': schema must be a JSON Schema of 'type: \"object\"', "
          "got 'type: \"string\"'.", "tools[0].function.parameters", "invalid_function_parameters")
    # a name of at most 64 characters (API reference, `tools[].function.name`)
    assert openai_refusal(tools=[{"type": "function", "function": {"name": "n" * 65}}],
                          messages=[{"role": "user", "content": "hi"}]) == (
        "Invalid 'tools[0].function.name': string too long. Expected a string with maximum length 64, "
        "but got a string with length 65 instead.", "tools[0].function.name", "string_above_max_length")


def test_openai_messages_and_roles():
    assert openai_refusal(messages=[]) == (
        "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an "
        "empty array instead.", "messages", "empty_array")
    assert openai_refusal(messages=[{"role": "robot", "content": "hi"}]) == (
        "Invalid value: 'robot'. Supported values are: 'system', 'assistant', 'user', 'function', "
        "'tool', and 'developer'.", "messages[0].role", "invalid_value")
    assert openai_refusal(tools=[OPENAI_TOOL], messages=[
        {"role": "user", "content": "hi"},
        {"role": "assistant", "tool_calls": [CALL]},
        {"role": "tool", "content": "x"}]) == (
        "Missing required parameter: 'messages[2].tool_call_id'.", "messages[2].tool_call_id",
        "missing_required_parameter")


def test_the_error_is_recorded():
    with fake_client.recording() as calls:
        with pytest.raises(BadRequestError):
            Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=10, messages=[])
    assert calls == [{"api": "anthropic", "request": {"model": "claude-haiku-4-5", "max_tokens": 10, "messages": []},
                      "response": None,
                      "error": {"type": "error", "error": {
                          "type": "invalid_request_error",
                          "message": "messages: at least one message is required"},
                          "request_id": shaped_id("anthropic_request", 1)},
                      "tool_tokens": None}]


def test_the_exception_tree_is_the_sdks():
    assert issubclass(BadRequestError, fake_client.APIStatusError)
    assert issubclass(fake_client.APIStatusError, fake_client.APIError)
    assert BadRequestError.status_code == 400


def test_a_tool_result_quoting_the_tool_name_is_reported_as_unexpected_first():
    assert refusal(tools=[TOOL], messages=[
        QUESTION, {"role": "assistant", "content": [USE]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "get_order_status",
                                      "content": "1042 — shipped"}]}]) == (
        "messages.2.content.0: unexpected `tool_use_id` found in `tool_result` blocks: "
        "get_order_status. Each `tool_result` block must have a corresponding `tool_use` block "
        "in the previous message.")


def test_a_result_put_in_an_assistant_message():
    assert refusal(tools=[TOOL], messages=[
        QUESTION, {"role": "assistant", "content": [USE]},
        {"role": "assistant", "content": [{"type": "tool_result", "tool_use_id": "call_1",
                                           "content": "1042 — shipped"}]}]).startswith(
        "messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: call_1.")


def test_a_number_json_cannot_carry_is_refused_even_right_after_a_good_request():
    # A request's body is made plain once and then passed along as it is: the next request
    # (here with the very same messages list) is a body of its own, checked again.
    messages = [QUESTION]
    Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=100, messages=messages)
    assert refusal(messages=messages, extra_body={"temperature": float("nan")}) == (
        "There was an error parsing the body of your request: nan is not a JSON number")


def test_the_body_made_plain_is_passed_along_not_walked_again():
    from fake_client._request_body import plain_body

    made = plain_body({"model": "claude-haiku-4-5", "messages": (QUESTION,)}, "anthropic")
    assert made == {"model": "claude-haiku-4-5", "messages": [QUESTION]}
    assert plain_body(made, "anthropic") is made
    assert plain_body({"model": "claude-haiku-4-5", "messages": [QUESTION]}, "anthropic") is not made
