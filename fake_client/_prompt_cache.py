"""Prompt caching, deterministic: a prefix seen before is read from the cache, not billed as
fresh input; the second request with an identical prefix reads it.

Anthropic (platform.claude.com/docs/en/build-with-claude/prompt-caching): `cache_control`
(`{"type": "ephemeral"}`, `"ttl"` "5m" or "1h") on a tool, a system block or a message block
marks a breakpoint; its prefix is everything up to and including that block, in the order
tools, system, messages. A top-level `cache_control` (automatic caching) puts one on the
last block of the last message. A prefix shorter than the model's minimum (the catalogue's
`min_cache_tokens`) is not cached, silently. The longest breakpoint prefix seen before is
read (`cache_read_input_tokens`); the last eligible one, when not seen, is written
(`cache_creation_input_tokens`, and by lifetime in `cache_creation`); `input_tokens` is the
rest. More than 4 breakpoints is a 400 ("A maximum of 4 blocks with cache_control may be
provided. Found N.", the API's wording).

OpenAI (developers.openai.com/api/docs/guides/prompt-caching): automatic, no marker: a prompt
whose prefix (tools, then messages, a whole message at a time here) matches one seen before
and is at least 1024 tokens long reads it, in steps of 128 tokens (1024, 1152, …):
`prompt_tokens_details.cached_tokens` (Responses: `input_tokens_details.cached_tokens`);
writing is free and not reported.

Simplified: nothing expires (the TTL only chooses the field a write is reported in); the
cache is per client in process and per API key in `serve`, at most `limit` prefixes (the
oldest forgotten first); the tool-use prompt is counted with the first tool.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Optional

from ._errors import RequestRefused

OPENAI_MINIMUM = 1024
OPENAI_STEP = 128
MAX_BREAKPOINTS = 4


@dataclass(frozen=True)
class Piece:
    """One cacheable piece of a prompt, in prompt order: its content (what must match), its
    tokens, and the TTL of the breakpoint on it (None: no breakpoint)."""

    content: Any
    tokens: int
    breakpoint: Optional[str] = None


@dataclass(frozen=True)
class CacheUse:
    """What a request read from the cache and wrote to it (tokens); `ttl` of the write."""

    read: int = 0
    written: int = 0
    ttl: str = "5m"


def _without_marker(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _without_marker(item) for key, item in value.items() if key != "cache_control"}
    if isinstance(value, list):
        return [_without_marker(item) for item in value]
    return value


class PromptCache:
    """The prefixes seen, per API key: a digest of model and prefix → seen."""

    def __init__(self, limit: int = 1000) -> None:
        self._seen: OrderedDict[tuple[str, str], None] = OrderedDict()
        self._limit = limit
        self._lock = threading.Lock()

    def _digests(self, model: str, pieces: list[Piece]) -> list[str]:
        digest = hashlib.sha256(model.encode("utf-8", "surrogatepass"))
        out = []
        for piece in pieces:
            # ASCII-escaped: a lone surrogate a client sent escaped must not break the digest
            digest.update(json.dumps(_without_marker(piece.content), sort_keys=True,
                                     default=str).encode("ascii"))
            out.append(digest.copy().hexdigest())
        return out

    def _has(self, key: str, digest: str) -> bool:
        return (key, digest) in self._seen

    def _keep(self, key: str, digest: str) -> None:
        self._seen[(key, digest)] = None
        self._seen.move_to_end((key, digest))
        while len(self._seen) > self._limit:
            self._seen.popitem(last=False)

    def anthropic(self, key: str, model: str, pieces: list[Piece], minimum: int) -> CacheUse:
        """Read and write the breakpoints' prefixes of one Messages request."""
        marks = [index for index, piece in enumerate(pieces) if piece.breakpoint]
        if len(marks) > MAX_BREAKPOINTS:
            raise RequestRefused(f"A maximum of {MAX_BREAKPOINTS} blocks with cache_control may be "
                                 f"provided. Found {len(marks)}.")
        totals = _running_totals(pieces)
        eligible = [index for index in marks if totals[index] >= minimum]
        if not eligible:
            return CacheUse()
        with self._lock:
            digests = self._digests(model, pieces)
            read = max((totals[index] for index in eligible if self._has(key, digests[index])), default=0)
            last = eligible[-1]
            written = 0 if self._has(key, digests[last]) else totals[last] - read
            for index in eligible:
                self._keep(key, digests[index])
        return CacheUse(read=read, written=written, ttl=pieces[last].breakpoint or "5m")

    def openai(self, key: str, model: str, pieces: list[Piece]) -> int:
        """The cached tokens of one OpenAI request (every piece boundary is a candidate)."""
        totals = _running_totals(pieces)
        with self._lock:
            digests = self._digests(model, pieces)
            matched = max((totals[index] for index in range(len(pieces))
                           if totals[index] >= OPENAI_MINIMUM and self._has(key, digests[index])), default=0)
            for index in range(len(pieces)):
                if totals[index] >= OPENAI_MINIMUM:
                    self._keep(key, digests[index])
        if matched < OPENAI_MINIMUM:
            return 0
        return OPENAI_MINIMUM + (matched - OPENAI_MINIMUM) // OPENAI_STEP * OPENAI_STEP


def _running_totals(pieces: list[Piece]) -> list[int]:
    totals, total = [], 0
    for piece in pieces:
        total += piece.tokens
        totals.append(total)
    return totals


def ttl_of(marker: Any) -> Optional[str]:
    """The TTL a `cache_control` value asks for ("5m" unless it says "1h"), or None."""
    if not isinstance(marker, dict):
        return None
    return "1h" if marker.get("ttl") == "1h" else "5m"
