"""Counted ids, one counter set per client, so that every run prints the same ids."""

from __future__ import annotations

import threading


class IdCounter:
    """`call_1`, `call_2`, … for tool calls; `<prefix>1`, `<prefix>2`, … for replies."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._calls = 0
        self._replies = 0

    def next_call_id(self) -> str:
        with self._lock:
            self._calls += 1
            return f"call_{self._calls}"

    def next_reply_id(self, prefix: str) -> str:
        with self._lock:
            self._replies += 1
            return f"{prefix}{self._replies}"
