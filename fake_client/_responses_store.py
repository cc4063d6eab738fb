"""Stored responses (Responses API `store`, `previous_response_id`): the server keeps each
conversation, so the next turn sends only what is new.

A response made with `store` left on (the default) is held under its `id`, with every item of
its conversation: the items it was sent and the items it wrote. A request with
`previous_response_id` is read as if those items came before its own `input`. As in the API,
`instructions` and `tools` are not carried over: send them again on every turn. A response
made with `store: false`, never made, forgotten (the store is bounded: past `limit` the oldest
goes) or made under another API key is unknown, and refused with the real wording and code:
HTTP 400 "Previous response with id 'resp_…' not found.", `param` "previous_response_id",
`code` "previous_response_not_found" (quoted in
github.com/maximhq/bifrost/issues/2441 and github.com/bigduu/Bamboo-agent/pull/513).

The store also remembers which reasoning item came before each function call it wrote, so
that `_responses_loop` can refuse a call sent back without its reasoning item.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Optional

from ._errors import RequestRefused


def input_items(items: Any) -> list[Any]:
    """`input` as a list of items: text is one user message."""
    if isinstance(items, str):
        return [{"role": "user", "content": items}]
    return list(items)


class ResponseStore:
    """The conversations held per (API key, response id), newest last, at most `limit`."""

    def __init__(self, limit: int = 1000) -> None:
        self.limit = limit
        self._held: OrderedDict[tuple[str, str], list[Any]] = OrderedDict()
        self._reasoning_before: OrderedDict[tuple[str, str], str] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._held)

    def conversation(self, body: dict[str, Any], key: str = "") -> list[Any]:
        """Every item the request continues: the held ones of `previous_response_id`, then
        its own `input`."""
        previous = body.get("previous_response_id")
        new = input_items(body["input"])
        if previous is None:
            return new
        with self._lock:
            held = self._held.get((key, previous))
        if held is None:
            raise RequestRefused(f"Previous response with id '{previous}' not found.",
                                 param="previous_response_id", code="previous_response_not_found")
        return [*held, *new]

    def hold(self, items: list[Any], response: dict[str, Any], key: str = "") -> None:
        """Keep `items` (the whole conversation sent) and the response's output under its id."""
        output = response["output"]
        with self._lock:
            self._held[(key, response["id"])] = [*items, *output]
            reasoning = None
            for item in output:
                if item["type"] == "reasoning":
                    reasoning = item["id"]
                elif item["type"] == "function_call" and reasoning is not None:
                    self._reasoning_before[(key, item["id"])] = reasoning
            while len(self._held) > self.limit:
                self._held.popitem(last=False)
            while len(self._reasoning_before) > 8 * self.limit:
                self._reasoning_before.popitem(last=False)

    def reasoning_before(self, call_item_id: str, key: str = "") -> Optional[str]:
        """The id of the reasoning item that came before the function call `call_item_id`
        (an `fc_…` this store wrote), or None."""
        with self._lock:
            return self._reasoning_before.get((key, call_item_id))
