"""chat — what is left when no lesson world fits: thanks, an offer of help, and summaries.

A request to summarise a text ("summarise this message: …", "кратко перескажи: …", "总结：…")
is answered in one call, without tools, whatever the text is about. A summary request that
names no text (say, a letter in a file) is left to the world that fetches it (`files`); once
its text came back as a tool result, the summary is chat's again, so one call and a tool loop
give the same answer (a lesson can then compare their bills).

The summary keeps each sentence's main clause, the part before its first comma ("The box
arrived crushed, though the kettle is fine." → "The box arrived crushed."): shorter than the
text, and every point of it is still there.
"""

from __future__ import annotations

import re

from .._conversation import Conversation, Part
from ._reading import failed, is_empty, is_thanks, mentions, tool_text
from ._voice import Voice

NAME = "chat"
_SENTENCE = re.compile(r"[^.!?。！？؟]+[.!?。！？؟]*")
_CLAUSE_END = re.compile(r"\s*[,，،、]")


def claim(chat: Conversation) -> int:
    """A summary request is always chat's; anything else only when no world wants it."""
    return 100 if _text_to_summarise(chat) else 0


def respond(chat: Conversation, voice: Voice) -> list[Part]:
    text = _text_to_summarise(chat)
    if text:
        return [voice.say("chat.summary", summary=summarise(text, voice))]
    if is_thanks(chat.question):
        return [voice.say("chat.thanks")]
    return [voice.say("chat.help")]


def summarise(text: str, voice: Voice) -> str:
    """Each sentence of `text` cut at its first comma, keeping its end mark."""
    kept = []
    for sentence in _SENTENCE.findall(text):
        sentence = sentence.strip()
        if not sentence:
            continue
        end = sentence[-1] if sentence[-1] in ".!?。！？؟" else ""
        clause = _CLAUSE_END.split(sentence, maxsplit=1)[0].rstrip(".!?。！？؟")
        kept.append(clause + end)
    return voice.sentences(kept)


def _text_to_summarise(chat: Conversation) -> str:
    """What a summary request asks to summarise ("" if it is not one): the text after its
    colon, or, when tool results came back for it, their text."""
    head, colon, text = chat.question.replace("：", ":").partition(":")
    if not mentions(head, "chat.summarise"):
        return ""
    if chat.last_results:
        if any(_from_order_list(chat, result.call) for result in chat.last_results):
            return ""   # a list of a customer's orders or letters: the letter itself comes next (`support`)
        good = [result.content for result in chat.last_results
                if not failed(result) and not is_empty(result)]
        return " ".join(good) if len(good) == len(chat.last_results) else ""
    return text.strip() if colon else ""


def _from_order_list(chat: Conversation, call) -> bool:
    """True if `call` is of an offered tool that lists a customer's orders or letters."""
    tool = chat.offered(call.name) if call is not None else None
    return tool is not None and mentions(tool_text(tool), "order.list") and (
        mentions(tool_text(tool), "order.words") or mentions(tool_text(tool), "order.letter"))
