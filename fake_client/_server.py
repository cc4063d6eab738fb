"""`python -m fake_client serve`: the fake model over HTTP, speaking the real wire protocol.

`POST /v1/messages` and `/v1/messages/count_tokens` (Anthropic), `POST
/v1/chat/completions`, `/v1/responses` and `/v1/responses/input_tokens` (OpenAI) answer exactly as the in-process clients do, with the real
error envelopes and statuses, so that the official SDKs parse the replies and raise their own
errors. A request with `"stream": true` is answered with server-sent events
(`_streaming`), so the SDKs' stream helpers work too. Ids are counted per API key (each
`anthropic.Anthropic(api_key=...)` is one counter), so a script run against a fresh server
prints what it prints with `fake_client`; restart the server, or use another key, to count
from 1 again. Server-held threads (`thread` in a Messages request, `_threads`) are kept in
memory per API key, at most `max_threads` of them (the oldest is forgotten first), and so are
stored responses (`previous_response_id`, `_responses_store`).

Every answer carries a request id (`request-id`, OpenAI `x-request-id`: the SDKs' `_request_id`)
and rate-limit headers. Faults (`fake_client.faults`) are pending per API key: `serve
--faults a,b` gives every key those first; `POST /fake/faults` (or `/v1/fake/faults`) with
`{"faults": [...]}` adds to the caller's key, `GET` lists, `DELETE` clears. An HTTP-error
fault is answered with its status, body, `retry-after` / `retry-after-ms` and
`x-should-retry`, so the SDKs' retries run for real; `timeout` answers nothing until the
client's own time limit (its `x-stainless-timeout`) has passed.

As a server it takes what a real one takes: it listens on 127.0.0.1 unless told otherwise;
each connection has a thread of its own and a time limit for every read and write (a client
that sends half a body and stalls holds up nobody else, and is dropped), the listen queue is
long enough for many clients at once; a body that is not JSON, not sent as
`application/json`, or larger than `max_body_bytes` (413), a path it does not serve (404)
or a method it does not take (405) gets an error in the envelope of the API the request is
for (told apart by its path and headers); and whatever goes wrong inside answers 500 in that
envelope, never takes the server down.
"""

from __future__ import annotations

import json
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Iterable, Optional

from ._attempts import request_headers
from ._errors import RequestRefused
from ._fault_effects import FaultNotApplicable, error_answer
from ._ids import IdCounter
from ._prompt_cache import PromptCache
from ._models_api import anthropic_list, anthropic_retrieve, openai_list, openai_retrieve
from ._request_body import unparsable
from ._responses_events import response_events
from ._responses_store import ResponseStore
from ._service import (anthropic_count_tokens, anthropic_error, anthropic_exchange, openai_error,
                       openai_exchange, responses_exchange, responses_input_tokens)
from ._streaming import anthropic_events, openai_chunks
from ._threads import ThreadStore
from .faults import Fault, FaultQueue, make_faults

# path → (API, what it answers)
_ROUTES = {"/v1/messages": ("anthropic", "message"),
           "/v1/messages/count_tokens": ("anthropic", "count_tokens"),
           "/v1/chat/completions": ("openai", "completion"),
           "/chat/completions": ("openai", "completion"),
           "/v1/responses": ("openai", "response"),
           "/v1/responses/input_tokens": ("openai", "input_tokens")}
# The calls a fault can meet (model calls, not token counts), and the API shape of each.
_MODEL_CALLS = {"message": "anthropic", "completion": "openai", "response": "openai_responses"}
# Where a program adds, lists or clears its key's pending faults (`fake_client.faults`).
_FAULTS_PATHS = ("/fake/faults", "/v1/fake/faults")
# The longest a `timeout` fault keeps a request waiting when the client did not say its
# own time limit (the SDKs send it as x-stainless-timeout).
TIMEOUT_FAULT_MAX_S = 30.0
MAX_BODY_BYTES = 32 * 1024 * 1024  # the Messages API's own limit
CONNECTION_TIMEOUT_S = 30.0


