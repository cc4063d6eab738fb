"""fake_client runs in Pyodide (Python 3.14, as in the browser) and prints there, byte for
byte, what it prints in CPython."""

import os
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
            reply = client.messages.create(model="claude-haiku-4-5", max_tokens=300, tools=TOOLS, messages=messages)
            if reply.stop_reason != "tool_use":
                break
            messages.append({"role": "assistant", "content": reply.content})
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "content": "няма поръчка", "is_error": True}
                for b in reply.content if b.type == "tool_use"]})
    for page in ["ru", "uk", "fa", None]:   # the page decides among bg/ru/uk, not a Persian page
        with fake_client.page_language(page):
            client.messages.create(model="claude-haiku-4-5", max_tokens=100,
                                   messages=[{"role": "user", "content": "Нужна помощь"}])
    openai = OpenAI()
    messages = [{"role": "user", "content": "北京、上海和深圳的鲜花库存是多少？"}]
    reply = openai.chat.completions.create(model="gpt-4o-mini", messages=messages, tools=FLOWERS)
    messages.append(reply.choices[0].message)
    for call in reply.choices[0].message.tool_calls:
        messages.append({"role": "tool", "tool_call_id": call.id, "content": "玫瑰: 100"})
    openai.chat.completions.create(model="gpt-4o-mini", messages=messages, tools=FLOWERS)
    try:
        client.messages.create(model="claude-haiku-4-5", max_tokens=10, messages=[{"role": "assistant", "content": "x"}])
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
           {"thinking": {"type": "adaptive"}}, {"tool_choice": {"type": "any"}, "thinking": {"type": "adaptive"}},
           {"max_tokens": 3000, "tool_choice": {"type": "any"}, "thinking": {"type": "enabled", "budget_tokens": 1024}}]
CHOICES = [{}, {"tool_choice": "required"}, {"tool_choice": "none"}, {"parallel_tool_calls": False},
           {"tool_choice": {"type": "function", "function": {"name": "get_return_window"}}}, {"max_tokens": 2},
           {"stop": "1042"}, {"tool_choice": "any"}]
