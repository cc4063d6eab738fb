"""Structured outputs in both shapes: JSON that matches the schema, filled from what the
world knows; the schemas and requests the real APIs refuse, refused with their wording."""

import contextlib
import io
import json
from dataclasses import dataclass
from typing import Literal, Optional

import jsonschema
import pydantic
import pytest

from fake_client import Anthropic, BadRequestError, OpenAI
from support.fake_client_programs import LANGUAGES, SHOP_QUESTIONS, shop_tools
from support.helper_programs import STRUCTURED

ORDER = {"type": "object", "additionalProperties": False, "required": ["order_id", "status", "eta_days", "late"],
         "properties": {"order_id": {"type": "string"}, "status": {"type": "string"},
                        "eta_days": {"type": "integer"}, "late": {"type": "boolean"},
                        "kind": {"enum": ["return", "delivery"]},
                        "note": {"anyOf": [{"type": "null"}, {"$ref": "#/$defs/Note"}]}},
         "$defs": {"Note": {"type": "object", "additionalProperties": False,
                            "properties": {"text": {"type": "string"}}, "required": ["text"]}}}


def anthropic_json(schema, messages, **options):
    reply = Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=1024, messages=messages, **options,
                                        output_config={"format": {"type": "json_schema", "schema": schema}})
    return reply, json.loads(reply.content[-1].text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_anthropic_reply_matches_the_schema_in_every_language(lang):
    reply, value = anthropic_json(ORDER, [{"role": "user", "content": SHOP_QUESTIONS["status"][lang]}])
    jsonschema.validate(value, ORDER)
    assert reply.stop_reason == "end_turn" and len(reply.content) == 1
    assert value["order_id"] == "1042" and "1042" in value["status"]
    # Nothing in the answer names a kind: the first option.
    assert (value["eta_days"], value["late"], value["kind"]) == (0, False, "return")
    assert value["note"] == {"text": value["status"]}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_openai_reply_matches_the_schema_in_every_language(lang):
    reply = OpenAI().chat.completions.create(model="gpt-4o-mini", messages=[
        {"role": "user", "content": SHOP_QUESTIONS["return"][lang]}], response_format={
        "type": "json_schema", "json_schema": {"name": "Order", "schema": ORDER}})
    value = json.loads(reply.choices[0].message.content)
    jsonschema.validate(value, ORDER)
    assert value["order_id"] == "1187" and value["kind"] in ("return", "delivery")


def test_tool_calls_come_first_and_the_final_answer_is_json_of_the_results():
    schema = {"type": "object", "additionalProperties": False, "required": ["orders"],
              "properties": {"orders": {"type": "array", "items": {
                  "type": "object", "additionalProperties": False, "required": ["order_id", "status"],
                  "properties": {"order_id": {"type": "string"}, "status": {"type": "string"}}}}}}
    messages = [{"role": "user", "content": SHOP_QUESTIONS["two"]["en"]}]
    first, _ = None, None
    first = Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=500, tools=shop_tools("en"), messages=messages,
                                        output_config={"format": {"type": "json_schema", "schema": schema}})
    assert first.stop_reason == "tool_use"
    messages += [{"role": "assistant", "content": first.content}, {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": block.id, "content": f"{block.input['order_id']}: ok"}
        for block in first.content if block.type == "tool_use"]}]
    reply, value = anthropic_json(schema, messages, tools=shop_tools("en"))
    assert value == {"orders": [{"order_id": "1042", "status": "1042: ok"},
                                {"order_id": "1187", "status": "1187: ok"}]}


def test_json_object_mode_needs_the_word_json_and_gives_an_object():
    client = OpenAI()
    with pytest.raises(BadRequestError) as refused:
        client.chat.completions.create(model="gpt-4o-mini", response_format={"type": "json_object"},
                                       messages=[{"role": "user", "content": "Where is 1042?"}])
    assert refused.value.body == {"message": "'messages' must contain the word 'json' in some form, to use "
                                             "'response_format' of type 'json_object'.",
                                  "type": "invalid_request_error", "param": "messages", "code": None}
    reply = client.chat.completions.create(model="gpt-4o-mini", response_format={"type": "json_object"}, messages=[
        {"role": "user", "content": "Where is order 1042? Reply in Json."}])
    assert json.loads(reply.choices[0].message.content) == {"answer": "Order 1042 will reach you by Friday."}


ANTHROPIC_REFUSED = [
    ({"type": "object", "properties": {}}, "For 'object' type, 'additionalProperties' must be explicitly set to false"),
    ({"type": "object", "properties": {}, "additionalProperties": True},
     "For 'object' type, 'additionalProperties: true' is not supported. Please set 'additionalProperties' to false"),
    ({"type": "object", "additionalProperties": False, "properties": {"n": {"type": "integer", "minimum": 1}}},
     "For 'integer' type, property 'minimum' is not supported"),
    ({"type": "object", "additionalProperties": False, "properties": {"s": {"type": "string", "maxLength": 9}}},
     "For 'string' type, property 'maxLength' is not supported"),
    ({"type": "object", "additionalProperties": False, "properties": {"a": {"type": "array", "minItems": 2}}},
     "For 'array' type, 'minItems' values other than 0 or 1 are not supported"),
    ({"type": "object", "additionalProperties": False, "properties": {"a": {"type": "array", "items": {
        "type": "object", "properties": {}}}}}, "For 'object' type, 'additionalProperties' must be explicitly set to false"),
]


