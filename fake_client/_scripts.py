"""Unicode ranges of the writing systems the fake model reads, written once.

``HAN`` is every block of Chinese characters a lesson may hold (extension A, the unified
block, the compatibility block); ``CJK`` adds the Japanese syllabaries and Hangul, the
scripts whose characters each count as a word (no spaces between words). They are strings
to put inside a regular expression's character class: ``re.compile(f"[{HAN}]")``.
"""

HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
KANA = "\u3040-\u30ff"
HANGUL = "\uac00-\ud7af"
CJK = KANA + HAN + HANGUL
