"""The Responses API against the real `openai` SDK: every response and event validates strictly
as the SDK's own types (no missing, mistyped or extra field), the SDK run against `serve`
prints what fake_client prints in process, and its helpers (`stream`, `parse`,
`input_tokens.count`) work; every refusal reaches the SDK as its own error, with the wording."""

import itertools
import json

import openai
import pydantic
import pytest
from openai.types.responses import Response, ResponseStreamEvent, response_create_params

import fake_client
from fake_client._ids import shaped_id
from fake_client._responses_events import response_events, stream_event
from support.fake_client_programs import (SHOP_QUESTIONS, SHOP_SYSTEM, responses_loop, responses_tools, shop_runner,
                                  shop_tools)
from support.fake_client_scenarios import scenarios
from support.sdk_types import assert_no_extra_fields

_keys = itertools.count(1)
STREAM_EVENT = pydantic.TypeAdapter(ResponseStreamEvent)
NON_STREAMING = pydantic.TypeAdapter(response_create_params.ResponseCreateParamsNonStreaming)


def real_openai(url):
    """A real client with its own API key, so that its ids count from 1 on the server."""
    return openai.OpenAI(base_url=f"{url}/v1", api_key=f"responses-{next(_keys)}", max_retries=0,
                         _strict_response_validation=True)


def run_scenarios(client, **options):
    return [responses_loop(client, scenario["question"], system=scenario["system"],
                           tools=responses_tools(scenario["tools"]), run=scenario["run"], **options)["steps"]
            for scenario in scenarios()]


@pytest.fixture(scope="module")
def recorded_calls():
    fake_client.faults.clear()  # made before any test's own clearing runs: the scenarios meet no fault
    with fake_client.recording() as calls:
        run_scenarios(fake_client.OpenAI())
        run_scenarios(fake_client.OpenAI(), chained=True, reasoning={"effort": "low", "summary": "auto"},
                      include=["reasoning.encrypted_content"])
    return calls


def test_every_response_validates_strictly_and_dumps_the_same(recorded_calls):
    assert len(recorded_calls) > 60
    kinds = set()
    for call in recorded_calls:
        NON_STREAMING.validate_python(call["request"])
        parsed = Response.model_validate(call["response"], strict=True)
        assert_no_extra_fields(parsed)
        ours = fake_client.Response.from_dict(call["response"])
        assert ours.to_json() == parsed.to_json() and ours.to_dict() == parsed.to_dict()
        assert ours.output_text == parsed.output_text
        kinds |= {item.type for item in parsed.output}
    assert kinds == {"reasoning", "message", "function_call"}


def test_every_stream_event_validates_strictly(recorded_calls):
    seen = set()
    for call in recorded_calls[::2]:
        for event in response_events(call["response"]):
            parsed = STREAM_EVENT.validate_python(event, strict=True)
            assert_no_extra_fields(parsed)
            assert stream_event(event).to_json() == parsed.to_json()
            seen.add(event["type"])
    assert {"response.created", "response.in_progress", "response.output_item.added",
            "response.content_part.added", "response.output_text.delta", "response.output_text.done",
            "response.function_call_arguments.delta", "response.function_call_arguments.done",
            "response.reasoning_summary_text.delta", "response.output_item.done",
            "response.completed"} <= seen


@pytest.mark.parametrize("chained", [False, True], ids=["by function_call_output", "by previous_response_id"])
def test_the_sdk_against_serve_runs_the_tool_loop_as_fake_client_does(fake_server, chained):
    assert run_scenarios(real_openai(fake_server), chained=chained) == \
        run_scenarios(fake_client.OpenAI(), chained=chained)


def _shop(lang="bg", **options):
    return {"model": "gpt-4o-mini", "input": SHOP_QUESTIONS["two"][lang], "tools": responses_tools(shop_tools(lang)),
            **options}


def _function_calls(response):
    return [(item.name, json.loads(item.arguments)) for item in response.output if item.type == "function_call"]


