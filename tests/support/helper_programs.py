"""Lesson-like programs that use the SDKs' own helpers (streaming, structured output, threads)
with fake_client. The unit tests run them in CPython; tests/browser runs the same text in
Pyodide and compares what it prints."""

STREAMING = '''
from fake_client import Anthropic, OpenAI

TOOLS = [{"name": "get_order_status", "description": "Статус и дата на доставка на поръчка по номер.",
          "input_schema": {"type": "object", "properties": {"order_id": {"type": "string"}},
                           "required": ["order_id"]}}]
client = Anthropic()
messages = [{"role": "user", "content": "Кога пристига 1042 и къде е 1187?"}]
for event in client.messages.create(model="claude-haiku-4-5", max_tokens=300, tools=TOOLS, messages=messages,
                                    stream=True):
    if event.type == "content_block_delta":
        print(event.index, event.delta.type, repr(event.delta.to_dict()))
    else:
        print(event.type)
with client.messages.stream(model="claude-haiku-4-5", max_tokens=3000, messages=[{"role": "user", "content": "Благодаря!"}],
                            thinking={"type": "enabled", "budget_tokens": 1024}) as stream:
    for text in stream.text_stream:
        print(text, end="|", flush=True)
    print()
    print(stream.get_final_message().to_json())

openai = OpenAI()
functions = [{"type": "function", "function": {"name": "get_flower_inventory", "description": "获取指定城市的鲜花库存",
              "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}]
for chunk in openai.chat.completions.create(model="gpt-4o-mini", tools=functions, stream=True,
                                            stream_options={"include_usage": True},
                                            messages=[{"role": "user", "content": "北京和上海的鲜花库存是多少？"}]):
    print(chunk.model_dump_json(exclude_none=True))
'''

STRUCTURED = '''
import json
from dataclasses import dataclass
from typing import Literal, Optional
from fake_client import Anthropic, OpenAI, BadRequestError

@dataclass
class Order:
    order_id: str
    status: str
    days_left: int
    kind: Literal["delivery", "return"]
    note: Optional[str] = None

TOOLS = [{"name": "get_order_status", "description": "Delivery status and date of an order, by its number.",
          "input_schema": {"type": "object", "properties": {"order_id": {"type": "string"}},
                           "required": ["order_id"]}}]
client = Anthropic()
question = [{"role": "user", "content": "Where is order 1042?"}]
print(repr(client.messages.parse(model="claude-haiku-4-5", max_tokens=300, messages=question,
                                 output_format=Order).parsed_output))
schema = {"type": "object", "additionalProperties": False, "required": ["orders"],
          "properties": {"orders": {"type": "array", "items": {
              "type": "object", "additionalProperties": False, "required": ["order_id", "status"],
              "properties": {"order_id": {"type": "string"}, "status": {"type": "string"}}}}}}
messages = [{"role": "user", "content": "Where are orders 1042 and 1187?"}]
reply = client.messages.create(model="claude-haiku-4-5", max_tokens=300, tools=TOOLS, messages=messages,
                               output_config={"format": {"type": "json_schema", "schema": schema}})
messages.append({"role": "assistant", "content": reply.content})
messages.append({"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": block.id, "content": block.input["order_id"] + ": shipped"}
    for block in reply.content if block.type == "tool_use"]})
reply = client.messages.create(model="claude-haiku-4-5", max_tokens=300, tools=TOOLS, messages=messages,
                               output_config={"format": {"type": "json_schema", "schema": schema}})
print(reply.stop_reason, json.loads(reply.content[0].text))

openai = OpenAI()
completion = openai.chat.completions.parse(model="gpt-4o-mini", response_format=Order, messages=[
    {"role": "user", "content": "Когда придёт заказ 1042?"}])
print(completion.choices[0].message.content)
print(repr(completion.choices[0].message.parsed))
print(openai.chat.completions.create(model="gpt-4o-mini", response_format={"type": "json_object"}, messages=[
    {"role": "system", "content": "Answer in JSON."}, {"role": "user", "content": "订单1042什么时候到？"}]
    ).choices[0].message.content)
for bad in [dict(response_format={"type": "json_object"}),
            dict(response_format={"type": "json_schema", "json_schema": {"name": "Order", "strict": True,
                 "schema": {"type": "object", "properties": {"id": {"type": "string"}}}}})]:
    try:
        openai.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": "1042?"}], **bad)
    except BadRequestError as error:
        print(error)
try:
    client.messages.create(model="claude-haiku-4-5", max_tokens=100, messages=question, output_config={"format": {
        "type": "json_schema", "schema": {"type": "object", "additionalProperties": False,
        "properties": {"n": {"type": "integer", "minimum": 1}}}}})
except BadRequestError as error:
    print(error)
'''