class FakeModelServer(ThreadingHTTPServer):
    """An HTTP server holding one id counter per (API, key), and the server-held threads."""

    daemon_threads = True
    # socketserver's default of 5 overflows when a score of clients connect at once: Linux
    # then drops handshakes it already answered, and those clients read "connection reset".
    request_queue_size = socket.SOMAXCONN

    def __init__(self, address: tuple[str, int], *, quiet: bool = False,
                 max_threads: int = 1000, max_body_bytes: int = MAX_BODY_BYTES,
                 connection_timeout: float = CONNECTION_TIMEOUT_S,
                 faults: tuple[Fault, ...] = ()) -> None:
        super().__init__(address, _Handler)
        self.quiet = quiet
        self.first_faults = tuple(faults)  # every key meets these first (`serve --faults`)
        self._fault_queues: dict[str, FaultQueue] = {}
        self.max_body_bytes = max_body_bytes
        self.connection_timeout = connection_timeout
        self.threads = ThreadStore(limit=max_threads)
        self.responses = ResponseStore(limit=max_threads)
        self.cache = PromptCache(limit=max_threads)
        self._counters: dict[tuple[str, str], IdCounter] = {}
        self._lock = threading.Lock()

    def counter(self, api: str, key: str) -> IdCounter:
        with self._lock:
            return self._counters.setdefault((api, key), IdCounter())

    def faults(self, key: str) -> FaultQueue:
        """The faults pending for API key `key` (those of `serve --faults` first)."""
        with self._lock:
            if key not in self._fault_queues:
                self._fault_queues[key] = FaultQueue(self.first_faults)
            return self._fault_queues[key]

    def answer(self, api: str, kind: str, body: dict[str, Any], key: str,
               fault: Optional[Fault] = None) -> dict[str, Any]:
        """The reply JSON to one request (meeting the misbehaving-reply `fault`, if any);
        `RequestRefused` if it is refused."""
        if kind == "count_tokens":
            return anthropic_count_tokens(body)
        if kind == "completion":
            return openai_exchange(body, self.counter(api, key), self.cache, key, fault=fault)[0]
        if kind == "response":
            return responses_exchange(body, self.counter(api, key), self.responses, key, fault=fault)[0]
        if kind == "input_tokens":
            return responses_input_tokens(body, self.responses, key)
        return anthropic_exchange(body, self.counter(api, key), self.threads, key, fault=fault,
                                  cache=self.cache)[0]

    def handle_error(self, request: Any, client_address: Any) -> None:
        """One line, not a traceback: a client that went away is no news."""
        error = sys.exc_info()[1]
        if not self.quiet and not isinstance(error, (ConnectionError, TimeoutError)):
            sys.stderr.write(f"{client_address[0]} connection ended by {type(error).__name__}: {error}\n")

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host}:{port}"


class _Refusal(Exception):
    """An HTTP-level refusal (before the API's own checks), in the request's API's envelope."""

    def __init__(self, status: int, message: str, error_type: str = "invalid_request_error",
                 code: Optional[str] = None, close: bool = False) -> None:
        super().__init__(message)
        self.status, self.message, self.error_type, self.code, self.close = status, message, error_type, code, close


