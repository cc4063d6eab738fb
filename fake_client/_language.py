"""Which language the conversation is in, so that the model answers in it.

The rule, applied to the texts a person wrote (user text blocks, newest first, then the
system prompt; tool results are program output and are never read):

1. Script. The first text that holds Han characters, Arabic-script letters or Cyrillic
   letters decides the script (the script with most letters in it wins): Han → Chinese
   (`zh`), Arabic script → Persian (`fa`), Cyrillic → step 2. Latin letters alone say
   little, because ids, file names and code are Latin in every language: a text counts as
   English (`en`) only when it has at least two Latin words that are not identifiers (an
   identifier holds a digit, `_`, `.` or `-`, like `SP-1024` or `notes.txt`).
2. Bulgarian, Russian or Ukrainian. Every Cyrillic text, newest first, is scored: one point
   per letter only that language uses (Ukrainian і ї є ґ; Russian ы э ё; Bulgarian ъ, which
   Russian almost never needs) and two points per common word only that language has
   (Bulgarian ще, къде, какво, това; Russian где, что, это, спасибо; Ukrainian де, що, це,
   дякую; the lists are in `fake_client.locales`). The first text with a single best score
   decides. When none does, the answer is Bulgarian, the site's default language.
3. With no text at all to go by, the answer is English.

The page's language, when something says it (`page_language`: the lesson runtime sets it for
each run on a page, at build time and in the browser), comes first wherever the texts allow
it: when the deciding script is that language's script, or when no text has a script at all,
the answer is in the page's language, and steps 2 and 3 are not asked. So a Russian question
with no Russian marker word, asked on a Russian page, gets a Russian answer, not the
Bulgarian default. A question clearly in another script (an English question on a Chinese
page, a Russian one on a Persian page) is still answered in its own language, as a real model
answers in the language it is asked in, whatever page shows it; and where nothing says (a
program run outside a page, `python -m fake_client serve`), the rule above guesses as before.
"""

from __future__ import annotations

import contextlib
import contextvars
import re
from typing import Iterator, Optional

from ._scripts import HAN
from .locales import LANGUAGES, words_of

_HAN = re.compile(f"[{HAN}]")
_ARABIC = re.compile("[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]")
_CYRILLIC = re.compile("[\u0400-\u04ff]")
_LATIN_WORD = re.compile(r"(?<![\w.\-])[A-Za-z][A-Za-z']+(?![\w.\-])")
_CYRILLIC_WORD = re.compile("[\u0400-\u04ff'’]+")

# The script each language the fake speaks is written in, and the letters only one Cyrillic
# language writes: from the locale modules (`fake_client.locales`).
SCRIPTS = {code: module.SCRIPT for code, module in LANGUAGES.items()}
_LETTERS = {code: module.LETTERS for code, module in LANGUAGES.items() if getattr(module, "LETTERS", "")}
# A script's language when the texts say no more (Cyrillic: scored first, see the docstring).
_BY_SCRIPT = {script: next(code for code, written in SCRIPTS.items() if written == script)
              for script in dict.fromkeys(SCRIPTS.values())}
CYRILLIC_DEFAULT = "bg"  # the site's default language

# A context variable, as `recording()` uses: private to a thread or task, so that runs in
# parallel never see each other's page, and put back exactly by the `with` that set it.
_PAGE: contextvars.ContextVar[Optional[str]] = contextvars.ContextVar("fake_client_page_language",
                                                                      default=None)


@contextlib.contextmanager
def page_language(language: Optional[str]) -> Iterator[Optional[str]]:
    """Answer in `language` (`bg`, `fa`, `zh`, `ru`, `uk` or `en`) inside the `with` block,
    wherever the conversation's script allows it (the rule: this module's docstring).

    The lesson runtime sets it for each run on a lesson page, so that every answer a page
    shows is in the page's language. `None`, or a language the fake does not speak, says
    nothing: the language is guessed from the texts, as outside a page. Yields the language
    in force (or None)."""
    known = language if language in SCRIPTS else None
    token = _PAGE.set(known)
    try:
        yield known
    finally:
        _PAGE.reset(token)


def current_page_language() -> Optional[str]:
    """The page language set by the innermost `page_language` block, or None."""
    return _PAGE.get()


def detect_language(user_texts_newest_first: list[str], system: str = "",
                    page: Optional[str] = None) -> str:
    """The language code (`bg`, `fa`, `zh`, `ru`, `uk` or `en`) of the conversation;
    `page` is the page's language, if something says it."""
    texts = [text for text in [*user_texts_newest_first, system] if text]
    for text in texts:
        script = _script(text)
        if script is None:
            continue
        if page is not None and SCRIPTS.get(page) == script:
            return page
        return _cyrillic_language(texts) if script == "cyrillic" else _BY_SCRIPT[script]
    return page if page is not None else _BY_SCRIPT["latin"]


def _script(text: str) -> str | None:
    counts = {"han": len(_HAN.findall(text)), "arabic": len(_ARABIC.findall(text)),
              "cyrillic": len(_CYRILLIC.findall(text))}
    best = max(counts, key=lambda name: counts[name])
    if counts[best]:
        return best
    if len(_LATIN_WORD.findall(text)) >= 2:
        return "latin"
    return None


def _cyrillic_language(texts: list[str]) -> str:
    for text in texts:
        scores = _cyrillic_scores(text)
        ranked = sorted(scores.values(), reverse=True)
        if ranked[0] > 0 and ranked[0] > ranked[1]:
            return max(scores, key=lambda lang: scores[lang])
    return CYRILLIC_DEFAULT


def _cyrillic_scores(text: str) -> dict[str, int]:
    lowered = text.lower()
    words = set(_CYRILLIC_WORD.findall(lowered))
    scores = {}
    for lang, letters in _LETTERS.items():
        score = sum(lowered.count(letter) for letter in letters)
        score += 2 * len(words & set(words_of(lang, "language.marker_words")))
        scores[lang] = score
    return scores
