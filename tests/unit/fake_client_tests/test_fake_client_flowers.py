"""The flowers world (stock per city), OpenAI shape first, in every language."""

import pytest

import fake_client

from fake_client import Anthropic, OpenAI
from fake_client.locales import phrase
from support.fake_client_programs import (CALL, CITIES, LANGUAGES, STOCK, anthropic_loop, flowers_runner,
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
        (CALL[n], "get_flower_inventory", {"city": city}) for n, city in enumerate(CITIES[lang])]
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
    assert [c["id"] for c in first["calls"]] == CALL[:3]
    assert second["text"] == ("北京的鲜花库存：玫瑰: 100, 郁金香: 150\n"
                              "上海的鲜花库存：百合: 80, 康乃馨: 120\n"
                              "深圳的鲜花库存：向日葵: 200, 玉兰: 90")


TOGETHER = {"zh": "帮我一次查一下北京和上海的库存", "en": "Check the stock in Beijing and Shanghai at once",
            "ru": "Проверь остатки в Пекине и Шанхае разом", "uk": "Перевір залишки в Пекіні й Шанхаї разом",
            "bg": "Провери наличността в Пекин и Шанхай наведнъж",
            "fa": "موجودی پکن و شانگهای را یک‌جا بررسی کن"}


def strict_runner(lang):
    """A program that checks the arguments' shape, as the lesson teaches."""
    run = flowers_runner(lang)

    def check(name, arguments):
        if not isinstance(arguments.get("city"), str):
            return "错误：city 必须是字符串", True
        return run(name, arguments)

    return check


@pytest.mark.parametrize("lang", LANGUAGES)
def test_at_once_gives_one_badly_shaped_call_then_a_retry_per_city(lang):
    steps = openai_loop(OpenAI(), TOGETHER[lang], system="", tools=openai_tools(flowers_tools(lang)),
                        run=strict_runner(lang))["steps"]
    first, second, third = steps
    assert [(c["id"], c["input"]) for c in first["calls"]] == [(CALL[0], {"city": list(CITIES[lang][:2])})]
    assert [(c["id"], c["input"]) for c in second["calls"]] == [
        (CALL[1], {"city": CITIES[lang][0]}), (CALL[2], {"city": CITIES[lang][1]})]
    assert third["finish_reason"] == "stop"
    assert all(stock in third["text"] for stock in STOCK[:2])


