"""support — a support agent looking up orders numbered like SP-1024 (the Russian and
Ukrainian seeds' world).

Tools it understands: order status ("status", "delivery", "where"), account balance
("balance", "баланс") and a refund ("refund", "возврат"). It claims a conversation that shows an order number like SP-1024
(in the question, the system prompt or a tool's description) or a tool with an `order_no`
field. What it does:

- the conversation ends with tool results → for each: a successful one is quoted (a refund's
  as done, `support.done`, and so is an action's that is not about an order, such as a mail
  sent: "Done: the mail was sent to …", not "Here is what I found"; a failed refund's error
  as not done, `support.not_done`); an
  *empty* one ("", "[]", "{}", "null") is taken as good news ("order SP-1024 has been
  delivered"), which is how a swallowed error misleads a customer; a failure is read by its
  text: another customer's order → "that order is not yours"; a wrong type → "please write
  the number in full"; a missing field → "what is the number?"; anything else, such as an
  explicit "not found" → "I could not find order SP-9999, please check the number" (a
  number asked by another field than an order's, such as `parcel_no`: "I could not find
  PK-7703");
- results that are only failures of calls the desk would not make itself (one about no
  order number, such as a `send_email` an instruction planted in a result asked for, refused
  by the program) → it answers from the results before them, as if that call had not been made;
- a thank-you → a plain reply;
- each SP-style number → one status call with it as text; a bare number ("заказ 1024")
  → a call with the number as an *integer*, the wrong type for a string field, which the
  program must refuse; a question about an order without a number → it asks for the number;
  a balance question → a balance call with an empty input: which customer is asking is the
  program's to know (from its session), never the model's to choose; a refund question
  ("верните деньги за SP-1187") with a refund tool offered → one refund call per SP-number,
  which the program may hold for a person's approval and answer in a later turn; a summary
  request ("кратко перескажи письмо клиента") with a tool that fetches a customer's letter
  ("letter", "письмо") offered → a call of it (with each SP-number named, else empty); the
  summary after its result is `chat`'s, the same as one request with the letter's text;
- dependent steps: a question about an order, a refund or a letter that names no number
  ("where is my latest order?"), with a tool offered that lists the customer's orders (or,
  for a letter, their letters: "list", "список", …) → a call of that list tool with an empty
  input; after its result, the call the question wanted (status, refund or letter) with the
  first SP-number the list holds (the program lists the newest first): its argument comes
  from the earlier result, which is what a program could not have written in advance. A
  list tool is never taken for a status, refund or letter tool;
- no fitting tool → a made-up answer. A vague tool (say `fetch`, "extracts data") is
  called for whatever it is asked, balance or delivery alike.
"""

from __future__ import annotations

import json
import re

from .._conversation import Ask, Call, Conversation, Part, Result, Say, Tool
from ._reading import (error_kind, failed, fill_input, is_empty, is_thanks, key_field, key_value,
                       looks_like_error, mentions, pick_tool, tool_text, understood_intents)
from ._voice import Voice

NAME = "support"
INTENTS = ("order.status", "order.balance", "order.return")
_ORDER_ID = re.compile(r"(?<![A-Za-z0-9_])[A-Z]{2,4}-\d{2,}(?![A-Za-z0-9_])")
_BARE_NUMBER = re.compile(r"(?<![A-Za-z0-9_.\-])\d{3,}(?![A-Za-z0-9_\-]|\.\d)")


def claim(chat: Conversation) -> int:
    """How sure the model is that this conversation is the support agent's."""
    where = " ".join([chat.question, chat.system] + [f"{tool.description} {json.dumps(tool.schema)}"
                                                     for tool in chat.tools])
    score = 5 if _ORDER_ID.search(where) else 0
    if any("order_no" in tool.properties for tool in chat.tools):
        score += 5
    if mentions(chat.question, "order.balance"):
        score += 2
    if not score:
        return 0
    return score + sum(1 for tool in chat.tools if understood_intents(tool, INTENTS)[0])


