"""`parse` on a reply cut by `max_tokens`: the real SDKs (against `python -m fake_client
serve`) and the fake in-process raise the same: the same exception class name and the same
message. OpenAI raises `LengthFinishReasonError` before reading; Anthropic reads the cut
text with pydantic, which raises `ValidationError` (the fake raises pydantic's own for a
pydantic model, its mirror for a dataclass)."""

import dataclasses

import anthropic
import openai
import pydantic
import pytest

import fake_client
from fake_client._invalid_json import invalid_json_error, truncated_repr
from test_fake_client_contract_helpers import real_anthropic, real_openai

QUESTIONS = [[{"role": "user", "content": text}] for text in (
    "Какво е времето в София?", "订单1042什么时候到？", "سفارش 1042 کی می‌رسد؟")]


@dataclasses.dataclass
class Weather:
    city: str
    temperature: int
    summary: str


class WeatherModel(pydantic.BaseModel):
    city: str
    temperature: int
    summary: str


def raised(call):
    try:
        call()
    except Exception as error:  # noqa: BLE001: the very exception is what is compared
        return error
    raise AssertionError("nothing was raised")


@pytest.mark.parametrize("output_type", [Weather, WeatherModel])
@pytest.mark.parametrize("max_tokens", [2, 3, 8, 20])
@pytest.mark.parametrize("messages", QUESTIONS)
def test_anthropic_parse_of_a_cut_reply_raises_what_the_sdk_raises(fake_server, output_type, max_tokens, messages):
    request = dict(model="claude-haiku-4-5", max_tokens=max_tokens, output_format=output_type, messages=messages)
    real = raised(lambda: real_anthropic(fake_server).messages.parse(**request))
    ours = raised(lambda: fake_client.Anthropic().messages.parse(**request))
    assert isinstance(real, pydantic.ValidationError)
    assert (type(ours).__name__, str(ours)) == (type(real).__name__, str(real))
    assert ours.errors() == real.errors()


@pytest.mark.parametrize("max_tokens", [1, 5, 20])
@pytest.mark.parametrize("messages", QUESTIONS)
def test_openai_parse_of_a_cut_reply_raises_what_the_sdk_raises(fake_server, max_tokens, messages):
    # The SDK takes pydantic models only (a dataclass is a TypeError there; the fake reads both).
    request = dict(model="gpt-4o", max_tokens=max_tokens, response_format=WeatherModel, messages=messages)
    real = raised(lambda: real_openai(fake_server).chat.completions.parse(**request))
    ours = raised(lambda: fake_client.OpenAI().chat.completions.parse(**request))
    assert isinstance(real, openai.LengthFinishReasonError) and isinstance(real, openai.OpenAIError)
    assert (type(ours).__name__, str(ours)) == (type(real).__name__, str(real))
    assert isinstance(ours, fake_client.OpenAIError)


def test_every_cut_of_a_json_text_is_described_as_pydantic_describes_it():
    """Every prefix of JSON texts like the fake's replies (nesting, escapes, numbers, literals,
    several lines, multi-byte letters), read by pydantic and by the fake's mirror."""
    texts = ['{"city": "Здравейте! Как си?", "t": -12.5e3, "ok": true, "n": null, "list": [1, [2, "x\\"y\\u00e9"], '
             '{"a": false}, [], {}], "zh": "你好", "end": 0}',
             '{\n  "a": [\n    1,\n    "بله"\n  ],\n  "b": {}\n}']
    adapter = pydantic.TypeAdapter(dict)
    compared = 0
    for text in texts:
        for end in range(len(text)):
            cut = text[:end]
            try:
                adapter.validate_json(cut)
                continue
            except pydantic.ValidationError as error:
                real, said = error.errors()[0], str(error)
            assert f"Invalid JSON: {invalid_json_error(cut)}" == real["msg"], cut
            assert f"input_value={truncated_repr(cut)}," in said, cut
            compared += 1
    assert compared > 150


def test_the_sdks_read_here_are_the_ones_the_fake_follows():
    assert anthropic.__version__.startswith("2.") and openai.__version__.startswith("3.")
    assert pydantic.VERSION.startswith("2.14"), "the fake's ValidationError links pydantic 2.14's pages"
