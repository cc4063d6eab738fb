"""One request in, one reply out: the part shared by the in-process clients and the server.

Each shape: check the request (`RequestRefused` if the real API would refuse it; a
server-held thread is read first, `_threads`), read it into a `Conversation` and
`Settings`, let the world answer under those settings (`_steering`), write the answer as
JSON when a schema is asked for (`_structured`), add thinking when asked, end the reply
(`_reply.finish`: stop sequences, `max_tokens`), and write the shape's JSON with fresh ids.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Optional

from . import (_anthropic_wire, _model_rules, _models, _openai_wire, _prompt_cache, _responses_check,
               _responses_loop, _responses_wire, _thinking)
from ._fault_effects import misbehave, refuse_before_reply
from ._server_tools import search_first
from ._conversation import Ask, Conversation, Settings, Think
from ._errors import RequestRefused, anthropic_error_body, openai_error_body
from .faults import Fault
from ._ids import IdCounter
from ._prompt_cache import PromptCache
from ._request_body import plain_body
from ._reply import Reply, finish
from ._responses_store import ResponseStore
from ._steering import steer
from ._structured import answer_in_json
from ._threads import ThreadStore, previous_id


# The context window of each model (input tokens, by the fake's estimate, past which a request
# is refused with the real wording) is in the catalogue, `_models`.


def compose(conversation: Conversation, settings: Settings) -> Reply:
    """The model's reply to a checked request, in shape-neutral parts."""
    parts = steer(conversation, settings)
    if settings.output_schema is not None:
        parts = answer_in_json(conversation, parts, settings.output_schema)
    if settings.thinking:
        parts = [_thinking.think(conversation, parts), *parts]
    return finish(parts, max_tokens=settings.max_tokens, stop_sequences=settings.stop_sequences)


def _call_ids(reply: Reply, ids: IdCounter, kind: str) -> list[str]:
    return [ids.next(kind) for part in reply.parts if isinstance(part, Ask)]


def anthropic_reply(body: dict[str, Any], ids: IdCounter, threads: Optional[ThreadStore] = None,
                    key: str = "", cache: Optional[PromptCache] = None) -> dict[str, Any]:
    """The Messages API reply JSON for a request body; `RequestRefused` if it is invalid.
    A body with `thread` reads and extends the server-held conversation in `threads`
    (those of API key `key`); `cache` is the prompt cache (`_prompt_cache`), none if None."""
    return anthropic_exchange(body, ids, threads, key, cache)[0]


def anthropic_exchange(body: dict[str, Any], ids: IdCounter, threads: Optional[ThreadStore] = None,
                       key: str = "", fault: Optional[Fault] = None,
                       cache: Optional[PromptCache] = None) -> tuple[dict[str, Any], int]:
    """`anthropic_reply`, and the part of its input tokens that the tools cost (a thread's
    held tools included): what `recording()` reports as `tool_tokens`. `fault`: the
    misbehaving-reply fault this call meets (`fake_client.faults`), if any."""
    body = plain_body(body, "anthropic")
    threaded = isinstance(body, dict) and "thread" in body and threads is not None
    full = threads.expand(body, key) if threaded else body  # type: ignore[union-attr]
    full, model = _checked_anthropic(full, ids=ids)
    tokens = _anthropic_wire.input_tokens(full)
    if tokens > model.context_window:
        raise RequestRefused(f"prompt is too long: {tokens} tokens > {model.context_window} maximum")
    refuse_before_reply(fault, "anthropic", tokens, model.context_window)
    settings = _anthropic_wire.read_settings(full)
    if _model_rules.default_thinking(model, full):
        settings = dataclasses.replace(settings, thinking="adaptive")
    conversation = _anthropic_wire.read_conversation(full)
    reply = compose(conversation, settings)
    used = (cache.anthropic(key, model.id, _anthropic_wire.cache_pieces(full), model.min_cache_tokens)
            if cache is not None else _prompt_cache.CacheUse())
    call_ids = _call_ids(reply, ids, "anthropic_call")
    if not any(isinstance(part, Think) for part in reply.parts):
        ids.note_unthought(call_ids)
    written = _anthropic_wire.write_reply(
        reply_id=ids.next("anthropic_reply"), model=full["model"], reply=reply,
        call_ids=call_ids, input_tokens=tokens, cache=used,
        thinking_display=_model_rules.thinking_display(model, full))
    written = search_first(written, full, conversation, ids)
    written = misbehave(fault, "anthropic", written, body=full, conversation=conversation, ids=ids)
    if threaded:
        threads.hold(full, written, previous=previous_id(body), key=key)  # type: ignore[union-attr]
    return written, _anthropic_wire.tools_tokens(full)


def _checked_anthropic(body: Any, counting: bool = False,
                       ids: Optional[IdCounter] = None) -> tuple[dict[str, Any], _models.ModelCard]:
    """The checked request and its model's card; an unknown or retired model is the real 404
    (`_model_rules`). `ids`: the client's, which knows the calls it answered without thinking."""
    checked = _anthropic_wire.check_request(body)
    model = _model_rules.anthropic_card(checked)
    if not counting:
        _model_rules.check_anthropic(model, checked)
    # Thinking by default is thinking: its history rules apply too (`_thinking`).
    _anthropic_wire.check_thinking_history(
        checked, not counting and model.thinks_by_default and checked.get("thinking") is None,
        ids.unthought if ids is not None else lambda call_id: False)
    return checked, model


