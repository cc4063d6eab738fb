"""`OpenAI`: the client, shaped like `openai.OpenAI`, answering from the fake model."""

from __future__ import annotations

from typing import Any, Iterable, Optional

from ._attempts import Attempts, WithOptions, with_request_id
from ._errors import RequestRefused
from ._ids import IdCounter
from ._models_api import OpenAIModels
from ._prompt_cache import PromptCache
from ._not_given import NOT_GIVEN
from ._openai_chunks import ChatCompletionChunk
from ._openai_types import ChatCompletion, ParsedChatCompletion
from ._output_types import schema_of
from ._request_body import as_list, given_body, plain_body
from ._responses_client import Responses
from ._responses_store import ResponseStore
from ._service import openai_exchange
from ._streaming import Stream, openai_chunks

# The keyword arguments of openai 3.63's `chat.completions.create`, in its order (a contract
# test compares them with the installed SDK's); the request carries those the caller gave.
_OPTIONS = ("audio", "frequency_penalty", "function_call", "functions", "logit_bias", "logprobs",
            "max_completion_tokens", "max_tokens", "metadata", "modalities", "moderation", "n",
            "parallel_tool_calls", "prediction", "presence_penalty", "prompt_cache_key",
            "prompt_cache_options", "prompt_cache_retention", "reasoning_effort", "response_format",
            "safety_identifier", "seed", "service_tier", "stop", "store", "stream", "stream_options",
            "temperature", "tool_choice", "tools", "top_logprobs", "top_p", "user", "verbosity",
            "web_search_options")


class Completions:
    """`client.chat.completions`: the Chat Completions API."""

    def __init__(self, ids: IdCounter, attempts: Attempts, cache: PromptCache) -> None:
        self._ids = ids
        self._attempts = attempts
        self._cache = cache

    def create(self, *, messages: Iterable[Any], model: str, audio: Any = NOT_GIVEN,
               frequency_penalty: Any = NOT_GIVEN, function_call: Any = NOT_GIVEN,
               functions: Any = NOT_GIVEN, logit_bias: Any = NOT_GIVEN, logprobs: Any = NOT_GIVEN,
               max_completion_tokens: Any = NOT_GIVEN, max_tokens: Any = NOT_GIVEN,
               metadata: Any = NOT_GIVEN, modalities: Any = NOT_GIVEN, moderation: Any = NOT_GIVEN,
               n: Any = NOT_GIVEN, parallel_tool_calls: Any = NOT_GIVEN, prediction: Any = NOT_GIVEN,
               presence_penalty: Any = NOT_GIVEN, prompt_cache_key: Any = NOT_GIVEN,
               prompt_cache_options: Any = NOT_GIVEN, prompt_cache_retention: Any = NOT_GIVEN,
               reasoning_effort: Any = NOT_GIVEN, response_format: Any = NOT_GIVEN,
               safety_identifier: Any = NOT_GIVEN, seed: Any = NOT_GIVEN, service_tier: Any = NOT_GIVEN,
               stop: Any = NOT_GIVEN, store: Any = NOT_GIVEN, stream: Any = NOT_GIVEN,
               stream_options: Any = NOT_GIVEN, temperature: Any = NOT_GIVEN,
               tool_choice: Any = NOT_GIVEN, tools: Any = NOT_GIVEN, top_logprobs: Any = NOT_GIVEN,
               top_p: Any = NOT_GIVEN, user: Any = NOT_GIVEN, verbosity: Any = NOT_GIVEN,
               web_search_options: Any = NOT_GIVEN, extra_headers: Any = None, extra_query: Any = None,
               extra_body: Any = None, timeout: Any = NOT_GIVEN) -> Any:
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
        given = locals()
        body = given_body({"model": model, "messages": as_list(messages)},
                          {name: given[name] for name in _OPTIONS}, extra_body)
        try:
            body = plain_body(body, "openai")
        except RequestRefused as refused:  # what JSON cannot carry: refused before any attempt
            raise self._attempts.refused("openai", body, refused, "/v1/chat/completions") from None
        reply, request_id = self._attempts.call(
            "openai", body, lambda fault: openai_exchange(body, self._ids, self._cache, fault=fault),
            path="/v1/chat/completions", timeout=None if timeout is NOT_GIVEN else timeout)
        if stream:
            include_usage = (body.get("stream_options") or {}).get("include_usage") is True
            return Stream(openai_chunks(reply, include_usage=include_usage),
                          ChatCompletionChunk.from_dict)
        return with_request_id(ChatCompletion.from_dict(reply), request_id)

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

    def __init__(self, ids: IdCounter, attempts: Attempts, cache: PromptCache) -> None:
        self.completions = Completions(ids, attempts, cache)


class OpenAI(WithOptions):
    """Stand-in for `openai.OpenAI`: same constructor, no network, no key.

    Every argument the real client takes (`api_key`, `base_url`, …) is accepted and
    ignored, except `max_retries` (default 2), as for `fake_client.Anthropic`. `chat.completions` speaks Chat Completions, `responses` the Responses API. Ids
    (`chatcmpl-…`, `call_…`, `resp_…`, …) are counted per client, and stored responses
    (`previous_response_id`) are kept per client.
    """

    def __init__(self, *, api_key: Optional[str] = None, base_url: Optional[str] = None,
                 max_retries: Optional[int] = None, **options: Any) -> None:
        self.api_key = api_key
        self.base_url = base_url
        self._ids = IdCounter()
        self._attempts = Attempts(self._ids, max_retries)
        self.max_retries = self._attempts.max_retries
        self._store = ResponseStore()
        self._cache = PromptCache()
        self.models = OpenAIModels()
        self._build()

    def _build(self) -> None:
        self.chat = Chat(self._ids, self._attempts, self._cache)
        self.responses = Responses(self._ids, self._store, self._attempts)


    def __enter__(self) -> "OpenAI":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    def close(self) -> None:
        """Nothing to close; here because the real client has it."""
