"""What pydantic says about JSON text that is not whole: the `parse` helpers of both SDKs
validate a reply with pydantic, whose JSON reader (jiter) reports a reply cut by `max_tokens`
as "EOF while parsing a string at line 1 column 29". The fake is stdlib-only, so it tells the
same from a small scan of the text, for the texts a cut reply can be (any prefix of valid
JSON); anything else gets `json`'s own wording.

Positions are jiter's: `line` counts lines from 1, `column` is the length in UTF-8 bytes of the
text's last line (where the text ends).
"""

from __future__ import annotations

import json
from typing import Optional

_LITERALS = ("true", "false", "null")
_NUMBER_CHARS = set("0123456789+-.eE")


def invalid_json_error(text: str) -> Optional[str]:
    """`None` when `text` is valid JSON, else what jiter says: "<what> at line L column C"."""
    try:
        json.loads(text)
        return None
    except ValueError as error:
        plain = error
    what = _eof_kind(text)
    if what is None:  # not a cut: a text the fake never writes
        return str(plain.msg) if isinstance(plain, json.JSONDecodeError) else str(plain)
    return f"EOF while parsing {what} at {position(text)}"


def position(text: str) -> str:
    lines = text.split("\n")
    return f"line {len(lines)} column {len(lines[-1].encode('utf-8'))}"


def _eof_kind(text: str) -> Optional[str]:
    """What was being read when a prefix of valid JSON ends: "a string", "a value", "an
    object" or "a list"; `None` when `text` is no such prefix."""
    stack: list[str] = []  # the open containers, "{" or "["
    expect = "value"  # "value", "key", "colon", or "after" (a value was read in a container)
    just_opened = False  # nothing read since the last "{" or "["
    i, n = 0, len(text)
    while i < n:
        char = text[i]
        if char in " \t\r\n":
            i += 1
            continue
        opened, just_opened = just_opened, False
        if char == '"' and expect in ("value", "key"):
            end = _string_end(text, i)
            if end is None:
                return "a string"
            expect, i = ("colon" if expect == "key" else "after"), end
        elif char == ":" and expect == "colon":
            expect, i = "value", i + 1
        elif char in "{[" and expect == "value":
            stack.append(char)
            expect, just_opened, i = ("key" if char == "{" else "value"), True, i + 1
        elif char in "}]" and stack and (char == "}") == (stack[-1] == "{") and (
                expect == "after" or (opened and (expect == "key") == (char == "}"))):
            stack.pop()
            expect, i = "after", i + 1
        elif char == "," and expect == "after" and stack:
            expect, i = ("key" if stack[-1] == "{" else "value"), i + 1
        elif expect == "value" and (char in _NUMBER_CHARS or char.isalpha()):
            j = i
            while j < n and (text[j] in _NUMBER_CHARS or text[j].isalpha()):
                j += 1
            word = text[i:j]
            if j >= n and (any(literal.startswith(word) and literal != word for literal in _LITERALS)
                           or _is_partial_number(word)):
                return "a value"
            expect, i = "after", j
        else:
            return None
    if not stack:
        return "a value" if expect == "value" else None
    if just_opened:
        return "an object" if stack[-1] == "{" else "a list"
    if expect in ("value", "key"):
        return "a value"  # after ":" or ","
    return "an object" if stack[-1] == "{" else "a list"


def _string_end(text: str, start: int) -> Optional[int]:
    """Index after the string that opens at `start`, or `None` when the text ends inside it."""
    i = start + 1
    while i < len(text):
        if text[i] == "\\":
            i += 2
        elif text[i] == '"':
            return i + 1
        else:
            i += 1
    return None


def _is_partial_number(word: str) -> bool:
    """True when `word` is the start of a JSON number but not a whole one ("-", "1.", "2e")."""
    try:
        json.loads(word)
        return False
    except ValueError:
        return all(char in _NUMBER_CHARS for char in word)


def truncated_repr(text: str, limit: int = 50) -> str:
    """`repr(text)` as pydantic shows an input in its messages: over `limit` UTF-8 bytes, its
    first 25 and last 24 bytes (whole characters only) around "..."."""
    shown = repr(text)
    if len(shown.encode("utf-8")) <= limit:
        return shown
    head = _bytes_prefix(shown, (limit + 1) // 2)
    tail = _bytes_suffix(shown, limit - (limit + 1) // 2 - 1)
    return f"{head}...{tail}"


def _bytes_prefix(text: str, size: int) -> str:
    out, used = [], 0
    for char in text:
        used += len(char.encode("utf-8"))
        if used > size:
            break
        out.append(char)
    return "".join(out)


def _bytes_suffix(text: str, size: int) -> str:
    out, used = [], 0
    for char in reversed(text):
        used += len(char.encode("utf-8"))
        if used > size:
            break
        out.append(char)
    return "".join(reversed(out))
