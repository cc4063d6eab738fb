"""`Anthropic`: the client, shaped like `anthropic.Anthropic`, answering from the fake model."""

from __future__ import annotations

from typing import Any, Iterable, Optional

from ._anthropic_events import raw_event
from ._anthropic_types import Message, MessageTokensCount, ParsedMessage
from ._attempts import Attempts, WithOptions, with_request_id
from ._errors import RequestRefused, anthropic_bad_request
from ._ids import IdCounter
from ._models_api import AnthropicModels
from ._prompt_cache import PromptCache
from ._message_stream import MessageStream, MessageStreamManager
from ._not_given import NOT_GIVEN
from ._output_types import schema_of
from ._request_body import as_list, plain_body
from ._service import anthropic_count_tokens, anthropic_exchange
from ._streaming import Stream, anthropic_events
from ._threads import ThreadStore


class Messages:
    """`client.messages`: the Messages API."""

    def __init__(self, ids: IdCounter, threads: ThreadStore, attempts: Attempts, cache: PromptCache) -> None:
        self._ids = ids
        self._threads = threads
        self._attempts = attempts
        self._cache = cache

    def create(self, *, max_tokens: int, messages: Iterable[Any], model: str,
               cache_control: Any = NOT_GIVEN, container: Any = NOT_GIVEN,
               diagnostics: Any = NOT_GIVEN, inference_geo: Any = NOT_GIVEN,
               metadata: Any = NOT_GIVEN, output_config: Any = NOT_GIVEN,
               service_tier: Any = NOT_GIVEN, speed: Any = NOT_GIVEN,
               stop_sequences: Any = NOT_GIVEN, stream: Any = NOT_GIVEN, system: Any = NOT_GIVEN,
               thinking: Any = NOT_GIVEN, tool_choice: Any = NOT_GIVEN, tools: Any = NOT_GIVEN,
               user_profile_id: Any = NOT_GIVEN, workspace_id: Any = NOT_GIVEN,
               extra_headers: Any = None, extra_query: Any = None, extra_body: Any = None,
               timeout: Any = NOT_GIVEN) -> Any:
        """Send a conversation; get the model's next message.

        Arguments as in the official SDK: `model` (a model of the catalogue,
        `fake_client._models`, echoed back; an unknown or retired one raises `NotFoundError`),
        `max_tokens` (the reply is cut there, with `stop_reason` "max_tokens"), `messages`
        (dicts with `role` and `content`: a string or a list of blocks, as dicts or as the
        blocks of an earlier response), `system`, `tools` (dicts with `name`,
        `description`, `input_schema`, optional `strict`), `tool_choice` (`{"type": "auto"
        | "any" | "tool" | "none"}`, `name` for "tool", `disable_parallel_tool_use`),
        `stop_sequences`, `thinking` (`{"type": "enabled", "budget_tokens": N}` or
        `{"type": "adaptive"}`), `output_config` (`{"format": {"type": "json_schema",
        "schema": ...}}`: the reply's text is JSON matching the schema), `cache_control`
        (`{"type": "ephemeral"}`: cache the prompt up to its last block; blocks, tools and
        system blocks take `cache_control` too, see `fake_client._prompt_cache`). A malformed
        request raises `BadRequestError` with the real API's wording, and so does a field the
        model refuses (`fake_client._model_rules`: Sonnet 5 refuses sampling options). Where
        the model takes sampling options they change nothing: the fake answers the same
        request with the same reply every time.

        Returns a `Message`; with `stream=True`, a `Stream` of its events instead
        (`RawMessageStartEvent`, …, in the order `fake_client._streaming` lists).
        """
        body = _body(model=model, max_tokens=max_tokens, messages=messages,
                     cache_control=cache_control, container=container, diagnostics=diagnostics,
                     inference_geo=inference_geo, metadata=metadata, output_config=output_config,
                     service_tier=service_tier, speed=speed, stop_sequences=stop_sequences,
                     stream=stream, system=system, thinking=thinking, tool_choice=tool_choice,
                     tools=tools, user_profile_id=user_profile_id, workspace_id=workspace_id,
                     extra_body=extra_body)
        reply, request_id = self._send(body, timeout)
        if stream:
            return Stream(anthropic_events(reply), raw_event)
        return with_request_id(Message.from_dict(reply), request_id)

    def stream(self, **arguments: Any) -> MessageStreamManager:
        """The SDK's streaming helper: the arguments of `create` (without `stream`), used as
        `with client.messages.stream(...) as stream:`, then `stream.text_stream`,
        `stream.get_final_message()` (see `fake_client._message_stream`). The request is
        sent when the `with` block starts."""
        return MessageStreamManager(
            lambda: MessageStream(self._send(_body_of(arguments, stream=True))[0]))

    def parse(self, *, output_format: Any, **arguments: Any) -> ParsedMessage:
        """`create` with `output_config.format` made from `output_format` (a pydantic model
        or a dataclass, see `fake_client._output_types`); the reply's `parsed_output` is
        its JSON read into that type."""
        schema = schema_of(output_format, all_required=False)
        config = arguments.pop("output_config", {})
        if isinstance(config, dict):  # anything else is refused as the API refuses it
            config = {**config, "format": {"type": "json_schema", "schema": schema}}
        message = self.create(output_config=config, **arguments)
        return ParsedMessage.of(message, output_format)

    def count_tokens(self, *, messages: Iterable[Any], model: str, cache_control: Any = NOT_GIVEN,
                     output_config: Any = NOT_GIVEN, output_format: Any = NOT_GIVEN,
                     speed: Any = NOT_GIVEN, system: Any = NOT_GIVEN, thinking: Any = NOT_GIVEN,
                     tool_choice: Any = NOT_GIVEN, tools: Any = NOT_GIVEN,
                     user_profile_id: Any = NOT_GIVEN, workspace_id: Any = NOT_GIVEN,
                     extra_headers: Any = None, extra_query: Any = None,
                     extra_body: Any = None, timeout: Any = NOT_GIVEN) -> MessageTokensCount:
        """The input tokens a `create` call with these arguments would be billed, without
        making it (the real `POST /v1/messages/count_tokens`). Same rule as `usage`."""
        if output_format is not NOT_GIVEN:  # the SDK turns the type into output_config.format
            config = output_config if isinstance(output_config, dict) else {}
            output_config = {**config, "format": {"type": "json_schema",
                                                  "schema": schema_of(output_format, all_required=False)}}
        body = _body(model=model, messages=messages, cache_control=cache_control,
                     output_config=output_config, speed=speed, system=system, thinking=thinking,
                     tool_choice=tool_choice, tools=tools, user_profile_id=user_profile_id,
                     workspace_id=workspace_id, extra_body=extra_body)
        try:
            counted = anthropic_count_tokens(plain_body(body, "anthropic"))
        except RequestRefused as refused:
            raise anthropic_bad_request(refused, "/v1/messages/count_tokens",
                                        self._ids.next("anthropic_request")) from None
        return MessageTokensCount.from_dict(counted)  # type: ignore[return-value]

    def _send(self, body: dict[str, Any], timeout: Any = NOT_GIVEN) -> tuple[dict[str, Any], str]:
        """One call to the model (`_attempts`: faults, retries): its reply JSON and request
        id, recorded; refusals raised as the SDK raises them."""
        try:
            body = plain_body(body, "anthropic")
        except RequestRefused as refused:  # what JSON cannot carry: refused before any attempt
            raise self._attempts.refused("anthropic", body, refused, "/v1/messages") from None
        return self._attempts.call("anthropic", body, lambda fault: anthropic_exchange(
            body, self._ids, self._threads, fault=fault, cache=self._cache), path="/v1/messages",
            timeout=None if timeout is NOT_GIVEN else timeout)


