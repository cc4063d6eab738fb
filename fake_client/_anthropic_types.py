"""Response types of the Anthropic Messages shape, named and laid out as the official SDK has them."""

from __future__ import annotations

from typing import Any, Literal, Optional, TypedDict, Union

from ._model_base import ResponseModel
from ._output_types import parse_as

__all__ = ["Message", "ParsedMessage", "TextBlock", "ToolUseBlock", "ThinkingBlock", "ServerToolUseBlock", "WebSearchToolResultBlock", "Usage", "ContentBlock",
           "MessageTokensCount",
           "MessageParam", "ToolParam", "TextBlockParam", "ToolUseBlockParam",
           "ToolResultBlockParam"]


class TextBlock(ResponseModel):
    """Text the model wrote.

    Fields: `text` (the words), `type` (always "text").
    """

    _fields = ("text", "type")
    text: str
    type: Literal["text"]

    def __init__(self, *, text: str, type: str = "text") -> None:
        super().__init__(text=text, type=type)


class ToolUseBlock(ResponseModel):
    """A request from the model to run one of the offered tools.

    Fields: `id` (`toolu_01PgEglt`, …; the `tool_result` that answers it quotes it as
    `tool_use_id`), `input` (the arguments, a dict shaped by the tool's `input_schema` as the
    model understood it: check it before use), `name` (the tool), `type` (always "tool_use").
    """

    _fields = ("id", "input", "name", "type")
    id: str
    input: dict[str, Any]
    name: str
    type: Literal["tool_use"]

    def __init__(self, *, id: str, input: dict[str, Any], name: str, type: str = "tool_use") -> None:
        super().__init__(id=id, input=input, name=name, type=type)


class ThinkingBlock(ResponseModel):
    """The model's extended thinking, first in a reply when `thinking` is on.

    Fields: `signature` (vouches for the text: send the block back unchanged, or the API
    refuses it), `thinking` (the text), `type` (always "thinking").
    """

    _fields = ("signature", "thinking", "type")
    signature: str
    thinking: str
    type: Literal["thinking"]

    def __init__(self, *, signature: str, thinking: str, type: str = "thinking") -> None:
        super().__init__(signature=signature, thinking=thinking, type=type)


class ServerToolUseBlock(ResponseModel):
    """A call of a tool Anthropic runs (`web_search`, …): `id` (`srvtoolu_…`), `input`, `name`,
    `type` ("server_tool_use"). Nothing for your program to run; send it back as it is."""

    _fields = ("id", "input", "name", "type")
    id: str
    input: dict[str, Any]
    name: str
    type: Literal["server_tool_use"]


class WebSearchToolResultBlock(ResponseModel):
    """What a web search returned: `content` (the results, or here always the error
    `{"type": "web_search_tool_result_error", "error_code": "unavailable"}`: the teaching
    model runs no search), `tool_use_id`, `type` ("web_search_tool_result")."""

    _fields = ("content", "tool_use_id", "type")
    content: Any
    tool_use_id: str
    type: Literal["web_search_tool_result"]


ContentBlock = Union[TextBlock, ToolUseBlock, ThinkingBlock, ServerToolUseBlock, WebSearchToolResultBlock]
_BLOCKS = {"tool_use": ToolUseBlock, "thinking": ThinkingBlock, "server_tool_use": ServerToolUseBlock,
           "web_search_tool_result": WebSearchToolResultBlock}


def content_block(data: dict[str, Any]) -> ContentBlock:
    """Build the right block type from its wire JSON."""
    return _BLOCKS.get(data.get("type"), TextBlock).from_dict(data)  # type: ignore[return-value]


class CacheCreation(ResponseModel):
    """Input tokens written to the prompt cache, by how long they stay (always 0 here)."""

    _fields = ("ephemeral_1h_input_tokens", "ephemeral_5m_input_tokens")
    ephemeral_1h_input_tokens: int
    ephemeral_5m_input_tokens: int


class OutputTokensDetails(ResponseModel):
    """`thinking_tokens`: the part of `output_tokens` spent on thinking."""

    _fields = ("thinking_tokens",)
    thinking_tokens: int


class Usage(ResponseModel):
    """Token counts of one call, estimated by the documented rule (see `fake_client`), with
    every field a real response carries.

    Fields: `input_tokens` (everything sent that was not read from or written to the prompt
    cache: system prompt, tools, every message), `output_tokens` (the reply, thinking
    included), `cache_creation_input_tokens` (written to the prompt cache
    by this call's `cache_control` breakpoints) and `cache_read_input_tokens` (read from it; 0
    when nothing was cached, never missing), `cache_creation` (the written tokens by lifetime), `output_tokens_details`
    (`thinking_tokens`), `server_tool_use` (None: no server tools ran), `service_tier`
    ("standard").
    """

    _fields = ("cache_creation", "cache_creation_input_tokens", "cache_read_input_tokens",
               "input_tokens", "output_tokens", "output_tokens_details", "server_tool_use",
               "service_tier")
    _nested = {"cache_creation": CacheCreation.from_dict,
               "output_tokens_details": OutputTokensDetails.from_dict}
    cache_creation: Optional[CacheCreation]
    cache_creation_input_tokens: Optional[int]
    cache_read_input_tokens: Optional[int]
    input_tokens: int
    output_tokens: int
    output_tokens_details: Optional[OutputTokensDetails]
    server_tool_use: Any
    service_tier: Optional[str]


