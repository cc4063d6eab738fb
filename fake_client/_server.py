"""`python -m fake_client serve`: the fake model over HTTP, speaking the real wire protocol.

`POST /v1/messages` and `/v1/messages/count_tokens` (Anthropic) and `POST
/v1/chat/completions` (OpenAI) answer exactly as the in-process clients do, with the real
error envelopes and statuses, so that the official SDKs parse the replies and raise their own
errors. A request with `"stream": true` is answered with server-sent events
(`_streaming`), so the SDKs' stream helpers work too. Ids are counted per API key (each
`anthropic.Anthropic(api_key=...)` is one counter), so a script run against a fresh server
prints what it prints with `fake_client`; restart the server, or use another key, to count
from 1 again. Server-held threads (`thread` in a Messages request, `_threads`) are kept in
memory per API key, at most `max_threads` of them (the oldest is forgotten first).
"""

from __future__ import annotations

import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Iterable, Optional

from ._errors import RequestRefused
from ._ids import IdCounter
from ._service import (anthropic_count_tokens, anthropic_error, anthropic_reply, openai_error,
                       openai_reply)
from ._streaming import anthropic_events, openai_chunks
from ._threads import ThreadStore

# path → (API, what it answers)
_ROUTES = {"/v1/messages": ("anthropic", "message"),
           "/v1/messages/count_tokens": ("anthropic", "count_tokens"),
           "/v1/chat/completions": ("openai", "completion"),
           "/chat/completions": ("openai", "completion")}


class FakeModelServer(ThreadingHTTPServer):
    """An HTTP server holding one id counter per (API, key), and the server-held threads."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], *, quiet: bool = False,
                 max_threads: int = 1000) -> None:
        super().__init__(address, _Handler)
        self.quiet = quiet
        self.threads = ThreadStore(limit=max_threads)
        self._counters: dict[tuple[str, str], IdCounter] = {}
        self._lock = threading.Lock()

    def counter(self, api: str, key: str) -> IdCounter:
        with self._lock:
            return self._counters.setdefault((api, key), IdCounter())

    def answer(self, api: str, kind: str, body: dict[str, Any], key: str) -> dict[str, Any]:
        """The reply JSON to one request; `RequestRefused` if it is refused."""
        if kind == "count_tokens":
            return anthropic_count_tokens(body)
        if kind == "completion":
            return openai_reply(body, self.counter(api, key))
        return anthropic_reply(body, self.counter(api, key), self.threads, key)

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host}:{port}"


class _Handler(BaseHTTPRequestHandler):
    server: FakeModelServer
    protocol_version = "HTTP/1.1"

    def do_POST(self) -> None:  # noqa: N802 (the name http.server looks for)
        route = _ROUTES.get(self.path.split("?", 1)[0].rstrip("/"))
        if route is None:
            self._send(404, {"type": "error", "error": {"type": "not_found_error",
                                                        "message": f"Not found: {self.path}"}})
            return
        api, kind = route
        length = int(self.headers.get("content-length") or 0)
        try:
            body = json.loads(self.rfile.read(length) or b"null")
        except ValueError:
            body = None
        try:
            if not isinstance(body, dict):
                raise RequestRefused("The request body is not valid JSON.")
            reply = self.server.answer(api, kind, body, self._key())
        except RequestRefused as refused:
            error = anthropic_error if api == "anthropic" else openai_error
            self._send(refused.status, error(refused))
            return
        if body.get("stream") and kind != "count_tokens":
            self._send_events(_events(api, reply, body))
        else:
            self._send(200, reply)

    def do_GET(self) -> None:  # noqa: N802
        self._send(404, {"type": "error", "error": {"type": "not_found_error",
                                                    "message": f"Not found: {self.path}"}})

    def _key(self) -> str:
        bearer = self.headers.get("authorization", "")
        return self.headers.get("x-api-key") or bearer.removeprefix("Bearer ").strip()

    def _send(self, status: int, payload: dict[str, Any]) -> None:
        data = json.dumps(payload, ensure_ascii=False).encode("utf-8")
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _send_events(self, events: Iterable[tuple[Optional[str], str]]) -> None:
        """Server-sent events: `event: <name>` (Anthropic names each), `data: <JSON>`, a
        blank line; the connection closes at the end, which ends the stream."""
        self.send_response(200)
        self.send_header("content-type", "text/event-stream; charset=utf-8")
        self.send_header("cache-control", "no-cache")
        self.send_header("connection", "close")
        self.end_headers()
        self.close_connection = True
        for name, data in events:
            head = f"event: {name}\n" if name else ""
            self.wfile.write(f"{head}data: {data}\n\n".encode("utf-8"))
            self.wfile.flush()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (http.server's name)
        if not self.server.quiet:
            sys.stderr.write(f"{self.address_string()} {format % args}\n")


def _events(api: str, reply: dict[str, Any], body: dict[str, Any]) -> Iterable[tuple[Optional[str], str]]:
    """(event name, data) pairs of a streamed reply: named Anthropic events; OpenAI chunks,
    then `[DONE]`."""
    if api == "anthropic":
        for event in anthropic_events(reply):
            yield event["type"], json.dumps(event, ensure_ascii=False)
        return
    include_usage = bool((body.get("stream_options") or {}).get("include_usage"))
    for chunk in openai_chunks(reply, include_usage=include_usage):
        yield None, json.dumps(chunk, ensure_ascii=False)
    yield None, "[DONE]"


def serve(port: int = 8765, host: str = "127.0.0.1", max_threads: int = 1000) -> None:
    """Serve until interrupted, printing how to point the SDKs at it."""
    server = FakeModelServer((host, port), max_threads=max_threads)
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
