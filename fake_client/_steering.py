"""What the request's settings do to the world's reply: `tool_choice`, parallel calls,
strict tools, and the short text Claude writes before its tool calls.

- `none`: the model is shown the tools but may not call them, so it answers as it would
  without tools (the world makes an answer up, or asks for what it needs).
- `auto` (the default): the world's reply as it is.
- `any` (OpenAI "required"): the reply holds tool calls only (the real API prefills the turn,
  so there is no text before them). When the world would not call a tool, the model calls
  one anyway, as best it can: it repeats its newest call (a loop with `any` never ends by
  itself: that is why it is set for one turn only), else calls the first offered tool with
  the value the question names (an order number like 1042 or SP-1024), else with no input.
- `tool` (OpenAI `{"type": "function", "function": {"name": ...}}`): as `any`, for that one
  tool; the world's own calls of it are kept, and a call it meant for another tool goes to
  the forced one with the same value.
- parallel off (`disable_parallel_tool_use: true`, `parallel_tool_calls: false`): at most
  one call per reply, the first the world asked for; the calls it held back come one a reply
  on the next steps (after each result, the next call the question asked for and the
  conversation has not made yet), and the answer only once none is left, about every result
  since the question (as if the calls had come in one reply), as a real model goes on with a
  question about two orders.
- strict tools: the input always matches the schema (`_strict.conform`).
- preamble (Anthropic shape, `auto`): a reply that calls tools starts with one short text in
  the conversation's language naming the tools and values ("I'll check 1042 with
  get_order_status."), as Claude usually does. The OpenAI shape keeps `content: null`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional

from ._conversation import Ask, Conversation, Part, Say, Settings, Tool, Turn
from ._strict import conform
from .worlds import respond
from .worlds._reading import fill_input, key_value, named_value
from .worlds._voice import Voice



def steer(conversation: Conversation, settings: Settings) -> list[Part]:
    """The reply under the request's settings, by the rules in the module docstring."""
    if settings.tool_choice == "none" or not conversation.tools:
        return respond(replace(conversation, tools=[]))
    parts = respond(conversation)
    if not settings.parallel:
        parts = _held_back_call(conversation) or _answer_to_all(conversation) or parts
    if settings.tool_choice in ("any", "tool"):
        parts = _forced(conversation, parts, settings)
    if not settings.parallel:
        parts = _first_call_only(parts)
    parts = [_strict_input(conversation, part, settings) for part in parts]
    if settings.preamble and settings.tool_choice == "auto":
        parts = _with_preamble(parts, Voice(conversation.language))
    return parts


def _forced(conversation: Conversation, parts: list[Part], settings: Settings) -> list[Part]:
    allowed = [tool for tool in conversation.tools
               if settings.tool_choice == "any" or tool.name == settings.forced_tool]
    names = {tool.name for tool in allowed}
    asks = [part for part in parts if isinstance(part, Ask)]
    kept = [ask for ask in asks if ask.name in names]
    if kept:
        return list(kept)
    if asks:  # meant for another tool: the forced one gets the same value
        return [Ask(allowed[0].name, fill_input(allowed[0], key_value(asks[0].input) or None))]
    return [_best_guess(conversation, allowed)]


def _best_guess(conversation: Conversation, allowed: list[Tool]) -> Ask:
    names = {tool.name for tool in allowed}
    for call, _result in reversed(conversation.steps_since_question()):
        if call.name in names:
            return Ask(call.name, dict(call.input))
    tool = allowed[0]
    return Ask(tool.name, fill_input(tool, named_value(conversation.question)))


def _held_back_call(conversation: Conversation) -> list[Part]:
    """With parallel calls off, after a result: the next call the world would have asked for
    at the question and the conversation has not made yet, or nothing."""
    if not conversation.last_results:
        return []
    start = conversation.question_turn
    if start is None:
        return []
    at_question = respond(replace(conversation, turns=conversation.turns[:start + 1]))
    made = [(call.name, call.input) for call, _ in conversation.steps_since_question()]
    waiting = [part for part in at_question
               if isinstance(part, Ask) and (part.name, part.input) not in made]
    return waiting[:1]


def _answer_to_all(conversation: Conversation) -> list[Part]:
    """With parallel calls off, the answer once no call is held back: the world's reply to
    every call since the question and its result, as if they had come in one reply."""
    steps = conversation.steps_since_question()
    start = conversation.question_turn
    if len(steps) < 2 or start is None or not conversation.last_results:
        return []
    merged = [*conversation.turns[:start + 1], Turn("assistant", calls=[call for call, _ in steps]),
              Turn("user", results=[result for _, result in steps if result is not None])]
    return respond(replace(conversation, turns=merged))


def _first_call_only(parts: list[Part]) -> list[Part]:
    first = next((index for index, part in enumerate(parts) if isinstance(part, Ask)), None)
    return parts if first is None else [part for index, part in enumerate(parts)
                                         if not isinstance(part, Ask) or index == first]


def _strict_input(conversation: Conversation, part: Part, settings: Settings) -> Part:
    if not isinstance(part, Ask) or part.name not in settings.strict_tools:
        return part
    tool: Optional[Tool] = conversation.offered(part.name)
    return Ask(part.name, conform(tool.schema, part.input)) if tool else part


def _with_preamble(parts: list[Part], voice: Voice) -> list[Part]:
    asks = [part for part in parts if isinstance(part, Ask)]
    if not asks or not isinstance(parts[0], Ask):
        return parts
    tools = voice.join(dict.fromkeys(ask.name for ask in asks), short=True)
    values = [_values_of(ask.input) for ask in asks]
    if all(values):
        # one list in the language's own comma, a call about several values included
        # ("哈尔滨、成都", not "哈尔滨, 成都")
        named = [value for listed in values for value in listed]
        text = voice.line("preamble.values", values=voice.join(dict.fromkeys(named), short=True),
                          tools=tools)
    else:
        text = voice.line("preamble.plain", tools=tools)
    return [Say(text), *parts]


def _values_of(input_: dict) -> list[str]:
    """The values a call is about: its first value, or each item when that is a list."""
    first = next(iter(input_.values()), None)
    if isinstance(first, list):
        return [str(item) for item in first]
    value = key_value(input_)
    return [value] if value else []
