"""The Responses API shape: the same model as Chat Completions in another shape, in every lesson
language; its ids, items, usage, stored conversations, loop rules and stream events."""

import json

import pytest

import fake_client
from support.languages import COURSE_LANGUAGES
from fake_client import BadRequestError, OpenAI
from support.fake_client_programs import (CALL, FC, RESP, RESP_MSG, RS, SHOP_QUESTIONS, SHOP_SYSTEM, files_runner,
                                  files_tools, flowers_runner, flowers_tools, openai_loop, openai_tools,
                                  responses_loop, responses_tools, shop_runner, shop_tools, support_runner,
                                  support_tools)

LANGS = COURSE_LANGUAGES
WORLDS = {"shop": (shop_tools, shop_runner), "support": (support_tools, support_runner),
          "flowers": (flowers_tools, flowers_runner), "files": (files_tools, lambda lang: files_runner)}
QUESTIONS = {
    "shop": SHOP_QUESTIONS,
    "support": {"all": {"bg": "Къде е поръчка SP-1024?", "ru": "Где мой заказ SP-1024?",
                        "uk": "Де моє замовлення SP-1024?", "zh": "我的订单SP-1024在哪？",
                        "fa": "سفارش SP-1024 من کجاست؟"}},
    "flowers": {"all": {"zh": "北京、上海和深圳的鲜花库存是多少？",
                        "ru": "Сколько цветов на складах в Пекине, Шанхае и Шэньчжэне?",
                        "bg": "Колко цветя има в Пекин, Шанхай и Шънджън?",
                        "uk": "Скільки квітів на складах у Пекіні, Шанхаї та Шеньчжені?",
                        "fa": "موجودی گل در پکن، شانگهای و شنژن چقدر است؟"}},
    "files": {"all": {"fa": "notes.txt را بخوان", "bg": "Прочети notes.txt", "ru": "Прочитай notes.txt",
                      "uk": "Прочитай notes.txt", "zh": "读一下 notes.txt"}},
}
CASES = [(world, kind, lang) for world, kinds in QUESTIONS.items() for kind in kinds for lang in LANGS
         if lang in kinds[kind]]


def _both_shapes(world, kind, lang, **responses_options):
    tools_of, runner_of = WORLDS[world]
    tools = tools_of(lang)
    system = SHOP_SYSTEM[lang] if world == "shop" else ""
    question = QUESTIONS[world][kind][lang]
    chat = openai_loop(OpenAI(), question, system=system, tools=openai_tools(tools), run=runner_of(lang))
    responses = responses_loop(OpenAI(), question, system=system, tools=responses_tools(tools, strict=False),
                               run=runner_of(lang), **responses_options)
    return chat["steps"], responses["steps"]


@pytest.mark.parametrize("world, kind, lang", CASES)
def test_the_responses_shape_is_the_chat_model_in_another_shape(world, kind, lang):
    """The same calls, results, answer and tokens as Chat Completions, step by step."""
    chat, responses = _both_shapes(world, kind, lang)
    assert len(chat) == len(responses)
    for chat_step, step in zip(chat, responses):
        assert step["calls"] == chat_step["calls"]
        assert step["text"] == (chat_step["text"] or "")
        assert (step["input_tokens"], step["output_tokens"]) == (chat_step["prompt_tokens"],
                                                                 chat_step["completion_tokens"])
        assert step["status"] == "completed"


@pytest.mark.parametrize("world, kind, lang", CASES)
def test_the_loop_by_previous_response_id_ends_with_the_same_answer(world, kind, lang):
    _, by_items = _both_shapes(world, kind, lang)
    _, chained = _both_shapes(world, kind, lang, chained=True)
    assert [step["calls"] for step in chained] == [step["calls"] for step in by_items]
    assert [step["text"] for step in chained] == [step["text"] for step in by_items]
    # the stored conversation is billed as if it had been sent again
    assert [step["input_tokens"] for step in chained] == [step["input_tokens"] for step in by_items]


def _shop(lang="bg", **options):
    request = dict(model="gpt-4o-mini", input=SHOP_QUESTIONS["two"][lang], tools=responses_tools(shop_tools(lang)))
    request.update(options)
    return request


