"""One `create` call of an in-process client, as the SDKs make it: attempts and retries.

Each attempt gets a request id (`req_…`, counted per client: the SDKs put the answer's
`request-id` / `x-request-id` header on `result._request_id` and `error.request_id`) and
takes the next pending fault (`fake_client.faults`). An HTTP-error fault is raised as the SDK
raises it; like the SDKs (anthropic 2.17, openai 3.63, `_base_client`), the client first
retries it `max_retries` times (default 2): a 408, 409, 429 or 5xx answer, or no answer in
time, after sleeping what `retry-after-ms` / `retry-after` says, or else 0.5 s × 2^n (the
SDKs' backoff, here without its random jitter). Anything else (a bad request, a reply) ends
the call.
"""

from __future__ import annotations

import copy
import time
from typing import Any, Callable, Optional

from . import faults
from ._errors import (APITimeoutError, RequestRefused, anthropic_bad_request,
                      anthropic_error_body, anthropic_status_error, openai_bad_request,
                      openai_error_body, openai_status_error)
from ._fault_effects import error_answer, rate_limit_headers
from ._ids import IdCounter
from ._recording import record

DEFAULT_MAX_RETRIES = 2  # both SDKs' default
INITIAL_RETRY_DELAY_S = 0.5
MAX_RETRY_DELAY_S = 8.0

_RECORDED_AS = {"anthropic": "anthropic", "openai": "openai", "openai_responses": "openai_responses"}


def request_headers(api: str, request_id: str, *, exhausted: bool = False) -> dict[str, str]:
    """The headers every answer carries: its request id and the rate-limit figures."""
    name = "request-id" if api == "anthropic" else "x-request-id"
    reset = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 1))
    return {name: request_id, **rate_limit_headers(api, exhausted=exhausted, reset_at=reset)}


class Attempts:
    """A client's way of making calls: its `max_retries` and its request-id counter."""

    def __init__(self, ids: IdCounter, max_retries: Any = None, *, timeout: Any = None,
                 host: str = "api.anthropic.com") -> None:
        if max_retries is None:
            max_retries = DEFAULT_MAX_RETRIES
        if not isinstance(max_retries, int) or isinstance(max_retries, bool) or max_retries < 0:
            raise TypeError(f"max_retries must be a whole number of 0 or more, not {max_retries!r}")
        self.ids = ids
        self.max_retries = max_retries
        self.timeout = timeout
        self.host = host

    def call(self, api: str, body: dict[str, Any],
             exchange: Callable[[Optional[faults.Fault]], tuple[dict[str, Any], Optional[int]]],
             *, path: str, max_retries: Optional[int] = None,
             timeout: Any = None) -> tuple[dict[str, Any], str]:
        """`exchange(fault)` (the reply JSON and its tool tokens), attempted as the SDK
        attempts it; the reply and its request id. Records every attempt."""
        retries = self.max_retries if max_retries is None else max_retries
        attempt = 0
        while True:
            fault = faults.take()
            request_id = self.ids.next("anthropic_request" if api == "anthropic" else "openai_request")
            if fault is not None and fault.is_error:
                error = self._fault_error(api, fault, body, request_id, path, timeout)
                if attempt >= retries:
                    raise error
                wait = _wait(error, attempt, retries)
                time.sleep(wait)
                faults.waited(wait)
                attempt += 1
                continue
            try:
                reply, tool_tokens = exchange(fault)
            except RequestRefused as refused:
                raise self.refused(api, body, refused, path, request_id) from None
            record(_RECORDED_AS[api], body, reply, None, tool_tokens)
            return reply, request_id

    def refused(self, api: str, body: Any, refused: RequestRefused, path: str,
                request_id: Optional[str] = None) -> Exception:
        """The SDK's exception for a refused request (recorded as the call's error), with a
        request id of its own unless the attempt has one."""
        if request_id is None:
            request_id = self.ids.next("anthropic_request" if api == "anthropic" else "openai_request")
        headers = request_headers(api, request_id)
        if api == "anthropic":
            record(_RECORDED_AS[api], body, None, anthropic_error_body(refused, request_id))
            return anthropic_bad_request(refused, path, request_id, headers)
        record(_RECORDED_AS[api], body, None, openai_error_body(refused.message, refused.param, refused.code))
        return openai_bad_request(refused, request_id, headers)

    def _fault_error(self, api: str, fault: faults.Fault, body: dict[str, Any], request_id: str,
                     path: str, timeout: Any = None) -> Exception:
        """The exception an HTTP-error fault raises, recorded as the call's error. A timeout
        happens at once here (nothing is on the other end to wait for)."""
        if fault.name == "timeout":
            if api != "anthropic":
                error = APITimeoutError(message="Request timed out.")  # openai 3.63's text
            else:
                # anthropic 2.17 (`_make_timeout_error`) names the host and the read time limit
                limit = _seconds(timeout if timeout is not None else self.timeout)
                error = APITimeoutError(message=f"Request to {self.host} timed out after {limit:g}s")
            # no answer, so no body: the recording names the failure as the run picture reads it
            record(_RECORDED_AS[api], body, None, {"error": {"type": "timeout", "message": str(error)}})
            return error
        status, error_body, extra = error_answer(fault, api, body.get("model"))
        if api == "anthropic":
            error_body = {**error_body, "request_id": request_id}
        # The wait the answer asks for, as the SDKs read it (retry-after-ms first).
        asked = float(extra["retry-after-ms"]) / 1000 if "retry-after-ms" in extra else None
        record(_RECORDED_AS[api], body, None, error_body, retry_after=asked)
        headers = {**request_headers(api, request_id, exhausted=fault.name == "rate_limit"), **extra}
        if api == "anthropic":
            return anthropic_status_error(status, error_body, path, request_id, headers)
        return openai_status_error(status, error_body, request_id, headers)


