"""Streaming in both shapes: the real event sequences, and events that put together give
exactly the reply stream=False gets."""

import contextlib
import io
import json

import pytest

import fake_client
from fake_client import Anthropic, BadRequestError, OpenAI
from fake_client._streaming import json_pieces, text_pieces
from support.fake_client_programs import (CALL, LANGUAGES, MSG, SHOP_QUESTIONS, SHOP_SYSTEM, TOOLU,
                                  openai_tools, shop_tools)
from support.helper_programs import STREAMING


def shop_request(lang, **options):
    return {"model": "claude-haiku-4-5", "max_tokens": 1024, "system": SHOP_SYSTEM[lang], "tools": shop_tools(lang),
            "messages": [{"role": "user", "content": SHOP_QUESTIONS["two"][lang]}], **options}


def rebuilt_anthropic(events):
    """The message the events describe, put together as the SDK's accumulator does."""
    message, pieces = None, {}
    for event in events:
        data = event.to_dict()
        if data["type"] == "message_start":
            message = data["message"]
        elif data["type"] == "content_block_start":
            message["content"].append(data["content_block"])
        elif data["type"] == "content_block_delta":
            block, delta = message["content"][data["index"]], data["delta"]
            if delta["type"] == "input_json_delta":
                pieces[data["index"]] = pieces.get(data["index"], "") + delta["partial_json"]
            else:
                field = {"text_delta": "text", "thinking_delta": "thinking",
                         "signature_delta": "signature"}[delta["type"]]
                block[field] = block[field] + delta[field] if field != "signature" else delta[field]
        elif data["type"] == "content_block_stop" and data["index"] in pieces:
            message["content"][data["index"]]["input"] = json.loads(pieces[data["index"]])
        elif data["type"] == "message_delta":
            message.update(data["delta"])
            message["usage"].update({name: value for name, value in data["usage"].items()
                                     if name == "output_tokens" or value is not None})
    return message


OPTIONS = [{}, {"max_tokens": 9}, {"max_tokens": 3000, "thinking": {"type": "enabled", "budget_tokens": 1024}},
           {"stop_sequences": ["1187"]}, {"tool_choice": {"type": "none"}}]


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_anthropic_events_put_together_are_the_reply(lang, options):
    reply = Anthropic().messages.create(**shop_request(lang, **options))
    events = list(Anthropic().messages.create(**shop_request(lang, **options), stream=True))
    assert rebuilt_anthropic(events) == reply.to_dict()


def test_anthropic_event_sequence_is_the_real_one():
    events = list(Anthropic().messages.create(**shop_request("bg"), stream=True))
    kinds = [event.type for event in events]
    assert kinds[0] == "message_start" and kinds[-2:] == ["message_delta", "message_stop"]
    assert kinds.count("content_block_start") == kinds.count("content_block_stop") == 3
    start = events[0].message
    assert (start.content, start.stop_reason, start.usage.output_tokens) == ([], None, 1)
    assert start.usage.input_tokens > 300 and start.id == MSG[0]
    opened = [event.content_block for event in events if event.type == "content_block_start"]
    assert [block.type for block in opened] == ["text", "tool_use", "tool_use"]
    assert opened[0].text == "" and opened[1].input == {} and opened[1].id == TOOLU[0]
    deltas = {event.delta.type for event in events if event.type == "content_block_delta"}
    assert deltas == {"text_delta", "input_json_delta"}
    assert events[-2].delta.stop_reason == "tool_use" and events[-2].usage.output_tokens > 1


def test_thinking_streams_thinking_deltas_then_its_signature():
    events = list(Anthropic().messages.create(**shop_request("ru", max_tokens=3000, thinking={
        "type": "adaptive"}), stream=True))
    thinking = [event.delta.type for event in events
                if event.type == "content_block_delta" and event.index == 0]
    assert thinking[0] == "thinking_delta" and thinking[-1] == "signature_delta"
    assert set(thinking[:-1]) == {"thinking_delta"}


@pytest.mark.parametrize("options", [{}, {"max_tokens": 9}, {"max_tokens": 3000, "thinking": {"type": "adaptive"}}])
def test_stream_helper_gives_text_pieces_and_the_final_message(options):
    expected = Anthropic().messages.create(**shop_request("zh", **options))
    with Anthropic().messages.stream(**shop_request("zh", **options)) as stream:
        pieces = list(stream.text_stream)
        final = stream.get_final_message()
    assert final == expected
    assert "".join(pieces) == "".join(block.text for block in expected.content if block.type == "text")
    assert len(pieces) > 1