out = []
for lang, question in QUESTIONS.items():
    client, openai = Anthropic(), OpenAI()
    messages = [{"role": "user", "content": question}]
    out.append(client.messages.count_tokens(model="claude-haiku-4-5", tools=TOOLS, messages=messages).to_dict())
    for options in OPTIONS:
        try:
            out.append(client.messages.create(**{"model": "claude-haiku-4-5", "max_tokens": 1024, "tools": TOOLS,
                                                 "messages": messages, **options}).to_dict())
        except BadRequestError as error:
            out.append(error.body)
    for options in CHOICES:
        try:
            out.append(openai.chat.completions.create(model="gpt-4o-mini", tools=FUNCTIONS, messages=messages,
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
    first = client.responses.create(model="gpt-4o-mini", input=items, tools=TOOLS, include=["reasoning.encrypted_content"],
                                    reasoning={"effort": "low", "summary": "auto"})
    results = [{"type": "function_call_output", "call_id": item.call_id, "output": "03.11"}
               for item in first.output if item.type == "function_call"]
    out.append(first.to_dict())
    out.append(client.responses.create(model="gpt-4o-mini", input=items + first.output + results, tools=TOOLS,
                                       reasoning={"effort": "low"}).to_dict())
    out.append(client.responses.create(model="gpt-4o-mini", input=results, previous_response_id=first.id, tools=TOOLS,
                                       max_output_tokens=16, reasoning={"effort": "high", "summary": "auto"}).to_dict())
    out.append([event.to_dict() for event in client.responses.create(model="gpt-4o-mini", input=question, stream=True)])
    out.append(client.responses.input_tokens.count(model="gpt-4o-mini", input=question, tools=TOOLS).to_dict())
    for broken in ([{**results[0], "call_id": "call_nope"}], items + first.output[1:] + results,
                   items + first.output[:1], items + first.output + results[1:]):
        try:
            client.responses.create(model="gpt-4o-mini", input=broken, tools=TOOLS)
        except BadRequestError as error:
            out.append(error.body)
print(json.dumps(out, ensure_ascii=False, indent=1))
'''


# Every fault in every shape that has it, in the five lesson languages: the SDKs' errors as
# they print, the retries, and each misbehaving reply (fake_client.faults).
FAULTS = '''
import json
import fake_client
from fake_client import Anthropic, OpenAI, APIStatusError, APITimeoutError, faults

QUESTIONS = {"bg": "Кога пристига 1042?", "fa": "سفارش 1042 کی می‌رسد؟", "zh": "订单1042什么时候到？",
             "ru": "Когда придёт заказ 1042?", "uk": "Коли прибуде замовлення 1042?"}
SCHEMA = {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]}
TOOLS = [{"name": "get_order_status", "description": "Статус на поръчка по номер.", "input_schema": SCHEMA}]
FUNCTIONS = [{"type": "function", "function": {"name": "get_order_status", "description": "Статус на поръчка по номер.",
              "parameters": SCHEMA}}]
FLAT = [{"type": "function", **FUNCTIONS[0]["function"]}]
CALLS = {
    "anthropic": lambda client, q: client.messages.create(model="claude-haiku-4-5", max_tokens=300, tools=TOOLS,
                                                          messages=[{"role": "user", "content": q}]),
    "openai": lambda client, q: client.chat.completions.create(model="gpt-4o-mini", tools=FUNCTIONS,
                                                               messages=[{"role": "user", "content": q}]),
    "openai_responses": lambda client, q: client.responses.create(model="gpt-4o-mini", tools=FLAT, input=q),
}
out = []
for lang, question in QUESTIONS.items():
    for shape, make in CALLS.items():
        client = (Anthropic if shape == "anthropic" else OpenAI)(max_retries=0)
        for name in faults.NAMES:
            faults.next(name)
            try:
                reply = make(client, question).to_dict()
                if name == "unlisted_stop_reason":  # new random letters on every call, by design
                    reply["stop_reason"] = reply["stop_reason"].isalpha() and "<unlisted>"
                out.append(reply)
            except (APIStatusError, APITimeoutError) as error:
                out.append([type(error).__name__, str(error), getattr(error, "body", None)])
            except ValueError as error:
                out.append(["ValueError", str(error)])
            faults.clear()  # a 429 holds until its retry-after: the next call is to meet the next fault
        faults.next("rate_limit", "overloaded", retry_after=0.01)
        retried = make((Anthropic if shape == "anthropic" else OpenAI)(), question)
        out.append([retried.to_dict(), retried._request_id])
print(json.dumps(out, ensure_ascii=False, indent=1))
'''


# The async clients in the five lesson languages. Node's Pyodide has no running event loop for
# asyncio.run (the browser runs it with stack switching): the coroutines are driven by hand,
# which works because the fake never waits.
ASYNC = '''
import json
from fake_client import AsyncAnthropic, AsyncOpenAI, APIStatusError, faults

def drive(coroutine):
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value
    raise RuntimeError("the fake waited")

QUESTIONS = {"bg": "Кога пристига 1042?", "fa": "سفارش 1042 کی می‌رسد؟", "zh": "订单1042什么时候到？",
             "ru": "Когда придёт заказ 1042?", "uk": "Коли прибуде замовлення 1042?"}
SCHEMA = {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]}
TOOLS = [{"name": "get_order_status", "description": "Статус на поръчка по номер.", "input_schema": SCHEMA}]

