"""flowers — flower stock and weather per city (the Chinese seed's world, usually in the
OpenAI shape).

Tools it understands: stock per city ("inventory", "库存", "наличност") and the weather per
city ("weather", "天气", "погода"), each keyed by its first field (`city`). It claims a
conversation with such tools or naming known cities (Beijing, Shanghai, Shenzhen, Guangzhou,
Hangzhou, in any of the languages, and a language's own cities where its lesson is set there:
Kazan, Samara and Yaroslavl in Russian, Sofia, Plovdiv and Burgas in Bulgarian,
Kyiv, Lviv and Odesa in Ukrainian, Harbin, Chengdu and Kunming in Chinese, Tehran, Isfahan
and Shiraz in Persian). Its model does not guess: a tool whose name and description say
nothing it recognises is left alone. What it does:

- a question naming cities → one call per city, in the order named, all in one reply, each
  with its own id; a weather question (weather words, no stock words) calls the weather
  tool the same way; which tool is which is read from names and descriptions only, so
  swapping the descriptions of two neutrally named tools swaps the choice;
- a stock question asking for several cities "at once" ("一次", "一起", "разом", "at once")
  → ONE call whose field holds a list, `{"city": ["北京", "上海"]}`: valid JSON, wrong shape;
  if that call fails, it retries with one proper call per city;
- after the results → one answer, a line per city (a failed one says so);
- no city → it asks which; a thank-you → a plain reply; no fitting tool → a made-up answer.
"""

from __future__ import annotations

from typing import Optional

from .._conversation import Ask, Call, Conversation, Part, Result, Say, Tool
from ..locales import words_everywhere
from ._reading import (failed, fill_input, is_empty, is_thanks, key_field, key_value, mentions, pick_tool,
                       understood_intents, word_position)
from ._voice import Voice

NAME = "flowers"
INTENTS = ("flowers.stock", "flowers.weather")


def claim(chat: Conversation) -> int:
    """How sure the model is that this conversation is about flowers and cities."""
    score = sum(3 for tool in chat.tools if understood_intents(tool, INTENTS)[0])
    return score + 2 * len(_cities(chat.question))


def _cities(question: str) -> list[str]:
    """The known cities the question names, in the order it names them (a declined name,
    "в Шанхае", is given in its plain form, "Шанхай")."""
    found: dict[int, str] = {}
    for entry in words_everywhere("flowers.cities"):
        stem, _, name = entry.partition("|")
        position = word_position(question, stem)
        if position >= 0:
            found.setdefault(position, name or stem)
    return [found[position] for position in sorted(found)]


def _intent_of(question: str) -> str:
    weather = mentions(question, "flowers.weather") and not mentions(question, "flowers.stock")
    return "flowers.weather" if weather else "flowers.stock"


def respond(chat: Conversation, voice: Voice) -> list[Part]:
    """The reply to the conversation, by the rules in the module docstring."""
    if chat.last_results:
        return _after_results(chat, voice)
    if is_thanks(chat.question):
        return [voice.say("chat.thanks")]
    cities = _cities(chat.question)
    intent = _intent_of(chat.question)
    weather = intent == "flowers.weather"
    tool = pick_tool(chat.tools, intent, INTENTS, guess=False)
    if tool is None:
        if cities:
            return [voice.say("flowers.made_up_weather" if weather else "flowers.made_up", city=cities[0])]
        if weather:
            return [voice.say("flowers.ask_weather_city")]
        return [voice.say("flowers.made_up_unknown" if mentions(chat.question, "flowers.stock")
                          else "flowers.ask_city")]
    if not cities:
        return [voice.say("flowers.ask_weather_city" if weather else "flowers.ask_city")]
    field = key_field(tool)
    if not weather and len(cities) > 1 and field and mentions(chat.question, "flowers.together"):
        return [Ask(tool.name, {field: cities})]
    return [Ask(tool.name, fill_input(tool, city)) for city in cities]


def _after_results(chat: Conversation, voice: Voice) -> list[Part]:
    steps = [(call, result) for call, result in chat.steps_since_question() if result is not None]
    last_call, last_result = steps[-1]
    bundled = [value for value in last_call.input.values() if isinstance(value, list)]
    tool = chat.offered(last_call.name)
    if failed(last_result) and bundled and tool is not None:
        return [Ask(tool.name, fill_input(tool, str(city))) for city in bundled[0]]
    return [Say(_answer(chat, steps, voice))]


def _answer(chat: Conversation, steps: list[tuple[Call, Result]], voice: Voice) -> str:
    lines, stock_lines = [], 0
    for call, result in steps:
        if failed(result) and any(isinstance(value, list) for value in call.input.values()):
            continue  # the bundled call, since retried city by city
        city = key_value(call.input)
        if failed(result):  # a call without a city (missing_required_argument) names none
            lines.append(voice.line("flowers.not_found", city=city) if city
                         else voice.line("flowers.not_found_no_city"))
        elif is_empty(result):  # said as such, never quoted as nothing
            lines.append(voice.line("flowers.empty", city=city))
        elif _is_weather_tool(chat.offered(call.name)):
            lines.append(voice.line("flowers.weather", city=city, weather=result.content.strip()))
        else:
            lines.append(voice.line("flowers.stock", city=city, stock=result.content.strip()))
            stock_lines += 1
    intro = voice.line("flowers.stock_intro")
    return "\n".join([intro, *lines] if intro and stock_lines else lines)


def _is_weather_tool(tool: Optional[Tool]) -> bool:
    return tool is not None and "flowers.weather" in understood_intents(tool, INTENTS)[0]
