"""`fake_client.faults`: make the next calls fail or misbehave, as production traffic does.

A real model API sometimes answers 429 or 529, times out, refuses, or calls a tool it was
never offered. The fake never does on its own (same request, same reply); a lesson, an
exercise or a test asks for it, and the next calls then go wrong in exactly that way::

    import fake_client
    fake_client.faults.next("rate_limit", "overloaded")   # the next two calls fail
    fake_client.faults.next("refusal")                    # and the third is refused
    fake_client.faults.pending()                          # ['rate_limit', 'overloaded', 'refusal']
    fake_client.faults.clear()                            # none after all

Each `create` call (any client, any API shape) takes the oldest pending fault. A fault that
is an HTTP error raises the SDK's own exception (`RateLimitError`, `OverloadedError`,
`InternalServerError`, `APITimeoutError`), with the body, headers (`retry-after`) and text
the locked SDK shows; like the SDKs, the client retries it `max_retries` times (2 unless the
client says `Anthropic(max_retries=0)`), each retry taking the next pending fault, so
`next("rate_limit")` alone is absorbed by the retry and the learner's code sees a normal
reply. A 429 holds the door shut for the seconds its `retry-after` asks: a request sent
sooner (a program that retries at once, or sleeps less) gets another 429 asking for the
rest, as the real API answers it; the SDKs' own retries wait what is asked and pass. The
other faults answer with a reply that goes wrong (`stop_reason` "refusal", a call
of a tool nobody offered, ...). `NAMES` lists them all with what each does.

Pending faults belong to the running program (a context variable: a thread of its own, such
as a parallel build, starts with none; asyncio tasks share their creator's).

`python -m fake_client serve` keeps pending faults per API key: `serve --faults
rate_limit,refusal` gives every key those faults first, and `POST /fake/faults` with
`{"faults": ["rate_limit", ...]}` adds to the caller's key (also at `/v1/fake/faults`;
`GET` lists them, `DELETE` clears them). From an SDK program:
`client.post("/fake/faults", body={"faults": ["rate_limit"]}, cast_to=object)`.
"""

from __future__ import annotations

import contextvars
import threading
import time
from dataclasses import dataclass
from typing import Any, Iterable, Optional, Union

from . import _recording

__all__ = ["NAMES", "ERRORS", "Fault", "FaultQueue", "next", "clear", "pending"]

# name: what the next call does. Which API shapes have it is in `fake_client._fault_effects`.
NAMES: dict[str, str] = {
    "rate_limit": "HTTP 429 rate_limit_error with retry-after (the SDK retries it)",
    "overloaded": "HTTP 529 overloaded_error (OpenAI: 503; the SDK retries it)",
    "server_error": "HTTP 500 api_error / server_error (the SDK retries it)",
    "timeout": "no answer in time: APITimeoutError (the SDK retries it)",
    "spend_limit": "HTTP 429 from a spend cap, without retry-after: the body says why (Anthropic "
                   "error.details.error_code 'enforced_spend_limit_reached'; OpenAI code "
                   "'organization_spend_limit_exceeded'); waiting does not help, the SDK retries it anyway",
    "refusal": "the model refuses: stop_reason 'refusal' with stop_details (OpenAI: message.refusal)",
    "pause_turn": "stop_reason 'pause_turn': send the reply back to let it go on (Anthropic)",
    "context_window_exceeded": "stop_reason 'model_context_window_exceeded' (OpenAI: HTTP 400 "
                               "context_length_exceeded)",
    "unlisted_stop_reason": "a stop_reason no lesson names, new random letters on every call, standing for "
                            "one the API adds after the program was written (Anthropic)",
    "no_preamble": "a reply that calls tools comes without the short text Claude usually writes "
                   "before its calls, as it sometimes does (Anthropic)",
    "split_text": "the reply's last text comes as two text blocks, as a reply with citations splits "
                  "its sentences; joined with \"\" they give the usual text (Anthropic)",
    "content_filter": "finish_reason 'content_filter' (OpenAI; Responses: incomplete)",
    "reasoning_exhausted": "reasoning eats the whole budget: no text, stop 'max_tokens' / 'length'",
    "unoffered_tool": "the model calls run_command, a tool nobody offered",
    "invalid_json_arguments": "a call's arguments are not valid JSON (OpenAI)",
    "missing_required_argument": "a call's input lacks a required field",
    "injected_instruction": "the model obeys an instruction planted in the last tool result: "
                            "it calls send_email to attacker@example.com with that result",
}

# The faults that are an HTTP error (or no answer at all) rather than a reply.
ERRORS = frozenset({"rate_limit", "overloaded", "server_error", "timeout", "spend_limit"})

# The wait a fault's `retry-after` asks for, in seconds, unless `next` says otherwise.
RETRY_AFTER_S = 1.0