async def main(question):
    out = []
    claude, gpt = AsyncAnthropic(max_retries=0), AsyncOpenAI(max_retries=0)
    messages = [{"role": "user", "content": question}]
    out.append((await claude.messages.create(model="claude-haiku-4-5", max_tokens=300, tools=TOOLS, messages=messages)).to_dict())
    stream = await claude.messages.create(model="claude-haiku-4-5", max_tokens=300, messages=messages, stream=True)
    out.append([event.to_dict() async for event in stream])
    async with claude.messages.stream(model="claude-haiku-4-5", max_tokens=300, messages=messages) as helper:
        out.append([piece async for piece in helper.text_stream])
    out.append((await gpt.chat.completions.create(model="gpt-4o-mini", messages=messages)).to_dict())
    out.append((await gpt.responses.create(model="gpt-4o-mini", input=question)).to_dict())
    faults.next("rate_limit")
    try:
        await claude.messages.create(model="claude-haiku-4-5", max_tokens=300, messages=messages)
    except APIStatusError as error:
        out.append(str(error))
    faults.clear()  # the 429 would hold the next question's first call until its retry-after
    return out

print(json.dumps([drive(main(question)) for question in QUESTIONS.values()], ensure_ascii=False, indent=1))
'''


# What the fake once refused, in the five lesson languages: web search offered, search
# results in a tool result, an assistant greeting first, OpenAI's newer options and n > 1.
ACCEPTED = '''
import json
from fake_client import Anthropic, OpenAI

QUESTIONS = {"bg": "Кога пристига 1042?", "fa": "سفارش 1042 کی می‌رسد؟", "zh": "订单1042什么时候到？",
             "ru": "Когда придёт заказ 1042?", "uk": "Коли прибуде замовлення 1042?"}
SCHEMA = {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]}
TOOLS = [{"name": "get_order_status", "description": "Статус на поръчка по номер.", "input_schema": SCHEMA}]
FUNCTIONS = [{"type": "function", "function": {"name": "get_order_status", "description": "Статус на поръчка по номер.",
              "parameters": SCHEMA}}]
out = []
for question in QUESTIONS.values():
    claude = Anthropic()
    out.append(claude.messages.create(model="claude-haiku-4-5", max_tokens=300, messages=[{"role": "user", "content": question}],
                                      tools=[{"type": "web_search_20250305", "name": "web_search"}]).to_dict())
    messages = [{"role": "assistant", "content": "Здравейте!"}, {"role": "user", "content": question}]
    reply = claude.messages.create(model="claude-haiku-4-5", max_tokens=300, tools=TOOLS, messages=messages)
    messages += [{"role": "assistant", "content": reply.content}, {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": reply.content[-1].id, "content": [
            {"type": "search_result", "source": "orders://1042", "title": "1042",
             "content": [{"type": "text", "text": "03.11"}]}]}]}]
    out.append(claude.messages.create(model="claude-haiku-4-5", max_tokens=300, tools=TOOLS, messages=messages).to_dict())
    out.append(OpenAI().chat.completions.create(model="gpt-4o-mini", tools=FUNCTIONS, n=2, verbosity="low",
                                                reasoning_effort="xhigh", prompt_cache_key="k",
                                                messages=[{"role": "user", "content": question}]).to_dict())
print(json.dumps(out, ensure_ascii=False, indent=1))
'''


# The model catalogue in the five lesson languages: thinking by default (and cut by a small
# max_tokens), Sonnet 5.5's omitted thinking, the prompt cache of both shapes, the 404s and
# 400s of the catalogue's rules, and the models endpoints.
MODELS = '''
import json
from fake_client import Anthropic, OpenAI, APIStatusError

QUESTIONS = {"bg": "Кога пристига 1042?", "fa": "سفارش 1042 کی می‌رسد؟", "zh": "订单1042什么时候到？",
             "ru": "Когда придёт заказ 1042?", "uk": "Коли прибуде замовлення 1042?"}
DOC = {"type": "text", "text": "Магазинът продава чайници и чаши. " * 200, "cache_control": {"type": "ephemeral"}}
out = []


def refused(call):
    try:
        call()
    except APIStatusError as error:
        return [str(error), error.body]


