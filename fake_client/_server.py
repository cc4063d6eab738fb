"""`python -m fake_client serve`: the fake model over HTTP, speaking the real wire protocol.

`POST /v1/messages` and `/v1/messages/count_tokens` (Anthropic) and `POST
/v1/chat/completions` (OpenAI) answer exactly as
the in-process clients do, with the real error envelopes and HTTP 400, so that the official
SDKs parse the replies and raise their own `BadRequestError`. Ids are counted per API key
(each `anthropic.Anthropic(api_key=...)` is one counter), so a script run against a fresh
server prints what it prints with `fake_client`; restart the server, or use another key,
to count from 1 again.
"""

from __future__ import annotations

import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable

from ._errors import RequestRefused
from ._ids import IdCounter
from ._service import (anthropic_count_tokens, anthropic_error, anthropic_reply, openai_error,
                       openai_reply)

_ROUTES: dict[str, tuple[str, Callable, Callable]] = {
    "/v1/messages": ("anthropic", anthropic_reply, anthropic_error),
    "/v1/messages/count_tokens": ("anthropic", lambda body, _ids: anthropic_count_tokens(body),
                                  anthropic_error),
    "/v1/chat/completions": ("openai", openai_reply, openai_error),
    "/chat/completions": ("openai", openai_reply, openai_error),
}


class FakeModelServer(ThreadingHTTPServer):
    """An HTTP server holding one id counter per (API, key)."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], *, quiet: bool = False) -> None:
        super().__init__(address, _Handler)
        self.quiet = quiet
        self._counters: dict[tuple[str, str], IdCounter] = {}
        self._lock = threading.Lock()

    def counter(self, api: str, key: str) -> IdCounter:
        with self._lock:
            return self._counters.setdefault((api, key), IdCounter())

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
        api, reply, error = route
        length = int(self.headers.get("content-length") or 0)
        try:
            body = json.loads(self.rfile.read(length) or b"null")
        except ValueError:
            body = None
        try:
            if not isinstance(body, dict):
                raise RequestRefused("The request body is not valid JSON.")
            self._send(200, reply(body, self.server.counter(api, self._key())))
        except RequestRefused as refused:
            self._send(400, error(refused))

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

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (http.server's name)
        if not self.server.quiet:
            sys.stderr.write(f"{self.address_string()} {format % args}\n")


def serve(port: int = 8765, host: str = "127.0.0.1") -> None:
    """Serve until interrupted, printing how to point the SDKs at it."""
    server = FakeModelServer((host, port))
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
