"""How long a lesson takes to read: its prose words (``_coverage.prose_counts``: code,
outputs and markup left out, a Han character counted on its own) at a reading speed per
script, in whole minutes, at least one. Running the snippets and answering the quizzes come
on top; the course map says "reading".
"""

import math

from ._coverage import prose_counts

# Reading speeds, per minute, rounded from the IReST study (Trauzettel-Klosinski, Dietz et al.,
# "Standardized assessment of reading performance: the new International Reading Speed Texts
# IReST", IOVS 53(9), 2012): adults reading the same plain passage in their own language.
# Russian came out at about 184 words a minute, Arabic at about 138 and Chinese at about 255
# characters. A lesson is technical text read to be understood, which is not faster than a
# plain passage, so the figures are used as they are:
# - Cyrillic (bg, ru, uk): 180 words; Bulgarian and Ukrainian words are as long as Russian ones.
# - Arabic script (fa): 140 words; Persian is written in it, and a half-spaced compound
#   (نیم‌فاصله) counts as one word, as in Arabic.
# - Han (zh): 255 characters; the few Latin words in Chinese prose (API, JSON) at 200 words,
#   about the speed of a Latin-script language.
WORDS_PER_MINUTE = {"cyrillic": 180, "arabic": 140, "latin": 200}
HAN_PER_MINUTE = 255
# The script of a language's words that are not Han characters.
SCRIPT = {"bg": "cyrillic", "ru": "cyrillic", "uk": "cyrillic", "fa": "arabic", "zh": "latin"}


def reading_minutes(text: str, lang: str) -> int:
    """Whole minutes to read the prose of a lesson written in ``lang`` (rounded up)."""
    han, words = prose_counts(text)
    speed = WORDS_PER_MINUTE[SCRIPT.get(lang, "latin")]
    return max(1, math.ceil(han / HAN_PER_MINUTE + words / speed))
