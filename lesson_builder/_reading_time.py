"""How long a lesson takes to read: its prose words (``_coverage.prose_counts``: code,
outputs and markup left out, a Han character counted on its own) at a reading speed per
script, in whole minutes, at least one. Running the snippets and answering the quizzes come
on top; the course map says "reading".
"""

import math

from ._coverage import prose_counts
from ._languages import Language

# The registry (lessons/languages.yaml, `reading`) holds each language's speeds: reading
# speeds, per minute, rounded from the IReST study (Trauzettel-Klosinski, Dietz et al.,
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


def reading_minutes(text: str, language: Language) -> int:
    """Whole minutes to read the prose of a lesson written in ``language`` (rounded up)."""
    han, words = prose_counts(text)
    han_speed = language.han_per_minute or language.words_per_minute  # a stray Han character: a word
    return max(1, math.ceil(han / han_speed + words / language.words_per_minute))
