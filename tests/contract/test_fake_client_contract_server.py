"""The real SDKs against `python -m fake_client serve`: they parse every reply strictly,
raise their own BadRequestError for bad histories, and print what fake_client prints."""

import itertools
import re
import subprocess
import sys

import anthropic
import openai
import pytest

import fake_client
from support.fake_client_programs import MSG, SHOP_SYSTEM, TOOLU, shop_runner, shop_tools
from support.fake_client_scenarios import run_all

_keys = itertools.count(1)


def real_anthropic(url):
    """A real SDK client with its own id counter on the server (one API key each)."""
    return anthropic.Anthropic(base_url=url, api_key=f"key-{next(_keys)}", max_retries=0,
                               _strict_response_validation=True)


def real_openai(url):
    return openai.OpenAI(base_url=f"{url}/v1", api_key=f"key-{next(_keys)}", max_retries=0,
                         _strict_response_validation=True)


def test_every_scenario_prints_the_same_with_the_real_sdks(fake_server):
    expected = run_all(fake_client.Anthropic(), fake_client.OpenAI())
    actual = run_all(real_anthropic(fake_server), real_openai(fake_server))
    assert actual == expected


def answer(client, question):
    """The Bulgarian seed's loop, written once for any client."""
    lines = [f"въпрос: {question}"]
    messages = [{"role": "user", "content": question}]
    for call in range(1, 5):
        reply = client.messages.create(model="claude-haiku-4-5", max_tokens=1024, system=SHOP_SYSTEM["bg"],
                                       tools=shop_tools("bg", with_return=False), messages=messages)
        lines.append(f"  викане {call} (~{reply.usage.input_tokens} токена): {reply.stop_reason}")
        if reply.stop_reason != "tool_use":
            lines.append("  отговор: " + "".join(b.text for b in reply.content if b.type == "text"))
            return lines
        messages.append({"role": "assistant", "content": reply.content})
        results = []
        for block in reply.content:
            if block.type == "tool_use":
                content, is_error = shop_runner("bg")(block.name, block.input)
                lines.append(f"    {block.id} {block.name} {block.input} → {content}")
                results.append({"type": "tool_result", "tool_use_id": block.id, "content": content,
                                "is_error": is_error})
        messages.append({"role": "user", "content": results})
    lines.append("  спирам след 4 викания")
    return lines


def test_the_bulgarian_seed_loop_prints_the_same_transcript(fake_server):
    fake = answer(fake_client.Anthropic(), "Кога ще пристигне поръчка 1042?")
    real = answer(real_anthropic(fake_server), "Кога ще пристигне поръчка 1042?")
    assert real == fake
    assert fake[:3] == ["въпрос: Кога ще пристигне поръчка 1042?",
                        "  викане 1 (~393 токена): tool_use",
                        f"    {TOOLU[0]} get_order_status {{'order_id': '1042'}} → 1042 — изпратена, доставка 03.11"]
    assert fake[3] == "  викане 2 (~410 токена): end_turn"
    assert "1042 — изпратена, доставка 03.11" in fake[4]


BROKEN_ANTHROPIC = [
    dict(messages=[{"role": "user", "content": "Къде е 1042?"},
                   {"role": "assistant", "content": [{"type": "tool_use", "id": "call_1",
                                                      "name": "get_order_status",
                                                      "input": {"order_id": "1042"}}]},
                   {"role": "user", "content": "Е?"}]),
    dict(messages=[{"role": "user", "content": "Къде е 1042?"},
                   {"role": "assistant", "content": [{"type": "tool_use", "id": "call_1",
                                                      "name": "get_order_status",
                                                      "input": {"order_id": "1042"}}]},
                   {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "get_order_status",
                                                 "content": "1042 — изпратена"}]}]),
    dict(messages=[{"role": "assistant", "content": "Здравейте!"}]),
    dict(messages=[{"role": "user", "content": "Здравейте"}],
         tools=[{"name": "get_order_status", "description": "x"}]),
]


@pytest.mark.parametrize("request_", BROKEN_ANTHROPIC)
def test_anthropic_sdk_raises_its_own_bad_request_error(fake_server, request_):
    request_ = {"model": "claude-haiku-4-5", "max_tokens": 100, "tools": shop_tools("bg"), **request_}
    with pytest.raises(fake_client.BadRequestError) as ours:
        fake_client.Anthropic().messages.create(**request_)
    with pytest.raises(anthropic.BadRequestError) as theirs:
        real_anthropic(fake_server).messages.create(**request_)
    assert theirs.value.status_code == 400
    assert theirs.value.body == ours.value.body
    assert str(theirs.value) == str(ours.value)
    assert theirs.value.type == ours.value.type == "invalid_request_error"


CALL = {"id": "call_1", "type": "function",
        "function": {"name": "get_flower_inventory", "arguments": '{"city": "北京"}'}}
BROKEN_OPENAI = [
    [{"role": "user", "content": "北京的库存？"},
     {"role": "tool", "tool_call_id": "call_1", "content": "玫瑰: 100"}],
    [{"role": "user", "content": "北京的库存？"},
     {"role": "assistant", "content": None, "tool_calls": [CALL]},
     {"role": "user", "content": "还有呢？"}],
]


@pytest.mark.parametrize("messages", BROKEN_OPENAI)
def test_openai_sdk_raises_its_own_bad_request_error(fake_server, messages):
    tools = [{"type": "function", "function": {"name": "get_flower_inventory", "description": "获取指定城市的鲜花库存",
                                               "parameters": {"type": "object", "properties": {}}}}]
    with pytest.raises(fake_client.BadRequestError) as ours:
        fake_client.OpenAI().chat.completions.create(model="gpt-4o-mini", messages=messages, tools=tools)
    with pytest.raises(openai.BadRequestError) as theirs:
        real_openai(fake_server).chat.completions.create(model="gpt-4o-mini", messages=messages, tools=tools)
    assert theirs.value.status_code == 400
    assert theirs.value.body == ours.value.body
    assert str(theirs.value) == str(ours.value)
    assert (theirs.value.param, theirs.value.code) == (ours.value.param, ours.value.code)


def test_the_command_line_server(tmp_path):
    """`python -m fake_client serve --port 0` starts, says where, and answers the SDK."""
    process = subprocess.Popen([sys.executable, "-m", "fake_client", "serve", "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                               cwd=str(tmp_path), env={"PYTHONPATH": str(_root())})
    try:
        first_line = process.stdout.readline()
        url = re.search(r"http://127\.0\.0\.1:\d+", first_line).group()
        reply = real_anthropic(url).messages.create(
            model="claude-haiku-4-5", max_tokens=100, messages=[{"role": "user", "content": "Благодаря!"}])
        assert reply.id == MSG[0] and reply.stop_reason == "end_turn"
    finally:
        process.terminate()
        process.wait(timeout=10)


def _root():
    from pathlib import Path
    return Path(fake_client.__file__).parents[1]