def test_ids_have_the_real_shapes_and_count_per_client():
    client = OpenAI()
    first = client.responses.create(**_shop(reasoning={"effort": "low"}))
    assert first.id == RESP[0]
    assert [item.type for item in first.output] == ["reasoning", "function_call", "function_call"]
    assert [item.id for item in first.output] == [RS[0], FC[0], FC[1]]
    assert [item.call_id for item in first.output[1:]] == [CALL[0], CALL[1]]
    answer = client.responses.create(model="gpt-4o-mini", input=SHOP_QUESTIONS["thanks"]["bg"])
    assert (answer.id, answer.output[0].id, answer.output[0].type) == (RESP[1], RESP_MSG[0], "message")
    assert OpenAI().responses.create(**_shop()).id == RESP[0]  # a new client counts from 1 again


@pytest.mark.parametrize("lang", LANGS)
def test_reasoning_comes_first_and_is_billed_as_reasoning_tokens(lang):
    plain = OpenAI().responses.create(**_shop(lang))
    reasoned = OpenAI().responses.create(**_shop(lang, reasoning={"effort": "high", "summary": "auto"},
                                                 include=["reasoning.encrypted_content"]))
    reasoning = reasoned.output[0]
    assert reasoning.type == "reasoning" and reasoning.summary[0].type == "summary_text"
    assert reasoning.encrypted_content
    spent = reasoned.usage.output_tokens_details.reasoning_tokens
    assert spent > 0 and reasoned.usage.output_tokens == plain.usage.output_tokens + spent
    assert plain.usage.output_tokens_details.reasoning_tokens == 0
    assert OpenAI().responses.create(**_shop(lang, reasoning={"effort": "low"})).output[0].summary == []
    assert OpenAI().responses.create(**_shop(lang, reasoning={"effort": "none"})).output[0].type == "function_call"


@pytest.mark.parametrize("lang", LANGS)
def test_tool_choice_and_parallel_calls(lang):
    def names(**options):
        return [item.name for item in OpenAI().responses.create(**_shop(lang, **options)).output
                if item.type == "function_call"]

    assert names() == ["get_order_status", "get_return_window"]
    assert names(parallel_tool_calls=False) == ["get_order_status"]
    assert names(tool_choice="none") == []
    assert names(tool_choice={"type": "function", "name": "get_return_window"}) == ["get_return_window"]
    thanks = dict(input=SHOP_QUESTIONS["thanks"][lang])
    assert names(tool_choice="required", **thanks) != [] and names(**thanks) == []


@pytest.mark.parametrize("lang", LANGS)
def test_max_output_tokens_cuts_the_reply_and_marks_it_incomplete(lang):
    client = OpenAI()
    first = client.responses.create(**_shop(lang))
    results = [{"type": "function_call_output", "call_id": item.call_id, "output": "1042 — 03.11, 1187 — 17.11"}
               for item in first.output]
    response = client.responses.create(**_shop(lang, max_output_tokens=16, previous_response_id=first.id,
                                               input=results, reasoning={"effort": "low", "summary": "auto"}))
    assert response.status == "incomplete"
    assert response.incomplete_details.reason == "max_output_tokens"
    assert response.usage.output_tokens == 16
    assert response.output[-1].status == "incomplete"
    answer = OpenAI().responses.create(model="gpt-4o-mini", input=SHOP_QUESTIONS["thanks"][lang], max_output_tokens=16)
    assert answer.status == "completed" and answer.incomplete_details is None


def test_strict_is_the_default_and_a_bad_strict_schema_is_refused():
    loose = {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]}
    tool = {"type": "function", "name": "get_order_status", "parameters": loose}
    response = OpenAI().responses.create(model="gpt-4o-mini", input="Кога пристига 1042?", tools=[tool])
    assert response.tools[0].strict is True
    with pytest.raises(BadRequestError) as refused:
        OpenAI().responses.create(model="gpt-4o-mini", input="Кога пристига 1042?", tools=[{**tool, "strict": True}])
    assert refused.value.message == ("Error code: 400 - Invalid schema for function 'get_order_status': In "
                                     "context=(), 'additionalProperties' is required to be supplied and to be false.")
    assert refused.value.param == "tools[0].parameters"
    assert OpenAI().responses.create(model="gpt-4o-mini", input="x", tools=[{**tool, "strict": False}]).tools[0].strict is False


