"""`recording()`: every `create` call made inside it, as wire JSON, for figures and transcripts."""

from __future__ import annotations

import contextlib
import contextvars
import json
from typing import Any, Iterator, Optional



class _Open:
    """One open recording: its calls, and the seconds the program has slept since its last
    call (counted by `note_sleep`, written into the next call as `waited`)."""

    __slots__ = ("calls", "slept")

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []
        self.slept = 0.0


_ACTIVE: contextvars.ContextVar[tuple[_Open, ...]] = contextvars.ContextVar(
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

    Two keys appear only when they say something: `"retry_after"` on a failed call whose
    answer asks the client to wait (its `retry-after` in seconds), and `"waited"` on a call
    made after the program slept (the seconds its `time.sleep` calls asked for since the
    previous call, counted where the host reports them with `note_sleep`; the lesson runtime
    does). Together they show whether a retry came no sooner than the API asked.
    """
    opened = _Open()
    token = _ACTIVE.set(_ACTIVE.get() + (opened,))
    try:
        yield opened.calls
    finally:
        _ACTIVE.reset(token)


_SLEPT = [0.0]  # every sleep noted, recording or not (a 429's hold reads it: `faults`)


def slept_total() -> float:
    """The seconds of every sleep `note_sleep` has counted so far."""
    return _SLEPT[0]


def note_sleep(seconds: float) -> None:
    """Count a sleep of the program's towards the next call of every open recording. The
    seconds asked, not measured: a recording stays the same on a slow machine."""
    _SLEPT[0] += max(0.0, float(seconds))
    for opened in _ACTIVE.get():
        opened.slept += max(0.0, float(seconds))


def record(api: str, request: dict[str, Any], response: Optional[dict[str, Any]],
           error: Optional[dict[str, Any]], tool_tokens: Optional[int] = None,
           retry_after: Optional[float] = None) -> None:
    """Append one call to every recording open in this context; `retry_after`, the seconds
    a failed call's answer asks the client to wait."""
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
    if retry_after is not None:
        entry["retry_after"] = retry_after
    for opened in active:
        copy = json.loads(json.dumps(entry, ensure_ascii=False))
        if opened.slept > 0:
            copy["waited"] = round(opened.slept, 3)
            opened.slept = 0.0
        opened.calls.append(copy)
