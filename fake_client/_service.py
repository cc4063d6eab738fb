"""One request in, one reply out: the part shared by the in-process clients and the server.

Each shape: check the request (`RequestRefused` if the real API would refuse it), read it
into a `Conversation` and `Settings`, let the world answer under those settings
(`_steering`), add thinking when asked, end the reply (`_reply.finish`: stop sequences,
`max_tokens`), and write the shape's JSON with fresh ids.
"""

from __future__ import annotations

from typing import Any

from . import _anthropic_wire, _openai_wire, _thinking
from ._conversation import Ask, Conversation, Settings
from ._errors import RequestRefused, anthropic_error_body, openai_error_body
from ._ids import IdCounter
from ._reply import Reply, finish
from ._steering import steer


def compose(conversation: Conversation, settings: Settings) -> Reply:
    """The model's reply to a checked request, in shape-neutral parts."""
    parts = steer(conversation, settings)
    if settings.thinking:
        parts = [_thinking.think(conversation, parts), *parts]
    return finish(parts, max_tokens=settings.max_tokens, stop_sequences=settings.stop_sequences)


def _call_ids(reply: Reply, ids: IdCounter, kind: str) -> list[str]:
    return [ids.next(kind) for part in reply.parts if isinstance(part, Ask)]


def anthropic_reply(body: dict[str, Any], ids: IdCounter) -> dict[str, Any]:
    """The Messages API reply JSON for a request body; `RequestRefused` if it is invalid."""
    body = _anthropic_wire.check_request(body)
    reply = compose(_anthropic_wire.read_conversation(body), _anthropic_wire.read_settings(body))
    return _anthropic_wire.write_reply(
        reply_id=ids.next("anthropic_reply"), model=body["model"], reply=reply,
        call_ids=_call_ids(reply, ids, "anthropic_call"),
        input_tokens=_anthropic_wire.input_tokens(body))


# count_tokens takes no max_tokens; the check needs one above any thinking budget.
_COUNT_ONLY = 1 << 30


def anthropic_count_tokens(body: dict[str, Any]) -> dict[str, Any]:
    """`POST /v1/messages/count_tokens`: the input tokens `create` would bill for this body."""
    body = _anthropic_wire.check_request({"max_tokens": _COUNT_ONLY, **body})
    return {"input_tokens": _anthropic_wire.input_tokens(body)}


def openai_reply(body: dict[str, Any], ids: IdCounter) -> dict[str, Any]:
    """The Chat Completions reply JSON for a request body; `RequestRefused` if it is invalid."""
    body = _openai_wire.check_request(body)
    settings = _openai_wire.read_settings(body)
    reply = compose(_openai_wire.read_conversation(body), settings)
    return _openai_wire.write_reply(
        reply_id=ids.next("openai_reply"), model=body["model"], reply=reply,
        call_ids=_call_ids(reply, ids, "openai_call"),
        input_tokens=_openai_wire.input_tokens(body),
        forced_function=settings.tool_choice == "tool")


def anthropic_error(refused: RequestRefused) -> dict[str, Any]:
    return anthropic_error_body(refused.message)


def openai_error(refused: RequestRefused) -> dict[str, Any]:
    return openai_error_body(refused.message, refused.param, refused.code)