def test_a_tool_without_strict_is_normalized_into_strict_mode():
    # "Function calling" guide: "Responses requests will normalize your schema into strict
    # mode (for example, by setting additionalProperties: false and marking all fields as
    # required), which can make previously optional fields mandatory"
    loose = {"type": "object", "properties": {"order_id": {"type": "string"}, "note": {"type": "string"}},
             "required": ["order_id"]}
    tool = {"type": "function", "name": "get_order_status", "parameters": loose}
    response = OpenAI().responses.create(model="gpt-4o-mini", input="Кога пристига 1042?", tools=[tool])
    assert response.tools[0].strict is True
    assert response.tools[0].parameters == {**loose, "required": ["order_id", "note"], "additionalProperties": False}
    call = next(item for item in response.output if item.type == "function_call")
    assert json.loads(call.arguments) == {"order_id": "1042", "note": ""}  # the optional field is filled in
    # written as is with strict false: the schema as written, the optional field left out
    kept = OpenAI().responses.create(model="gpt-4o-mini", input="Кога пристига 1042?", tools=[{**tool, "strict": False}])
    assert kept.tools[0].parameters == loose
    assert json.loads(next(i for i in kept.output if i.type == "function_call").arguments) == {"order_id": "1042"}
    # a schema that cannot be made strict (other properties allowed) stays non-strict, not refused
    open_ = {**loose, "additionalProperties": True}
    as_is = OpenAI().responses.create(model="gpt-4o-mini", input="Кога пристига 1042?",
                                      tools=[{**tool, "parameters": open_}])
    assert (as_is.tools[0].strict, as_is.tools[0].parameters) == (False, open_)


def _refusal(client, **request):
    with pytest.raises(BadRequestError) as refused:
        client.responses.create(**{"model": "gpt-4o-mini", **request})
    return refused.value.status_code, refused.value.body


def test_the_loop_rules_are_refused_with_the_real_wording():
    client = OpenAI()
    first = client.responses.create(**_shop(reasoning={"effort": "low"}))
    reasoning, status_call, return_call = first.output
    out = [{"type": "function_call_output", "call_id": call.call_id, "output": "ok"}
           for call in (status_call, return_call)]
    question = {"role": "user", "content": SHOP_QUESTIONS["two"]["bg"]}
    tools = responses_tools(shop_tools("bg"))
    assert _refusal(client, input=[question, {"type": "function_call_output", "call_id": "call_nope", "output": "x"}]) == (
        400, {"message": "No tool call found for function call output with call_id call_nope.",
              "type": "invalid_request_error", "param": "input", "code": None})
    assert _refusal(client, tools=tools, input=[question, reasoning, status_call, return_call, out[0]]) == (
        400, {"message": f"No tool output found for function call {return_call.call_id}.",
              "type": "invalid_request_error", "param": "input", "code": None})
    assert _refusal(client, tools=tools, input=[question, status_call, return_call, *out]) == (
        400, {"message": f"Item '{status_call.id}' of type 'function_call' was provided without its required "
                         f"'reasoning' item: '{reasoning.id}'.",
              "type": "invalid_request_error", "param": "input", "code": None})
    assert _refusal(client, input=[question, reasoning])[1]["message"] == (
        f"Item '{reasoning.id}' of type 'reasoning' was provided without its required following item.")
    assert _refusal(client, input="hi", previous_response_id="resp_unknown") == (
        400, {"message": "Previous response with id 'resp_unknown' not found.", "type": "invalid_request_error",
              "param": "previous_response_id", "code": "previous_response_not_found"})
    assert _refusal(client, tools=tools, input=[out[0]], previous_response_id=first.id)[1]["message"] == (
        f"No tool output found for function call {return_call.call_id}.")
    # passed back whole, the loop goes on
    client.responses.create(model="gpt-4o-mini", tools=tools, input=[question, *first.output, *out])
    client.responses.create(model="gpt-4o-mini", tools=tools, input=out, previous_response_id=first.id)


def test_a_response_not_stored_cannot_be_continued():
    client = OpenAI()
    unstored = client.responses.create(model="gpt-4o-mini", input="Благодаря!", store=False)
    assert _refusal(client, input="И още?", previous_response_id=unstored.id)[1]["code"] == "previous_response_not_found"
    # nor can another client's
    stored = client.responses.create(model="gpt-4o-mini", input="Благодаря!")
    assert _refusal(OpenAI(), input="И още?", previous_response_id=stored.id)[0] == 400


