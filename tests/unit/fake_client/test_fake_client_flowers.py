"""The flowers world (stock per city), OpenAI shape first, in every language."""

import pytest

from fake_client import Anthropic, OpenAI
from fake_client.locales import phrase
from fake_client_programs import (CITIES, LANGUAGES, STOCK, anthropic_loop, flowers_runner,
                                  flowers_tools, openai_loop, openai_tools)

Q = {"zh": "北京、上海和深圳的鲜花库存是多少？",
     "bg": "Каква е наличността на цветя в Пекин, Шанхай и Шънджън?",
     "ru": "Сколько цветов на складах в Пекине, Шанхае и Шэньчжэне?",
     "uk": "Скільки квітів на складах у Пекіні, Шанхаї та Шеньчжені?",
     "fa": "موجодی گل در پکن، شانگهای و شنژن چقدر است؟".replace("д", "د").replace("о", "و"),
     "en": "What is the flower stock in Beijing, Shanghai and Shenzhen?"}


def expected_answer(lang):
    lines = [phrase(lang, "flowers.stock", city=city, stock=stock)
             for city, stock in zip(CITIES[lang], STOCK)]
    intro = phrase(lang, "flowers.stock_intro")
    return "\n".join([intro, *lines] if intro else lines)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_three_cities_three_calls_then_one_answer_openai(lang):
    steps = openai_loop(OpenAI(), Q[lang], system="", tools=openai_tools(flowers_tools(lang)),
                        run=flowers_runner(lang))["steps"]
    first, second = steps
    assert first["finish_reason"] == "tool_calls"
    assert first["text"] is None
    assert [(c["id"], c["name"], c["input"]) for c in first["calls"]] == [
        (f"call_{n}", "get_flower_inventory", {"city": city}) for n, city in enumerate(CITIES[lang], 1)]
    assert second["finish_reason"] == "stop"
    assert second["text"] == expected_answer(lang)
    assert second["prompt_tokens"] > first["prompt_tokens"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_same_in_the_anthropic_shape(lang):
    first, second = anthropic_loop(Anthropic(), Q[lang], system="", tools=flowers_tools(lang),
                                   run=flowers_runner(lang))["steps"]
    assert [c["input"]["city"] for c in first["calls"]] == list(CITIES[lang])
    assert second["text"] == expected_answer(lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_without_the_tool_it_makes_stock_up(lang):
    (only,) = openai_loop(OpenAI(), Q[lang], system="", tools=[], run=flowers_runner(lang))["steps"]
    assert only["finish_reason"] == "stop"
    assert only["text"] == phrase(lang, "flowers.made_up", city=CITIES[lang][0])


def test_the_chinese_seed_ids_and_text():
    first, second = openai_loop(OpenAI(), Q["zh"], system="", tools=openai_tools(flowers_tools("zh")),
                                run=flowers_runner("zh"))["steps"]
    assert [c["id"] for c in first["calls"]] == ["call_1", "call_2", "call_3"]
    assert second["text"] == ("北京的鲜花库存：玫瑰: 100, 郁金香: 150\n"
                              "上海的鲜花库存：百合: 80, 康乃馨: 120\n"
                              "深圳的鲜花库存：向日葵: 200, 玉兰: 90")