def _wait(error: Exception, attempt: int, retries: int) -> float:
    """The SDKs' wait before the next attempt: the answer's retry-after-ms or retry-after
    when above 0, else exponential backoff (without the SDKs' random jitter)."""
    response = getattr(error, "response", None)
    headers = getattr(response, "headers", None) or {}
    for name, scale in (("retry-after-ms", 1000.0), ("retry-after", 1.0)):
        try:
            wait = float(headers.get(name)) / scale
        except (TypeError, ValueError):
            continue
        if wait > 0:
            return wait
        break
    return min(INITIAL_RETRY_DELAY_S * 2.0 ** attempt, MAX_RETRY_DELAY_S)


def _seconds(timeout: Any) -> float:
    """A time limit as the SDKs take it (seconds, or an httpx `Timeout`) in seconds to read;
    the SDKs' default is 600."""
    read = getattr(timeout, "read", timeout)
    return float(read) if isinstance(read, (int, float)) and not isinstance(read, bool) else 600.0


def with_request_id(result: Any, request_id: str) -> Any:
    """`result` with `_request_id` set, as the SDKs set it on the object `create` returns."""
    object.__setattr__(result, "_request_id", request_id)
    return result


class WithOptions:
    """The SDK clients' `with_options`, for a client that keeps its `Attempts` in `_attempts`
    and makes its resources in `_build()`."""

    _attempts: Attempts
    max_retries: int

    def _build(self) -> None:
        raise NotImplementedError

    def with_options(self, *, max_retries: Optional[int] = None, timeout: Any = None, **options: Any) -> Any:
        """The same client with other request options, as the SDK's `with_options`:
        `client.with_options(max_retries=0).messages.create(...)`. It shares this client's
        ids and what the client holds (threads, stored responses, prompt cache); the other
        options are accepted and ignored."""
        other = copy.copy(self)
        other._attempts = Attempts(self._attempts.ids, self.max_retries if max_retries is None else max_retries,
                                   timeout=self._attempts.timeout if timeout is None else timeout,
                                   host=self._attempts.host)
        other.max_retries = other._attempts.max_retries
        other._build()
        return other
