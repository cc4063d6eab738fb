"""Stream chunk types of the OpenAI Chat Completions shape (`stream=True`), named and laid out
as the official SDK has them. Their order: `fake_client._streaming`."""

from __future__ import annotations

from typing import Literal, Optional

from ._model_base import ResponseModel
from ._openai_types import CompletionUsage

__all__ = ["ChatCompletionChunk", "ChunkChoice", "ChoiceDelta", "ChoiceDeltaToolCall",
           "ChoiceDeltaToolCallFunction"]


class ChoiceDeltaToolCallFunction(ResponseModel):
    """A piece of a call's function: `name` (first piece only), `arguments` (more of the
    JSON text; the pieces joined are the call's `arguments`)."""

    _fields = ("arguments", "name")
    _omit_when_none = frozenset({"name"})
    arguments: Optional[str]
    name: Optional[str]


class ChoiceDeltaToolCall(ResponseModel):
    """A piece of tool call number `index`: the first carries `id`, `type` and the name;
    the rest only more `function.arguments`. Join the pieces by `index`."""

    _fields = ("index", "id", "function", "type")
    _omit_when_none = frozenset({"id", "type"})
    _nested = {"function": ChoiceDeltaToolCallFunction.from_dict}
    index: int
    id: Optional[str]
    function: Optional[ChoiceDeltaToolCallFunction]
    type: Optional[Literal["function"]]


class ChoiceDelta(ResponseModel):
    """What one chunk adds to the message: `role` (first chunk), `content` (more text),
    `tool_calls` (pieces of calls), `refusal` (pieces of a refusal, only with a fault)."""

    _fields = ("content", "refusal", "role", "tool_calls")
    _omit_when_none = frozenset({"content", "refusal", "role", "tool_calls"})
    _nested = {"tool_calls": ChoiceDeltaToolCall.from_dict}
    content: Optional[str]
    refusal: Optional[str]
    role: Optional[Literal["assistant"]]
    tool_calls: Optional[list[ChoiceDeltaToolCall]]


class ChunkChoice(ResponseModel):
    """The choice in a chunk: `delta`, `finish_reason` (None until the last chunk of the
    choice), `index` (0), `logprobs` (None)."""

    _fields = ("delta", "finish_reason", "index", "logprobs")
    _nested = {"delta": ChoiceDelta.from_dict}
    delta: ChoiceDelta
    finish_reason: Optional[Literal["stop", "length", "tool_calls"]]
    index: int
    logprobs: None


class ChatCompletionChunk(ResponseModel):
    """One piece of a streamed reply: `id`, `choices` (one `ChunkChoice`, or none in the usage
    chunk), `created`, `model`, `object` ("chat.completion.chunk"), `usage` (None, except in
    the last chunk when `stream_options={"include_usage": True}`)."""

    _fields = ("id", "choices", "created", "model", "object", "usage")
    _nested = {"choices": ChunkChoice.from_dict, "usage": CompletionUsage.from_dict}
    id: str
    choices: list[ChunkChoice]
    created: int
    model: str
    object: Literal["chat.completion.chunk"]
    usage: Optional[CompletionUsage]
