"""shop — an online shop's support assistant (the Bulgarian seed's world).

Tools it understands: order status (words like "status", "delivery", "where") and return
window ("return", "върна"), keyed by an order number such as 1042. What it does, in order:

- the conversation ends with tool results → if a result carries an order aimed at the
  model ("ignore your instructions…", in any language: prompt injection through data), it
  obeys, as a naive model does, and promises a full refund; if the question said "around
  1050" and every guess failed, it guesses the next number (1050, 1051, … for as long as the caller lets
  it); otherwise it answers from the results, in the order of the calls they answer (matched
  by id, whatever order they were sent in): the successful ones quoted (with two or more,
  each after its order number unless it names it: "1042: shipped; 1187: delivered"), an
  empty one said as such ("the tool returned nothing for order 1042"), then, for the
  first failure, "that order is not yours", "what is your order number?" (a missing field)
  or "I can't find that order";
- a thank-you → a plain reply, no tools;
- each order number in the question → one call, for the return window if its clause (the
  question split at punctuation and "and") speaks of returning, else for the status; two
  numbers → two calls in one reply; a question about an order without a number → a status
  call without the number (the program's check must catch it); "around 1050" → the first
  guess, 1050;
- no fitting tool offered (none at all, or the one it needs was removed) → it makes an
  answer up ("order 1042 will reach you by Friday"), which is the lesson of having tools.
"""

from __future__ import annotations

import re
from typing import Optional

from .._conversation import Ask, Conversation, Part, Result, Say
from ._reading import (error_kind, failed, fill_input, is_empty, is_thanks, key_value, mentions,
                       pick_tool, understood_intents)
from ._voice import Voice

NAME = "shop"
INTENTS = ("order.status", "order.return")
# Digits of any script (Persian ۱۰۴۲ too), not inside an id like SP-1024 or a date like 03.11.
_ORDER_NUMBER = re.compile(r"(?<![A-Za-z0-9_.\-])\d{3,}(?![A-Za-z0-9_\-]|\.\d)")
# Where one request in a question ends and the next begins: punctuation or "and".
_CLAUSE_BREAK = re.compile(r"[,;?!.，；？！。、؟،]\s*|\s+(?:и|і|й|and|و)\s+|和|还有|以及")


def claim(chat: Conversation) -> int:
    """How sure the model is that this conversation is about the shop."""
    score = sum(3 for tool in chat.tools if understood_intents(tool, INTENTS)[0])
    text = f"{chat.question}\n{chat.system}"
    if _ORDER_NUMBER.search(chat.question) and (mentions(text, "order.words") or _asks_anything(text)):
        score += 2
    elif mentions(text, "order.words"):
        score += 1
    return score


def respond(chat: Conversation, voice: Voice) -> list[Part]:
    """The reply to the conversation, by the rules in the module docstring."""
    question = chat.question
    if chat.last_results:
        return _after_results(chat, voice)
    if is_thanks(question):
        return [voice.say("chat.thanks")]
    wanted = _lookups(question)
    if not wanted:
        return [voice.say("shop.help")]
    if mentions(question, "order.approximate") and wanted[0][1] is not None:
        return _guess(chat, int(wanted[0][1]), 0) or [_made_up(wanted, voice)]
    asks: list[Part] = []
    for intent, number in wanted:
        tool = pick_tool(chat.tools, intent, INTENTS)
        if tool is not None:
            asks.append(Ask(tool.name, fill_input(tool, number)))
    return asks or [_made_up(wanted, voice)]


def _asks_anything(text: str) -> bool:
    return any(mentions(text, intent) for intent in INTENTS)


def _lookups(question: str) -> list[tuple[str, Optional[str]]]:
    """(intent, order number) pairs the question asks for, in the order it asks them."""
    wanted: list[tuple[str, Optional[str]]] = []
    for clause in _CLAUSE_BREAK.split(question):
        wanted += [(_intent_of(clause), _plain_number(number))
                   for number in _ORDER_NUMBER.findall(clause)]
    if not wanted and (mentions(question, "order.words") or _asks_anything(question)):
        wanted.append((_intent_of(question), None))
    return wanted


def _intent_of(clause: str) -> str:
    return "order.return" if mentions(clause, "order.return") else "order.status"


def _plain_number(digits: str) -> str:
    return str(int(digits))  # "۱۰۴۲" → "1042", as a person means it


def _guess(chat: Conversation, base: int, tried: int) -> list[Part]:
    tool = pick_tool(chat.tools, "order.status", INTENTS)
    if tool is None:
        return []
    return [Ask(tool.name, fill_input(tool, str(base + tried)))]


def _made_up(wanted: list[tuple[str, Optional[str]]], voice: Voice) -> Say:
    intent, number = wanted[0]
    if number is None:
        return voice.say("shop.made_up_status_unknown")
    if intent == "order.return":
        return voice.say("shop.made_up_return", order=number)
    return voice.say("shop.made_up_status", order=number)


_ERROR_PHRASES = {"foreign": "shop.foreign", "missing": "shop.ask_number",
                  "type": "shop.ask_number", "not_found": "shop.not_found"}


def _after_results(chat: Conversation, voice: Voice) -> list[Part]:
    results = chat.last_results
    if any(mentions(result.content, "shop.injection") for result in results):
        return [voice.say("shop.obeyed")]
    guessing = mentions(chat.question, "order.approximate")
    if guessing and all(failed(result) for result in results):
        numbers = _ORDER_NUMBER.findall(chat.question)
        if numbers:
            tried = len(chat.steps_since_question())
            guess = _guess(chat, int(_plain_number(numbers[0])), tried)
            if guess:
                return guess
    return [Say(_answer(_in_call_order(chat, results), voice))]


def _in_call_order(chat: Conversation, results: list[Result]) -> list[Result]:
    """The results in the order of the calls they answer (matched by id, as the APIs match
    them), whatever order the program sent them in."""
    place = {call.id: index for index, (call, _) in enumerate(chat.steps_since_question())}
    return sorted(results, key=lambda result: place.get(result.call_id, len(place)))


def _answer(results: list[Result], voice: Voice) -> str:
    answered = [result for result in results if not failed(result) and not is_empty(result)]
    found = [_quoted(result, voice, several=len(answered) > 1) for result in answered]
    errors = [result for result in results if failed(result)]
    sentences = []
    if found:
        sentences.append(voice.line("shop.found", results=voice.join(found)))
    # An empty result is said as such, never quoted as nothing ("Found: …; .").
    sentences += [voice.line("shop.empty", order=_order_of(result) or "?")
                  for result in results if not failed(result) and is_empty(result)]
    if errors:
        sentences.append(voice.line(_ERROR_PHRASES[error_kind(errors[0])]))
    return voice.sentences(sentences)


def _quoted(result: Result, voice: Voice, several: bool) -> str:
    """A result as the answer quotes it: with several, each tied to its call's order number
    (unless the result names it already), so that which answer is whose stays clear."""
    text = result.content.strip().rstrip(".。")
    order = _order_of(result)
    if several and order and order not in text:
        return voice.line("shop.found_for", order=order, result=text)
    return text


def _order_of(result: Result) -> str:
    return key_value(result.call.input) if result.call is not None else ""
