"""`Anthropic`: the client, shaped like `anthropic.Anthropic`, answering from the fake model."""

from __future__ import annotations

from typing import Any, Iterable, Optional

from ._anthropic_events import raw_event
from ._anthropic_types import Message, MessageTokensCount, ParsedMessage
from ._errors import RequestRefused, anthropic_bad_request, anthropic_error_body
from ._ids import IdCounter
from ._models_api import AnthropicModels
from ._prompt_cache import PromptCache
from ._message_stream import MessageStream, MessageStreamManager
from ._not_given import NOT_GIVEN
from ._output_types import schema_of
from ._recording import record
from ._request_body import as_list, plain_body
from ._service import anthropic_count_tokens, anthropic_exchange
from ._streaming import Stream, anthropic_events
from ._threads import ThreadStore


class Messages:
    """`client.messages`: the Messages API."""

    def __init__(self, ids: IdCounter, threads: ThreadStore, cache: PromptCache) -> None:
        self._ids = ids
        self._threads = threads
        self._cache = cache

    def create(self, *, max_tokens: int, messages: Iterable[Any], model: str,
               system: Any = NOT_GIVEN, tools: Any = NOT_GIVEN, tool_choice: Any = NOT_GIVEN,
               temperature: Any = NOT_GIVEN, top_p: Any = NOT_GIVEN, top_k: Any = NOT_GIVEN,
               stop_sequences: Any = NOT_GIVEN, metadata: Any = NOT_GIVEN,
               thinking: Any = NOT_GIVEN, service_tier: Any = NOT_GIVEN,
               output_config: Any = NOT_GIVEN, stream: Any = NOT_GIVEN,
               cache_control: Any = NOT_GIVEN,
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
        body = _body(model=model, max_tokens=max_tokens, messages=messages, system=system,
                     tools=tools, tool_choice=tool_choice, temperature=temperature, top_p=top_p,
                     top_k=top_k, stop_sequences=stop_sequences, metadata=metadata,
                     thinking=thinking, service_tier=service_tier, output_config=output_config,
                     stream=stream, cache_control=cache_control, extra_body=extra_body)
        reply = self._send(body)
        if stream:
            return Stream(anthropic_events(reply), raw_event)
        return Message.from_dict(reply)

    def stream(self, **arguments: Any) -> MessageStreamManager:
        """The SDK's streaming helper: the arguments of `create` (without `stream`), used as
        `with client.messages.stream(...) as stream:`, then `stream.text_stream`,
        `stream.get_final_message()` (see `fake_client._message_stream`). The request is
        sent when the `with` block starts."""
        return MessageStreamManager(
            lambda: MessageStream(self._send(_body_of(arguments, stream=True))))

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

    def count_tokens(self, *, messages: Iterable[Any], model: str, system: Any = NOT_GIVEN,
                     tools: Any = NOT_GIVEN, tool_choice: Any = NOT_GIVEN,
                     thinking: Any = NOT_GIVEN, output_config: Any = NOT_GIVEN,
                     extra_headers: Any = None, extra_query: Any = None,
                     extra_body: Any = None, timeout: Any = NOT_GIVEN) -> MessageTokensCount:
        """The input tokens a `create` call with these arguments would be billed, without
        making it (the real `POST /v1/messages/count_tokens`). Same rule as `usage`."""
        body = _body(model=model, messages=messages, system=system, tools=tools,
                     tool_choice=tool_choice, thinking=thinking, output_config=output_config,
                     extra_body=extra_body)
        try:
            counted = anthropic_count_tokens(plain_body(body, "anthropic"))
        except RequestRefused as refused:
            raise anthropic_bad_request(refused, "/v1/messages/count_tokens") from None
        return MessageTokensCount.from_dict(counted)  # type: ignore[return-value]

    def _send(self, body: dict[str, Any]) -> dict[str, Any]:
        """One request to the model: its reply JSON, recorded; refusals raised as the SDK
        raises them."""
        try:
            body = plain_body(body, "anthropic")
            reply, tool_tokens = anthropic_exchange(body, self._ids, self._threads, cache=self._cache)
        except RequestRefused as refused:
            record("anthropic", body, None, anthropic_error_body(refused))
            raise anthropic_bad_request(refused) from None
        record("anthropic", body, reply, None, tool_tokens)
        return reply


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

    def __init__(self, ids: IdCounter, threads: ThreadStore, cache: PromptCache) -> None:
        self.messages = BetaMessages(ids, threads, cache)


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


class Anthropic:
    """Stand-in for `anthropic.Anthropic`: same constructor, no network, no key.

    Every argument the real client takes (`api_key`, `base_url`, `timeout`, …) is accepted
    and ignored, so that lesson code runs unchanged with either. Ids (`msg_01…`,
    `toolu_01…`) are counted per client, and so are its server-held threads.
    """

    def __init__(self, *, api_key: Optional[str] = None, base_url: Optional[str] = None,
                 **options: Any) -> None:
        self.api_key = api_key
        self.base_url = base_url
        self._ids = IdCounter()
        threads, cache = ThreadStore(), PromptCache()
        self.messages = Messages(self._ids, threads, cache)
        self.beta = Beta(self._ids, threads, cache)
        self.models = AnthropicModels()

    def __enter__(self) -> "Anthropic":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    def close(self) -> None:
        """Nothing to close; here because the real client has it."""
