"""The token estimate: words × 1.3, rounded up, per piece of text.

A *word* is a run of characters between white space, punctuation included ("1042?" is one
word, and so is a lone "—"). Chinese and Japanese are written without spaces, so inside a run
that holds Han, kana or Hangul characters each such character is one word, any stretch of
other letters or digits in it is one more ("订单1042" is three words), and punctuation
there (、。，？: and the like) counts for nothing. Persian is written with spaces: its words
count like any other; the zero-width non-joiner inside a word (می‌خواند) does not split it.

Each piece is rounded on its own, then the pieces are summed: the system prompt; per tool,
its name and description together; per message, every block; per reply, every block.
"""

from __future__ import annotations

import re

from ._scripts import CJK

_CJK = re.compile(f"[{CJK}]")
_OTHER_RUN = re.compile(f"[^{CJK}]+")


def count_words(text: str) -> int:
    """How many words `text` has by the rule above."""
    if not _CJK.search(text):  # no Han, kana or Hangul anywhere: one word per run
        return len(text.split())
    words = 0
    for run in text.split():
        cjk = len(_CJK.findall(run))
        if not cjk:
            words += 1
            continue
        words += cjk + sum(1 for other in _OTHER_RUN.findall(run)
                           if any(char.isalnum() for char in other))
    return words


def opening_words(text: str, words: int = 3) -> str:
    """The first `words` words of `text` by the rule above, as written (a Chinese opening keeps
    its first three characters, not the whole sentence that `split()` would see as one word)."""
    if not _CJK.search(text):
        return " ".join(text.split()[:words])
    for end in range(1, len(text) + 1):
        if count_words(text[:end]) >= words and (end == len(text) or count_words(text[:end + 1]) > words):
            return text[:end].strip()
    return text.strip()


def estimate_tokens(text: str) -> int:
    """Tokens of one piece of text: words × 1.3, rounded up (integer arithmetic, no float error)."""
    return (count_words(text) * 13 + 9) // 10
