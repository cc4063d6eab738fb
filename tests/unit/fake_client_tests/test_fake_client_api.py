"""The public surface, the response objects, determinism and recording()."""

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import fake_client
from fake_client import Anthropic, OpenAI
from support.fake_client_programs import CALL, CHATCMPL, MSG, TOOLU

ROOT = Path(fake_client.__file__).parents[1]


def test_public_names_are_pinned():
    assert sorted(fake_client.__all__) == sorted([
        "Anthropic", "OpenAI", "AsyncAnthropic", "AsyncOpenAI", "AsyncStream", "recording", "page_language",
        "Message", "TextBlock", "ToolUseBlock", "Usage", "ContentBlock",
        "ChatCompletion", "Choice", "ChatCompletionMessage", "ChatCompletionMessageToolCall",
        "Function", "CompletionUsage",
        "Response", "ResponseOutputMessage", "ResponseOutputText", "ResponseFunctionToolCall",
        "ResponseReasoningItem", "ResponseUsage", "ParsedResponse", "InputTokenCountResponse",
        "ThinkingBlock", "MessageTokensCount",
        "ParsedMessage", "ParsedChatCompletion", "Stream", "MessageStream", "ChatCompletionChunk",
        "RawMessageStartEvent", "RawContentBlockStartEvent", "RawContentBlockDeltaEvent",
        "RawContentBlockStopEvent", "RawMessageDeltaEvent", "RawMessageStopEvent",
        "TextDelta", "InputJSONDelta", "ThinkingDelta", "SignatureDelta",
        "OpenAIError", "LengthFinishReasonError", "ValidationError",
        "APIError", "APIStatusError", "BadRequestError", "AuthenticationError",
        "PermissionDeniedError", "NotFoundError", "ConflictError", "UnprocessableEntityError",
        "RateLimitError", "EnforcedSpendLimitReachedError", "InternalServerError", "OverloadedError", "APIConnectionError", "APITimeoutError",
        "faults"])
    for name in fake_client.__all__:
        assert getattr(fake_client, name) is not None


def test_clients_take_the_real_constructors_arguments():
    Anthropic(api_key="x", base_url="http://nowhere", timeout=5, max_retries=0)
    OpenAI(api_key="x", base_url="http://nowhere/v1", timeout=5)
    with pytest.raises(TypeError):
        Anthropic().messages.create(model="claude-haiku-4-5", messages=[])  # max_tokens is required, as in the SDK
    with pytest.raises(TypeError):
        OpenAI().chat.completions.create(model="gpt-4o-mini", messages=[], colour="blue")


TOOLS = [{"name": "get_order_status", "description": "Статус и дата на доставка на поръчка по номер.",
          "input_schema": {"type": "object", "properties": {"order_id": {"type": "string"}},
                           "required": ["order_id"]}}]


def test_response_objects():
    reply = Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=100, tools=TOOLS, messages=[
        {"role": "user", "content": "Кога ще пристигне поръчка 1042?"}])
    block = reply.content[1]
    assert (reply.id, reply.type, reply.role, reply.model) == (MSG[0], "message", "assistant", "claude-haiku-4-5")
    assert (block.type, block.id, block.name, block.input) == (
        "tool_use", TOOLU[0], "get_order_status", {"order_id": "1042"})
    assert isinstance(block, fake_client.ToolUseBlock)
    assert reply.model_dump() == reply.to_dict() == json.loads(reply.to_json())
    assert json.loads(reply.model_dump_json()) == reply.to_dict()
    assert "\n" not in reply.model_dump_json() and "\n  " in reply.to_json()
    assert reply.to_dict()["content"][1:] == [{"id": TOOLU[0], "input": {"order_id": "1042"},
                                           "name": "get_order_status", "type": "tool_use"}]
    assert f"ToolUseBlock(id='{TOOLU[0]}'" in repr(reply)
    with pytest.raises(AttributeError):
        reply.colour = "blue"


def test_openai_message_object_can_be_appended_as_it_is():
    client = OpenAI()
    tools = [{"type": "function", "function": {"name": TOOLS[0]["name"], "description": TOOLS[0]["description"],
                                               "parameters": TOOLS[0]["input_schema"]}}]
    messages = [{"role": "user", "content": "Кога ще пристигне поръчка 1042?"}]
    first = client.chat.completions.create(model="gpt-4o-mini", messages=messages, tools=tools)
    call = first.choices[0].message.tool_calls[0]
    assert (call.id, call.type, call.function.name, json.loads(call.function.arguments)) == (
        CALL[0], "function", "get_order_status", {"order_id": "1042"})
    messages.append(first.choices[0].message)
    messages.append({"role": "tool", "tool_call_id": call.id, "content": "1042 — изпратена"})
    second = client.chat.completions.create(model="gpt-4o-mini", messages=messages, tools=tools)
    assert second.id == CHATCMPL[1]
    assert second.choices[0].finish_reason == "stop"
    assert second.choices[0].message.tool_calls is None
    assert "1042 — изпратена" in second.choices[0].message.content


