"""`client.responses`: the OpenAI Responses API, shaped like the SDK's resource (`create`,
`parse`, `stream`, `input_tokens.count`)."""

from __future__ import annotations

from typing import Any, Iterator, Optional

from ._attempts import Attempts, with_request_id
from ._errors import RequestRefused, openai_bad_request
from ._ids import IdCounter
from ._model_base import ResponseModel
from ._not_given import NOT_GIVEN
from ._output_types import schema_of
from ._request_body import given_body, plain_body
from ._responses_events import response_events, stream_event
from ._responses_store import ResponseStore
from ._responses_types import InputTokenCountResponse, ParsedResponse, Response
from ._service import responses_exchange, responses_input_tokens
from ._streaming import Stream

# The keyword arguments of openai 3.63's `responses.create`, in its order (a contract test
# compares them with the installed SDK's); the request carries those the caller gave. Those of
# features the fake has not (background runs, conversations, prompts, …) are refused as the
# API refuses what it does not know.
_OPTIONS = ("access_programs", "background", "background_options", "context_management",
            "conversation", "image", "include", "input", "instructions", "max_output_tokens",
            "max_tool_calls", "metadata", "moderation", "parallel_tool_calls",
            "previous_response_id", "prompt", "prompt_cache_key", "prompt_cache_options",
            "prompt_cache_retention", "reasoning", "safety_identifier", "service_tier", "store",
            "stream", "stream_options", "temperature", "text", "tool_choice", "tools",
            "top_logprobs", "top_p", "truncation", "user")


class InputTokens:
    """`client.responses.input_tokens`: count a request's input tokens without running it."""

    def __init__(self, store: ResponseStore) -> None:
        self._store = store

    def count(self, *, extra_headers: Any = None, extra_query: Any = None, extra_body: Any = None,
              timeout: Any = NOT_GIVEN, **arguments: Any) -> InputTokenCountResponse:
        """The input tokens `responses.create` would bill for the same arguments (`model`,
        `input`, `instructions`, `tools`, `previous_response_id`, …)."""
        body = {name: value for name, value in arguments.items() if value is not NOT_GIVEN}
        body.setdefault("model", "")  # optional here, unlike in `create`
        try:
            counted = responses_input_tokens(body, self._store)
        except RequestRefused as refused:
            raise openai_bad_request(refused) from None
        return InputTokenCountResponse.from_dict(counted)  # type: ignore[return-value]