@pytest.mark.parametrize("schema, message", ANTHROPIC_REFUSED)
def test_anthropic_refuses_schemas_outside_its_subset(schema, message):
    with pytest.raises(BadRequestError) as refused:
        anthropic_json(schema, [{"role": "user", "content": "1042?"}])
    assert refused.value.body["error"] == {"type": "invalid_request_error",
                                           "message": f"output_config.format.schema: {message}"}


def test_anthropic_refuses_an_unknown_format_type():
    with pytest.raises(BadRequestError, match="output_config.format: Input tag 'json' found"):
        Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=10, messages=[{"role": "user", "content": "x"}],
                                    output_config={"format": {"type": "json"}})


OPENAI_REFUSED = [
    ({"type": "json_schema", "json_schema": {"name": "Order", "strict": True, "schema": {
        "type": "object", "properties": {"id": {"type": "string"}}}}}, "response_format", None,
     "Invalid schema for response_format 'Order': In context=(), 'additionalProperties' is required to be "
     "supplied and to be false."),
    ({"type": "json_schema", "json_schema": {"name": "Order", "strict": True, "schema": {
        "type": "object", "additionalProperties": False, "properties": {"id": {"type": "string"}}}}},
     "response_format", None, "Invalid schema for response_format 'Order': In context=(), 'required' is "
     "required to be supplied and to be an array including every key in properties. Missing 'id'."),
    ({"type": "json_schema", "json_schema": {"schema": {"type": "object"}}},
     "response_format.json_schema.name", "missing_required_parameter",
     "Missing required parameter: 'response_format.json_schema.name'."),
    ({"type": "xml"}, "response_format.type", "invalid_value",
     "Invalid value: 'xml'. Supported values are: 'text', 'json_object', and 'json_schema'."),
]


@pytest.mark.parametrize("response_format, param, code, message", OPENAI_REFUSED)
def test_openai_refuses_what_the_real_api_refuses(response_format, param, code, message):
    with pytest.raises(BadRequestError) as refused:
        OpenAI().chat.completions.create(model="gpt-4o-mini", response_format=response_format,
                                         messages=[{"role": "user", "content": "1042?"}])
    assert (refused.value.param, refused.value.code, refused.value.message) == (
        param, code, f"Error code: 400 - {message}")


def test_non_strict_json_schema_is_not_checked_by_openai():
    reply = OpenAI().chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": "1042?"}],
                                             response_format={"type": "json_schema", "json_schema": {
                                                 "name": "Loose", "schema": {"type": "object", "properties": {
                                                     "order_id": {"type": "string"}}}}})
    assert json.loads(reply.choices[0].message.content) == {"order_id": "1042"}


def test_a_reply_cut_by_max_tokens_is_not_valid_json():
    reply = Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=3, messages=[{"role": "user", "content": "1042?"}],
                                        output_config={"format": {"type": "json_schema", "schema": ORDER}})
    assert reply.stop_reason == "max_tokens"
    with pytest.raises(ValueError):
        json.loads(reply.content[0].text)


@dataclass
class Note:
    text: str


@dataclass
class Order:
    order_id: str
    status: str
    kind: Literal["delivery", "return"]
    note: Optional[Note] = None


class PydanticOrder(pydantic.BaseModel):
    order_id: str
    status: str
    eta_days: int = pydantic.Field(ge=0)


@pytest.mark.parametrize("output_type", [Order, PydanticOrder])
def test_parse_reads_the_reply_into_the_type_in_both_shapes(output_type):
    messages = [{"role": "user", "content": SHOP_QUESTIONS["status"]["bg"]}]
    parsed = Anthropic().messages.parse(model="claude-haiku-4-5", max_tokens=500, messages=messages,
                                        output_format=output_type)
    assert isinstance(parsed.parsed_output, output_type) and parsed.parsed_output.order_id == "1042"
    assert parsed.content[0].parsed_output == parsed.parsed_output
    completion = OpenAI().chat.completions.parse(model="gpt-4o-mini", messages=messages, response_format=output_type)
    message = completion.choices[0].message
    assert isinstance(message.parsed, output_type) and message.parsed.order_id == "1042"
    if output_type is Order:
        assert message.parsed.note == Note(message.parsed.status)


def test_parse_sends_the_schema_the_sdks_send():
    from fake_client import recording
    with recording() as calls:
        Anthropic().messages.parse(model="claude-haiku-4-5", max_tokens=500, output_format=PydanticOrder,
                                   messages=[{"role": "user", "content": "1042?"}])
        OpenAI().chat.completions.parse(model="gpt-4o-mini", response_format=Order,
                                        messages=[{"role": "user", "content": "1042?"}])
    anthropic_schema = calls[0]["request"]["output_config"]["format"]["schema"]
    assert anthropic_schema["additionalProperties"] is False
    assert "minimum" not in json.dumps(anthropic_schema)  # dropped: Anthropic does not support it
    openai_format = calls[1]["request"]["response_format"]
    assert openai_format["json_schema"]["name"] == "Order" and openai_format["json_schema"]["strict"]
    assert openai_format["json_schema"]["schema"]["required"] == ["order_id", "status", "kind", "note"]


def test_the_structured_program_prints_json():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(STRUCTURED, {})
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("Order(order_id='1042', status='Order 1042 will reach you by Friday.'")
    assert lines[1] == ("end_turn {'orders': [{'order_id': '1042', 'status': '1042: shipped'}, "
                        "{'order_id': '1187', 'status': '1187: shipped'}]}")
    assert "For 'integer' type, property 'minimum' is not supported" in lines[-1]
