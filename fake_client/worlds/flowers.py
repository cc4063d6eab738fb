"""flowers — flower stock per city (the Chinese seed's world, usually in the OpenAI shape).

Tool it understands: stock per city ("inventory", "库存", "наличност"), keyed by `city`.
It claims a conversation with such a tool or naming known cities (Beijing, Shanghai,
Shenzhen, Guangzhou, Hangzhou, written in any of the languages). What it does:

- a question naming cities → one call per city, in the order named, all in one reply, each
  with its own id;
- after the results → one answer, a line per city, from the results (a failed one says so);
- a question about stock without a city → it asks which city; a thank-you → a plain reply;
- no fitting tool → a made-up count.
"""

from __future__ import annotations

from .._conversation import Ask, Conversation, Part, Say
from ..locales import words_everywhere
from ._reading import (failed, fill_input, is_thanks, key_value, mentions, pick_tool,
                       understood_intents, word_position)
from ._voice import Voice

NAME = "flowers"
INTENTS = ("flowers.stock",)


def claim(chat: Conversation) -> int:
    """How sure the model is that this conversation is about flower stock."""
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


def respond(chat: Conversation, voice: Voice) -> list[Part]:
    """The reply to the conversation, by the rules in the module docstring."""
    if chat.last_results:
        return [Say(_answer(chat, voice))]
    if is_thanks(chat.question):
        return [voice.say("chat.thanks")]
    cities = _cities(chat.question)
    tool = pick_tool(chat.tools, "flowers.stock", INTENTS)
    if tool is None:
        if cities:
            return [voice.say("flowers.made_up", city=cities[0])]
        return [voice.say("flowers.made_up_unknown" if mentions(chat.question, "flowers.stock")
                          else "flowers.ask_city")]
    if not cities:
        return [voice.say("flowers.ask_city")]
    return [Ask(tool.name, fill_input(tool, city)) for city in cities]


def _answer(chat: Conversation, voice: Voice) -> str:
    lines = []
    for call, result in chat.steps_since_question():
        if result is None:
            continue
        city = key_value(call.input)
        if failed(result):
            lines.append(voice.line("flowers.not_found", city=city))
        else:
            lines.append(voice.line("flowers.stock", city=city, stock=result.content.strip()))
    intro = voice.line("flowers.stock_intro")
    return "\n".join([intro, *lines] if intro else lines)
