"""Ids shaped like the real ones, but counted, so that every run prints the same ids.

The real APIs hand out long random ids: Anthropic `msg_01XFDUDYJgAACzvnptvVoYEL` (a reply)
and `toolu_01A09q90qw90lq917835lq9` (a tool call), OpenAI `chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT`
(a reply) and `call_DdmO9pD3xa9XTPNJ32zg2hcA` (a tool call); the Responses API
`resp_67ccd2bed1ec8190b14f964abc0542670bb6a6b452d3795b` (a response) and the ids of its output items
(`msg_…`, `fc_…`, `rs_…`), a call's `call_id` being a `call_…`. Here each kind keeps its real prefix and gets a
short tail computed from a counter (the n-th id of a kind is always the same text), so ids
look like the real ones, never repeat within a client, and still read easily in a lesson:
`msg_01cJinsL`, `toolu_01PgEglt`, `chatcmpl-jO0ChRSN`, `call_8mHUcdlL`.
"""

from __future__ import annotations

import threading

_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

# kind: (prefix, tail length, fraction). The tail is the count scrambled one-to-one: multiplied
# by a number near 62^length × fraction (an irrational fraction, so that neighbours look
# unrelated: Fibonacci hashing) that shares no factor with 62, modulo 62^length.
SHAPES = {
    "anthropic_reply": ("msg_01", 6, 0.6180339887),  # the golden ratio's part after the point
    "anthropic_call": ("toolu_01", 6, 0.4142135623),  # √2 − 1
    "openai_reply": ("chatcmpl-", 8, 0.7320508075),  # √3 − 1
    "openai_call": ("call_", 8, 0.1415926535),  # π − 3
    # The Responses API: a response, and the ids of its output items (a call's `call_id` is an
    # "openai_call", shared with Chat Completions as the real API shares the prefix).
    "responses_reply": ("resp_", 8, 0.2360679774),  # √5 − 2
    "responses_message": ("msg_", 8, 0.6457513110),  # √7 − 2
    "responses_function_call": ("fc_", 8, 0.3166247903),  # √10 − 3
    "responses_reasoning": ("rs_", 8, 0.6055512754),  # √13 − 3
    # Request ids, one per attempt: Anthropic's `request-id` header (`req_018EeWyXxfu5pfWkrYcMdjWG`,
    # docs.claude.com/en/api/errors), OpenAI's `x-request-id` (`req_…`).
    "anthropic_request": ("req_01", 8, 0.7071067811),  # 1/√2
    # A server tool's call (`server_tool_use`): `srvtoolu_01…`.
    "anthropic_server_call": ("srvtoolu_01", 6, 0.2679491924),  # 2 − √3
    "openai_request": ("req_", 8, 0.3027756377),  # (√13 − 3)/2
}


def _multiplier(space: int, fraction: float) -> int:
    multiplier = int(space * fraction) | 1  # odd: no factor 2
    while multiplier % 31 == 0:  # and no factor 31 (62 = 2 × 31)
        multiplier += 2
    return multiplier


def shaped_id(kind: str, number: int) -> str:
    """The `number`-th id of `kind` (a key of `SHAPES`), counting from 1."""
    prefix, length, fraction = SHAPES[kind]
    space = len(_ALPHABET) ** length
    value = number * _multiplier(space, fraction) % space
    tail = ""
    for _ in range(length):
        value, digit = divmod(value, len(_ALPHABET))
        tail = _ALPHABET[digit] + tail
    return prefix + tail


class IdCounter:
    """One counter per kind of id, per client: a new client starts again from the first id.
    It also remembers which Anthropic tool calls it handed out in a reply without thinking
    (a forced call under adaptive or default thinking), as the real API knows what it
    answered: such a turn has no thinking to send back (`_thinking.check_history`)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: dict[str, int] = {}
        self._unthought: set[str] = set()

    def note_unthought(self, call_ids: list[str]) -> None:
        """The tool calls `call_ids` came in a reply without thinking."""
        with self._lock:
            self._unthought.update(call_ids)

    def unthought(self, call_id: str) -> bool:
        """Whether this client handed out tool call `call_id` in a reply without thinking."""
        with self._lock:
            return call_id in self._unthought

    def next(self, kind: str) -> str:
        """The next id of `kind` (a key of `SHAPES`)."""
        with self._lock:
            self._counts[kind] = self._counts.get(kind, 0) + 1
            return shaped_id(kind, self._counts[kind])
