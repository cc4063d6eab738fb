"""Response types of the OpenAI Responses API, named and laid out as the official SDK has them
(`openai.types.responses`)."""

from __future__ import annotations

from typing import Any, Literal, Optional, Union

from ._model_base import ResponseModel
from ._output_types import parse_as

__all__ = ["Response", "ResponseOutputMessage", "ResponseOutputText", "ResponseOutputRefusal", "ResponseFunctionToolCall",
           "ResponseReasoningItem", "ResponseUsage", "ParsedResponse", "InputTokenCountResponse"]


class ResponseOutputText(ResponseModel):
    """Text the model wrote: `text`, `type` ("output_text"), `annotations` and `logprobs`
    (always empty here)."""

    _fields = ("annotations", "text", "type", "logprobs")
    annotations: list[Any]
    text: str
    type: Literal["output_text"]
    logprobs: list[Any]


class ResponseOutputRefusal(ResponseModel):
    """The model's refusal, in place of its text: `refusal` (what it says), `type` ("refusal").
    It happens here only when asked for (`fake_client.faults`)."""

    _fields = ("refusal", "type")
    refusal: str
    type: Literal["refusal"]


def content_part(data: dict[str, Any]) -> ResponseModel:
    """A message's content part of the type its `type` names."""
    return ResponseOutputRefusal.from_dict(data) if data.get("type") == "refusal" else ResponseOutputText.from_dict(data)


class ResponseOutputMessage(ResponseModel):
    """A message the model wrote: `id` (`msg_…`), `content` (one `ResponseOutputText`, or a
    `ResponseOutputRefusal`), `role` ("assistant"), `status` ("completed", or "incomplete"
    when `max_output_tokens` cut it), `type` ("message"). Append it to the next request's
    `input` as it is."""

    _fields = ("id", "content", "role", "status", "type")
    _nested = {"content": content_part}
    id: str
    content: list[ResponseOutputText]
    role: Literal["assistant"]
    status: Literal["in_progress", "completed", "incomplete"]
    type: Literal["message"]


class ResponseFunctionToolCall(ResponseModel):
    """A call the model asks your program to make: `name`, `arguments` (a JSON *string*),
    `call_id` (`call_…`: quote it in the `function_call_output` item that answers it), `id`
    (`fc_…`, the item's own id), `status`, `type` ("function_call")."""

    _fields = ("arguments", "call_id", "name", "type", "id", "status")
    arguments: str
    call_id: str
    name: str
    type: Literal["function_call"]
    id: Optional[str]
    status: Optional[Literal["in_progress", "completed", "incomplete"]]


class Summary(ResponseModel):
    """A summary of the reasoning: `text`, `type` ("summary_text")."""

    _fields = ("text", "type")
    text: str
    type: Literal["summary_text"]


class ResponseReasoningItem(ResponseModel):
    """The model's reasoning (only when the request sets `reasoning`): `id` (`rs_…`), `summary`
    (empty unless `reasoning.summary` asks for one), `encrypted_content` (with
    `include=["reasoning.encrypted_content"]`), `status` (only "incomplete", when
    `max_output_tokens` cut it). Pass it back with the calls that follow it."""

    _fields = ("id", "summary", "type", "encrypted_content", "status")
    _omit_when_none = frozenset({"encrypted_content", "status"})
    _nested = {"summary": Summary.from_dict}
    id: str
    summary: list[Summary]
    type: Literal["reasoning"]
    encrypted_content: Optional[str]
    status: Optional[str]


ResponseOutputItem = Union[ResponseOutputMessage, ResponseFunctionToolCall, ResponseReasoningItem]
_OUTPUT_TYPES = {"message": ResponseOutputMessage, "function_call": ResponseFunctionToolCall,
                 "reasoning": ResponseReasoningItem}


def output_item(data: dict[str, Any]) -> ResponseOutputItem:
    """An output item of the type its `type` names."""
    return _OUTPUT_TYPES[data["type"]].from_dict(data)  # type: ignore[return-value]


class InputTokensDetails(ResponseModel):
    """`cached_tokens` and `cache_write_tokens`: always 0 here (the fake caches nothing)."""

    _fields = ("cache_write_tokens", "cached_tokens")
    cache_write_tokens: int
    cached_tokens: int


class OutputTokensDetails(ResponseModel):
    """`reasoning_tokens`: the part of `output_tokens` the reasoning cost."""

    _fields = ("reasoning_tokens",)
    reasoning_tokens: int


