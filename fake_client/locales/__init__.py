"""Every word of the fake model, one module per language.

Each module has `WORDS` (what the model listens for: word beginnings, matched without regard
to case, see `fake_client.worlds._reading`) and `PHRASES` (what it says; `{name}` marks a
value filled in). A name that changes its ending in the language is written `stem|Name`
("Шанха|Шанхай" matches "в Шанхае" and means "Шанхай"). All languages have the same
`PHRASES` keys with the same `{names}`; a test checks this. To add a language, copy `en.py`,
translate it, and add its code to `LANGUAGES`.
"""

from __future__ import annotations

from functools import lru_cache
from types import ModuleType

from . import bg, en, fa, ru, uk, zh

LANGUAGES: dict[str, ModuleType] = {"bg": bg, "fa": fa, "zh": zh, "ru": ru, "uk": uk, "en": en}


def phrase(language: str, key: str, **values: str) -> str:
    """The phrase `key` in `language`, with its `{names}` filled in."""
    return LANGUAGES[language].PHRASES[key].format(**values)


def words_of(language: str, key: str) -> tuple[str, ...]:
    """The words listened for under `key` in one language."""
    return tuple(LANGUAGES[language].WORDS.get(key, ()))


@lru_cache(maxsize=None)  # the word lists are constants: gathered once per key, not per question
def words_everywhere(key: str) -> tuple[str, ...]:
    """The words listened for under `key` in every language: a tool described in Persian
    is understood when the question is Bulgarian, as a real model would."""
    seen: dict[str, None] = {}
    for module in LANGUAGES.values():
        for word in module.WORDS.get(key, ()):
            seen.setdefault(word, None)
    return tuple(seen)
