"""`parse` on a reply cut by `max_tokens` raises what the SDKs raise (read from the installed
packages: `openai.lib._parsing._completions.parse_chat_completion` raises
`LengthFinishReasonError` before reading; `anthropic.lib._parse._response.parse_text` validates
with pydantic, whose JSON reader says "EOF while parsing ..."). The contract test
(`tests/contract/test_fake_client_contract_cut_parse.py`) holds the fake against the SDKs."""

import json
from dataclasses import dataclass

import pytest

import fake_client
from fake_client import Anthropic, LengthFinishReasonError, OpenAI, OpenAIError, ValidationError
from fake_client._invalid_json import invalid_json_error, truncated_repr

QUESTION = [{"role": "user", "content": "Какво е времето в София?"}]


@dataclass
class Weather:
    city: str
    temperature: int
    summary: str


def test_openai_parse_of_a_cut_reply_raises_length_finish_reason_error():
    with pytest.raises(LengthFinishReasonError) as raised:
        OpenAI().chat.completions.parse(model="gpt-4o", max_tokens=5, response_format=Weather, messages=QUESTION)
    assert isinstance(raised.value, OpenAIError) and not isinstance(raised.value, json.JSONDecodeError)
    usage = raised.value.completion.usage
    assert raised.value.completion.choices[0].finish_reason == "length"
    assert str(raised.value) == (
        "Could not parse response content as the length limit was reached - "
        f"CompletionUsage(completion_tokens=5, prompt_tokens={usage.prompt_tokens}, "
        f"total_tokens={usage.prompt_tokens + 5}, completion_tokens_details=CompletionTokensDetails(accepted_prediction_tokens=0, "
        "audio_tokens=0, reasoning_tokens=0, rejected_prediction_tokens=0, text_tokens=None), "
        "prompt_tokens_details=PromptTokensDetails(audio_tokens=0, cache_write_tokens=None, cached_tokens=0, "
        "image_tokens=None, text_tokens=None))")


def test_openai_parse_of_a_whole_reply_still_reads_it():
    parsed = OpenAI().chat.completions.parse(model="gpt-4o", response_format=Weather, messages=QUESTION)
    assert isinstance(parsed.choices[0].message.parsed, Weather)


def test_anthropic_parse_of_a_cut_reply_raises_the_validation_error_pydantic_raises():
    with pytest.raises(ValidationError) as raised:
        Anthropic().messages.parse(model="claude-haiku-4-5", max_tokens=3, output_format=Weather, messages=QUESTION)
    error = raised.value
    assert isinstance(error, ValueError) and not isinstance(error, json.JSONDecodeError)
    assert type(error).__name__ == "ValidationError"
    text = error.errors()[0]["input"]
    assert str(error) == (
        "1 validation error for Weather\n"
        f"  Invalid JSON: EOF while parsing a string at line 1 column {len(text.encode())} "
        f"[type=json_invalid, input_value={text!r}, input_type=str]\n"
        "    For further information visit https://errors.pydantic.dev/2.14/v/json_invalid")
    assert error.error_count() == 1
    assert error.errors()[0]["type"] == "json_invalid" and error.errors()[0]["loc"] == ()


@pytest.mark.parametrize("text, said", [
    ("", "EOF while parsing a value at line 1 column 0"),
    ('{"a": "Здр', "EOF while parsing a string at line 1 column 13"),
    ('{"a"', "EOF while parsing an object at line 1 column 4"),
    ('{"a": ', "EOF while parsing a value at line 1 column 6"),
    ('{"a": 1, ', "EOF while parsing a value at line 1 column 9"),
    ('{"a": [1, 2', "EOF while parsing a list at line 1 column 11"),
    ('{"a": [', "EOF while parsing a list at line 1 column 7"),
    ('{"a": tr', "EOF while parsing a value at line 1 column 8"),
    ('{"a": -1.', "EOF while parsing a value at line 1 column 9"),
    ('{\n  "a": {}', "EOF while parsing an object at line 2 column 9"),
    ('{"a": 1}', None),
])
def test_what_a_cut_json_text_is_said_to_be(text, said):
    assert invalid_json_error(text) == said


def test_a_long_input_is_shown_as_pydantic_shows_it():
    assert truncated_repr("short") == "'short'"
    shown = truncated_repr('{"city": "Здравейте! С какво мога да')
    assert shown == "'{\"city\": \"Здравей...акво мога да'"


def test_the_new_names_are_public():
    for name in ("OpenAIError", "LengthFinishReasonError", "ValidationError"):
        assert name in fake_client.__all__