# count_tokens takes no max_tokens; the check needs one above any thinking budget.
_COUNT_ONLY = 1 << 30


def anthropic_count_tokens(body: dict[str, Any]) -> dict[str, Any]:
    """`POST /v1/messages/count_tokens`: the input tokens `create` would bill for this body."""
    body, _ = _checked_anthropic({"max_tokens": _COUNT_ONLY, **body}, counting=True)
    return {"input_tokens": _anthropic_wire.input_tokens(body)}


def openai_reply(body: dict[str, Any], ids: IdCounter, cache: Optional[PromptCache] = None,
                 key: str = "") -> dict[str, Any]:
    """The Chat Completions reply JSON for a request body; `RequestRefused` if it is invalid."""
    return openai_exchange(body, ids, cache, key)[0]


def openai_exchange(body: dict[str, Any], ids: IdCounter, cache: Optional[PromptCache] = None,
                    key: str = "", fault: Optional[Fault] = None) -> tuple[dict[str, Any], int]:
    """`openai_reply`, and the part of its prompt tokens that the tools cost. `fault`: as
    for `anthropic_exchange`."""
    body = _openai_wire.check_request(body)
    model = _model_rules.openai_card(body)
    _model_rules.check_openai_chat(model, body)
    tokens = _openai_wire.input_tokens(body)
    if tokens > model.context_window:
        raise RequestRefused(f"This model's maximum context length is {model.context_window} tokens. However, your "
                             f"messages resulted in {tokens} tokens. Please reduce the length of the messages.",
                             param="messages", code="context_length_exceeded")
    refuse_before_reply(fault, "openai", tokens, model.context_window)
    settings = _openai_wire.read_settings(body)
    conversation = _openai_wire.read_conversation(body)
    reply = compose(conversation, settings)
    written = _openai_wire.write_reply(
        reply_id=ids.next("openai_reply"), model=body["model"], reply=reply,
        call_ids=_call_ids(reply, ids, "openai_call"), input_tokens=tokens,
        forced_function=settings.tool_choice == "tool",
        cached_tokens=cache.openai(key, model.id, _openai_wire.cache_pieces(body)) if cache is not None else 0)
    written = misbehave(fault, "openai", written, body=body, conversation=conversation, ids=ids)
    written = _openai_wire.more_choices(written, body.get("n"), ids)
    return written, _openai_wire.tools_tokens(body)


def _responses_conversation(body: dict[str, Any], store: ResponseStore, key: str) -> tuple[dict[str, Any], list[Any]]:
    """The checked Responses request and its whole conversation (held items first), its
    loop checked (`_responses_loop`)."""
    body = plain_body(body, "openai")
    _responses_check.check_request(body)
    items = store.conversation(body, key)
    _responses_loop.check_loop(items, lambda item_id: store.reasoning_before(item_id, key))
    return body, items


def responses_exchange(body: dict[str, Any], ids: IdCounter, store: ResponseStore,
                       key: str = "", fault: Optional[Fault] = None) -> tuple[dict[str, Any], int]:
    """The Responses API reply JSON for a request body (`RequestRefused` if it is invalid),
    and the part of its input tokens that the tools cost. A response is held in `store`
    (those of API key `key`) unless the request says `"store": false`. `fault`: as for
    `anthropic_exchange`."""
    body, items = _responses_conversation(body, store, key)
    model = _model_rules.openai_card(body)
    tokens = _responses_wire.input_tokens(body, items)
    if tokens > model.context_window:
        # The wording is the fake's own, after Chat Completions' (no public quote of the
        # Responses reply was found).
        raise RequestRefused(f"Your input exceeds the context window of this model ({model.context_window} tokens; "
                             f"the input is {tokens}). Please adjust your input and try again.",
                             param="input", code="context_length_exceeded")
    refuse_before_reply(fault, "openai_responses", tokens, model.context_window)
    conversation = _responses_wire.read_conversation(body, items)
    reply = compose(conversation, _responses_wire.read_settings(body))
    written = _responses_wire.write_response(body=body, ids=ids, reply=reply, input_tokens=tokens)
    written = misbehave(fault, "openai_responses", written, body=body, conversation=conversation, ids=ids)
    if body.get("store") is not False:
        store.hold(items, written, key)
    return written, _responses_wire.tools_tokens(body)


def responses_input_tokens(body: dict[str, Any], store: ResponseStore, key: str = "") -> dict[str, Any]:
    """`POST /v1/responses/input_tokens`: the input tokens `create` would bill for this body."""
    body, items = _responses_conversation({"input": [], **body}, store, key)
    return {"input_tokens": _responses_wire.input_tokens(body, items), "object": "response.input_tokens"}


def anthropic_error(refused: RequestRefused, request_id: Optional[str] = None) -> dict[str, Any]:
    return anthropic_error_body(refused, request_id)


def openai_error(refused: RequestRefused) -> dict[str, Any]:  # any status: the same envelope
    return openai_error_body(refused.message, refused.param, refused.code)