def respond(chat: Conversation, voice: Voice) -> list[Part]:
    """The reply to the conversation, by the rules in the module docstring."""
    question = chat.question
    if chat.last_results:
        return _after_list(chat) or [_answer(_results_to_answer(chat), chat, voice)]
    if is_thanks(question):
        return [voice.say("chat.thanks")]
    ids = _ORDER_ID.findall(question)
    first_step = _list_first(chat) if not ids and not _BARE_NUMBER.search(question) else None
    if first_step is not None:
        return [Ask(first_step.name, fill_input(first_step, None))]
    letter = _letter_tool(chat) if mentions(question, "chat.summarise") else None
    if letter is not None:
        return [Ask(letter.name, fill_input(letter, order_id)) for order_id in ids or [None]]
    bare = [] if ids else [str(int(number)) for number in _BARE_NUMBER.findall(question)]
    wants_balance = mentions(question, "order.balance")
    wants_order = (bool(ids or bare) or mentions(question, "order.words")
                   or mentions(question, "order.status"))
    if not (wants_balance or wants_order):
        return [voice.say("support.help")]
    refund = pick_tool(_own_tools(chat), "order.return", INTENTS, guess=False) if ids else None
    if refund is not None and mentions(question, "order.return"):
        return [Ask(refund.name, fill_input(refund, order_id)) for order_id in ids]
    parts: list[Part] = []
    if wants_order:
        tool = pick_tool(_own_tools(chat), "order.status", INTENTS)
        if tool is None:
            return [_made_up_status(ids or bare, voice)]
        if not (ids or bare):
            return [voice.say("support.ask_number")]
        parts += [Ask(tool.name, fill_input(tool, order_id)) for order_id in ids]
        parts += [Ask(tool.name, _as_integer(tool, number)) for number in bare]
    if wants_balance:
        tool = pick_tool(_own_tools(chat), "order.balance", INTENTS)
        if tool is None:
            return parts or [voice.say("support.made_up_balance")]
        parts.append(Ask(tool.name, {}))
    return parts


def _letter_tool(chat: Conversation):
    """The offered tool that fetches a customer's letter, or None. Only a summary request
    looks for one, so the desk's other questions are read as before."""
    return pick_tool(_own_tools(chat), "order.letter", INTENTS + ("order.letter",), guess=False)


def _is_list(tool: Tool) -> bool:
    """A tool that lists the customer's orders or letters (its name or description says so)."""
    return mentions(tool_text(tool), "order.list")


def _own_tools(chat: Conversation) -> list[Tool]:
    """The offered tools less the list tools: a list is never taken for the step after it."""
    return [tool for tool in chat.tools if not _is_list(tool)]


def _wanted(chat: Conversation):
    """The tool the question wants once it knows an order number: the letter tool for a
    summary request, the refund tool for a refund, else the status tool (or None)."""
    question = chat.question
    if mentions(question, "chat.summarise"):
        return _letter_tool(chat)
    if mentions(question, "order.return"):
        refund = pick_tool(_own_tools(chat), "order.return", INTENTS, guess=False)
        if refund is not None:
            return refund
    if mentions(question, "order.words") or mentions(question, "order.status"):
        return pick_tool(_own_tools(chat), "order.status", INTENTS, guess=False)
    return None


def _list_first(chat: Conversation):
    """For a question that names no number: the list tool to call first, or None. A letter
    is looked up in a list of letters, anything else in a list of orders."""
    wanted = _wanted(chat)
    if wanted is None:
        return None
    letters = "order.letter" in understood_intents(wanted, INTENTS + ("order.letter",))[0]
    fitting = [tool for tool in chat.tools
               if _is_list(tool) and mentions(tool_text(tool), "order.letter") == letters]
    return fitting[0] if fitting else None


