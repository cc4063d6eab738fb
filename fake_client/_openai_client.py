"""`OpenAI`: the client, shaped like `openai.OpenAI`, answering from the fake model."""

from __future__ import annotations

from typing import Any, Iterable, Optional

from ._errors import RequestRefused, openai_bad_request, openai_error_body
from ._ids import IdCounter
from ._models_api import OpenAIModels
from ._prompt_cache import PromptCache
from ._not_given import NOT_GIVEN
from ._openai_chunks import ChatCompletionChunk
from ._openai_types import ChatCompletion, ParsedChatCompletion
from ._output_types import schema_of
from ._recording import record
from ._request_body import as_list, given_body, plain_body
from ._responses_client import Responses
from ._responses_store import ResponseStore
from ._service import openai_exchange
from ._streaming import Stream, openai_chunks

_OPTIONS = ("tool_choice", "parallel_tool_calls", "temperature", "top_p", "max_tokens",
            "max_completion_tokens", "n", "seed", "stop", "user", "metadata",
            "response_format", "frequency_penalty", "presence_penalty", "logprobs",
            "top_logprobs", "reasoning_effort", "service_tier", "store", "stream_options")


class Completions:
    """`client.chat.completions`: the Chat Completions API."""

    def __init__(self, ids: IdCounter, cache: PromptCache) -> None:
        self._ids = ids
        self._cache = cache

    def create(self, *, messages: Iterable[Any], model: str, tools: Any = NOT_GIVEN,
               stream: Any = NOT_GIVEN, extra_headers: Any = None, extra_query: Any = None,
               extra_body: Any = None, timeout: Any = NOT_GIVEN, **options: Any) -> Any:
        """Send a conversation; get the model's next message in `choices[0].message`.

        Arguments as in the official SDK: `model` (a model of the catalogue,
        `fake_client._models`, echoed back; an unknown or retired one raises `NotFoundError`),
        `messages` (dicts with `role` "system", "user", "assistant" or "tool"; an earlier
        `response.choices[0].message` may be appended as it is), `tools` (dicts
        `{"type": "function", "function": {"name", "description", "parameters"}}`),
        `max_tokens` / `max_completion_tokens` (the reply is cut there, `finish_reason`
        "length"), `tool_choice` ("auto", "none", "required" or `{"type": "function",
        "function": {"name": ...}}`), `parallel_tool_calls`, `stop`, `response_format`
        (`{"type": "json_schema", "json_schema": {"name", "schema", "strict"}}` or
        `{"type": "json_object"}`: the content is JSON). A malformed request raises
        `BadRequestError` with the real API's wording, and so does a field the model refuses
        (`fake_client._model_rules`: reasoning models refuse `max_tokens`, `temperature` other
        than 1 and `stop`). Where the model takes sampling options they change nothing.

        Returns a `ChatCompletion`; with `stream=True`, a `Stream` of `ChatCompletionChunk`s
        instead (`stream_options={"include_usage": True}` adds a last chunk with the usage).
        """
        unknown = sorted(set(options) - set(_OPTIONS))
        if unknown:
            raise TypeError(f"create() got an unexpected keyword argument '{unknown[0]}'")
        body = given_body({"model": model, "messages": as_list(messages)},
                          {"tools": tools, "stream": stream, **options}, extra_body)
        try:
            body = plain_body(body, "openai")
            reply, tool_tokens = openai_exchange(body, self._ids, self._cache)
        except RequestRefused as refused:
            record("openai", body, None,
                   openai_error_body(refused.message, refused.param, refused.code))
            raise openai_bad_request(refused) from None
        record("openai", body, reply, None, tool_tokens)
        if stream:
            include_usage = (body.get("stream_options") or {}).get("include_usage") is True
            return Stream(openai_chunks(reply, include_usage=include_usage),
                          ChatCompletionChunk.from_dict)
        return ChatCompletion.from_dict(reply)

    def parse(self, *, response_format: Any, **arguments: Any) -> ParsedChatCompletion:
        """`create` with a strict `json_schema` `response_format` made from `response_format`
        (a pydantic model or a dataclass, see `fake_client._output_types`);
        `choices[0].message.parsed` is the reply's JSON read into that type."""
        schema = schema_of(response_format, all_required=True)
        wire_format = {"type": "json_schema", "json_schema": {
            "name": response_format.__name__, "schema": schema, "strict": True}}
        completion = self.create(response_format=wire_format, **arguments)
        return ParsedChatCompletion.of(completion, response_format)


class Chat:
    """`client.chat`: holds `completions`."""

    def __init__(self, ids: IdCounter, cache: PromptCache) -> None:
        self.completions = Completions(ids, cache)


class OpenAI:
    """Stand-in for `openai.OpenAI`: same constructor, no network, no key.

    Every argument the real client takes (`api_key`, `base_url`, …) is accepted and
    ignored. `chat.completions` speaks Chat Completions, `responses` the Responses API. Ids
    (`chatcmpl-…`, `call_…`, `resp_…`, …) are counted per client, and stored responses
    (`previous_response_id`) are kept per client.
    """

    def __init__(self, *, api_key: Optional[str] = None, base_url: Optional[str] = None,
                 **options: Any) -> None:
        self.api_key = api_key
        self.base_url = base_url
        self._ids = IdCounter()
        self.chat = Chat(self._ids, PromptCache())
        self.responses = Responses(self._ids, ResponseStore())
        self.models = OpenAIModels()

    def __enter__(self) -> "OpenAI":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    def close(self) -> None:
        """Nothing to close; here because the real client has it."""
