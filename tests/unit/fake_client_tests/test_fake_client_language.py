"""The model answers in the language it is asked in (rule: fake_client._language)."""

import pytest

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
