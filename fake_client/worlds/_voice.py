"""The model's voice in one language: phrases from `fake_client.locales`, filled in."""

from __future__ import annotations

from typing import Iterable

from .._conversation import Say
from ..locales import phrase


class Voice:
    """Speaks the conversation's language."""

    def __init__(self, language: str) -> None:
        self.language = language

    def line(self, key: str, **values: str) -> str:
        """The phrase `key`, filled in."""
        return phrase(self.language, key, **values)

    def say(self, key: str, **values: str) -> Say:
        """The phrase `key` as a reply part."""
        return Say(self.line(key, **values))

    def join(self, items: Iterable[str], *, short: bool = False) -> str:
        """Items as one list, with the language's separator ("; ", "；", "؛ "), or for short
        items (names, numbers) its comma (", ", "、", "، ")."""
        key = "short_separator" if short else "list_separator"
        return phrase(self.language, key).join(items)

    def sentences(self, items: Iterable[str]) -> str:
        """Whole sentences as one text: a space between them, none in Chinese (its full stop
        "。" carries its own spacing)."""
        return phrase(self.language, "sentence_separator").join(items)