def usage_json(input_tokens: int, output_tokens: int, thinking_tokens: int = 0,
               cache: Any = None) -> dict[str, Any]:
    """The wire JSON of a `Usage`, every field present as the real API sends it; `cache` (a
    `_prompt_cache.CacheUse`) says what was read from the prompt cache and written to it."""
    read = cache.read if cache is not None else 0
    written = cache.written if cache is not None else 0
    long_lived = cache is not None and cache.ttl == "1h"
    return {"cache_creation": {"ephemeral_1h_input_tokens": written if long_lived else 0,
                               "ephemeral_5m_input_tokens": 0 if long_lived else written},
            "cache_creation_input_tokens": written, "cache_read_input_tokens": read,
            "input_tokens": input_tokens, "output_tokens": output_tokens,
            "output_tokens_details": {"thinking_tokens": thinking_tokens},
            "server_tool_use": None, "service_tier": "standard"}


class Message(ResponseModel):
    """The model's reply.

    Fields: `id` (`msg_01cJinsL`, … counted per client), `content` (a list of blocks: a
    `ThinkingBlock` first when thinking is on, `TextBlock`s, `ToolUseBlock`s; pick them by
    `type`: a text often comes before the tool calls), `model` (the model name you asked
    for), `role` (always "assistant"), `stop_reason` ("end_turn": it has answered;
    "tool_use": it wants the tools in `content` run; "max_tokens": the reply was cut at
    `max_tokens`, perhaps inside a tool call; "stop_sequence": it wrote one of your
    `stop_sequences`; only on demand, `fake_client.faults`: "refusal", "pause_turn",
    "model_context_window_exceeded"), `stop_details` (a refusal's: `{"type": "refusal",
    "category", "explanation"}`; otherwise None), `stop_sequence` (which one, else None),
    `type` (always "message"), `usage` (a `Usage`).
    """

    _fields = ("id", "content", "model", "role", "stop_details", "stop_reason", "stop_sequence", "type", "usage")
    # `stop_details` only with a refusal (`fake_client.faults`), as the API sends it
    _omit_when_none = frozenset({"stop_details"})
    _nested = {"content": content_block, "usage": Usage.from_dict}
    id: str
    content: list[ContentBlock]
    model: str
    role: Literal["assistant"]
    stop_reason: Literal["end_turn", "tool_use", "max_tokens", "stop_sequence"]
    stop_sequence: Optional[str]
    type: Literal["message"]
    usage: Usage

    def to_param(self) -> dict[str, Any]:
        """This reply as an input message, ready to append to `messages`."""
        return {"role": self.role, "content": list(self.content)}


class ParsedMessage(Message):
    """What `client.messages.parse(...)` returns: the `Message`, and `parsed_output`, the
    reply's JSON read into the type you asked for (None when the reply has no text, as when
    it calls tools). Each text block has its own `parsed_output` too. A reply cut by
    `max_tokens` is not whole JSON: reading it raises pydantic's `ValidationError` ("Invalid
    JSON: EOF while parsing a string at line 1 column 29"), as with the SDK, which checks no
    `stop_reason` first (for a dataclass the fake raises its mirror, `fake_client.ValidationError`)."""

    parsed_output: Any = None

    @classmethod
    def of(cls, message: Message, output_type: Any) -> "ParsedMessage":
        """`message` with its text blocks read into `output_type`."""
        parsed: ParsedMessage = cls.from_dict(message.to_dict())  # type: ignore[assignment]
        for block in parsed.content:
            if block.type == "text":
                object.__setattr__(block, "parsed_output", parse_as(output_type, block.text))
                if parsed.parsed_output is None:
                    object.__setattr__(parsed, "parsed_output", block.parsed_output)
        return parsed


class MessageTokensCount(ResponseModel):
    """What `client.messages.count_tokens(...)` returns: `input_tokens`, the input tokens a
    `create` call with the same arguments is billed."""

    _fields = ("input_tokens",)
    input_tokens: int


# Request shapes, for readers and type checkers: plain dicts are what you pass.

class TextBlockParam(TypedDict):
    type: Literal["text"]
    text: str


class ToolUseBlockParam(TypedDict):
    type: Literal["tool_use"]
    id: str
    name: str
    input: dict[str, Any]


class ToolResultBlockParam(TypedDict, total=False):
    type: Literal["tool_result"]
    tool_use_id: str
    content: Union[str, list[TextBlockParam]]
    is_error: bool


class MessageParam(TypedDict):
    role: Literal["user", "assistant"]
    content: Union[str, list[Any]]


class ToolParam(TypedDict, total=False):
    name: str
    description: str
    input_schema: dict[str, Any]
