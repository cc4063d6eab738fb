"""fake_client runs in Pyodide (Python 3.14, as in the browser) and prints there, byte for
byte, what it prints in CPython."""

import subprocess
import sys
from pathlib import Path

import pytest
from support.pyodide_host import SKIP_REASON, pyodide_available, run_program

ROOT = Path(__file__).parents[2]

PROGRAM = '''
import json, sys
import fake_client
from fake_client import Anthropic, OpenAI, BadRequestError

TOOLS = [{"name": "get_order_status", "description": "Статус и дата на доставка на поръчка по номер.",
          "input_schema": {"type": "object", "properties": {"order_id": {"type": "string"}},
                           "required": ["order_id"]}},
         {"name": "get_return_window", "description": "До коя дата може да се върне поръчка по номер.",
          "input_schema": {"type": "object", "properties": {"order_id": {"type": "string"}},
                           "required": ["order_id"]}}]
FLOWERS = [{"type": "function", "function": {"name": "get_flower_inventory", "description": "获取指定城市的鲜花库存",
            "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}]

with fake_client.recording() as calls:
    client = Anthropic()
    for question in ["Кога пристига 1042 и до кога мога да върна 1187?", "سفارش 9999 کجاست؟",
                     "Где мой заказ SP-1024?", "Не помня номера, около 1050 беше."]:
        messages = [{"role": "user", "content": question}]
        for _ in range(3):
            reply = client.messages.create(model="m", max_tokens=300, tools=TOOLS, messages=messages)
            if reply.stop_reason != "tool_use":
                break
            messages.append({"role": "assistant", "content": reply.content})
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "content": "няма поръчка", "is_error": True}
                for b in reply.content if b.type == "tool_use"]})
    openai = OpenAI()
    messages = [{"role": "user", "content": "北京、上海和深圳的鲜花库存是多少？"}]
    reply = openai.chat.completions.create(model="m", messages=messages, tools=FLOWERS)
    messages.append(reply.choices[0].message)
    for call in reply.choices[0].message.tool_calls:
        messages.append({"role": "tool", "tool_call_id": call.id, "content": "玫瑰: 100"})
    openai.chat.completions.create(model="m", messages=messages, tools=FLOWERS)
    try:
        client.messages.create(model="m", max_tokens=10, messages=[{"role": "assistant", "content": "x"}])
    except BadRequestError as error:
        print(error)
print(json.dumps(calls, ensure_ascii=False))
print(reply.to_json())
'''


# Every behaviour that follows the real APIs, in the five lesson languages.
FAITHFUL = '''
import json
from fake_client import Anthropic, OpenAI, BadRequestError

QUESTIONS = {"bg": "Кога пристига 1042 и до кога мога да върна 1187?", "fa": "سفارش 1042 کی می‌رسد؟",
             "zh": "订单1042什么时候到？", "ru": "Когда придёт заказ 1042?", "uk": "Коли прибуде замовлення 1042?"}
SCHEMA = {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"],
          "additionalProperties": False}
TOOLS = [{"name": "get_order_status", "description": "Статус и дата на доставка на поръчка по номер.",
          "input_schema": SCHEMA},
         {"name": "get_return_window", "description": "До коя дата може да се върне поръчка по номер.",
          "input_schema": SCHEMA, "strict": True}]
FUNCTIONS = [{"type": "function", "function": {"name": t["name"], "description": t["description"],
              "parameters": t["input_schema"], "strict": True}} for t in TOOLS]
OPTIONS = [{}, {"tool_choice": {"type": "any"}}, {"tool_choice": {"type": "none"}},
           {"tool_choice": {"type": "tool", "name": "get_return_window"}},
           {"tool_choice": {"type": "auto", "disable_parallel_tool_use": True}}, {"max_tokens": 9},
           {"stop_sequences": ["1042"]}, {"max_tokens": 3000, "thinking": {"type": "enabled", "budget_tokens": 1024}},
           {"thinking": {"type": "adaptive"}}, {"tool_choice": {"type": "any"}, "thinking": {"type": "adaptive"}}]
CHOICES = [{}, {"tool_choice": "required"}, {"tool_choice": "none"}, {"parallel_tool_calls": False},
           {"tool_choice": {"type": "function", "function": {"name": "get_return_window"}}}, {"max_tokens": 2},
           {"stop": "1042"}, {"tool_choice": "any"}]
out = []
for lang, question in QUESTIONS.items():
    client, openai = Anthropic(), OpenAI()
    messages = [{"role": "user", "content": question}]
    out.append(client.messages.count_tokens(model="m", tools=TOOLS, messages=messages).to_dict())
    for options in OPTIONS:
        try:
            out.append(client.messages.create(**{"model": "m", "max_tokens": 1024, "tools": TOOLS,
                                                 "messages": messages, **options}).to_dict())
        except BadRequestError as error:
            out.append(error.body)
    for options in CHOICES:
        try:
            out.append(openai.chat.completions.create(model="m", tools=FUNCTIONS, messages=messages,
                                                      **options).to_dict())
        except BadRequestError as error:
            out.append(error.body)
print(json.dumps(out, ensure_ascii=False, indent=1))
'''


