"""Where real code breaks against the real APIs, the fake does what they do: text before tool
calls, id shapes, tool_choice, strict tools, stop reasons, extended thinking. Each behaviour in
every language."""

import json
import re

import pytest

from fake_client import Anthropic, BadRequestError, OpenAI
from fake_client._thinking import signature
from fake_client.locales import phrase
from support.fake_client_programs import (LANGUAGES, SHOP_QUESTIONS, SHOP_SYSTEM, openai_tools, shop_runner,
                                  shop_tools)

STATUS, TWO, THANKS, NO_NUMBER = (SHOP_QUESTIONS[kind] for kind in ("status", "two", "thanks", "no_number"))


def create(lang, question, **options):
    request = dict(model="claude-haiku-4-5", max_tokens=1024, system=SHOP_SYSTEM[lang], tools=shop_tools(lang),
                   messages=[{"role": "user", "content": question}])
    return Anthropic().messages.create(**{**request, **options})


def complete(lang, question, **options):
    request = dict(model="gpt-4o-mini", tools=openai_tools(shop_tools(lang)), messages=[
        {"role": "system", "content": SHOP_SYSTEM[lang]}, {"role": "user", "content": question}])
    return OpenAI().chat.completions.create(**{**request, **options})


def types(reply):
    return [block.type for block in reply.content]


def calls(reply):
    return [(block.name, block.input) for block in reply.content if block.type == "tool_use"]


def openai_calls(reply):
    return [(call.function.name, json.loads(call.function.arguments))
            for call in reply.choices[0].message.tool_calls or []]


# --- a short text before tool calls ---------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_reply_that_calls_tools_starts_with_text_in_the_question_language(lang):
    reply = create(lang, STATUS[lang])
    assert types(reply) == ["text", "tool_use"]
    assert reply.content[0].text == phrase(lang, "preamble.values", values="1042", tools="get_order_status")
    two = create(lang, TWO[lang])
    assert types(two) == ["text", "tool_use", "tool_use"]
    separator = phrase(lang, "short_separator")
    assert two.content[0].text == phrase(lang, "preamble.values", values=f"1042{separator}1187",
                                         tools=f"get_order_status{separator}get_return_window")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_call_without_a_value_names_only_the_tool(lang):
    reply = create(lang, NO_NUMBER[lang])
    assert reply.content[0].text == phrase(lang, "preamble.plain", tools="get_order_status")
    assert calls(reply) == [("get_order_status", {})]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_plain_answer_and_the_openai_shape_have_no_preamble(lang):
    assert types(create(lang, THANKS[lang])) == ["text"]
    message = complete(lang, STATUS[lang]).choices[0].message
    assert message.content is None and len(message.tool_calls) == 1


def test_the_same_request_gives_the_same_reply():
    assert create("bg", TWO["bg"]).to_json() == create("bg", TWO["bg"]).to_json()


# --- id shapes --------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_ids_have_the_real_prefixes_and_never_repeat(lang):
    client = Anthropic()
    replies = [client.messages.create(model="claude-haiku-4-5", max_tokens=300, tools=shop_tools(lang), messages=[
        {"role": "user", "content": TWO[lang]}]) for _ in range(3)]
    assert all(re.fullmatch(r"msg_01[0-9A-Za-z]{6}", reply.id) for reply in replies)
    tool_ids = [block.id for reply in replies for block in reply.content if block.type == "tool_use"]
    assert all(re.fullmatch(r"toolu_01[0-9A-Za-z]{6}", tool_id) for tool_id in tool_ids)
    assert len(set(tool_ids)) == 6
    openai = OpenAI()
    completion = openai.chat.completions.create(model="gpt-4o-mini", tools=openai_tools(shop_tools(lang)),
                                                messages=[{"role": "user", "content": TWO[lang]}])
    assert re.fullmatch(r"chatcmpl-[0-9A-Za-z]{8}", completion.id)
    assert all(re.fullmatch(r"call_[0-9A-Za-z]{8}", call.id)
               for call in completion.choices[0].message.tool_calls)


