"""Stream event types of the Anthropic Messages shape (`stream=True`, `messages.stream()`),
named and laid out as the official SDK has them. Their order: `fake_client._streaming`."""

from __future__ import annotations

from typing import Any, Literal, Optional

from ._anthropic_types import ContentBlock, Message, OutputTokensDetails, content_block
from ._model_base import ResponseModel

__all__ = ["RawMessageStartEvent", "RawContentBlockStartEvent",
           "RawContentBlockDeltaEvent", "RawContentBlockStopEvent", "RawMessageDeltaEvent",
           "RawMessageStopEvent", "TextDelta", "InputJSONDelta", "ThinkingDelta",
           "SignatureDelta", "MessageDeltaUsage", "TextEvent", "InputJsonEvent",
           "ThinkingEvent", "SignatureEvent", "ContentBlockStopEvent", "MessageStopEvent",
           "raw_event"]


class TextDelta(ResponseModel):
    """More text of a text block: `text` (the new piece), `type` "text_delta"."""

    _fields = ("text", "type")
    text: str
    type: Literal["text_delta"]


class InputJSONDelta(ResponseModel):
    """More of a tool call's input: `partial_json` (a piece of its JSON text; the pieces
    joined are the input), `type` "input_json_delta"."""

    _fields = ("partial_json", "type")
    partial_json: str
    type: Literal["input_json_delta"]


class ThinkingDelta(ResponseModel):
    """More thinking: `thinking` (the new piece), `type` "thinking_delta"."""

    _fields = ("thinking", "type")
    thinking: str
    type: Literal["thinking_delta"]


class SignatureDelta(ResponseModel):
    """A thinking block's signature, sent whole just before the block stops."""

    _fields = ("signature", "type")
    signature: str
    type: Literal["signature_delta"]


_DELTAS = {"text_delta": TextDelta, "input_json_delta": InputJSONDelta,
           "thinking_delta": ThinkingDelta, "signature_delta": SignatureDelta}


def _delta(data: dict[str, Any]) -> ResponseModel:
    return _DELTAS[data["type"]].from_dict(data)


class MessageDeltaUsage(ResponseModel):
    """The usage a `message_delta` reports: `output_tokens` (the reply's total) and
    `output_tokens_details`, with the input and cache counts again."""

    _fields = ("cache_creation_input_tokens", "cache_read_input_tokens", "input_tokens",
               "output_tokens", "output_tokens_details", "server_tool_use")
    _nested = {"output_tokens_details": OutputTokensDetails.from_dict}
    cache_creation_input_tokens: Optional[int]
    cache_read_input_tokens: Optional[int]
    input_tokens: Optional[int]
    output_tokens: int
    output_tokens_details: Optional[OutputTokensDetails]
    server_tool_use: Any


class Delta(ResponseModel):
    """How the message ended: `stop_reason`, `stop_sequence`, a refusal's `stop_details` (as on
    `Message`)."""

    _fields = ("stop_details", "stop_reason", "stop_sequence")
    _omit_when_none = frozenset({"stop_details"})
    stop_reason: Optional[str]
    stop_sequence: Optional[str]


class RawMessageStartEvent(ResponseModel):
    """The first event: `message` (a `Message` with empty `content` and no `stop_reason` yet)."""

    _fields = ("message", "type")
    _nested = {"message": Message.from_dict}
    message: Message
    type: Literal["message_start"]


class RawContentBlockStartEvent(ResponseModel):
    """A block begins at `index`: `content_block` (its type and id, its content still empty)."""

    _fields = ("content_block", "index", "type")
    _nested = {"content_block": content_block}
    content_block: ContentBlock
    index: int
    type: Literal["content_block_start"]


class RawContentBlockDeltaEvent(ResponseModel):
    """More of the block at `index`: `delta` (a `TextDelta`, `InputJSONDelta`,
    `ThinkingDelta` or `SignatureDelta`)."""

    _fields = ("delta", "index", "type")
    _nested = {"delta": _delta}
    delta: Any
    index: int
    type: Literal["content_block_delta"]


class RawContentBlockStopEvent(ResponseModel):
    """The block at `index` is complete."""

    _fields = ("index", "type")
    index: int
    type: Literal["content_block_stop"]


class RawMessageDeltaEvent(ResponseModel):
    """The reply's end: `delta` (`stop_reason`, `stop_sequence`), `usage` (`output_tokens`)."""

    _fields = ("delta", "type", "usage")
    _nested = {"delta": Delta.from_dict, "usage": MessageDeltaUsage.from_dict}
    delta: Delta
    type: Literal["message_delta"]
    usage: MessageDeltaUsage


class RawMessageStopEvent(ResponseModel):
    """The last event."""

    _fields = ("type",)
    type: Literal["message_stop"]


_EVENTS = {"message_start": RawMessageStartEvent, "content_block_start": RawContentBlockStartEvent,
           "content_block_delta": RawContentBlockDeltaEvent,
           "content_block_stop": RawContentBlockStopEvent, "message_delta": RawMessageDeltaEvent,
           "message_stop": RawMessageStopEvent}


def raw_event(data: dict[str, Any]) -> ResponseModel:
    """The event object for one event's wire JSON."""
    return _EVENTS[data["type"]].from_dict(data)


# Events that only `messages.stream()` adds, after the delta they come from.

class TextEvent(ResponseModel):
    """`type` "text": `text` (the new piece), `snapshot` (the block's text so far)."""

    _fields = ("type", "text", "snapshot")
    type: Literal["text"]
    text: str
    snapshot: str


class InputJsonEvent(ResponseModel):
    """`type` "input_json": `partial_json` (the new piece), `snapshot` (the input parsed so
    far; here the whole input once its JSON is complete, `{}` before)."""

    _fields = ("type", "partial_json", "snapshot")
    type: Literal["input_json"]
    partial_json: str
    snapshot: Any


class ThinkingEvent(ResponseModel):
    """`type` "thinking": `thinking` (the new piece), `snapshot` (the thinking so far)."""

    _fields = ("type", "thinking", "snapshot")
    type: Literal["thinking"]
    thinking: str
    snapshot: str


class SignatureEvent(ResponseModel):
    """`type` "signature": `signature`, the thinking block's signature."""

    _fields = ("type", "signature")
    type: Literal["signature"]
    signature: str


class ContentBlockStopEvent(ResponseModel):
    """`content_block_stop` as `messages.stream()` gives it: with the finished `content_block`."""

    _fields = ("index", "type", "content_block")
    _nested = {"content_block": content_block}
    index: int
    type: Literal["content_block_stop"]
    content_block: ContentBlock


class MessageStopEvent(ResponseModel):
    """`message_stop` as `messages.stream()` gives it: with the finished `message`."""

    _fields = ("type", "message")
    _nested = {"message": Message.from_dict}
    type: Literal["message_stop"]
    message: Message
