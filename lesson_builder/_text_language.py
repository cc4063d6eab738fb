"""Which of the course's languages a text is in, when it is clearly not the page's: the
translation check's one question. Bulgarian, Russian and Ukrainian share the Cyrillic script,
so they are told apart by letters and words only one of them has; Persian and Chinese by
their scripts. A text with no such sign (Latin text, numbers, a Cyrillic text without a
telling letter) is never called foreign: the check refuses only what it can tell.

The signs per language are here, in one table."""

import re
from typing import Optional

# Letters and words only one of the five languages writes. Russian writes ъ only before е, ё,
# ю, я (объект); Bulgarian writes it as a vowel (къде, път), and ѝ. Ukrainian has no ъ.
SIGNS: dict[str, re.Pattern] = {
    "bg": re.compile(r"ѝ|ъ(?![еёюяЕЁЮЯ])|\b(?:това|какво|благодаря|здравей)\b", re.I),
    "ru": re.compile(r"[ыэё]|\b(?:где|что|чтобы|сейчас|спасибо|пожалуйста)\b", re.I),
    "uk": re.compile(r"[іїєґ]|\b(?:дякую|будь ласка|привіт)\b", re.I),
    # Arabic-script letters with the Persian ones (پ چ ژ ک گ ی); not the digits, which other
    # pages show on purpose (the digits Python's int() reads)
    "fa": re.compile(r"[\u0621-\u064A\u067E\u0686\u0698\u06A9\u06AF\u06CC]"),
    "zh": re.compile(r"[\u4E00-\u9FFF]"),
}
NAMES = {"bg": "Bulgarian", "ru": "Russian", "uk": "Ukrainian", "fa": "Persian", "zh": "Chinese"}
_CYRILLIC = re.compile(r"[\u0400-\u04FF]")


def foreign_language(text: str, page_lang: str) -> Optional[tuple[str, str]]:
    """(language, the sign that tells it) when ``text`` is in another course language than
    ``page_lang``; None when it may be the page's own (or tells nothing)."""
    if page_lang not in SIGNS:
        return None
    for lang, sign in SIGNS.items():
        if lang == page_lang:
            continue
        found = sign.search(text)
        if found:
            return lang, found[0]
    if page_lang in ("fa", "zh"):
        cyrillic = _CYRILLIC.search(text)
        if cyrillic:
            return "bg/ru/uk", cyrillic[0]
    return None


def language_name(lang: str) -> str:
    return NAMES.get(lang, "Cyrillic (Bulgarian, Russian or Ukrainian)")
