"""One set of Chinese-character ranges for every part of the fake model (fake_client/_scripts):
a compatibility ideograph (U+F900-FAFF) counts as Chinese when the language is detected,
when words are counted and when a localized word is matched."""

from fake_client._language import detect_language
from fake_client._tokens import count_words
from fake_client.worlds._reading import has_word

COMPATIBILITY = "\uf900\uf901"  # 豈更 written with the compatibility block's code points


def test_a_compatibility_ideograph_is_chinese_everywhere():
    assert detect_language([COMPATIBILITY]) == "zh"
    assert count_words(COMPATIBILITY) == 2, "each Chinese character is a word"
    assert has_word(f"前{COMPATIBILITY}后", COMPATIBILITY), "matched inside a run, like any Chinese word"
    assert not has_word(f"x{COMPATIBILITY[:1]}y", COMPATIBILITY)
