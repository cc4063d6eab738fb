"""Streaming: a reply sent piece by piece, as the real APIs send it with `stream=True`.

The fake writes the whole reply first (the same reply `stream=False` gets: same ids, same
usage), then cuts it into the events of each shape. Put back together, the events give that
reply again, which is what the SDKs' stream helpers do (`get_final_message()`,
`get_final_completion()`).

Anthropic Messages (server-sent events named by their `type`):

    message_start        the message with empty `content`, `stop_reason` null, usage so far
    content_block_start  per block: text "", tool_use with `input` {}, thinking "" (index n)
    content_block_delta  text_delta (a word at a time), input_json_delta (the input's JSON
                         text in pieces), thinking_delta, then one signature_delta
    content_block_stop   the block is complete
    message_delta        `stop_reason`, `stop_sequence`, `usage.output_tokens`
    message_stop         the end

OpenAI Chat Completions (`chat.completion.chunk` objects, then `data: [DONE]`): a first chunk
with `role` "assistant", then the text a word at a time in `delta.content`, each tool call
opened by a delta with its `index`, `id`, `type` and name and continued by deltas of its
`arguments` under the same `index`, then a chunk with an empty `delta` and the
`finish_reason`. With `stream_options={"include_usage": true}` every chunk has `usage: null`
and one last chunk with no choices carries the usage.

Simplified: pieces are words (text) or JSON tokens (tool input), not model tokens; there
are no `ping` events and no pauses (the fake answers at once).
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable, Generic, Iterator, TypeVar

from ._scripts import CJK

# A word with the space before it, or one CJK character (written without spaces).
_WORDS = re.compile(f"\\s*[{CJK}]|\\s*[^\\s{CJK}]+|\\s+$")
# JSON text cut after each comma or colon: `{"order_id": ` `"1042"}`.
_JSON_PIECES = re.compile(r"[^,:]*[,:]?\s*")


def text_pieces(text: str) -> list[str]:
    """`text` a word at a time; the pieces join back to `text`."""
    return _WORDS.findall(text)


def json_pieces(text: str) -> list[str]:
    """JSON text in pieces cut after each comma and colon; they join back to `text`."""
    return [piece for piece in _JSON_PIECES.findall(text) if piece]


def anthropic_events(reply: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The Messages API stream events (wire JSON) that carry `reply`."""
    usage = reply["usage"]
    opening = {**reply, "content": [], "stop_reason": None, "stop_sequence": None,
               "usage": {**usage, "output_tokens": 1, "output_tokens_details": {"thinking_tokens": 0}}}
    if "stop_details" in reply:  # a refusal's (`fake_client.faults`): it comes with the stop reason
        opening["stop_details"] = None
    yield {"type": "message_start", "message": opening}
    for index, block in enumerate(reply["content"]):
        yield {"type": "content_block_start", "index": index, "content_block": _opening(block)}
        for delta in _block_deltas(block):
            yield {"type": "content_block_delta", "index": index, "delta": delta}
        yield {"type": "content_block_stop", "index": index}
    delta = {"stop_reason": reply["stop_reason"], "stop_sequence": reply["stop_sequence"]}
    if "stop_details" in reply:
        delta["stop_details"] = reply["stop_details"]
    yield {"type": "message_delta", "delta": delta,
           "usage": {"cache_creation_input_tokens": usage["cache_creation_input_tokens"],
                     "cache_read_input_tokens": usage["cache_read_input_tokens"],
                     "input_tokens": usage["input_tokens"], "output_tokens": usage["output_tokens"],
                     "output_tokens_details": usage["output_tokens_details"],
                     "server_tool_use": usage["server_tool_use"]}}
    yield {"type": "message_stop"}


def _opening(block: dict[str, Any]) -> dict[str, Any]:
    """A block as `content_block_start` announces it: its fields, the content still empty."""
    empty = {"text": {"text": ""}, "tool_use": {"input": {}}, "server_tool_use": {"input": {}},
             "thinking": {"thinking": "", "signature": ""}}.get(block["type"], {})  # a result comes whole
    return {**block, **empty}


def _block_deltas(block: dict[str, Any]) -> Iterator[dict[str, Any]]:
    kind = block["type"]
    if kind == "text":
        for piece in text_pieces(block["text"]):
            yield {"type": "text_delta", "text": piece}
    elif kind in ("tool_use", "server_tool_use"):
        if block["input"]:
            for piece in json_pieces(json.dumps(block["input"], ensure_ascii=False)):
                yield {"type": "input_json_delta", "partial_json": piece}
    elif kind == "thinking":
        for piece in text_pieces(block["thinking"]):
            yield {"type": "thinking_delta", "thinking": piece}
        yield {"type": "signature_delta", "signature": block["signature"]}


def openai_chunks(reply: dict[str, Any], *, include_usage: bool = False) -> Iterator[dict[str, Any]]:
    """The `chat.completion.chunk` objects (wire JSON) that carry `reply`."""
    head = {"id": reply["id"], "object": "chat.completion.chunk", "created": reply["created"],
            "model": reply["model"]}
    tail = {"usage": None} if include_usage else {}
    for choice in reply["choices"]:  # with `n` > 1, each choice in turn, under its `index`
        index = choice["index"]

        def chunk(delta: dict[str, Any], finish_reason: Any = None) -> dict[str, Any]:
            return {**head, "choices": [{"index": index, "delta": delta, "logprobs": None,
                                         "finish_reason": finish_reason}], **tail}

        message = choice["message"]
        text = message["content"]
        refusal = message.get("refusal")  # only when a fault asks for it (`fake_client.faults`)
        yield chunk({"role": "assistant", "content": "" if text is not None else None,
                     "refusal": "" if refusal is not None else None})
        for piece in text_pieces(text or ""):
            yield chunk({"content": piece})
        for piece in text_pieces(refusal or ""):
            yield chunk({"refusal": piece})
        for number, call in enumerate(message.get("tool_calls") or []):
            function = call["function"]
            yield chunk({"tool_calls": [{"index": number, "id": call["id"], "type": "function",
                                         "function": {"name": function["name"], "arguments": ""}}]})
            for piece in json_pieces(function["arguments"]):
                yield chunk({"tool_calls": [{"index": number, "function": {"arguments": piece}}]})
        yield chunk({}, choice["finish_reason"])
    if include_usage:
        yield {**head, "choices": [], "usage": reply["usage"]}


T = TypeVar("T")


class Stream(Generic[T]):
    """What `create(stream=True)` returns, as the SDKs' `Stream`: iterate over it for the
    events (or chunks), in order; `close()` or a `with` block ends it early."""

    def __init__(self, events: Iterator[dict[str, Any]], make: Callable[[dict[str, Any]], T]) -> None:
        self._events = events
        self._make = make

    def __iter__(self) -> Iterator[T]:
        for event in self._events:
            yield self._make(event)

    def __next__(self) -> T:
        return self._make(next(self._events))

    def close(self) -> None:
        """Stop reading; the rest of the reply is dropped."""
        self._events = iter(())

    def __enter__(self) -> "Stream[T]":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()
