"""Every word of the fake model, one module per language.

Each module has `WORDS` (what the model listens for: word beginnings, matched without regard
to case, see `fake_client.worlds._reading`) and `PHRASES` (what it says; `{name}` marks a
value filled in). A name that changes its ending in the language is written `stem|Name`
("Шанха|Шанхай" matches "в Шанхае" and means "Шанхай"). All languages have the same
`PHRASES` keys with the same `{names}`; a test checks this. Each module also says its
`SCRIPT` (cyrillic, arabic, han or latin, as the course's language registry names scripts),
a Cyrillic one the `LETTERS` only it writes, and `WARM_UP`, the question the runtime's
warm-up asks in it. To add a language, copy `en.py` as `<code>.py` and translate it: every
module of this folder is a language.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from types import ModuleType

# Found, not listed: a new language is a new module here (the course's registry,
# lessons/languages.yaml, is checked against them by the tests).
LANGUAGES: dict[str, ModuleType] = {
    found.name: importlib.import_module(f"{__name__}.{found.name}")
    for found in sorted(pkgutil.iter_modules(__path__), key=lambda found: found.name) if not found.ispkg
}


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
