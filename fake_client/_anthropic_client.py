"""`Anthropic`: the client, shaped like `anthropic.Anthropic`, answering from the fake model."""

from __future__ import annotations

from typing import Any, Iterable, Optional

from ._anthropic_types import Message, MessageTokensCount
from ._errors import RequestRefused, anthropic_bad_request, anthropic_error_body
from ._ids import IdCounter
from ._model_base import to_plain
from ._not_given import NOT_GIVEN
from ._recording import record
from ._service import anthropic_count_tokens, anthropic_reply


class Messages:
    """`client.messages`: the Messages API."""

    def __init__(self, ids: IdCounter) -> None:
        self._ids = ids

    def create(self, *, max_tokens: int, messages: Iterable[Any], model: str,
               system: Any = NOT_GIVEN, tools: Any = NOT_GIVEN, tool_choice: Any = NOT_GIVEN,
               temperature: Any = NOT_GIVEN, top_p: Any = NOT_GIVEN, top_k: Any = NOT_GIVEN,
               stop_sequences: Any = NOT_GIVEN, metadata: Any = NOT_GIVEN,
               thinking: Any = NOT_GIVEN, service_tier: Any = NOT_GIVEN,
               stream: Any = NOT_GIVEN, extra_headers: Any = None, extra_query: Any = None,
               extra_body: Any = None, timeout: Any = NOT_GIVEN) -> Message:
        """Send a conversation; get the model's next message.

        Arguments as in the official SDK: `model` (any name; it is echoed back),
        `max_tokens` (the reply is cut there, with `stop_reason` "max_tokens"), `messages`
        (dicts with `role` and `content`: a string or a list of blocks, as dicts or as the
        blocks of an earlier response), `system`, `tools` (dicts with `name`,
        `description`, `input_schema`, optional `strict`), `tool_choice` (`{"type": "auto"
        | "any" | "tool" | "none"}`, `name` for "tool", `disable_parallel_tool_use`),
        `stop_sequences`, `thinking` (`{"type": "enabled", "budget_tokens": N}` or
        `{"type": "adaptive"}`). A malformed request raises `BadRequestError` with the real
        API's wording. Sampling options are accepted and change nothing: the fake answers
        the same request with the same reply every time.
        """
        if stream:
            raise NotImplementedError("fake_client does not stream: call create() without stream=True")
        body = _body(model=model, max_tokens=max_tokens, messages=messages, system=system,
                     tools=tools, tool_choice=tool_choice, temperature=temperature, top_p=top_p,
                     top_k=top_k, stop_sequences=stop_sequences, metadata=metadata,
                     thinking=thinking, service_tier=service_tier, extra_body=extra_body)
        try:
            reply = anthropic_reply(body, self._ids)
        except RequestRefused as refused:
            record("anthropic", body, None, anthropic_error_body(refused.message))
            raise anthropic_bad_request(refused) from None
        record("anthropic", body, reply, None)
        return Message.from_dict(reply)  # type: ignore[return-value]

    def count_tokens(self, *, messages: Iterable[Any], model: str, system: Any = NOT_GIVEN,
                     tools: Any = NOT_GIVEN, tool_choice: Any = NOT_GIVEN,
                     thinking: Any = NOT_GIVEN, extra_headers: Any = None,
                     extra_query: Any = None, extra_body: Any = None,
                     timeout: Any = NOT_GIVEN) -> MessageTokensCount:
        """The input tokens a `create` call with these arguments would be billed, without
        making it (the real `POST /v1/messages/count_tokens`). Same rule as `usage`."""
        body = _body(model=model, messages=messages, system=system, tools=tools,
                     tool_choice=tool_choice, thinking=thinking, extra_body=extra_body)
        try:
            counted = anthropic_count_tokens(body)
        except RequestRefused as refused:
            raise anthropic_bad_request(refused) from None
        return MessageTokensCount.from_dict(counted)  # type: ignore[return-value]


def _body(*, messages: Iterable[Any], extra_body: Any, **fields: Any) -> dict[str, Any]:
    """The request JSON: the arguments given, `messages` as a list, then `extra_body`."""
    body = {name: value for name, value in fields.items() if value is not NOT_GIVEN}
    body["messages"] = list(messages)
    if extra_body:
        body.update(extra_body)
    return to_plain(body)


class Anthropic:
    """Stand-in for `anthropic.Anthropic`: same constructor, no network, no key.

    Every argument the real client takes (`api_key`, `base_url`, `timeout`, …) is accepted
    and ignored, so that lesson code runs unchanged with either. Ids (`msg_01…`,
    `toolu_01…`) are counted per client.
    """

    def __init__(self, *, api_key: Optional[str] = None, base_url: Optional[str] = None,
                 **options: Any) -> None:
        self.api_key = api_key
        self.base_url = base_url
        self._ids = IdCounter()
        self.messages = Messages(self._ids)

    def __enter__(self) -> "Anthropic":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    def close(self) -> None:
        """Nothing to close; here because the real client has it."""
