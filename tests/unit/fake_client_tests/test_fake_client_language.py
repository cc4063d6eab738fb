"""The model answers in the language it is asked in (rule: fake_client._language)."""

import threading

import pytest

import fake_client

from fake_client import Anthropic
from fake_client._language import detect_language
from fake_client.locales import phrase


@pytest.mark.parametrize("text, lang", [
    ("Кога ще пристигне поръчка 1042?", "bg"),
    ("Къде ми е пратката?", "bg"),           # ъ
    ("Кога пристига 1042?", "bg"),           # the word "кога"
    ("Когда придёт заказ 1042?", "ru"),       # ё
    ("Где мой заказ SP-1024?", "ru"),         # "где", "мой"
    ("Какой у меня баланс?", "ru"),          # "какой", "мне"-less but "какой"
    ("Де моє замовлення SP-1024?", "uk"),     # є, "де"
    ("Який у мене баланс?", "uk"),           # "який"
    ("Дякую, це все.", "uk"),
    ("北京、上海和深圳的鲜花库存是多少？", "zh"),
    ("读一下 notes.txt", "zh"),               # a file name does not make it English
    ("notess.txt را بخوان", "fa"),
    ("What's in notes.txt?", "en"),
    ("SP-1024", "en"),                       # nothing to go by at all → English
])
def test_detect(text, lang):
    assert detect_language([text]) == lang


def test_an_id_alone_keeps_the_language_of_the_conversation():
    assert detect_language(["SP-1024", "Где мой заказ?"]) == "ru"
    assert detect_language(["SP-1024"], system="Ти си асистент на магазин.") == "bg"


def test_ambiguous_cyrillic_looks_further_back_then_defaults_to_bulgarian():
    assert detect_language(["Статус на 1042"], system="Отвечай вежливо, это важно.") == "ru"
    assert detect_language(["Статус на 1042"]) == "bg"


def test_the_newest_question_decides():
    client = Anthropic()
    reply = client.messages.create(model="claude-haiku-4-5", max_tokens=100, messages=[
        {"role": "user", "content": "Здравствуйте"},
        {"role": "assistant", "content": "Здравствуйте! Чем могу помочь?"},
        {"role": "user", "content": "谢谢！"}])
    assert reply.content[0].text == phrase("zh", "chat.thanks")


@pytest.mark.parametrize("lang, greeting", [("bg", "Здравейте, какво ще ми кажеш?"),
                                            ("ru", "Привет, что скажешь?"), ("uk", "Привіт, що скажеш?"),
                                            ("zh", "你好"), ("fa", "سلام"), ("en", "Hello there")])
def test_the_fallback_offers_help_in_the_language(lang, greeting):
    reply = Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=100,
                                        messages=[{"role": "user", "content": greeting}])
    assert reply.content[0].text == phrase(lang, "chat.help")


# The page's language (fake_client.page_language): where the script allows it, the page decides.

def _help_reply(question: str) -> str:
    reply = Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=100,
                                        messages=[{"role": "user", "content": question}])
    return reply.content[0].text


UNMARKED = "Нужна помощь"  # Russian, with no letter or word only Russian has


def test_without_a_page_an_unmarked_cyrillic_question_is_guessed_bulgarian():
    assert detect_language([UNMARKED]) == "bg"
    assert _help_reply(UNMARKED) == phrase("bg", "chat.help")


@pytest.mark.parametrize("page", ["bg", "ru", "uk"])
def test_a_cyrillic_page_decides_among_the_cyrillic_languages(page):
    assert detect_language([UNMARKED], page=page) == page
    # even against the marker words: the page, not the words, says which one
    assert detect_language(["Где мой заказ?"], page=page) == page
    with fake_client.page_language(page):
        assert _help_reply(UNMARKED) == phrase(page, "chat.help")


@pytest.mark.parametrize("question, page, lang", [
    ("北京的鲜花库存是多少？", "ru", "zh"),      # another script: answered in its own language
    ("Где мой заказ SP-1024?", "fa", "ru"),
    ("What's in notes.txt?", "bg", "en"),
    ("سلام", "zh", "fa"),
    ("SP-1024", "uk", "uk"),                    # no script at all: the page says
])
def test_a_question_in_another_script_keeps_its_own_language(question, page, lang):
    assert detect_language([question], page=page) == lang


def test_the_page_language_holds_only_inside_its_block():
    with fake_client.page_language("ru") as lang:
        assert lang == "ru"
        with fake_client.page_language(None):   # nothing says: guessed again
            assert _help_reply(UNMARKED) == phrase("bg", "chat.help")
        assert _help_reply(UNMARKED) == phrase("ru", "chat.help")
    assert _help_reply(UNMARKED) == phrase("bg", "chat.help")


def test_a_language_the_fake_does_not_speak_says_nothing():
    with fake_client.page_language("de") as lang:
        assert lang is None
        assert _help_reply(UNMARKED) == phrase("bg", "chat.help")


def test_a_thread_does_not_see_another_threads_page():
    seen = []
    with fake_client.page_language("uk"):
        thread = threading.Thread(target=lambda: seen.append(_help_reply(UNMARKED)))
        thread.start()
        thread.join()
        assert _help_reply(UNMARKED) == phrase("uk", "chat.help")
    assert seen == [phrase("bg", "chat.help")]
