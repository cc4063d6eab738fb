"""Response types of the OpenAI Chat Completions shape, named and laid out as the official SDK has them."""

from __future__ import annotations

from typing import Any, Literal, Optional

from ._errors import LengthFinishReasonError
from ._model_base import ResponseModel
from ._output_types import parse_as

__all__ = ["ChatCompletion", "Choice", "ChatCompletionMessage", "ChatCompletionMessageToolCall",
           "Function", "CompletionUsage", "ParsedChatCompletion"]


class Function(ResponseModel):
    """Which function the model wants run: `name`, and `arguments` as a JSON *string*
    (parse it with `json.loads`, then check it: valid JSON is not yet valid input)."""

    _fields = ("arguments", "name")
    arguments: str
    name: str


class ChatCompletionMessageToolCall(ResponseModel):
    """One requested call: `id` (`call_8mHUcdlL`, …; the `tool` message that answers it quotes it as
    `tool_call_id`), `function` (a `Function`), `type` (always "function")."""

    _fields = ("id", "function", "type")
    _nested = {"function": Function.from_dict}
    id: str
    function: Function
    type: Literal["function"]


class ChatCompletionMessage(ResponseModel):
    """The assistant's message: `content` (text, or None when it only asks for tools),
    `refusal` (the refusal's text; None unless a fault asks for one, `fake_client.faults`),
    `role` ("assistant"), `tool_calls` (a list, or None)."""

    _fields = ("content", "refusal", "role", "tool_calls")
    _omit_when_none = frozenset({"tool_calls"})
    _nested = {"tool_calls": ChatCompletionMessageToolCall.from_dict}
    content: Optional[str]
    refusal: Optional[str]
    role: Literal["assistant"]
    tool_calls: Optional[list[ChatCompletionMessageToolCall]]


class Choice(ResponseModel):
    """One answer: `finish_reason` ("stop": it has answered, or wrote a `stop` sequence, or
    was forced to call one named function, whose call is then in `message.tool_calls`;
    "tool_calls": run the calls in `message.tool_calls`; "length": cut at the token limit,
    perhaps inside a call's `arguments`), `index` (0), `logprobs` (None), `message`."""

    _fields = ("finish_reason", "index", "logprobs", "message")
    _nested = {"message": ChatCompletionMessage.from_dict}
    finish_reason: Literal["stop", "length", "tool_calls"]
    index: int
    logprobs: None
    message: ChatCompletionMessage


class CompletionTokensDetails(ResponseModel):
    """Parts of `completion_tokens`: `reasoning_tokens` (hidden reasoning), and audio and
    predicted-output tokens (always 0 here)."""

    _fields = ("accepted_prediction_tokens", "audio_tokens", "reasoning_tokens",
               "rejected_prediction_tokens", "text_tokens")
    _omit_when_none = frozenset({"text_tokens"})  # declared by the SDK, not sent by the API
    accepted_prediction_tokens: Optional[int]
    audio_tokens: Optional[int]
    reasoning_tokens: Optional[int]
    rejected_prediction_tokens: Optional[int]
    text_tokens: Optional[int]


class PromptTokensDetails(ResponseModel):
    """Parts of `prompt_tokens`: `cached_tokens` (read from the prompt cache), `audio_tokens`."""

    _fields = ("audio_tokens", "cache_write_tokens", "cached_tokens", "image_tokens", "text_tokens")
    _omit_when_none = frozenset({"cache_write_tokens", "image_tokens", "text_tokens"})  # as above
    audio_tokens: Optional[int]
    cache_write_tokens: Optional[int]
    cached_tokens: Optional[int]
    image_tokens: Optional[int]
    text_tokens: Optional[int]


class CompletionUsage(ResponseModel):
    """Token counts by the documented rule: `prompt_tokens` (everything sent),
    `completion_tokens` (the reply), `total_tokens` (their sum), and the two detail objects
    every real response carries (`completion_tokens_details.reasoning_tokens`,
    `prompt_tokens_details.cached_tokens`, …)."""

    _fields = ("completion_tokens", "prompt_tokens", "total_tokens", "completion_tokens_details",
               "prompt_tokens_details")
    _nested = {"completion_tokens_details": CompletionTokensDetails.from_dict,
               "prompt_tokens_details": PromptTokensDetails.from_dict}
    completion_tokens: int
    prompt_tokens: int
    total_tokens: int
    completion_tokens_details: Optional[CompletionTokensDetails]
    prompt_tokens_details: Optional[PromptTokensDetails]


class ChatCompletion(ResponseModel):
    """The reply: `id` (`chatcmpl-jO0ChRSN`, … counted per client), `choices` (one `Choice`),
    `created` (a fixed time stamp, so that transcripts repeat), `model`, `object`
    ("chat.completion"), `usage` (a `CompletionUsage`)."""

    _fields = ("id", "choices", "created", "model", "object", "usage")
    _nested = {"choices": Choice.from_dict, "usage": CompletionUsage.from_dict}
    id: str
    choices: list[Choice]
    created: int
    model: str
    object: Literal["chat.completion"]
    usage: CompletionUsage


class ParsedChatCompletion(ChatCompletion):
    """What `client.chat.completions.parse(...)` returns: the `ChatCompletion`, with
    `choices[0].message.parsed`, the reply's JSON read into the type you asked for (None
    when the message has no text, as when it calls tools). A reply cut by `max_tokens`
    (`finish_reason == "length"`) raises `LengthFinishReasonError`, as with the SDK."""

    @classmethod
    def of(cls, completion: ChatCompletion, output_type: Any) -> "ParsedChatCompletion":
        """`completion` with each message's content read into `output_type`."""
        # As the SDK: a cut reply is refused before any reading (its JSON is not whole).
        if any(choice.finish_reason == "length" for choice in completion.choices):
            raise LengthFinishReasonError(completion=completion)
        parsed: ParsedChatCompletion = cls.from_dict(completion.to_dict())  # type: ignore[assignment]
        for choice in parsed.choices:
            content = choice.message.content
            value = parse_as(output_type, content) if content is not None else None
            object.__setattr__(choice.message, "parsed", value)
        return parsed
