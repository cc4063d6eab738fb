"""Every language says everything, with the same blanks; no phrase is left untranslated."""

import string

import pytest

from fake_client.locales import LANGUAGES


def blanks(text):
    return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name)


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_same_phrase_keys_and_blanks_as_english(lang):
    english = LANGUAGES["en"].PHRASES
    phrases = LANGUAGES[lang].PHRASES
    assert set(phrases) == set(english)
    for key, text in phrases.items():
        assert blanks(text) == blanks(english[key]), key


@pytest.mark.parametrize("lang", sorted(set(LANGUAGES) - {"en"}))
def test_no_english_left_in_other_languages(lang):
    for key, text in LANGUAGES[lang].PHRASES.items():
        words = "".join(literal for literal, _, _, _ in string.Formatter().parse(text))
        if any(char.isalpha() for char in words):  # "{city}: {stock}" has no words to translate
            assert text != LANGUAGES["en"].PHRASES[key], key


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_language_listens_for_every_intent(lang):
    required = set(LANGUAGES["en"].WORDS)
    assert required <= set(LANGUAGES[lang].WORDS)
