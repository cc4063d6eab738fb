"""Every fake response, in both shapes, is a valid response of the real SDKs, strictly: no
missing field, no wrong type, no extra field; and dumps to the same JSON text."""

import anthropic
import openai
import pydantic
import pytest
from anthropic.types import message_create_params
from openai.types.chat import completion_create_params

import fake_client
from support.fake_client_scenarios import run_all
from support.sdk_types import assert_no_extra_fields


@pytest.fixture(scope="module")
def recorded_calls():
    with fake_client.recording() as calls:
        run_all(fake_client.Anthropic(), fake_client.OpenAI())
    return calls


def test_the_scenarios_cover_every_reply_kind(recorded_calls):
    stops = {call["response"]["stop_reason"] for call in recorded_calls if call["api"] == "anthropic"}
    finishes = {call["response"]["choices"][0]["finish_reason"] for call in recorded_calls
                if call["api"] == "openai"}
    assert stops == {"tool_use", "end_turn"}
    assert finishes == {"tool_calls", "stop"}
    assert len(recorded_calls) > 100


def test_anthropic_responses_validate_strictly(recorded_calls):
    for call in recorded_calls:
        if call["api"] != "anthropic":
            continue
        parsed = anthropic.types.Message.model_validate(call["response"], strict=True)
        assert_no_extra_fields(parsed)
        ours = fake_client.Message.from_dict(call["response"])
        assert ours.to_json() == parsed.to_json()
        assert ours.to_dict() == parsed.to_dict()


def test_openai_responses_validate_strictly(recorded_calls):
    for call in recorded_calls:
        if call["api"] != "openai":
            continue
        parsed = openai.types.chat.ChatCompletion.model_validate(call["response"], strict=True)
        assert_no_extra_fields(parsed)
        ours = fake_client.ChatCompletion.from_dict(call["response"])
        assert ours.to_json() == parsed.to_json()
        assert ours.to_dict() == parsed.to_dict()


def test_requests_are_what_the_sdks_accept(recorded_calls):
    """The recorded request JSON validates as the SDKs' own request parameters."""
    anthropic_params = pydantic.TypeAdapter(message_create_params.MessageCreateParamsNonStreaming)
    openai_params = pydantic.TypeAdapter(completion_create_params.CompletionCreateParamsNonStreaming)
    for call in recorded_calls:
        adapter = anthropic_params if call["api"] == "anthropic" else openai_params
        adapter.validate_python(call["request"])


def test_response_objects_behave_like_the_sdks():
    client = fake_client.Anthropic()
    response = client.messages.create(model="claude-haiku-4-5", max_tokens=50,
                                      messages=[{"role": "user", "content": "Благодаря!"}])
    real = anthropic.types.Message.model_validate(response.to_dict())
    assert response.model_dump_json() == real.model_dump_json(exclude_unset=True)
    assert response.content[0].text == real.content[0].text
    assert response.to_param() == {"role": "assistant", "content": response.content}


def test_a_reply_saved_as_json_reads_back_as_the_sdk_reads_it():
    """A replay of a recorded conversation reads each saved reply with `Message.model_validate`
    (testing-tool-code): the stand-in's type reads it back as the real SDK's does, blocks typed."""
    client = fake_client.Anthropic()
    tools = [{"name": "get_stock", "description": "Остатки цветов в магазине города.",
              "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}]
    response = client.messages.create(model="claude-sonnet-5", max_tokens=512, tools=tools,
                                      messages=[{"role": "user", "content": "Сколько роз осталось в Казани?"}])
    saved = response.model_dump(exclude_none=True)
    again = fake_client.Message.model_validate(saved)
    real = anthropic.types.Message.model_validate(saved)
    assert again == response
    assert [block.type for block in again.content] == [block.type for block in real.content]
    assert again.content[-1].input == real.content[-1].input == {"city": "Казань"}
    assert again.model_dump_json(exclude_none=True) == real.model_dump_json(exclude_none=True)
