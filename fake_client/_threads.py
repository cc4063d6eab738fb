"""Server-held threads (Anthropic beta `thread`): the server keeps the conversation, so each
turn sends only what is new.

- `thread={"type": "create"}` with the whole conversation: the server holds it, with the
  reply, under the reply's `id`.
- `thread={"type": "continue", "previous_message_id": id}` with only the new messages (the
  tool results, the next question): the server puts them after the held conversation and
  answers as if the whole of it had been sent (the bill counts all of it too). `system` and
  `tools` come from the thread; a `continue` that sets them is refused.
- Each reply can be continued once: the thread goes on from its newest reply. An id the
  server does not hold (never made, forgotten, or from another API key) is refused with
  HTTP 404 `not_found_error` and `error.details.error_code` "thread_not_found"; the SDK's
  tool runner then sends the whole conversation again under a new thread.

The SDK's `client.beta.messages.tool_runner(...)` runs its loop this way. The store is
bounded: past `limit` threads the oldest is forgotten. Wordings follow the API's documented
descriptions of these errors (no public report quotes the replies); the refusal of `system`
or `tools` on a `continue` is the fake's own wording.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Optional

from ._errors import RequestRefused, tagged_type

CREATE_ONLY = ("system", "tools")


class ThreadStore:
    """The conversations held per (API key, reply id), newest last, at most `limit`."""

    def __init__(self, limit: int = 1000) -> None:
        self.limit = limit
        self._held: OrderedDict[tuple[str, str], dict[str, Any]] = OrderedDict()
        self._continued: set[tuple[str, str]] = set()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._held)

    def expand(self, body: dict[str, Any], key: str = "") -> dict[str, Any]:
        """The request as the model reads it: without `thread`, and for a `continue` with the
        held conversation before its messages. `RequestRefused` for an unusable thread."""
        body = dict(body)
        thread = body.pop("thread")
        kind = tagged_type("thread", thread, ("create", "continue"))
        if kind == "create":
            return body
        previous = thread.get("previous_message_id")
        if not isinstance(previous, str):
            raise RequestRefused("thread.continue.previous_message_id: Field required")
        for field in CREATE_ONLY:
            if field in body:
                raise RequestRefused(f"thread: `{field}` cannot be set on a `continue`: the "
                                     "thread keeps the one it was created with.")
        with self._lock:
            held = self._held.get((key, previous))
            if held is None:
                raise RequestRefused(
                    f"No thread state was found for `previous_message_id` {previous}. Replay the "
                    'full conversation with `thread: {"type": "create"}` to start a new thread.',
                    status=404, error_type="not_found_error",
                    details={"error_code": "thread_not_found"})
            if (key, previous) in self._continued:
                raise RequestRefused(
                    f"The response {previous} has already been continued, and each response can "
                    "be continued only once. Continue from the thread's most recent response "
                    "`id`.", details={"error_code": "thread_already_continued"})
        new = body.get("messages")
        if not isinstance(new, list):
            return body  # refused by the request's own check, as it stands
        return {**body, **held["fields"], "messages": [*held["messages"], *new]}

    def hold(self, body: dict[str, Any], reply: dict[str, Any], *, previous: Optional[str],
             key: str = "") -> None:
        """Keep the conversation `body` (expanded) and its `reply` under the reply's id;
        `previous`: the id it continued, which cannot be continued again."""
        held = {"fields": {field: body[field] for field in CREATE_ONLY if field in body},
                "messages": [*body["messages"],
                             {"role": "assistant", "content": reply["content"]}]}
        with self._lock:
            if previous is not None:
                self._continued.add((key, previous))
            self._held[(key, reply["id"])] = held
            while len(self._held) > self.limit:
                oldest, _ = self._held.popitem(last=False)
                self._continued.discard(oldest)


def previous_id(body: dict[str, Any]) -> Optional[str]:
    """The id a `continue` request continues from (None for any other request)."""
    thread = body.get("thread")
    if isinstance(thread, dict) and thread.get("type") == "continue":
        return thread.get("previous_message_id")
    return None