class _Handler(BaseHTTPRequestHandler):
    server: FakeModelServer
    protocol_version = "HTTP/1.1"
    # The headers and the body go out as separate small writes; with Nagle's algorithm on, the
    # body waits for the client's delayed ACK of the headers (40 ms on Linux), and every call of
    # a program against `serve` took that long (measured: 44 ms a call, 1 ms without).
    disable_nagle_algorithm = True

    def setup(self) -> None:
        self.timeout = self.server.connection_timeout  # every read and write of this connection
        super().setup()

    def do_POST(self) -> None:  # noqa: N802 (the name http.server looks for)
        if self._path() in _FAULTS_PATHS:
            self._faults_endpoint()
            return
        route = _ROUTES.get(self._path())
        api = route[0] if route else self._api()
        self.request_id = self.server.counter(api, self._key()).next(
            "anthropic_request" if api == "anthropic" else "openai_request")
        try:
            raw = self._body()  # read before anything is answered: the connection stays usable
            if route is None:
                raise _Refusal(404, self._not_found_message(), "not_found_error")
            fault = self.server.faults(self._key()).take() if route[1] in _MODEL_CALLS else None
            if fault is not None and fault.is_error:
                self._meet_error(fault, _MODEL_CALLS[route[1]], raw)
                return
            body = _parse(raw, api, self.headers.get("content-type"))
            reply = self.server.answer(api, route[1], body, self._key(), fault)
        except FaultNotApplicable as error:
            self._refuse(api, _Refusal(400, str(error)))
            return
        except _Refusal as refusal:
            self._refuse(api, refusal)
            return
        except RequestRefused as refused:
            if api == "anthropic":
                self._send(refused.status, anthropic_error(refused, self.request_id))
            else:
                self._send(refused.status, openai_error(refused))
            return
        except (TimeoutError, ConnectionError):
            self.close_connection = True  # a client that stalled or went away: nobody to answer
            return
        except Exception as error:  # noqa: BLE001 (a bug of the fake must not end the server)
            self.log_message("internal error answering %s: %r", self.path, error)
            self._refuse(api, _Refusal(500, "Internal server error", "api_error"))
            return
        if body.get("stream") is True and route[1] not in ("count_tokens", "input_tokens"):
            self._send_events(_events(route[1], reply, body))
        else:
            self._send(200, reply)

    def _meet_error(self, fault: Fault, shape: str, raw: bytes) -> None:
        """Answer as an HTTP-error fault says: its status, body and headers; for `timeout`,
        no answer until the client has given up (its x-stainless-timeout, a little more)."""
        if fault.name == "timeout":
            try:
                wait = float(self.headers.get("x-stainless-timeout", "")) + 0.5
            except ValueError:
                wait = TIMEOUT_FAULT_MAX_S
            time.sleep(min(max(wait, 0.0), TIMEOUT_FAULT_MAX_S))
            self.close_connection = True
            return
        try:
            model = json.loads(raw.decode("utf-8")).get("model")
        except (ValueError, UnicodeDecodeError, AttributeError):
            model = None
        api = "anthropic" if shape == "anthropic" else "openai"
        status, body, headers = error_answer(fault, shape, model)
        if api == "anthropic":
            body = {**body, "request_id": self.request_id}  # every Anthropic error body names it
        self._send(status, body, headers, exhausted=fault.name == "rate_limit")

    def _faults_endpoint(self) -> None:
        """`POST /fake/faults` `{"faults": [name | {"name", "retry_after"}, ...]}` adds to
        the caller's key (its x-api-key or Bearer key); the answer lists what is pending."""
        self.request_id = self.server.counter("fake", self._key()).next("openai_request")
        queue = self.server.faults(self._key())
        try:
            body = _parse(self._body(), "openai", self.headers.get("content-type"))
            specs = body.get("faults")
            if not isinstance(specs, list):
                raise ValueError('the body must be {"faults": [name, ...]}')
            queue.add(make_faults(specs))
        except (ValueError, RequestRefused, _Refusal) as error:
            self._refuse("openai", _Refusal(400, getattr(error, "message", None) or str(error)))
            return
        except (TimeoutError, ConnectionError):
            self.close_connection = True
            return
        self._send(200, {"pending": queue.names()})

    def _faults_listing(self) -> None:
        self.request_id = self.server.counter("fake", self._key()).next("openai_request")
        queue = self.server.faults(self._key())
        try:
            self._body()
        except (_Refusal, TimeoutError, ConnectionError):
            self.close_connection = True
            return
        if self.command == "DELETE":
            queue.clear()
        self._send(200, {"pending": queue.names()})

    def _other_method(self) -> None:
        self.request_id = None  # a connection kept alive answers many requests: none of theirs
        if self._path() in _FAULTS_PATHS and self.command in ("GET", "DELETE"):
            self._faults_listing()
            return
        route = _ROUTES.get(self._path())
        api = route[0] if route else self._api()
        try:
            self._body()
        except _Refusal as refusal:
            self._refuse(api, refusal)
            return
        except (TimeoutError, ConnectionError):
            self.close_connection = True
            return
        if route is None:
            self._refuse(api, _Refusal(404, self._not_found_message(), "not_found_error"))
        else:
            self._refuse(api, _Refusal(405, f"Method {self.command} is not allowed on {self._path()}: use POST."))

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _other_method  # noqa: N815

    def do_GET(self) -> None:  # noqa: N802
        """`GET /v1/models` and `GET /v1/models/{id}` (each API's own shape, `_models_api`);
        any other path as any other method."""
        path = self._path()
        prefix = "/v1/models" if path.startswith("/v1/models") else "/models"
        if not (path == prefix or path.startswith(prefix + "/")):
            self._other_method()
            return
        api = self._api()
        model_id = path[len(prefix) + 1:]
        try:
            if api == "anthropic":
                payload = anthropic_retrieve(model_id) if model_id else anthropic_list()
            else:
                payload = openai_retrieve(model_id) if model_id else openai_list()
        except RequestRefused as refused:
            self._send(refused.status, anthropic_error(refused) if api == "anthropic" else openai_error(refused))
            return
        self._send(200, payload)

    def do_HEAD(self) -> None:  # noqa: N802
        self.send_response(404 if _ROUTES.get(self._path()) is None else 405)
        self.send_header("content-length", "0")
        self.end_headers()

    def send_error(self, code: int, message: Optional[str] = None, explain: Optional[str] = None) -> None:
        """http.server's own refusals (a broken request line, an unknown method) as JSON in
        the API's envelope, not as an HTML page."""
        api = self._api() if hasattr(self, "headers") and self.headers is not None else "anthropic"
        self.close_connection = True
        self.request_version = "HTTP/1.1"  # a line it could not read: answer with a status line anyway
        self._refuse(api, _Refusal(code, message or self.responses.get(code, ("Error",))[0]))

    def _path(self) -> str:
        return self.path.split("?", 1)[0].rstrip("/")

    def _api(self) -> str:
        """Whose envelope an error of this request goes in: OpenAI's for a Bearer key or an
        OpenAI path, Anthropic's otherwise."""
        headers = getattr(self, "headers", None)
        if headers is not None and (headers.get("x-api-key") or headers.get("anthropic-version")):
            return "anthropic"
        path = getattr(self, "path", "") or ""
        if "chat" in path or "completions" in path or "/v1/responses" in path:
            return "openai"
        if headers is not None and headers.get("authorization", "").lower().startswith("bearer "):
            return "openai"
        return "anthropic"

    def _not_found_message(self) -> str:
        if self._api() == "openai":
            return f"Invalid URL ({self.command} {self._path() or '/'})"
        return "Not Found"

    def _body(self) -> bytes:
        """The request's body, read whole (or dechunked); a `_Refusal` when it cannot be."""
        limit = self.server.max_body_bytes
        if "chunked" in self.headers.get("transfer-encoding", "").lower():
            return self._chunked_body(limit)
        declared = self.headers.get("content-length")
        if declared is None:
            return b""
        try:
            length = int(declared)
            if length < 0:
                raise ValueError
        except ValueError:
            raise _Refusal(400, f"Invalid Content-Length header: {declared!r}", close=True) from None
        if length > limit:
            raise _Refusal(413, _too_large(length, limit), "request_too_large", "request_too_large", close=True)
        return self._read_exactly(length)

    def _read_exactly(self, length: int) -> bytes:
        data = self.rfile.read(length)
        if len(data) < length:  # the client closed before sending all it announced
            raise ConnectionResetError("the body ended early")
        return data

    def _chunked_body(self, limit: int) -> bytes:
        parts, size = [], 0
        while True:
            line = self.rfile.readline(1024)
            if not line:
                raise ConnectionResetError("the body ended early")
            try:
                length = int(line.split(b";", 1)[0].strip(), 16)
            except ValueError:
                raise _Refusal(400, "Invalid chunked body", close=True) from None
            if length == 0:
                while self.rfile.readline(1024) not in (b"\r\n", b"\n", b""):
                    pass  # trailers
                return b"".join(parts)
            size += length
            if size > limit:
                raise _Refusal(413, _too_large(size, limit), "request_too_large", "request_too_large", close=True)
            parts.append(self._read_exactly(length))
            self.rfile.readline(16)  # the CRLF after the chunk

    def _key(self) -> str:
        bearer = self.headers.get("authorization", "")
        return self.headers.get("x-api-key") or bearer.removeprefix("Bearer ").strip()

    def _refuse(self, api: str, refusal: _Refusal) -> None:
        if refusal.close:
            self.close_connection = True
        if api == "openai":  # OpenAI has two error types: the client's, and its own
            kind = "server_error" if refusal.status >= 500 else "invalid_request_error"
            payload = {"error": {"message": refusal.message, "type": kind, "param": None, "code": refusal.code}}
        else:
            payload = {"type": "error", "error": {"type": refusal.error_type, "message": refusal.message}}
            if getattr(self, "request_id", None) is not None:
                payload["request_id"] = self.request_id
        self._send(refusal.status, payload)

    def _common_headers(self, *, exhausted: bool = False) -> None:
        """What every answer carries: its request id (`request-id`, OpenAI `x-request-id`)
        and the rate-limit figures (`_fault_effects.rate_limit_headers`)."""
        request_id = getattr(self, "request_id", None)
        if request_id is None:
            return
        api = self._api()
        for name, value in request_headers(api, request_id, exhausted=exhausted).items():
            self.send_header(name, value)

    def _send(self, status: int, payload: dict[str, Any], headers: Optional[dict[str, str]] = None,
              *, exhausted: bool = False) -> None:
        data = _utf8(json.dumps(payload, ensure_ascii=False))
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self._common_headers(exhausted=exhausted)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        if self.close_connection:
            self.send_header("connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def _send_events(self, events: Iterable[tuple[Optional[str], str]]) -> None:
        """Server-sent events: `event: <name>` (Anthropic names each), `data: <JSON>`, a
        blank line; the connection closes at the end, which ends the stream."""
        self.send_response(200)
        self.send_header("content-type", "text/event-stream; charset=utf-8")
        self.send_header("cache-control", "no-cache")
        self._common_headers()
        self.send_header("connection", "close")
        self.end_headers()
        self.close_connection = True
        try:
            for name, data in events:
                head = f"event: {name}\n" if name else ""
                self.wfile.write(_utf8(f"{head}data: {data}\n\n"))
                self.wfile.flush()
        except (ConnectionError, TimeoutError):
            pass  # the client stopped reading: the stream ends here

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (http.server's name)
        if not self.server.quiet:
            sys.stderr.write(f"{self.address_string()} {format % args}\n")


def _utf8(text: str) -> bytes:
    """JSON text as UTF-8; a lone surrogate (sent escaped, echoed in a reply) is written as
    its JSON escape, which UTF-8 can carry and the client reads back as it was sent."""
    return text.encode("utf-8", "backslashreplace")


def _too_large(size: int, limit: int) -> str:
    return f"Request exceeds the maximum allowed number of bytes ({size} > {limit})."


def _parse(raw: bytes, api: str, content_type: Optional[str]) -> dict[str, Any]:
    """The body as a JSON object; `RequestRefused` (400) for anything else."""
    media = (content_type or "").split(";", 1)[0].strip().lower()
    if media != "application/json":
        what = f"'{media}'" if media else "no Content-Type"
        if api == "openai":
            raise RequestRefused(f"Invalid Content-Type header ({what}), expected 'application/json'.")
        raise RequestRefused(f"The request body must be sent as application/json, not as {what}.")
    try:
        body = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise unparsable(api, _why(error)) from None
    if not isinstance(body, dict):
        raise unparsable(api, "the body must be a JSON object")
    return body


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _why(error: Exception) -> str:
    if isinstance(error, UnicodeDecodeError):
        return "the body is not UTF-8"
    if isinstance(error, RecursionError):
        return "the body is nested too deeply"
    return f"the body is not valid JSON ({error})"


def _events(kind: str, reply: dict[str, Any], body: dict[str, Any]) -> Iterable[tuple[Optional[str], str]]:
    """(event name, data) pairs of a streamed reply of the route `kind`: named Anthropic and
    Responses events; Chat Completions chunks, then `[DONE]`."""
    if kind == "message":
        for event in anthropic_events(reply):
            yield event["type"], json.dumps(event, ensure_ascii=False)
        return
    if kind == "response":
        for event in response_events(reply):
            yield event["type"], json.dumps(event, ensure_ascii=False)
        return
    include_usage = (body.get("stream_options") or {}).get("include_usage") is True
    for chunk in openai_chunks(reply, include_usage=include_usage):
        yield None, json.dumps(chunk, ensure_ascii=False)
    yield None, "[DONE]"


def serve(port: int = 8765, host: str = "127.0.0.1", max_threads: int = 1000,
          faults: tuple[Fault, ...] = ()) -> None:
    """Serve until interrupted, printing how to point the SDKs at it. `OSError` when the
    address cannot be had (the port is taken). `faults`: every API key meets these first."""
    server = FakeModelServer((host, port), max_threads=max_threads, faults=faults)
    print(f"fake_client serving on {server.url}\n"
          f"  anthropic.Anthropic(base_url=\"{server.url}\", api_key=\"any\")\n"
          f"  openai.OpenAI(base_url=\"{server.url}/v1\", api_key=\"any\")\n"
          "Ctrl+C stops it.", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
