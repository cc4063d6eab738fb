"""Counted words and figures in the five languages, as the page writes them
(``frontend/shared/plurals.js``: the same two rules, so that a picture rendered at build time
reads as the page renders it)."""

from typing import Callable

PERSIAN_DIGITS = "۰۱۲۳۴۵۶۷۸۹"


def plural_category(lang: str, n: int) -> str:
    """CLDR's cardinal category of a whole number ``n`` in ``lang``: one, few, many or other."""
    if lang == "zh":
        return "other"
    if lang == "fa":
        return "one" if n in (0, 1) else "other"
    if lang in ("ru", "uk"):
        last, last_two = n % 10, n % 100
        if last == 1 and last_two != 11:
            return "one"
        if 2 <= last <= 4 and not 12 <= last_two <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "other"


def local_digits(lang: str, n: int) -> str:
    """A whole number in the digits of running text: Persian on Persian pages, else Latin."""
    text = str(n)
    if lang != "fa":
        return text
    return "".join(PERSIAN_DIGITS[int(c)] if c.isascii() and c.isdigit() else c for c in text)


def counted(t: Callable[..., str], lang: str, key: str, n: int) -> str:
    """The string ``<key>.<category>`` for ``n``, its ``{n}`` filled in local digits."""
    return t(f"{key}.{plural_category(lang, n)}", n=local_digits(lang, n))