class BetaMessages(Messages):
    """`client.beta.messages`: the Messages API with beta features. Here that is server-held
    threads (`thread`, see `fake_client._threads`); `betas` is accepted and changes nothing."""

    def create(self, *, thread: Any = NOT_GIVEN, betas: Any = NOT_GIVEN,
               extra_body: Any = None, **arguments: Any) -> Any:
        """`Messages.create`, plus `thread`: `{"type": "create"}` holds the conversation under
        the reply's `id`; `{"type": "continue", "previous_message_id": id}` continues it,
        sending only the new messages (no `system`, no `tools`: the thread holds them)."""
        if thread is not NOT_GIVEN:
            extra_body = {**(extra_body or {}), "thread": thread}
        return super().create(extra_body=extra_body, **arguments)


class Beta:
    """`client.beta`: holds `messages`."""

    def __init__(self, ids: IdCounter, threads: ThreadStore, attempts: Attempts, cache: PromptCache) -> None:
        self.messages = BetaMessages(ids, threads, attempts, cache)


def _body(*, messages: Iterable[Any], extra_body: Any, **fields: Any) -> dict[str, Any]:
    """The request: the arguments given, `messages` as a list, then `extra_body`."""
    body = {name: value for name, value in fields.items() if value is not NOT_GIVEN}
    body["messages"] = as_list(messages)
    if isinstance(extra_body, dict):
        body.update(extra_body)
    return body


def _body_of(arguments: dict[str, Any], **fields: Any) -> dict[str, Any]:
    """The request JSON of keyword arguments as `create` takes them (request options such as
    `timeout` left out)."""
    given = {name: value for name, value in arguments.items()
             if name not in ("extra_headers", "extra_query", "timeout")}
    extra_body = given.pop("extra_body", None)
    return _body(**given, **fields, extra_body=extra_body)


class Anthropic(WithOptions):
    """Stand-in for `anthropic.Anthropic`: same constructor, no network, no key.

    Every argument the real client takes (`api_key`, `base_url`, `timeout`, …) is accepted
    and ignored, so that lesson code runs unchanged with either, except `max_retries`
    (default 2): how often a failed call is retried, as the SDK retries it (`_attempts`;
    failures come only on demand, `fake_client.faults`). Ids (`msg_01…`, `toolu_01…`,
    `req_01…`) are counted per client, and so are its server-held threads.
    """

    def __init__(self, *, api_key: Optional[str] = None, base_url: Optional[str] = None,
                 max_retries: Optional[int] = None, **options: Any) -> None:
        self.api_key = api_key
        self.base_url = base_url
        self._ids = IdCounter()
        self._attempts = Attempts(self._ids, max_retries, timeout=options.get("timeout"),
                                  host=_host(base_url, "api.anthropic.com"))
        self.max_retries = self._attempts.max_retries
        self._threads = ThreadStore()
        self._cache = PromptCache()
        self.models = AnthropicModels()
        self._build()

    def _build(self) -> None:
        self.messages = Messages(self._ids, self._threads, self._attempts, self._cache)
        self.beta = Beta(self._ids, self._threads, self._attempts, self._cache)


    def __enter__(self) -> "Anthropic":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    def close(self) -> None:
        """Nothing to close; here because the real client has it."""


def _host(base_url: Optional[str], default: str) -> str:
    """The host (and port) a client talks to, as the SDK names it in a timeout."""
    if not base_url:
        return default
    return base_url.split("://", 1)[-1].split("/", 1)[0] or default