class ResponseUsage(ResponseModel):
    """Token counts by the documented rule: `input_tokens`, `output_tokens` (reasoning
    included), `total_tokens`, and their details."""

    _fields = ("input_tokens", "input_tokens_details", "output_tokens", "output_tokens_details",
               "total_tokens")
    _nested = {"input_tokens_details": InputTokensDetails.from_dict,
               "output_tokens_details": OutputTokensDetails.from_dict}
    input_tokens: int
    input_tokens_details: InputTokensDetails
    output_tokens: int
    output_tokens_details: OutputTokensDetails
    total_tokens: int


class IncompleteDetails(ResponseModel):
    """Why the response is incomplete: `reason` ("max_output_tokens", or "content_filter")."""

    _fields = ("reason",)
    reason: Optional[str]


class FunctionTool(ResponseModel):
    """An offered function as the response lists it (`strict` filled in: true unless the
    request said false)."""

    _fields = ("name", "parameters", "strict", "type", "description")
    name: str
    parameters: Optional[dict[str, Any]]
    strict: Optional[bool]
    type: Literal["function"]
    description: Optional[str]


class Reasoning(ResponseModel):
    """The request's `reasoning`, echoed: `effort`, `summary` (None when not set)."""

    _fields = ("effort", "summary")
    effort: Optional[str]
    summary: Optional[str]


class ResponseTextConfig(ResponseModel):
    """The request's `text`, echoed: `format` (a dict: `{"type": "text"}` unless asked
    otherwise), `verbosity`."""

    _fields = ("format", "verbosity")
    format: dict[str, Any]
    verbosity: Optional[str]


class Response(ResponseModel):
    """The reply: `id` (`resp_…`, counted per client; pass it as `previous_response_id` to go on
    from here), `output` (a list of items: `ResponseReasoningItem`, `ResponseOutputMessage`,
    `ResponseFunctionToolCall`), `output_text` (the text of every message, joined), `status`
    ("completed" or "incomplete"), `incomplete_details`, `usage`, and the request's settings
    echoed (`model`, `instructions`, `tools`, `tool_choice`, `parallel_tool_calls`,
    `max_output_tokens`, `previous_response_id`, `reasoning`, `text`, …)."""

    _fields = ("id", "created_at", "error", "incomplete_details", "instructions", "metadata", "model",
               "object", "output", "parallel_tool_calls", "temperature", "tool_choice", "tools", "top_p",
               "background", "completed_at", "max_output_tokens", "previous_response_id", "reasoning",
               "service_tier", "status", "text", "top_logprobs", "truncation", "usage", "user")
    # The wire carries whole seconds; the SDK types the times as floats (1767225600.0).
    _nested = {"created_at": float, "completed_at": float,
               "incomplete_details": IncompleteDetails.from_dict, "output": output_item,
               "tools": FunctionTool.from_dict, "reasoning": Reasoning.from_dict,
               "text": ResponseTextConfig.from_dict, "usage": ResponseUsage.from_dict}
    id: str
    output: list[ResponseOutputItem]
    status: Optional[str]
    usage: Optional[ResponseUsage]

    @property
    def output_text(self) -> str:
        """The text of every `output_text` part of every message in `output`, joined ("" when the
        model only calls tools), as the SDK's `response.output_text`."""
        return "".join(part.text for item in self.output if item.type == "message"
                       for part in item.content if part.type == "output_text")


class ParsedResponse(Response):
    """What `client.responses.parse(text_format=...)` returns: the `Response`, with each
    message's `output_text` part read into the type asked for (`.parsed`), and
    `output_parsed`, the first of them (None when the model only called tools). A reply cut
    by `max_output_tokens` is not whole JSON: reading it raises pydantic's `ValidationError`
    (or `fake_client.ValidationError` for a dataclass), as with the SDK."""

    @classmethod
    def of(cls, response: Response, output_type: Any) -> "ParsedResponse":
        parsed: ParsedResponse = cls.from_dict(response.to_dict())  # type: ignore[assignment]
        for item in parsed.output:
            if item.type == "message":
                for part in item.content:
                    if part.type == "output_text":
                        object.__setattr__(part, "parsed", parse_as(output_type, part.text))
        return parsed

    @property
    def output_parsed(self) -> Any:
        for item in self.output:
            if item.type == "message":
                for part in item.content:
                    if getattr(part, "parsed", None) is not None:
                        return part.parsed
        return None


class InputTokenCountResponse(ResponseModel):
    """What `client.responses.input_tokens.count(...)` returns: `input_tokens` (what `create`
    would bill for the same request), `object` ("response.input_tokens")."""

    _fields = ("input_tokens", "object")
    input_tokens: int
    object: Literal["response.input_tokens"]
