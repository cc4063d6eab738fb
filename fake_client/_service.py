"""One request in, one reply out: the part shared by the in-process clients and the server."""

from __future__ import annotations

from typing import Any

from . import _anthropic_wire, _openai_wire
from ._conversation import Ask, Part
from ._errors import RequestRefused, anthropic_error_body, openai_error_body
from ._ids import IdCounter
from ._reply import fit_to_budget, part_words
from ._tokens import estimate_tokens
from .worlds import respond


def _think(conversation, max_tokens: int | None) -> tuple[list[Part], bool, int]:
    parts = respond(conversation)
    cut = False
    if max_tokens is not None:
        parts, cut = fit_to_budget(parts, max_tokens)
    output = sum(estimate_tokens(part_words(part)) for part in parts)
    return parts, cut, output


def _call_ids(parts: list[Part], ids: IdCounter) -> list[str]:
    return [ids.next_call_id() for part in parts if isinstance(part, Ask)]


def anthropic_reply(body: dict[str, Any], ids: IdCounter) -> dict[str, Any]:
    """The Messages API reply JSON for a request body; `RequestRefused` if it is invalid."""
    body = _anthropic_wire.check_request(body)
    conversation = _anthropic_wire.read_conversation(body)
    parts, cut, output = _think(conversation, body["max_tokens"])
    return _anthropic_wire.write_reply(
        reply_id=ids.next_reply_id("msg_"), model=body["model"], parts=parts,
        call_ids=_call_ids(parts, ids), cut=cut,
        usage=(_anthropic_wire.input_tokens(body), output))


def openai_reply(body: dict[str, Any], ids: IdCounter) -> dict[str, Any]:
    """The Chat Completions reply JSON for a request body; `RequestRefused` if it is invalid."""
    body = _openai_wire.check_request(body)
    conversation = _openai_wire.read_conversation(body)
    parts, cut, output = _think(conversation, _openai_wire.max_tokens(body))
    return _openai_wire.write_reply(
        reply_id=ids.next_reply_id("chatcmpl_"), model=body["model"], parts=parts,
        call_ids=_call_ids(parts, ids), cut=cut,
        usage=(_openai_wire.input_tokens(body), output))


def anthropic_error(refused: RequestRefused) -> dict[str, Any]:
    return anthropic_error_body(refused.message)


def openai_error(refused: RequestRefused) -> dict[str, Any]:
    return openai_error_body(refused.message, refused.param, refused.code)