WEATHER = {"type": "function", "function": {
    "name": "get_weather", "description": "查询指定城市今天的天气",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}


def test_weather_question_picks_the_weather_tool_and_stock_question_the_stock_tool():
    tools = openai_tools(flowers_tools("zh")) + [WEATHER]

    def run(name, arguments):
        return ("晴，32度" if name == "get_weather" else "玫瑰: 100"), False

    weather = openai_loop(OpenAI(), "深圳今天热不热？", system="", tools=tools, run=run)["steps"]
    assert [c["name"] for c in weather[0]["calls"]] == ["get_weather"]
    assert weather[1]["text"] == "深圳今天的天气：晴，32度"
    stock = openai_loop(OpenAI(), "深圳的鲜花库存是多少？", system="", tools=tools, run=run)["steps"]
    assert [c["name"] for c in stock[0]["calls"]] == ["get_flower_inventory"]


def test_swapping_descriptions_swaps_the_choice():
    def neutral(first, second):
        return [{"type": "function", "function": {"name": name, "description": description,
                                                  "parameters": {"type": "object", "properties": {
                                                      "city": {"type": "string"}}}}}
                for name, description in (("tool_a", first), ("tool_b", second))]

    stock, weather = "获取指定城市的鲜花库存", "查询指定城市今天的天气"
    ask = "深圳今天热不热？"
    run = lambda name, arguments: ("ok", False)  # noqa: E731
    one = openai_loop(OpenAI(), ask, system="", tools=neutral(stock, weather), run=run)["steps"]
    two = openai_loop(OpenAI(), ask, system="", tools=neutral(weather, stock), run=run)["steps"]
    assert one[0]["calls"][0]["name"] == "tool_b"
    assert two[0]["calls"][0]["name"] == "tool_a"


def test_a_vague_tool_is_not_called_here():
    vague = [{"type": "function", "function": {"name": "query", "description": "查询数据",
                                               "parameters": {"type": "object", "properties": {
                                                   "city": {"type": "string"}}}}}]
    (only,) = openai_loop(OpenAI(), Q["zh"], system="", tools=vague, run=flowers_runner("zh"))["steps"]
    assert only["finish_reason"] == "stop"
    assert only["text"] == phrase("zh", "flowers.made_up", city="北京")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_empty_result_is_said_as_such_never_quoted_as_nothing(lang):
    shanghai, runner = CITIES[lang][1], flowers_runner(lang)

    def empty_shanghai(name, arguments):
        return ("", False) if arguments.get("city") == shanghai else runner(name, arguments)

    steps = anthropic_loop(Anthropic(), Q[lang], system="", tools=flowers_tools(lang), run=empty_shanghai)["steps"]
    assert phrase(lang, "flowers.empty", city=shanghai) in steps[-1]["text"].split("\n")


# A language's lesson sets the chain in its own cities (fake_client/locales/<lang>.py,
# "flowers.cities"). A question may decline them (ru: "в Казани и Самаре"; Bulgarian does not
# decline), and the calls carry the plain names the schema's enum lists, in the order asked.
LESSON_CITIES = [
    ("ru", "Остатки цветов в магазине города.", "Сколько роз в Казани, Самаре и Ярославле?",
     ["Казань", "Самара", "Ярославль"]),
    ("bg", "Наличност на цветя в магазина в града.", "Колко рози имаме на склад в Бургас, София и Пловдив?",
     ["Бургас", "София", "Пловдив"]),
    # Chinese names do not decline, and these are not among the world's first cities.
    ("zh", "返回指定城市门店的鲜花库存。", "昆明、哈尔滨和成都的鲜花库存还有多少？", ["昆明", "哈尔滨", "成都"]),
    # Persian does not decline them either: the names as the question writes them.
    ("fa", "موجودی گل در فروشگاه شهر.", "در تهران، اصفهان و شیراز چند شاخه گل رز داریم؟", ["تهران", "اصفهان", "شیراز"]),
]


@pytest.mark.parametrize(("description", "question", "asked"), [case[1:] for case in LESSON_CITIES],
                         ids=[case[0] for case in LESSON_CITIES])
def test_a_lesson_s_own_cities_are_named_in_their_plain_form(description, question, asked):
    tools = [{"name": "get_stock", "description": description,
              "input_schema": {"type": "object", "required": ["city"], "properties": {
                  "city": {"type": "string", "enum": sorted(asked)}}}}]
    reply = Anthropic().messages.create(
        model="claude-sonnet-5", max_tokens=4096, tools=tools,
        messages=[{"role": "user", "content": question}])
    assert [block.input for block in reply.content if block.type == "tool_use"] == [{"city": city} for city in asked]


@pytest.mark.parametrize("question", [
    "Скільки троянд залишилося в Києві, Львові та Одесі?",   # locative: the vowel changes
    "Які залишки квітів у крамницях Києва, Львова й Одеси?",   # genitive
    "Залишки квітів: Київ, Львів, Одеса",                    # the plain form itself
])
def test_ukrainian_cities_of_the_lesson_are_named_in_their_plain_form(question):
    """The Ukrainian lesson's chain is in Kyiv, Lviv and Odesa; two of them change a vowel
    when declined (Київ → у Києві, Львів → у Львові), and every form gives the enum's name."""
    tools = [{"name": "get_stock", "description": "Залишки квітів у крамниці міста.",
              "input_schema": {"type": "object", "required": ["city"], "properties": {
                  "city": {"type": "string", "enum": ["Київ", "Львів", "Одеса"]}}}}]
    reply = Anthropic().messages.create(
        model="claude-sonnet-5", max_tokens=4096, tools=tools,
        messages=[{"role": "user", "content": question}])
    assert [block.input for block in reply.content if block.type == "tool_use"] == [
        {"city": "Київ"}, {"city": "Львів"}, {"city": "Одеса"}]


def _stock_and_weather(stock, weather):
    city = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
    return [{"name": "get_stock", "description": stock, "input_schema": city},
            {"name": "get_weather", "description": weather, "input_schema": city}]


# The lessons' own descriptions send frost, snow and delivery worries to the weather tool
# (attaching-tools: "не замёрзнет ли букет в дороге", "今天送货会不会受影响"); the model must
# hear those words as weather words, or a learner who tries the lesson's own question sees the
# stock tool called.
FROST_AND_SNOW = [
    ("ru", "Не замёрзнет ли букет по дороге в Ярославль?"), ("ru", "Мороз в Казани сильный?"),
    ("ru", "В Самаре идёт снег?"), ("ru", "Не замерзнут ли тюльпаны? Холод в Казани?"),
    ("uk", "Чи не замерзне букет дорогою до Одеси?"), ("uk", "У Львові сніг?"),
    ("bg", "Няма ли букетът да измръзне по пътя до Пловдив?"), ("bg", "Вали ли сняг в София?"),
    ("zh", "哈尔滨今天送货会不会受影响？"), ("zh", "哈尔滨今天下雪吗？"), ("zh", "哈尔滨今天会不会冻坏花束？"),
    ("fa", "امروز در شیراز برف می‌آید؟"), ("fa", "سفارش در راه اصفهان یخ می‌زند؟"),
    ("en", "Will the bouquet freeze on the way to Hangzhou?"), ("en", "Is there snow in Beijing today?"),
]


@pytest.mark.parametrize(("lang", "question"), FROST_AND_SNOW)
def test_frost_snow_and_delivery_are_weather_questions(lang, question):
    tools = _stock_and_weather(phrase(lang, "flowers.stock_intro") or "返回门店的鲜花库存，每种还剩多少枝。",
                               phrase(lang, "flowers.ask_weather_city"))
    reply = Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=500, tools=tools,
                                        messages=[{"role": "user", "content": question}])
    assert [block.name for block in reply.content if block.type == "tool_use"] == ["get_weather"]