@dataclass(frozen=True)
class Fault:
    """One pending fault: its `name` (a key of `NAMES`) and, for the HTTP errors, the wait
    in seconds its `retry-after` header asks for."""

    name: str
    retry_after: float = RETRY_AFTER_S

    @property
    def is_error(self) -> bool:
        return self.name in ERRORS


FaultSpec = Union[str, Fault, dict]


def make_faults(specs: Iterable[FaultSpec], *, times: int = 1,
                retry_after: Optional[float] = None) -> list[Fault]:
    """Faults from names (or `Fault`s, or `{"name", "retry_after"}` dicts), each `times`
    times; `ValueError` for a name `NAMES` lacks."""
    if not isinstance(times, int) or isinstance(times, bool) or times < 1:
        raise ValueError(f"times must be a whole number of 1 or more, not {times!r}")
    made = []
    for spec in specs:
        if isinstance(spec, dict):
            spec = Fault(spec.get("name"), float(spec.get("retry_after", RETRY_AFTER_S)))  # type: ignore[arg-type]
        elif not isinstance(spec, Fault):
            spec = Fault(spec)  # type: ignore[arg-type]
        if spec.name not in NAMES:
            known = ", ".join(NAMES)
            raise ValueError(f"unknown fault {spec.name!r}; the faults are: {known}")
        if retry_after is not None:
            spec = Fault(spec.name, float(retry_after))
        if spec.retry_after < 0:
            raise ValueError(f"retry_after must be 0 or more seconds, not {spec.retry_after!r}")
        made += [spec] * times
    return made


class FaultQueue:
    """Faults waiting for the next calls, oldest first (thread-safe), and the 429 whose
    `retry-after` has not passed yet."""

    def __init__(self, faults: Iterable[Fault] = ()) -> None:
        self._lock = threading.Lock()
        self._faults = list(faults)
        self._hold: Optional[tuple[float, float, float]] = None  # (asked, clock, slept) at the 429
        self._waited = 0.0  # the clients' own retry waits since that 429

    def add(self, faults: Iterable[Fault]) -> None:
        with self._lock:
            self._faults += faults

    def take(self, *, hold: bool = False) -> Optional[Fault]:
        """The oldest pending fault, now taken; None when there is none. With `hold` (the
        in-process clients), another 429 while the last one's `retry-after` has not passed."""
        with self._lock:
            if hold and self._hold is not None:
                asked, clock, slept = self._hold
                # Time passed: the clock's, or the sleeps a host counts (a browser's clock
                # may not move while the program "sleeps").
                passed = max(time.monotonic() - clock, _recording.slept_total() - slept, self._waited)
                if passed + 1e-6 < asked:
                    return Fault("rate_limit", round(asked - passed, 3))
                self._hold = None
            fault = self._faults.pop(0) if self._faults else None
            if hold and fault is not None and fault.name == "rate_limit" and fault.retry_after > 0:
                asked = round(fault.retry_after * 1000) / 1000   # as its retry-after-ms says
                self._hold = (asked, time.monotonic(), _recording.slept_total())
                self._waited = 0.0
            return fault

    def waited(self, seconds: float) -> None:
        """A client's own retry slept this long (counted even where `time.sleep` is stubbed)."""
        with self._lock:
            self._waited += max(0.0, seconds)

    def clear(self) -> None:
        with self._lock:
            self._faults.clear()
            self._hold = None

    def names(self) -> list[str]:
        with self._lock:
            return [fault.name for fault in self._faults]


_QUEUE: contextvars.ContextVar[Optional[FaultQueue]] = contextvars.ContextVar(
    "fake_client_faults", default=None)


def current() -> FaultQueue:
    """The running program's queue (made on first use in this context)."""
    queue = _QUEUE.get()
    if queue is None:
        queue = FaultQueue()
        _QUEUE.set(queue)
    return queue


def next(*names: FaultSpec, times: int = 1, retry_after: Optional[float] = None) -> None:  # noqa: A001
    """Make the next calls meet these faults, in order, after any already pending:
    `next("rate_limit", "rate_limit")`, or `next("rate_limit", times=2)`. `retry_after`
    (seconds, default 1) is the wait the HTTP errors' `retry-after` asks for, and so the
    time the SDK's retry sleeps."""
    if not names:
        raise TypeError("next() needs at least one fault name, e.g. next(\"rate_limit\")")
    current().add(make_faults(names, times=times, retry_after=retry_after))


def clear() -> None:
    """Forget every pending fault."""
    current().clear()


def pending() -> list[str]:
    """The names of the faults still waiting, oldest first."""
    return current().names()


def take() -> Optional[Fault]:
    """The fault the next call meets (used by the clients)."""
    queue = _QUEUE.get()
    return queue.take(hold=True) if queue is not None else None


def waited(seconds: float) -> None:
    """A client's own retry slept this long (used by the clients: a 429's hold counts it)."""
    queue = _QUEUE.get()
    if queue is not None:
        queue.waited(seconds)


def describe() -> dict[str, Any]:
    """Every fault name with what it does (for an exercise's list of faults)."""
    return dict(NAMES)