for lang, question in QUESTIONS.items():
    messages = [{"role": "user", "content": question}]
    claude, openai = Anthropic(), OpenAI()
    out.append(claude.messages.create(model="claude-sonnet-5", max_tokens=1024, messages=messages).to_dict())
    out.append(claude.messages.create(model="claude-sonnet-5", max_tokens=6, messages=messages).to_dict())
    out.append(claude.messages.create(model="claude-sonnet-5-5", max_tokens=1024, messages=messages).to_dict())
    for _ in range(2):
        out.append(claude.messages.create(model="claude-sonnet-5", max_tokens=1024, system=[DOC],
                                          messages=messages).usage.to_dict())
        out.append(openai.chat.completions.create(model="gpt-5.6-terra", messages=[
            {"role": "system", "content": DOC["text"]}, *messages]).usage.to_dict())
    out.append(refused(lambda: claude.messages.create(model="claude-x", max_tokens=50, messages=messages)))
    out.append(refused(lambda: claude.messages.create(model="claude-sonnet-5", max_tokens=50, messages=messages,
                                                      extra_body={"temperature": 0.5})))
    out.append(refused(lambda: openai.chat.completions.create(model="gpt-5.6-terra", messages=messages, max_tokens=50)))
    out.append(refused(lambda: openai.models.retrieve("gpt-x")))
out.append([model.to_dict() for model in Anthropic().models.list()])
out.append([model.to_dict() for model in OpenAI().models.list()])
print(json.dumps(out, ensure_ascii=False, indent=1))
'''


def run_both(tmp_path, program):
    """What `program` prints in CPython and in Pyodide (Node)."""
    script = tmp_path / "program.py"
    script.write_text(program, encoding="utf-8")
    pinned = {"FAKE_CLIENT_TODAY": os.environ["FAKE_CLIENT_TODAY"]} if "FAKE_CLIENT_TODAY" in os.environ else {}
    cpython = subprocess.run([sys.executable, str(script)], capture_output=True, check=True,
                             env={"PYTHONPATH": str(ROOT), **pinned}).stdout.decode("utf-8")
    return cpython, run_program(program)


needs_pyodide = pytest.mark.skipif(not pyodide_available(), reason=SKIP_REASON)


# Each program, with what its CPython output must show (so that a program that prints
# nothing of what it is about cannot pass by printing the same nothing twice).
PROGRAMS = {
    "basics": (PROGRAM, ("toolu_01", "chatcmpl-", "path: /v1/messages, type: invalid_request_error)")),
    "faithful behaviours": (FAITHFUL, ('"thinking"', '"signature"', '"stop_sequence"', '"max_tokens"', '"length"',
                                       "Thinking may not be enabled", "Invalid value: 'any'", '"input_tokens"')),
    "Responses API": (RESPONSES, ('"resp_', '"rs_', '"fc_', '"msg_', '"encrypted_content"', '"incomplete"',
                                  "response.output_text.delta", "No tool call found",
                                  "without its required 'reasoning' item", "No tool output found")),
    "faults": (FAULTS, ("RateLimitError", "OverloadedError", "529 Overloaded (request_id: req_01", "Error code: 503",
                        "Request to api.anthropic.com timed out after 600s", '"refusal"', '"pause_turn"',
                        '"model_context_window_exceeded"', '"content_filter"', "run_command", "send_email",
                        "has no counterpart in", "Съжалявам", "抱歉")),
    "async clients": (ASYNC, ('"message_stop"', '"chatcmpl-', '"resp_', "429 This request would exceed")),
    "once refused": (ACCEPTED, ('"server_tool_use"', '"web_search_tool_result_error"', "03.11", '"index": 1')),
    "model catalogue": (MODELS, ('"thinking"', '"cache_read_input_tokens": 1300', '"cached_tokens": 1280',
                                 "model: claude-x", "deprecated for this model", "max_completion_tokens",
                                 "model_not_found", '"lifecycle": "retired"', '"shutdown_date": "2026-12-11"')),
}


@needs_pyodide
@pytest.mark.parametrize("name", list(PROGRAMS))
def test_the_program_prints_the_same_bytes_in_pyodide(tmp_path, name):
    program, shown = PROGRAMS[name]
    cpython, pyodide = run_both(tmp_path, program)
    for seen in shown:
        assert seen in cpython, seen
    assert pyodide == cpython