@pytest.mark.parametrize("request_, param, message", [
    (dict(input="x", max_output_tokens=10), "max_output_tokens",
     "Invalid 'max_output_tokens': integer below minimum value. Expected a value >= 16, but got 10 instead."),
    (dict(input="x", tool_choice={"type": "function", "name": "cancel_order"},
          tools=responses_tools(shop_tools("bg"))), "tool_choice", "Tool choice 'cancel_order' not found in 'tools' parameter."),
    (dict(input="x", tools=openai_tools(shop_tools("bg"))), "tools[0].name", "Missing required parameter: 'tools[0].name'."),
    (dict(input="x", tools=[{"type": "function", "name": "n" * 65}]), "tools[0].name",
     "Invalid 'tools[0].name': string too long. Expected a string with maximum length 64, but got a string "
     "with length 65 instead."),
    (dict(input=[{"type": "function_call_output", "output": "x"}]), "input[0].call_id",
     "Missing required parameter: 'input[0].call_id'."),
    (dict(input="x", reasoning={"effort": "huge"}), "reasoning.effort",
     "Invalid value: 'huge'. Supported values are: 'none', 'minimal', 'low', 'medium', 'high', 'xhigh', and 'max'."),
    (dict(input="x", text={"format": {"type": "json_schema", "name": "Order", "strict": True,
                                      "schema": {"type": "object", "properties": {"id": {"type": "string"}}}}}),
     "text.format.schema", "Invalid schema for response_format 'Order': In context=(), 'additionalProperties' is "
                           "required to be supplied and to be false."),
    (dict(input="x", colour="blue"), None, "Unrecognized request argument supplied: colour"),
])
def test_bad_requests_are_refused_field_by_field(request_, param, message):
    client = OpenAI()
    with pytest.raises(BadRequestError) as refused:
        client.responses.create(model="gpt-4o-mini", extra_body=request_) if "colour" in request_ else \
            client.responses.create(model="gpt-4o-mini", **request_)
    assert (refused.value.param, refused.value.body["message"]) == (param, message)


def test_structured_output_and_parse():
    from dataclasses import dataclass

    @dataclass
    class Order:
        order_id: str
        status: str

    parsed = OpenAI().responses.parse(model="gpt-4o-mini", input=SHOP_QUESTIONS["status"]["bg"], text_format=Order)
    assert isinstance(parsed.output_parsed, Order) and parsed.output_parsed.order_id == "1042"
    assert json.loads(parsed.output_text) == {"order_id": "1042", "status": parsed.output_parsed.status}
    assert parsed.text.format["type"] == "json_schema" and parsed.text.format["strict"] is True


@pytest.mark.parametrize("lang", LANGS)
def test_streamed_events_put_together_are_the_response(lang):
    request = _shop(lang, reasoning={"effort": "low", "summary": "auto"})
    whole = OpenAI().responses.create(**request)
    events = list(OpenAI().responses.create(stream=True, **request))
    assert [event.sequence_number for event in events] == list(range(len(events)))
    assert [event.type for event in events][:3] == ["response.created", "response.in_progress",
                                                    "response.output_item.added"]
    assert events[-1].type == "response.completed" and events[-1].response == whole
    arguments = "".join(event.delta for event in events if event.type == "response.function_call_arguments.delta")
    assert arguments == "".join(item.arguments for item in whole.output if item.type == "function_call")
    answer = dict(model="gpt-4o-mini", input=SHOP_QUESTIONS["thanks"][lang])
    with OpenAI().responses.stream(**answer) as stream:
        text = "".join(event.delta for event in stream if event.type == "response.output_text.delta")
    assert text == stream.get_final_response().output_text == OpenAI().responses.create(**answer).output_text


def test_an_incomplete_stream_ends_with_response_incomplete():
    with OpenAI().responses.stream(**_shop("zh", max_output_tokens=16, reasoning={"effort": "low"})) as stream:
        kinds = [event.type for event in stream]
        assert kinds[-1] == "response.incomplete"
        with pytest.raises(RuntimeError, match="response.completed"):
            stream.get_final_response()


def test_input_tokens_count_is_what_create_bills():
    client = OpenAI()
    request = _shop(instructions=SHOP_SYSTEM["bg"])
    counted = client.responses.input_tokens.count(**request)
    assert (counted.object, counted.input_tokens) == ("response.input_tokens",
                                                      client.responses.create(**request).usage.input_tokens)


def test_recording_sees_responses_calls():
    with fake_client.recording() as calls:
        OpenAI().responses.create(**_shop())
    assert calls[0]["api"] == "openai_responses" and calls[0]["response"]["object"] == "response"
    assert calls[0]["tool_tokens"] > 0