class Responses:
    """`client.responses`: the Responses API."""

    def __init__(self, ids: IdCounter, store: ResponseStore, attempts: "Attempts") -> None:
        self._ids = ids
        self._store = store
        self._attempts = attempts
        self.input_tokens = InputTokens(store)

    def create(self, *, access_programs: Any = NOT_GIVEN, background: Any = NOT_GIVEN,
               background_options: Any = NOT_GIVEN, context_management: Any = NOT_GIVEN,
               conversation: Any = NOT_GIVEN, image: Any = NOT_GIVEN, include: Any = NOT_GIVEN,
               input: Any = NOT_GIVEN, instructions: Any = NOT_GIVEN,  # noqa: A002
               max_output_tokens: Any = NOT_GIVEN, max_tool_calls: Any = NOT_GIVEN,
               metadata: Any = NOT_GIVEN, model: Any = NOT_GIVEN, moderation: Any = NOT_GIVEN,
               parallel_tool_calls: Any = NOT_GIVEN, previous_response_id: Any = NOT_GIVEN,
               prompt: Any = NOT_GIVEN, prompt_cache_key: Any = NOT_GIVEN,
               prompt_cache_options: Any = NOT_GIVEN, prompt_cache_retention: Any = NOT_GIVEN,
               reasoning: Any = NOT_GIVEN, safety_identifier: Any = NOT_GIVEN,
               service_tier: Any = NOT_GIVEN, store: Any = NOT_GIVEN, stream: Any = NOT_GIVEN,
               stream_options: Any = NOT_GIVEN, temperature: Any = NOT_GIVEN, text: Any = NOT_GIVEN,
               tool_choice: Any = NOT_GIVEN, tools: Any = NOT_GIVEN, top_logprobs: Any = NOT_GIVEN,
               top_p: Any = NOT_GIVEN, truncation: Any = NOT_GIVEN, user: Any = NOT_GIVEN,
               extra_headers: Any = None, extra_query: Any = None, extra_body: Any = None,
               timeout: Any = NOT_GIVEN) -> Any:
        """Send input; get the model's output items in `response.output`.

        Arguments as in the official SDK: `model` (echoed back), `input` (text, or a list of
        items: messages `{"role", "content"}`, earlier output items as they are,
        `{"type": "function_call_output", "call_id", "output"}` for each result),
        `instructions` (the system prompt; not carried over by `previous_response_id`),
        `tools` (flat: `{"type": "function", "name", "description", "parameters", "strict"}`;
        strict unless `"strict": False`), `tool_choice` ("auto", "none", "required" or
        `{"type": "function", "name": ...}`), `parallel_tool_calls`, `max_output_tokens`
        (≥ 16; the reply is cut there, `status` "incomplete"), `reasoning` (`{"effort",
        "summary"}`: a reasoning item first), `include` (["reasoning.encrypted_content"]),
        `text` (`{"format": {"type": "json_schema", "name", "schema", "strict"}}`: the answer
        is JSON), `store` (default true: the response is kept), `previous_response_id`
        (go on from a kept response: send only the new items). A malformed request raises
        `BadRequestError` with the real API's wording. Sampling options change nothing.

        Returns a `Response`; with `stream=True`, a `Stream` of events instead.
        """
        given = dict(locals())
        if input is not NOT_GIVEN and not isinstance(input, (str, list, tuple)):
            given["input"] = list(input)
        body = given_body({"model": model} if model is not NOT_GIVEN else {},
                          {name: given[name] for name in _OPTIONS}, extra_body)
        try:
            body = plain_body(body, "openai")
        except RequestRefused as refused:  # what JSON cannot carry: refused before any attempt
            raise self._attempts.refused("openai_responses", body, refused, "/v1/responses") from None
        reply, request_id = self._attempts.call(
            "openai_responses", body,
            lambda fault: responses_exchange(body, self._ids, self._store, fault=fault), path="/v1/responses",
            timeout=None if timeout is NOT_GIVEN else timeout)
        if stream:
            return Stream(response_events(reply), stream_event)
        return with_request_id(Response.from_dict(reply), request_id)

    def parse(self, *, text_format: Any = NOT_GIVEN, **arguments: Any) -> ParsedResponse:
        """`create` with a strict `json_schema` `text.format` made from `text_format` (a
        pydantic model or a dataclass); each message's text is read into that type
        (`response.output_parsed`)."""
        response = self.create(**_with_format(arguments, text_format))
        return ParsedResponse.of(response, text_format) if text_format is not NOT_GIVEN else \
            ParsedResponse.from_dict(response.to_dict())  # type: ignore[return-value]

    def stream(self, *, text_format: Any = NOT_GIVEN, **arguments: Any) -> "ResponseStreamManager":
        """The SDK's stream helper: `with client.responses.stream(...) as stream:`, iterate
        the events, then `stream.get_final_response()`."""
        events = self.create(stream=True, **_with_format(arguments, text_format))
        return ResponseStreamManager(events, text_format)


def _with_format(arguments: dict[str, Any], text_format: Any) -> dict[str, Any]:
    if text_format is NOT_GIVEN:
        return arguments
    schema = schema_of(text_format, all_required=True)
    text = dict(arguments.get("text") or {})
    text["format"] = {"type": "json_schema", "strict": True, "name": text_format.__name__, "schema": schema}
    return {**arguments, "text": text}


class ResponseStream:
    """The events of a streamed response, as the SDK's `ResponseStream`: iterate over them;
    `get_final_response()` reads to the end and gives the whole `Response` (a
    `ParsedResponse` with `text_format`)."""

    def __init__(self, events: Stream, text_format: Any) -> None:
        self._events = events
        self._text_format = text_format
        self._final: Optional[Response] = None

    def __iter__(self) -> Iterator[ResponseModel]:
        for event in self._events:
            if event.type == "response.completed":
                self._final = event.response
            yield event

    def until_done(self) -> "ResponseStream":
        for _ in self:
            pass
        return self

    def get_final_response(self) -> Response:
        self.until_done()
        if self._final is None:
            # The SDK's wording: an incomplete response ends with `response.incomplete`.
            raise RuntimeError("Didn't receive a `response.completed` event.")
        if self._text_format is NOT_GIVEN:
            return self._final
        return ParsedResponse.of(self._final, self._text_format)

    def close(self) -> None:
        self._events.close()


class ResponseStreamManager:
    """What `client.responses.stream(...)` returns: use it in a `with` block."""

    def __init__(self, events: Stream, text_format: Any) -> None:
        self._stream = ResponseStream(events, text_format)

    def __enter__(self) -> ResponseStream:
        return self._stream

    def __exit__(self, *exc_info: Any) -> None:
        self._stream.close()