# The Responses API in the five lesson languages: a loop by items and one by
# previous_response_id, with reasoning, a cut, the stream events and every loop refusal.
RESPONSES = '''
import json
from fake_client import OpenAI, BadRequestError

QUESTIONS = {"bg": "Кога пристига 1042 и до кога мога да върна 1187?", "fa": "سفارش 1042 کی می‌رسد؟",
             "zh": "订单1042什么时候到？", "ru": "Когда придёт заказ 1042?", "uk": "Коли прибуде замовлення 1042?"}
SCHEMA = {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"],
          "additionalProperties": False}
TOOLS = [{"type": "function", "name": "get_order_status", "description": "Статус и дата на доставка на поръчка по номер.",
          "parameters": SCHEMA},
         {"type": "function", "name": "get_return_window", "description": "До коя дата може да се върне поръчка по номер.",
          "parameters": SCHEMA, "strict": False}]
out = []
for lang, question in QUESTIONS.items():
    client = OpenAI()
    items = [{"role": "user", "content": question}]
    first = client.responses.create(model="m", input=items, tools=TOOLS, include=["reasoning.encrypted_content"],
                                    reasoning={"effort": "low", "summary": "auto"})
    results = [{"type": "function_call_output", "call_id": item.call_id, "output": "03.11"}
               for item in first.output if item.type == "function_call"]
    out.append(first.to_dict())
    out.append(client.responses.create(model="m", input=items + first.output + results, tools=TOOLS,
                                       reasoning={"effort": "low"}).to_dict())
    out.append(client.responses.create(model="m", input=results, previous_response_id=first.id, tools=TOOLS,
                                       max_output_tokens=16, reasoning={"effort": "high", "summary": "auto"}).to_dict())
    out.append([event.to_dict() for event in client.responses.create(model="m", input=question, stream=True)])
    out.append(client.responses.input_tokens.count(model="m", input=question, tools=TOOLS).to_dict())
    for broken in ([{**results[0], "call_id": "call_nope"}], items + first.output[1:] + results,
                   items + first.output[:1], items + first.output + results[1:]):
        try:
            client.responses.create(model="m", input=broken, tools=TOOLS)
        except BadRequestError as error:
            out.append(error.body)
print(json.dumps(out, ensure_ascii=False, indent=1))
'''


def run_both(tmp_path, program):
    """What `program` prints in CPython and in Pyodide (Node)."""
    script = tmp_path / "program.py"
    script.write_text(program, encoding="utf-8")
    cpython = subprocess.run([sys.executable, str(script)], capture_output=True, check=True,
                             env={"PYTHONPATH": str(ROOT)}).stdout.decode("utf-8")
    return cpython, run_program(program)


needs_pyodide = pytest.mark.skipif(not pyodide_available(), reason=SKIP_REASON)


@needs_pyodide
def test_pyodide_prints_what_cpython_prints(tmp_path):
    cpython, pyodide = run_both(tmp_path, PROGRAM)
    assert "toolu_01" in cpython and "chatcmpl-" in cpython and "(path: /v1/messages, type: invalid_request_error)" in cpython
    assert pyodide == cpython


@needs_pyodide
def test_the_faithful_behaviours_are_byte_identical_in_pyodide(tmp_path):
    cpython, pyodide = run_both(tmp_path, FAITHFUL)
    for seen in ('"thinking"', '"signature"', '"stop_sequence"', '"max_tokens"', '"length"',
                 "Thinking may not be enabled", "Invalid value: 'any'", '"input_tokens"'):
        assert seen in cpython
    assert pyodide == cpython


@needs_pyodide
def test_the_responses_api_is_byte_identical_in_pyodide(tmp_path):
    cpython, pyodide = run_both(tmp_path, RESPONSES)
    for seen in ('"resp_', '"rs_', '"fc_', '"msg_', '"encrypted_content"', '"incomplete"',
                 "response.output_text.delta", "No tool call found", "without its required 'reasoning' item",
                 "No tool output found"):
        assert seen in cpython
    assert pyodide == cpython