def test_parallel_calls_and_a_forced_function(fake_server):
    both = real_openai(fake_server).responses.create(**_shop())
    assert _function_calls(both) == [("get_order_status", {"order_id": "1042"}),
                                     ("get_return_window", {"order_id": "1187"})]
    assert len(_function_calls(real_openai(fake_server).responses.create(**_shop(parallel_tool_calls=False)))) == 1
    forced = real_openai(fake_server).responses.create(
        **_shop(tool_choice={"type": "function", "name": "get_return_window"}))
    assert [name for name, _ in _function_calls(forced)] == ["get_return_window"]
    assert forced.tool_choice.name == "get_return_window" and forced.status == "completed"
    assert _function_calls(real_openai(fake_server).responses.create(**_shop(tool_choice="none"))) == []


def test_strict_tools_match_their_schema_and_refuse_a_loose_one(fake_server):
    schema = {"type": "object", "properties": {"order_id": {"type": "string"}, "note": {"type": "string"}},
              "required": ["order_id", "note"], "additionalProperties": False}
    tool = {"type": "function", "name": "get_order_status", "description": "Статус на поръчка по номер.",
            "parameters": schema, "strict": True}
    response = real_openai(fake_server).responses.create(model="gpt-4o-mini", input="Кога пристига 1042?", tools=[tool])
    assert _function_calls(response) == [("get_order_status", {"order_id": "1042", "note": ""})]
    assert response.tools[0].strict is True
    loose = {**tool, "parameters": {**schema, "additionalProperties": True}}
    with pytest.raises(openai.BadRequestError) as refused:
        real_openai(fake_server).responses.create(model="gpt-4o-mini", input="x", tools=[loose])
    assert refused.value.body == {
        "message": "Invalid schema for function 'get_order_status': In context=(), 'additionalProperties' is "
                   "required to be supplied and to be false.",
        "type": "invalid_request_error", "param": "tools[0].parameters", "code": "invalid_function_parameters"}


REQUESTS = [
    _shop(reasoning={"effort": "low", "summary": "auto"}),
    _shop("zh", instructions=SHOP_SYSTEM["zh"]),
    {"model": "gpt-4o-mini", "input": SHOP_QUESTIONS["thanks"]["fa"]},
    _shop("ru", max_output_tokens=16),
]


@pytest.mark.parametrize("request_", REQUESTS)
def test_the_stream_helper_gives_the_non_streamed_response(fake_server, request_):
    expected = real_openai(fake_server).responses.create(**request_)
    with real_openai(fake_server).responses.stream(**request_) as stream:
        events = list(stream)
        if expected.status == "incomplete":
            assert events[-1].type == "response.incomplete" and events[-1].response == expected
            with pytest.raises(RuntimeError, match="response.completed"):
                stream.get_final_response()
            return
        final = stream.get_final_response()
    assert [event.sequence_number for event in events] == list(range(len(events)))
    assert final.output_text == expected.output_text
    assert final.model_dump(exclude={"output"}) == expected.model_dump(exclude={"output"})
    assert [item.model_dump() for item in final.output] == [
        {**item.model_dump(), **({"parsed_arguments": None} if item.type == "function_call" else {})}
        if item.type != "message" else
        {**item.model_dump(), "content": [{**part.model_dump(), "parsed": None} for part in item.content]}
        for item in expected.output]
    raw = real_openai(fake_server).responses.create(stream=True, **request_)
    ours = fake_client.OpenAI().responses.create(stream=True, **request_)
    assert [event.to_json() for event in ours] == [event.to_json() for event in raw]


class Order(pydantic.BaseModel):
    order_id: str
    status: str


def test_parse_reads_the_answer_into_the_pydantic_model(fake_server):
    parsed = real_openai(fake_server).responses.parse(model="gpt-4o-mini", input=SHOP_QUESTIONS["status"]["bg"],
                                                      text_format=Order)
    ours = fake_client.OpenAI().responses.parse(model="gpt-4o-mini", input=SHOP_QUESTIONS["status"]["bg"], text_format=Order)
    assert isinstance(parsed.output_parsed, Order) and parsed.output_parsed == ours.output_parsed
    assert parsed.output_parsed.order_id == "1042"