def test_stream_helper_events_carry_snapshots():
    with Anthropic().messages.stream(**shop_request("en")) as stream:
        events = list(stream)
    texts = [event for event in events if event.type == "text"]
    assert texts[-1].snapshot == "".join(event.text for event in texts)
    inputs = [event for event in events if event.type == "input_json"]
    assert inputs[-1].snapshot == {"order_id": "1187"}
    stops = [event for event in events if event.type == "content_block_stop"]
    assert stops[1].content_block.input == {"order_id": "1042"}
    assert events[-1].type == "message_stop" and events[-1].message == stream.get_final_message()
    assert stream.get_final_text() == texts[-1].snapshot


def test_a_refused_stream_raises_when_it_is_opened():
    bad = {"model": "claude-haiku-4-5", "max_tokens": 10, "messages": [{"role": "assistant", "content": "x"}]}
    with pytest.raises(BadRequestError):
        Anthropic().messages.create(**bad, stream=True)
    manager = Anthropic().messages.stream(**bad)
    with pytest.raises(BadRequestError):
        with manager:
            pass


def test_a_streamed_call_is_recorded_like_any_other():
    with fake_client.recording() as calls:
        list(Anthropic().messages.create(**shop_request("uk"), stream=True))
    assert calls[0]["request"]["stream"] is True
    assert calls[0]["response"] == Anthropic().messages.create(**shop_request("uk")).to_dict()


def rebuilt_openai(chunks):
    message, finish, usage = {"content": None, "tool_calls": []}, None, None
    for chunk in chunks:
        data = chunk.to_dict()
        usage = data["usage"] or usage
        for choice in data["choices"]:
            delta = choice["delta"]
            if delta.get("content") is not None:
                message["content"] = (message["content"] or "") + delta["content"]
            for call in delta.get("tool_calls") or []:
                if call["index"] == len(message["tool_calls"]):
                    message["tool_calls"].append({"id": call["id"], "function": dict(call["function"]),
                                                  "type": call["type"]})
                else:
                    message["tool_calls"][call["index"]]["function"]["arguments"] += call["function"]["arguments"]
            finish = choice["finish_reason"] or finish
    return message, finish, usage


OPENAI_OPTIONS = [{}, {"max_tokens": 3}, {"tool_choice": "none"}, {"parallel_tool_calls": False}]


@pytest.mark.parametrize("options", OPENAI_OPTIONS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_openai_chunks_put_together_are_the_reply(lang, options):
    request = {"model": "gpt-4o-mini", "tools": openai_tools(shop_tools(lang)), **options,
               "messages": [{"role": "user", "content": SHOP_QUESTIONS["two"][lang]}]}
    reply = OpenAI().chat.completions.create(**request).to_dict()
    chunks = list(OpenAI().chat.completions.create(**request, stream=True,
                                                   stream_options={"include_usage": True}))
    message, finish, usage = rebuilt_openai(chunks)
    expected = reply["choices"][0]
    assert message["content"] == expected["message"]["content"]
    assert message["tool_calls"] == expected["message"].get("tool_calls", [])
    assert finish == expected["finish_reason"] and usage == reply["usage"]
    assert {chunk.id for chunk in chunks} == {reply["id"]}
    assert chunks[0].choices[0].delta.role == "assistant"
    assert chunks[-1].choices == [] and all(chunk.usage is None for chunk in chunks[:-1])


def test_openai_chunks_without_include_usage_carry_no_usage():
    messages = [{"role": "user", "content": "Спасибо!"}]
    chunks = list(OpenAI().chat.completions.create(model="gpt-4o-mini", stream=True, messages=messages))
    assert all(chunk.usage is None and chunk.choices for chunk in chunks)
    text = OpenAI().chat.completions.create(model="gpt-4o-mini", messages=messages).choices[0].message.content
    assert "".join(chunk.choices[0].delta.content or "" for chunk in chunks) == text
    assert len(chunks) == len(text.split()) + 2  # the role, a chunk a word, the finish
    assert chunks[-1].choices[0].finish_reason == "stop"
    assert CALL[0].startswith("call_")


@pytest.mark.parametrize("text", ["Order 1042 will reach you by Friday.", "订单 1042 周五之前就能送到。",
                                  "  two  spaces ", "سفارش ۱۰۴۲ کی می‌رسد؟", ""])
def test_pieces_join_back_to_the_text(text):
    assert "".join(text_pieces(text)) == text
    encoded = json.dumps({"text": text, "n": [1, 2]}, ensure_ascii=False)
    assert "".join(json_pieces(encoded)) == encoded


def test_the_streaming_program_prints_its_pieces():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(STREAMING, {})
    printed = out.getvalue()
    assert "1 input_json_delta {'partial_json': '{\"order_id\": ', 'type': 'input_json_delta'}" in printed
    assert "Моля!| Ако| имате|" in printed and '"type": "thinking"' in printed
    assert printed.count("chat.completion.chunk") == 9
