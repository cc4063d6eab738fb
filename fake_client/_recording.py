"""`recording()`: every `create` call made inside it, as wire JSON, for figures and transcripts."""

from __future__ import annotations

import contextlib
import contextvars
import json
from typing import Any, Iterator, Optional

_ACTIVE: contextvars.ContextVar[tuple[list, ...]] = contextvars.ContextVar(
    "fake_client_recordings", default=())


@contextlib.contextmanager
def recording() -> Iterator[list[dict[str, Any]]]:
    """Record every `create` call (either API) made inside the `with` block.

    Yields a list that fills as calls are made; each entry is
    `{"api": "anthropic" | "openai" | "openai_responses", "request": <request JSON>, "response": <reply JSON> |
    None, "error": <error body JSON> | None, "tool_tokens": int | None}`, copied when the
    call ends, so that later changes to your `messages` list do not change it.
    `tool_tokens` is the part of the reply's input tokens that offering tools cost (the
    provider's tool-use prompt and every definition, `fake_client._tool_tokens`; 0 without
    tools, None for a refused call): the real API bills it inside `input_tokens` and never
    reports it apart, so it is here and not in the reply. Recordings nest (an outer one also
    sees the calls of an inner one) and are private to their thread or task (they live in
    a context variable), so that parallel runs never mix.
    """
    calls: list[dict[str, Any]] = []
    token = _ACTIVE.set(_ACTIVE.get() + (calls,))
    try:
        yield calls
    finally:
        _ACTIVE.reset(token)


def record(api: str, request: dict[str, Any], response: Optional[dict[str, Any]],
           error: Optional[dict[str, Any]], tool_tokens: Optional[int] = None) -> None:
    """Append one call to every recording open in this context."""
    active = _ACTIVE.get()
    if not active:
        return
    try:
        entry = json.loads(json.dumps({"api": api, "request": request, "response": response,
                                       "error": error, "tool_tokens": tool_tokens},
                                      ensure_ascii=False, default=str))
    except (ValueError, RecursionError):  # a refused request JSON cannot carry (NaN, too deep)
        entry = {"api": api, "request": None, "response": response, "error": error,
                 "tool_tokens": tool_tokens}
    for calls in active:
        calls.append(json.loads(json.dumps(entry, ensure_ascii=False)))
