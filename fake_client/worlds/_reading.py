"""How the fake model reads: words in a question, tools on offer, results that came back.

Matching words. Every listened-for word comes from `fake_client.locales` (all languages at
once: a Persian tool description is understood under a Bulgarian question). A word of up to
three letters, or one written with a final `$` ("return$"), must match a whole word; a
longer one matches the beginning of a word ("доставк" matches "доставка", "доставки"); a
Chinese word matches anywhere, since Chinese has no spaces. Case is ignored.

Choosing a tool. Each offered tool is read once: the words of its name (split at `_`) and
description are matched against each intent's words; the intent with most matches is what
the model takes the tool to be for. For an intent it picks the tool with most matches,
preferring, on a tie, the one whose description says when to call it ("call when",
"викай, когато", …), then the first offered. A tool that matches no intent at all is
*vague*: if its description is empty the model ignores it; otherwise it is the model's guess
whenever no clear tool fits, so it gets called for questions it does not serve (a world may
choose the other failure: its model leaves vague tools alone and answers without them).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable, Optional

from .._conversation import Result, Tool
from .._scripts import HAN
from ..locales import words_everywhere

_HAN = re.compile(f"[{HAN}]")


@lru_cache(maxsize=None)
def _pattern(word: str) -> "re.Pattern[str]":
    whole = word.endswith("$")
    word = word.rstrip("$")
    escaped = re.escape(word.lower())
    if _HAN.search(word):
        return re.compile(escaped)
    if whole or len(word) <= 3:
        return re.compile(rf"(?<!\w){escaped}(?!\w)")
    return re.compile(rf"(?<!\w){escaped}")


@lru_cache(maxsize=16)
def _lowered(text: str) -> str:
    # A question is matched against hundreds of words: lower it once, not for each.
    return text.lower()


def has_word(text: str, word: str) -> bool:
    """True if `word` occurs in `text` by the matching rule above."""
    return _pattern(word).search(_lowered(text)) is not None


# A conversation is read again at every call of a tool loop, and a tool's text at every
# request that offers it: each (text, key) is counted once.
@lru_cache(maxsize=4096)
def count_words_of(text: str, key: str) -> int:
    """How many of the words listened for under `key` occur in `text`."""
    return sum(1 for word in words_everywhere(key) if has_word(text, word))


def mentions(text: str, key: str) -> bool:
    """True if `text` holds any word listened for under `key`."""
    return count_words_of(text, key) > 0


def word_position(text: str, word: str) -> int:
    """Where `word` first occurs in `text` by the matching rule above (-1 if nowhere)."""
    match = _pattern(word).search(_lowered(text))
    return match.start() if match else -1


def is_thanks(question: str) -> bool:
    """A thank-you and nothing that needs a tool."""
    return mentions(question, "chat.thanks")


def tool_text(tool: Tool) -> str:
    """What the model reads of a tool: its name as words, then its description."""
    return f"{tool.name.replace('_', ' ').replace('-', ' ')} {tool.description}"


def understood_intents(tool: Tool, intents: Iterable[str]) -> tuple[set[str], int]:
    """The intents the tool is taken to serve (those it matches best) and that match count."""
    scores = {intent: count_words_of(tool_text(tool), intent) for intent in intents}
    best = max(scores.values(), default=0)
    return ({intent for intent, score in scores.items() if score == best and best > 0}, best)


def says_when(tool: Tool) -> bool:
    """True if the description says when to call the tool."""
    return mentions(tool.description, "tools.call_when")


def pick_tool(tools: list[Tool], intent: str, intents: Iterable[str], *,
              guess: bool = True) -> Optional[Tool]:
    """The tool the model uses for `intent`, by the rule in this module's docstring;
    `guess=False` for a world whose model leaves vague tools alone instead of guessing."""
    intents = tuple(intents)
    fitting = []
    vague = []
    for position, tool in enumerate(tools):
        served, score = understood_intents(tool, intents)
        if intent in served:
            fitting.append((-score, not says_when(tool), position, tool))
        elif not served and tool.description.strip():
            vague.append(tool)
    if fitting:
        return min(fitting, key=lambda item: item[:3])[3]
    return vague[0] if vague and guess else None


def key_field(tool: Tool) -> Optional[str]:
    """The field the model fills: the first required property, else the first property."""
    names = tool.required or list(tool.properties)
    return names[0] if names else None


def fill_input(tool: Tool, value: Optional[str]) -> dict:
    """Input for `tool` with `value` in its key field, as the schema's type asks (a number
    for "integer"); an empty input when there is no value: a model that does not know the
    number still asks, without it."""
    name = key_field(tool)
    if value is None or name is None:
        return {}
    declared = tool.properties.get(name)
    kind = declared.get("type") if isinstance(declared, dict) else None
    if kind in ("integer", "number") and value.isdigit():
        return {name: int(value)}
    return {name: value}


# The value a question names: an order number (1042, SP-1024) or a file name (notes.txt).
_VALUE = re.compile(r"(?<![\w.\-])(?:[A-Za-z]+-)?\d{3,}(?![\w\-])|\b[\w\-]+\.[A-Za-z]{1,4}\b")


def named_value(question: str) -> Optional[str]:
    """The first value the question names (an order number like 1042 or SP-1024, a file name
    like notes.txt), or None."""
    found = _VALUE.search(question)
    return found.group() if found else None


def key_value(input_: dict) -> str:
    """The value a call was about (its first value), as text: what the answer names (a list
    of values is written "a, b")."""
    for value in input_.values():
        if isinstance(value, list):
            return ", ".join(str(item) for item in value)
        return str(value)
    return ""


def failed(result: Result) -> bool:
    """The model reads a result as a failure when it is marked as one: `is_error` in the
    Anthropic shape (an "Error: …" text without the flag passes for data, which is why the
    flag matters); in the Chat Completions shape, which has no flag, a text that starts with
    an error word (see `looks_like_error`)."""
    return result.is_error


def looks_like_error(text: str) -> bool:
    """True if `text` starts with a word like "Error", "Грешка", "Ошибка", "Помилка", "错误",
    "خطا" (case ignored): how a tool message of the Chat Completions shape says it failed."""
    lowered = text.strip().lower()
    return any(lowered.startswith(word) for word in words_everywhere("error.words"))


def error_kind(result: Result) -> str:
    """How the model reads a failed result: "foreign" (another customer's), "type" (an
    argument of the wrong type), "missing" (a required field was not given) or
    "not_found" (anything else)."""
    text = result.content
    for kind, key in (("foreign", "error.foreign"), ("type", "error.type"),
                      ("missing", "error.missing")):
        if mentions(text, key):
            return kind
    return "not_found"


def is_empty(result: Result) -> bool:
    """A successful result that holds nothing (the model tends to read this as good news)."""
    return result.content.strip() in ("", "[]", "{}", "null", "None", '""', "''")