@pytest.mark.parametrize("question", ["哈尔滨的玫瑰还剩多少枝？", "哈尔滨的鲜花库存还有多少？", "哈尔滨有没有郁金香？"])
def test_a_chinese_stock_question_still_picks_the_stock_tool(question):
    tools = _stock_and_weather("返回门店现在有哪些鲜花、每种还剩多少枝。有人问某种花还有没有、库存还剩多少时调用。",
                               "返回指定城市今天的天气。有人问天气、气温，或者要判断今天送货会不会受影响时调用。")
    reply = Anthropic().messages.create(model="claude-haiku-4-5", max_tokens=500, tools=tools,
                                        messages=[{"role": "user", "content": question}])
    assert [block.name for block in reply.content if block.type == "tool_use"] == ["get_stock"]


PREAMBLES = {
    "ru": ("Сколько роз в Казани и Самаре?", "Сейчас проверю через get_stock: Казань, Самара."),
    "uk": ("Скільки троянд у Києві та Львові?", "Зараз перевірю через get_stock: Київ, Львів."),
    "bg": ("Колко рози има в София и Пловдив?", "Ще проверя София, Пловдив чрез get_stock."),
    "zh": ("哈尔滨和成都的库存还有多少？", "我用 get_stock 查一下：哈尔滨、成都。"),
    "fa": ("موجودی گل در تهران و اصفهان چقدر است؟", "تهران، اصفهان را با get_stock بررسی می‌کنم."),
    "en": ("What is the flower stock in Beijing and Shanghai?", "I'll check with get_stock: Beijing, Shanghai."),
}


@pytest.mark.parametrize("lang", sorted(PREAMBLES))
def test_the_text_before_the_calls_lists_the_cities_grammatically(lang):
    # ru "Проверю Казань, Самара" put the names in the wrong case; zh wrote "查一下 哈尔滨, 成都"
    # (a space before Han, a half-width comma for a call about two cities at once)
    question, said = PREAMBLES[lang]
    city = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
    reply = Anthropic().messages.create(
        model="claude-haiku-4-5", max_tokens=500, messages=[{"role": "user", "content": question}],
        tools=[{"name": "get_stock", "description": phrase(lang, "flowers.stock_intro") or "鲜花库存",
                "input_schema": city}])
    assert [block.text for block in reply.content if block.type == "text"] == [said]


def test_a_call_about_two_cities_at_once_lists_them_in_the_language_s_comma():
    city = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
    reply = Anthropic().messages.create(
        model="claude-haiku-4-5", max_tokens=500, messages=[{"role": "user", "content": "把哈尔滨和成都的库存一次查完"}],
        tools=[{"name": "get_stock", "description": "鲜花库存", "input_schema": city}])
    assert [block.input for block in reply.content if block.type == "tool_use"] == [{"city": ["哈尔滨", "成都"]}]
    assert reply.content[0].text == "我用 get_stock 查一下：哈尔滨、成都。"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_thinking_without_tools_does_not_speak_of_tools(lang):
    # The course's model omits its thinking text by default: ask for the summary to read it.
    reply = Anthropic().messages.create(model="claude-sonnet-5", max_tokens=500,
                                        thinking={"type": "adaptive", "display": "summarized"},
                                        messages=[{"role": "user", "content": Q[lang]}])
    assert reply.content[0].thinking == phrase(lang, "thinking.no_tools")
    plain = Anthropic().messages.create(model="claude-sonnet-5", max_tokens=500,
                                        messages=[{"role": "user", "content": Q[lang]}])
    assert plain.content[0].type == "thinking" and plain.content[0].thinking == ""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_failed_call_without_a_city_names_no_city(lang):
    """A call that came without its city (fault missing_required_argument) is said to have
    failed without an empty place where the city would go (ru: never ": остатки …")."""
    fake_client.faults.next("missing_required_argument")
    try:
        steps = anthropic_loop(Anthropic(), Q[lang], system="", tools=flowers_tools(lang),
                               run=lambda name, arguments: ("city is required", True))["steps"]
    finally:
        fake_client.faults.clear()
    assert steps[0]["calls"][0]["input"] == {}
    assert phrase(lang, "flowers.not_found_no_city") in steps[-1]["text"].split("\n")
    assert not steps[-1]["text"].startswith((":", "：")), steps[-1]["text"]
