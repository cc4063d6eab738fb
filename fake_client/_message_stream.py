"""`client.messages.stream(...)`: the SDK's streaming helper, over the events of `_streaming`.

    with client.messages.stream(model=..., max_tokens=..., messages=...) as stream:
        for text in stream.text_stream:
            print(text, end="", flush=True)
    message = stream.get_final_message()   # the same Message create() returns

Iterating over the stream itself gives every raw event and, after each delta, the event the
SDK adds for it (`text`, `input_json`, `thinking`, `signature`); `content_block_stop` and
`message_stop` carry the finished block and message. `current_message_snapshot` is the
message as received so far.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Iterator, Optional

from ._anthropic_events import (ContentBlockStopEvent, InputJsonEvent, MessageStopEvent,
                                SignatureEvent, TextEvent, ThinkingEvent, raw_event)
from ._anthropic_types import Message
from ._model_base import ResponseModel
from ._streaming import anthropic_events

_PIECE = {"text_delta": "text", "thinking_delta": "thinking", "signature_delta": "signature"}


class MessageStream:
    """The events of one reply, read once, in order."""

    def __init__(self, reply: dict[str, Any]) -> None:
        self._reply = reply
        self._snapshot: Optional[dict[str, Any]] = None
        self._json: dict[int, str] = {}
        self._events = self._read()

    def __iter__(self) -> Iterator[ResponseModel]:
        return self._events

    @property
    def text_stream(self) -> Iterator[str]:
        """Only the text, piece by piece as it arrives."""
        return (event.text for event in self._events if event.type == "text")  # type: ignore[attr-defined]

    @property
    def current_message_snapshot(self) -> Message:
        """The message as received so far."""
        return Message.from_dict(self._snapshot or {})  # type: ignore[return-value]

    def until_done(self) -> None:
        """Read the rest of the stream."""
        for _ in self._events:
            pass

    def get_final_message(self) -> Message:
        """The whole message, once the stream is read (reads the rest first)."""
        self.until_done()
        return Message.from_dict(self._snapshot or {})  # type: ignore[return-value]

    def get_final_text(self) -> str:
        """The text blocks of the final message, joined."""
        return "".join(block.text for block in self.get_final_message().content
                       if block.type == "text")

    def close(self) -> None:
        """Stop reading; the rest of the reply is dropped."""
        self._events.close()

    def _read(self) -> Iterator[ResponseModel]:
        for data in anthropic_events(self._reply):
            yield from self._take(data)

    def _take(self, data: dict[str, Any]) -> Iterator[ResponseModel]:
        """Apply one event to the snapshot; yield it and the events the helper adds for it."""
        kind = data["type"]
        if kind == "message_start":
            self._snapshot = json.loads(json.dumps(data["message"]))
        elif kind == "content_block_start":
            self._content.append(dict(data["content_block"]))
        elif kind == "message_delta":
            self._snapshot.update(data["delta"])  # type: ignore[union-attr]
            usage = self._snapshot["usage"]  # type: ignore[index]
            # as the SDK's accumulator: output_tokens always, the others when the delta has them
            usage.update({name: value for name, value in data["usage"].items()
                          if name == "output_tokens" or value is not None})
        if kind == "content_block_stop":
            yield ContentBlockStopEvent.from_dict({**data, "content_block": self._content[data["index"]]})
        elif kind == "message_stop":
            yield MessageStopEvent.from_dict({**data, "message": self._snapshot})
        else:
            yield raw_event(data)
        if kind == "content_block_delta":
            yield self._added(data["index"], data["delta"])

    @property
    def _content(self) -> list[dict[str, Any]]:
        return self._snapshot["content"]  # type: ignore[index]

    def _added(self, index: int, delta: dict[str, Any]) -> ResponseModel:
        block = self._content[index]
        if delta["type"] == "input_json_delta":
            self._json[index] = self._json.get(index, "") + delta["partial_json"]
            try:
                block["input"] = json.loads(self._json[index])
            except ValueError:
                pass  # not complete yet: the snapshot keeps the input parsed so far
            return InputJsonEvent.from_dict({"type": "input_json", "snapshot": block["input"],
                                             "partial_json": delta["partial_json"]})
        field = _PIECE[delta["type"]]
        if field == "signature":
            block["signature"] = delta["signature"]
            return SignatureEvent.from_dict({"type": "signature", "signature": delta["signature"]})
        block[field] += delta[field]
        event = TextEvent if field == "text" else ThinkingEvent
        return event.from_dict({"type": field, field: delta[field], "snapshot": block[field]})


class MessageStreamManager:
    """What `client.messages.stream(...)` returns: use it in a `with` block, which gives the
    `MessageStream` and closes it at the end."""

    def __init__(self, open_stream: Callable[[], MessageStream]) -> None:
        self._open = open_stream
        self._stream: Optional[MessageStream] = None

    def __enter__(self) -> MessageStream:
        self._stream = self._open()
        return self._stream

    def __exit__(self, *exc_info: Any) -> None:
        if self._stream is not None:
            self._stream.close()