# --- tool_choice, Anthropic shape ------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_any_forces_a_call_without_text(lang):
    reply = create(lang, THANKS[lang], tool_choice={"type": "any"})
    assert reply.stop_reason == "tool_use"
    assert types(reply) == ["tool_use"]
    forced = create(lang, STATUS[lang], tool_choice={"type": "any"})
    assert calls(forced) == [("get_order_status", {"order_id": "1042"})] and types(forced) == ["tool_use"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_tool_forces_that_tool_with_the_value_the_question_names(lang):
    reply = create(lang, STATUS[lang], tool_choice={"type": "tool", "name": "get_return_window"})
    assert calls(reply) == [("get_return_window", {"order_id": "1042"})]
    assert types(reply) == ["tool_use"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_none_never_calls_and_answers_as_without_tools(lang):
    reply = create(lang, STATUS[lang], tool_choice={"type": "none"})
    assert reply.stop_reason == "end_turn"
    assert types(reply) == ["text"]
    assert reply.content[0].text == phrase(lang, "shop.made_up_status", order="1042")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_parallel_off_gives_one_call_per_reply(lang):
    reply = create(lang, TWO[lang], tool_choice={"type": "auto", "disable_parallel_tool_use": True})
    assert calls(reply) == [("get_order_status", {"order_id": "1042"})]
    assert reply.content[0].text == phrase(lang, "preamble.values", values="1042", tools="get_order_status")


def _result(block, run):
    text, is_error = run(block.name, block.input)
    return {"type": "tool_result", "tool_use_id": block.id, "content": text, "is_error": is_error}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_parallel_off_asks_the_held_back_call_next_then_answers(lang):
    # A real model goes on with the second order after the first result instead of answering
    # about one of the two.
    client, run = Anthropic(), shop_runner(lang)
    choice = {"type": "auto", "disable_parallel_tool_use": True}
    messages = [{"role": "user", "content": TWO[lang]}]
    asked = []
    for _ in range(3):
        reply = client.messages.create(model="claude-haiku-4-5", max_tokens=1024, system=SHOP_SYSTEM[lang],
                                       tools=shop_tools(lang), tool_choice=choice, messages=messages)
        if reply.stop_reason != "tool_use":
            break
        assert len(calls(reply)) == 1
        asked += calls(reply)
        messages += [{"role": "assistant", "content": reply.content},
                     {"role": "user", "content": [_result(block, run) for block in reply.content
                                                  if block.type == "tool_use"]}]
    assert reply.stop_reason == "end_turn"
    assert asked == [("get_order_status", {"order_id": "1042"}), ("get_return_window", {"order_id": "1187"})]
    answer = reply.content[-1].text
    assert "1042" in answer and "1187" in answer     # about both orders, not the last result only
    single = complete(lang, TWO[lang], parallel_tool_calls=False)
    assert len(openai_calls(single)) == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_any_in_a_loop_calls_again_instead_of_answering(lang):
    client, run = Anthropic(), shop_runner(lang)
    messages = [{"role": "user", "content": STATUS[lang]}]
    for _ in range(3):
        reply = client.messages.create(model="claude-haiku-4-5", max_tokens=300, tools=shop_tools(lang),
                                       tool_choice={"type": "any"}, messages=messages)
        assert reply.stop_reason == "tool_use"
        (block,) = [block for block in reply.content if block.type == "tool_use"]
        assert (block.name, block.input) == ("get_order_status", {"order_id": "1042"})
        messages.append({"role": "assistant", "content": reply.content})
        messages.append({"role": "user", "content": [{"type": "tool_result", "tool_use_id": block.id,
                                                      "content": run(block.name, block.input)[0]}]})


ANTHROPIC_REFUSALS = [
    (dict(tool_choice={"type": "tool", "name": "cancel_order"}),
     "tool_choice.name: tool `cancel_order` is not among the provided `tools`."),
    (dict(tools=None, tool_choice={"type": "any"}),
     "tool_choice: a `tool_choice` that forces tool use requires `tools`."),
    (dict(tool_choice={"type": "required"}),
     "tool_choice: Input tag 'required' found using 'type' does not match any of the expected tags: "
     "'auto', 'any', 'tool', 'none'"),
    (dict(tool_choice={"type": "tool"}), "tool_choice.tool.name: Field required"),
    (dict(max_tokens=2048, tool_choice={"type": "any"}, thinking={"type": "enabled", "budget_tokens": 1024}),
     "Thinking may not be enabled when tool_choice forces tool use."),
    (dict(thinking={"type": "enabled", "budget_tokens": 512}),
     "thinking.enabled.budget_tokens: Input should be greater than or equal to 1024"),
    (dict(max_tokens=1024, thinking={"type": "enabled", "budget_tokens": 1024}),
     "`max_tokens` must be greater than `thinking.budget_tokens`. Please consult our documentation at "
     "https://docs.claude.com/en/docs/build-with-claude/extended-thinking#max-tokens-and-context-window-size"),
]


@pytest.mark.parametrize("options, message", ANTHROPIC_REFUSALS)
def test_anthropic_refuses_what_the_real_api_refuses(options, message):
    if options.get("tools", "") is None:
        options = {key: value for key, value in options.items() if key != "tools"}
        request = dict(model="claude-haiku-4-5", max_tokens=1024, messages=[{"role": "user", "content": STATUS["bg"]}])
        call = lambda: Anthropic().messages.create(**request, **options)  # noqa: E731
    else:
        call = lambda: create("bg", STATUS["bg"], **options)  # noqa: E731
    with pytest.raises(BadRequestError) as refused:
        call()
    assert refused.value.status_code == 400
    assert refused.value.body.pop("request_id") == refused.value.request_id
    assert refused.value.body == {"type": "error", "error": {"type": "invalid_request_error",
                                                             "message": message}}


# --- tool_choice, OpenAI shape ---------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_required_forces_a_call(lang):
    reply = complete(lang, THANKS[lang], tool_choice="required")
    assert reply.choices[0].finish_reason == "tool_calls"
    assert len(openai_calls(reply)) == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_forced_named_function_reports_stop_as_the_real_api_does(lang):
    reply = complete(lang, STATUS[lang], tool_choice={"type": "function",
                                                      "function": {"name": "get_return_window"}})
    assert reply.choices[0].finish_reason == "stop"
    assert openai_calls(reply) == [("get_return_window", {"order_id": "1042"})]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_openai_none_and_parallel_off(lang):
    none = complete(lang, STATUS[lang], tool_choice="none")
    assert none.choices[0].finish_reason == "stop" and none.choices[0].message.tool_calls is None
    assert none.choices[0].message.content == phrase(lang, "shop.made_up_status", order="1042")
    single = complete(lang, TWO[lang], parallel_tool_calls=False)
    assert openai_calls(single) == [("get_order_status", {"order_id": "1042"})]
    assert len(openai_calls(complete(lang, TWO[lang]))) == 2


OPENAI_REFUSALS = [
    (dict(tool_choice="any"), "Invalid value: 'any'. Supported values are: 'none', 'auto', and 'required'.",
     "tool_choice", "invalid_value"),
    (dict(tool_choice={"type": "function", "function": {"name": "cancel_order"}}),
     "Tool choice 'cancel_order' not found in 'tools' parameter.", "tool_choice", None),
    (dict(tools=None, tool_choice="required"),
     "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.",
     "tool_choice", None),
    (dict(tools=None, parallel_tool_calls=False),
     "Invalid value for 'parallel_tool_calls': 'parallel_tool_calls' is only allowed when 'tools' are "
     "specified.", "parallel_tool_calls", None),
]


@pytest.mark.parametrize("options, message, param, code", OPENAI_REFUSALS)
def test_openai_refuses_what_the_real_api_refuses(options, message, param, code):
    if options.get("tools", "") is None:
        options = {key: value for key, value in options.items() if key != "tools"}
        call = lambda: OpenAI().chat.completions.create(  # noqa: E731
            model="gpt-4o-mini", messages=[{"role": "user", "content": STATUS["bg"]}], **options)
    else:
        call = lambda: complete("bg", STATUS["bg"], **options)  # noqa: E731
    with pytest.raises(BadRequestError) as refused:
        call()
    assert refused.value.body == {"message": message, "type": "invalid_request_error",
                                  "param": param, "code": code}


# --- strict tools ------------------------------------------------------------------------------

def strict_function(schema):
    return [{"type": "function", "function": {"name": "get_order_status", "description": "Order status.",
                                              "strict": True, "parameters": schema}}]


@pytest.mark.parametrize("schema, problem", [
    ({"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]},
     "In context=(), 'additionalProperties' is required to be supplied and to be false."),
    ({"type": "object", "properties": {"order_id": {"type": "string"}, "note": {"type": "string"}},
      "required": ["order_id"], "additionalProperties": False},
     "In context=(), 'required' is required to be supplied and to be an array including every key in "
     "properties. Missing 'note'."),
    ({"type": "object", "additionalProperties": False, "required": ["address"], "properties": {
        "address": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}},
     "In context=('properties', 'address'), 'additionalProperties' is required to be supplied and to be "
     "false."),
])
def test_openai_strict_schemas_follow_the_real_rules(schema, problem):
    with pytest.raises(BadRequestError) as refused:
        OpenAI().chat.completions.create(model="gpt-4o-mini", tools=strict_function(schema),
                                         messages=[{"role": "user", "content": STATUS["bg"]}])
    assert refused.value.body == {"message": f"Invalid schema for function 'get_order_status': {problem}",
                                  "type": "invalid_request_error",
                                  "param": "tools[0].function.parameters", "code": "invalid_function_parameters"}


STRICT_SCHEMA = {"type": "object", "properties": {"order_id": {"type": "string"}},
                 "required": ["order_id"], "additionalProperties": False}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_strict_arguments_always_match_the_schema(lang):
    loose = complete(lang, NO_NUMBER[lang])
    assert openai_calls(loose) == [("get_order_status", {})]
    strict = OpenAI().chat.completions.create(model="gpt-4o-mini", tools=strict_function(STRICT_SCHEMA), messages=[
        {"role": "user", "content": NO_NUMBER[lang]}])
    assert openai_calls(strict) == [("get_order_status", {"order_id": ""})]
    tools = [{**tool, "strict": True, "input_schema": STRICT_SCHEMA} for tool in shop_tools(lang)]
    assert calls(create(lang, NO_NUMBER[lang], tools=tools)) == [("get_order_status", {"order_id": ""})]


def test_strict_turns_values_into_the_declared_type():
    schema = {"type": "object", "properties": {"order_id": {"type": "integer"}}, "required": ["order_id"],
              "additionalProperties": False}
    tools = [{"name": "get_order_status", "description": "Статус на поръчка по номер.", "strict": True,
              "input_schema": schema}]
    assert calls(create("bg", STATUS["bg"], tools=tools)) == [("get_order_status", {"order_id": 1042})]


# --- stop reasons ---------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_max_tokens_can_cut_inside_a_tool_call(lang):
    whole = create(lang, STATUS[lang])
    preamble = whole.usage.output_tokens - 3  # the call "get_order_status 1042" is 3 tokens
    cut = create(lang, STATUS[lang], max_tokens=preamble + 2)
    assert cut.stop_reason == "max_tokens"
    assert cut.usage.output_tokens == preamble + 2
    assert types(cut) == ["text", "tool_use"]
    assert calls(cut) == [("get_order_status", {})]  # the name fit, the order number did not
    short = create(lang, STATUS[lang], max_tokens=2)
    assert short.stop_reason == "max_tokens" and types(short) == ["text"]
    assert whole.content[0].text.startswith(short.content[0].text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_openai_arguments_cut_by_the_limit_are_not_json(lang):
    reply = complete(lang, STATUS[lang], max_tokens=2)
    assert reply.choices[0].finish_reason == "length"
    (call,) = reply.choices[0].message.tool_calls
    with pytest.raises(json.JSONDecodeError):
        json.loads(call.function.arguments)
    assert reply.usage.completion_tokens == 2


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_stop_sequence_ends_the_reply_where_it_appears(lang):
    answer = create(lang, THANKS[lang]).content[0].text
    words = answer.split()
    sequence = words[1] if len(words) > 1 else answer[2:4]
    reply = create(lang, THANKS[lang], stop_sequences=["@@", sequence])
    assert (reply.stop_reason, reply.stop_sequence) == ("stop_sequence", sequence)
    assert reply.content[0].text == answer[:answer.index(sequence)]
    assert create(lang, THANKS[lang], stop_sequences=["@@"]).stop_reason == "end_turn"
    openai = OpenAI().chat.completions.create(model="gpt-4o-mini", stop=sequence, messages=[
        {"role": "user", "content": THANKS[lang]}])
    assert openai.choices[0].finish_reason == "stop"
    assert openai.choices[0].message.content == answer[:answer.index(sequence)]


# --- extended thinking --------------------------------------------------------------------------

THINKING = {"type": "enabled", "budget_tokens": 2000}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_thinking_comes_first_with_a_signature(lang):
    reply = create(lang, STATUS[lang], max_tokens=4000, thinking=THINKING)
    assert types(reply) == ["thinking", "text", "tool_use"]
    block = reply.content[0]
    assert block.thinking == phrase(lang, "thinking.calls", tools="get_order_status")
    assert block.signature == signature(block.thinking)
    assert reply.usage.output_tokens > create(lang, STATUS[lang]).usage.output_tokens
    adaptive = create(lang, THANKS[lang], thinking={"type": "adaptive"})
    assert types(adaptive) == ["thinking", "text"]
    assert adaptive.content[0].thinking == phrase(lang, "thinking.answer")


def thinking_loop(lang, keep):
    """One round trip with thinking on; `keep` changes the assistant turn sent back."""
    client = Anthropic()
    messages = [{"role": "user", "content": STATUS[lang]}]
    reply = client.messages.create(model="claude-haiku-4-5", max_tokens=4000, thinking=THINKING, tools=shop_tools(lang),
                                   messages=messages)
    block = next(block for block in reply.content if block.type == "tool_use")
    messages.append({"role": "assistant", "content": keep(reply.content)})
    messages.append({"role": "user", "content": [{"type": "tool_result", "tool_use_id": block.id,
                                                  "content": shop_runner(lang)(block.name, block.input)[0]}]})
    return client.messages.create(model="claude-haiku-4-5", max_tokens=4000, thinking=THINKING, tools=shop_tools(lang),
                                  messages=messages)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_history_with_its_thinking_block_goes_on(lang):
    final = thinking_loop(lang, lambda content: content)
    assert final.stop_reason == "end_turn"
    assert types(final) == ["thinking", "text"]
    assert final.content[0].thinking == phrase(lang, "thinking.results")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_dropping_the_thinking_block_of_a_tool_turn_is_refused(lang):
    with pytest.raises(BadRequestError) as refused:
        thinking_loop(lang, lambda content: [block for block in content if block.type != "thinking"])
    assert refused.value.body["error"]["message"] == (
        "messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `text`. When "
        "`thinking` is enabled, a final `assistant` message must start with a thinking block (preceeding "
        "the lastmost set of `tool_use` and `tool_result` blocks). We recommend you include thinking "
        "blocks from previous turns. To avoid this requirement, disable `thinking`. Please consult our "
        "documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_edited_thinking_block_is_refused(lang):
    def edit(content):
        thought = content[0].to_dict()
        return [{**thought, "thinking": thought["thinking"] + "!"}, *content[1:]]

    with pytest.raises(BadRequestError) as refused:
        thinking_loop(lang, edit)
    assert refused.value.body["error"]["message"] == "messages.1.content.0: Invalid `signature` in `thinking` block"


@pytest.mark.parametrize("choice", [{"type": "any"}, {"type": "tool", "name": "get_order_status"}])
def test_adaptive_thinking_takes_a_forced_tool_as_the_real_api_does(choice):
    # platform.claude.com/docs/en/build-with-claude/thinking-tool-workflows: only manual thinking
    # refuses a forced tool_choice; adaptive thinking supports it.
    reply = create("bg", STATUS["bg"], tool_choice=choice, thinking={"type": "adaptive"})
    assert [block.type for block in reply.content] == ["tool_use"]
    assert reply.content[0].name == "get_order_status"
