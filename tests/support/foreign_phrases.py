"""Which other course language a run's text is in: what a page shows must be in the page's.

Two signs, the first that finds one wins:

- the build's own detector (`lesson_builder._text_language`): the script of Persian and
  Chinese, the letters and words only one of Bulgarian, Russian or Ukrainian has;
- the fake model's own phrases (`fake_client/locales/<lang>.py`): a sentence the fake says in
  another language ("Накратко:", "Ще проверя", "За да отговоря") is that language even where
  it has none of the detector's letters, which is how a Bulgarian answer passed unnoticed on
  the Russian agent-loop page. A phrase is cut at its `{placeholders}`; a piece counts when it
  has a word of three letters or more and no piece of the page language's phrases is the
  same text; it must stand as whole words (Russian "Кратко:" is not found in Bulgarian
  "Накратко:").

A run's texts are its output and every string of its calls (request and response: the run
picture shows both).
"""

import re
from functools import lru_cache
from typing import Iterator, Optional

from fake_client.locales import LANGUAGES
from lesson_builder._text_language import foreign_language
from support.languages import COURSE_LANGUAGES

_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_WORD = re.compile(r"[^\W\d_]{3,}")
_HAN = re.compile(r"[\u4E00-\u9FFF]")


def _pieces(lang: str) -> set[str]:
    pieces = set()
    for text in LANGUAGES[lang].PHRASES.values():
        for piece in _PLACEHOLDER.split(text):
            piece = piece.strip(" \t\n.,;:!?—-–()[]«»\"'“”„")
            # a Han piece has no spaces between words: two characters already say something
            if _WORD.search(piece) or len(_HAN.findall(piece)) >= 2:
                pieces.add(piece)
    return pieces


@lru_cache(maxsize=None)
def phrase_signs(page_lang: str) -> tuple[tuple[str, re.Pattern], ...]:
    """(language, pattern) for every other course language's phrase pieces that the page
    language's phrases do not also have."""
    own = _pieces(page_lang)
    signs = []
    for lang in COURSE_LANGUAGES:
        if lang == page_lang:
            continue
        for piece in sorted(_pieces(lang) - own):
            signs.append((lang, re.compile(rf"(?<!\w){re.escape(piece)}(?!\w)")))
    return tuple(signs)


def foreign_in(text: str, page_lang: str) -> Optional[tuple[str, str]]:
    """(language, what tells it) when ``text`` carries another course language, else None."""
    found = foreign_language(text, page_lang)
    if found:
        return found
    for lang, sign in phrase_signs(page_lang):
        match = sign.search(text)
        if match:
            return lang, match[0]
    return None


def run_texts(transcript: dict) -> Iterator[tuple[str, str]]:
    """(where, text) for every text a run shows: its output, then its calls' strings."""
    yield "output", transcript.get("output") or ""
    for index, call in enumerate(transcript.get("calls") or [], 1):
        for part in ("request", "response", "error"):
            yield from ((f"call {index} {part}{path}", text) for path, text in _strings(call.get(part), ""))


def _strings(value, path: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key != "signature":  # an opaque token, base64
                yield from _strings(item, f"{path}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, f"{path}[{index}]")


def foreign_texts(transcript: dict, page_lang: str) -> list[str]:
    """Every place in a run that carries another course language than ``page_lang``."""
    problems = []
    for where, text in run_texts(transcript):
        found = foreign_in(text, page_lang)
        if found:
            problems.append(f"{where}: {found[0]} ({found[1]!r} in {text[:80]!r})")
    return problems