def _after_list(chat: Conversation) -> list[Part]:
    """After a list tool's result, for a question that names no number: the wanted call
    with the first SP-number of the list, unless it was made already (then: the answer)."""
    if _ORDER_ID.search(chat.question):
        return []
    listed = [result for result in chat.last_results
              if result.call is not None and not failed(result)
              and (tool := chat.offered(result.call.name)) is not None and _is_list(tool)]
    numbers = _ORDER_ID.findall(listed[0].content) if listed else []
    wanted = _wanted(chat) if numbers else None
    if wanted is None:
        return []
    ask = Ask(wanted.name, fill_input(wanted, numbers[0]))
    made = [(call.name, call.input) for call, _ in chat.steps_since_question()]
    return [] if (ask.name, ask.input) in made else [ask]


def _as_integer(tool: Tool, number: str) -> dict:
    """The number as the model wrongly sends it: an integer, whatever the schema says."""
    name = key_field(tool)
    return {name: int(number)} if name else {}


def _made_up_status(numbers: list[str], voice: Voice) -> Say:
    if numbers:
        return voice.say("support.made_up_status", order=numbers[0])
    return voice.say("support.made_up_status_unknown")


_ERROR_PHRASES = {"foreign": "support.foreign", "type": "support.ask_full_number",
                  "missing": "support.ask_number", "not_found": "support.not_found"}


def _error_phrase(result: Result) -> str:
    """The phrase for a failed lookup. "Not found" names an order only when the call asked by
    an order field (`order_no`): a number sent in another field (a parcel's `parcel_no`) is
    not found as a number, so the answer does not call a parcel an order."""
    kind = error_kind(result)
    asked_by = list(result.call.input) if result.call is not None else []
    if kind == "not_found" and asked_by and not any("order" in name.lower() for name in asked_by):
        return "support.not_found_number"
    return _ERROR_PHRASES[kind]


def _is_refund(chat: Conversation, name: str) -> bool:
    """True if the offered tool `name` is one the desk takes for a refund."""
    tool = chat.offered(name)
    return tool is not None and "order.return" in understood_intents(tool, INTENTS)[0]


def _own(call: Call) -> bool:
    """A call the desk would make itself: about an order number (an SP-number, or a bare
    number sent as one) or with no input at all (the balance)."""
    value = key_value(call.input)
    return value == "" or value.isdigit() or bool(_ORDER_ID.fullmatch(value))


def _results_to_answer(chat: Conversation) -> list[Result]:
    """The last results, less the failures of calls the desk would not make itself (a
    `send_email` to an address a planted instruction named, refused by the program); when
    nothing else is left, the successful results before them, since the question."""
    kept = [result for result in chat.last_results
            if not failed(result) or result.call is None or _own(result.call)]
    if kept:
        return kept
    earlier = [result for call, result in chat.steps_since_question()
               if result is not None and not failed(result)]
    return earlier or chat.last_results


def _reason(text: str) -> str:
    """An error's text without its leading "Error:" (how Chat Completions results say they
    failed) and final full stop: the reason, to quote."""
    text = text.strip()
    if looks_like_error(text):
        text = re.split(r"[:：]", text, maxsplit=1)[-1].strip()
    return text.rstrip(".。")


def _answer(results: list[Result], chat: Conversation, voice: Voice) -> Say:
    found, done, sentences = [], [], []
    for result in results:
        order = key_value(result.call.input) if result.call else ""
        refund = result.call is not None and _is_refund(chat, result.call.name)
        if refund and failed(result):
            sentences.append(voice.line("support.not_done", order=order, error=_reason(result.content)))
        elif refund:
            done.append(result.content.strip().rstrip(".。"))
        elif failed(result):
            sentences.append(voice.line(_error_phrase(result), order=order))
        elif is_empty(result):
            sentences.append(voice.line("support.delivered", order=order))
        elif result.call is not None and not _own(result.call):
            done.append(result.content.strip().rstrip(".。"))   # an action, such as a mail sent: not a finding
        else:
            found.append(result.content.strip().rstrip(".。"))
    if found:
        sentences.insert(0, voice.line("support.found", results=voice.join(found)))
    if done:
        sentences.insert(0, voice.line("support.done", results=voice.join(done)))
    return Say(voice.sentences(sentences))