def test_input_tokens_count_is_what_create_bills(fake_server):
    request_ = _shop(instructions=SHOP_SYSTEM["bg"])
    client = real_openai(fake_server)
    counted = client.responses.input_tokens.count(**request_)
    assert counted.input_tokens == client.responses.create(**request_).usage.input_tokens
    assert counted.input_tokens == fake_client.OpenAI().responses.input_tokens.count(**request_).input_tokens


def _refusals(client):
    """Each loop rule broken once: (name, what `create` raised)."""
    first = client.responses.create(**_shop(reasoning={"effort": "low"}))
    reasoning, status_call, return_call = first.output
    question = {"role": "user", "content": SHOP_QUESTIONS["two"]["bg"]}
    out = [{"type": "function_call_output", "call_id": call.call_id, "output": "ok"}
           for call in (status_call, return_call)]
    requests = {
        "output that answers no call": dict(input=[question, {**out[0], "call_id": "call_nope"}]),
        "call without its output": dict(input=[question, reasoning, status_call, return_call, out[0]]),
        "call without its reasoning": dict(input=[question, status_call, return_call, *out]),
        "reasoning with nothing after it": dict(input=[question, reasoning]),
        "unknown previous_response_id": dict(input="hi", previous_response_id="resp_unknown"),
        "previous response's call unanswered": dict(input=[out[0]], previous_response_id=first.id),
        "max_output_tokens below 16": dict(input="hi", max_output_tokens=15),
    }
    raised = []
    for name, request_ in requests.items():
        request_ = {"model": "gpt-4o-mini", "tools": responses_tools(shop_tools("bg")), **request_}
        request_["input"] = json.loads(json.dumps(request_["input"], default=lambda item: item.to_dict()))
        try:
            client.responses.create(**request_)
        except (openai.BadRequestError, fake_client.BadRequestError) as error:
            raised.append((name, error))
    return raised


def test_each_refusal_reaches_the_sdk_with_the_real_wording_and_status(fake_server):
    theirs, ours = _refusals(real_openai(fake_server)), _refusals(fake_client.OpenAI())
    assert [name for name, _ in theirs] == [name for name, _ in ours] and len(theirs) == 7
    for (name, real), (_, fake) in zip(theirs, ours):
        assert isinstance(real, openai.BadRequestError) and real.status_code == fake.status_code == 400, name
        assert real.body == fake.body and real.message == fake.message, name
    messages = {name: error.body["message"] for name, error in theirs}
    assert messages["output that answers no call"] == \
        "No tool call found for function call output with call_id call_nope."
    assert messages["unknown previous_response_id"] == "Previous response with id 'resp_unknown' not found."
    assert dict(theirs)["unknown previous_response_id"].code == "previous_response_not_found"
    assert messages["call without its reasoning"].endswith("was provided without its required 'reasoning' item: "
                                                           f"'{shaped_id('responses_reasoning', 1)}'.")


def test_serve_answers_the_responses_paths_in_openais_envelope(fake_server):
    client = real_openai(fake_server)
    with pytest.raises(openai.NotFoundError) as missing:
        client.post("/responses/nothing_here", body={}, cast_to=object)
    assert missing.value.body["message"] == "Invalid URL (POST /v1/responses/nothing_here)"
    with pytest.raises(openai.BadRequestError) as refused:
        client.responses.create(model="gpt-4o-mini", input=[{"type": "function_call_output", "output": "x"}])
    assert refused.value.body["message"] == "Missing required parameter: 'input[0].call_id'."
    run = responses_loop(client, SHOP_QUESTIONS["status"]["uk"], system="", tools=responses_tools(shop_tools("uk")),
                         run=shop_runner("uk"))
    assert [step["status"] for step in run["steps"]] == ["completed", "completed"]