def test_openai_length_limit():
    reply = OpenAI().chat.completions.create(model="gpt-4o-mini", max_tokens=3,
                                             messages=[{"role": "user", "content": "Благодаря!"}])
    assert reply.choices[0].finish_reason == "length"
    assert reply.usage.completion_tokens <= 3


SCRIPT = """
import fake_client
from fake_client import Anthropic, OpenAI
with fake_client.recording() as calls:
    a = Anthropic()
    for question in ["Кога пристига 1042 и до кога мога да върна 1187?", "Благодаря!"]:
        messages = [{"role": "user", "content": question}]
        reply = a.messages.create(model="claude-haiku-4-5", max_tokens=200, tools=TOOLS, messages=messages)
        if reply.stop_reason == "tool_use":
            messages.append({"role": "assistant", "content": reply.content})
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "content": "ok " + b.name}
                for b in reply.content if b.type == "tool_use"]})
            a.messages.create(model="claude-haiku-4-5", max_tokens=200, tools=TOOLS, messages=messages)
    OpenAI().chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": "北京的鲜花库存？"}])
import json
print(json.dumps(calls, ensure_ascii=False, sort_keys=False))
"""


def test_same_script_twice_gives_byte_identical_transcripts():
    tools = TOOLS + [{"name": "get_return_window", "description": "До коя дата може да се върне поръчка.",
                      "input_schema": TOOLS[0]["input_schema"]}]
    code = f"TOOLS = {tools!r}\n{SCRIPT}"
    outputs = [subprocess.run([sys.executable, "-c", code], capture_output=True, check=True,
                              env={"PYTHONPATH": str(ROOT), "PYTHONHASHSEED": seed}).stdout
               for seed in ("1", "2", "random")]
    assert outputs[0] == outputs[1] == outputs[2]
    calls = json.loads(outputs[0])
    assert [call["api"] for call in calls] == ["anthropic"] * 3 + ["openai"]
    assert calls[0]["response"]["stop_reason"] == "tool_use"
    assert [block["type"] for block in calls[0]["response"]["content"]] == ["text", "tool_use", "tool_use"]


def ask(client, question="Благодаря!"):
    return client.messages.create(model="claude-haiku-4-5", max_tokens=50, messages=[{"role": "user", "content": question}])


def test_recordings_nest():
    client = Anthropic()
    with fake_client.recording() as outer:
        ask(client)
        with fake_client.recording() as inner:
            ask(client)
        ask(client)
    ask(client)
    assert [call["response"]["id"] for call in outer] == MSG[:3]
    assert [call["response"]["id"] for call in inner] == [MSG[1]]


def test_recordings_in_parallel_threads_do_not_mix():
    seen = {}

    def run(name, count):
        client = Anthropic()
        with fake_client.recording() as calls:
            for _ in range(count):
                ask(client)
        seen[name] = [call["response"]["id"] for call in calls]

    threads = [threading.Thread(target=run, args=(name, count)) for name, count in (("a", 3), ("b", 5))]
    for thread in threads:
        thread.start()
    with fake_client.recording() as main:
        ask(Anthropic())
    for thread in threads:
        thread.join()
    assert seen == {"a": MSG[:3], "b": MSG[:5]}
    assert len(main) == 1


def test_a_recording_is_a_snapshot():
    messages = [{"role": "user", "content": "Благодаря!"}]
    with fake_client.recording() as calls:
        Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=50, messages=messages)
    messages.append({"role": "assistant", "content": "changed later"})
    assert calls[0]["request"]["messages"] == [{"role": "user", "content": "Благодаря!"}]


def test_the_package_needs_nothing_outside_the_standard_library():
    code = ("import sys, fake_client\n"
            "outside = sorted(name for name in sys.modules if name.split('.')[0] in "
            "{'anthropic', 'openai', 'pydantic', 'httpx', 'http'})\n"
            "print(outside)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(ROOT)}).stdout
    assert out.strip() == "[]"  # not even http.server: that loads only for `serve`


def test_no_network_and_no_key_needed():
    env = {key: value for key, value in os.environ.items() if "API_KEY" not in key}
    code = "from fake_client import Anthropic; print(Anthropic().messages.create(model='claude-haiku-4-5', max_tokens=9, messages=[{'role': 'user', 'content': 'Hi there friend'}]).stop_reason)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**env, "PYTHONPATH": str(ROOT)}).stdout
    assert out.strip() == "end_turn"
