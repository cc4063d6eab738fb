"""chat — what is left when no lesson world fits: thanks, an offer of help, and summaries.

A request to summarise a text ("summarise this message: …", "кратко перескажи: …", "总结：…")
is answered in one call, without tools, whatever the text is about: it quotes the first
sentence after the colon. (A lesson can then compare one call with a whole tool loop.)
"""

from __future__ import annotations

import re

from .._conversation import Conversation, Part
from ._reading import is_thanks, mentions
from ._voice import Voice

NAME = "chat"
_SENTENCE_END = re.compile(r"(?<=[.!?。！？؟])\s*")


def claim(chat: Conversation) -> int:
    """A summary request is always chat's; anything else only when no world wants it."""
    if not chat.last_results and _text_to_summarise(chat.question):
        return 100
    return 0


def respond(chat: Conversation, voice: Voice) -> list[Part]:
    text = _text_to_summarise(chat.question)
    if text and not chat.last_results:
        return [voice.say("chat.summary", summary=_SENTENCE_END.split(text, maxsplit=1)[0])]
    if is_thanks(chat.question):
        return [voice.say("chat.thanks")]
    return [voice.say("chat.help")]


def _text_to_summarise(question: str) -> str:
    """The text after the colon of a summary request ("" if it is not one)."""
    head, colon, text = question.replace("：", ":").partition(":")
    if not colon or not mentions(head, "chat.summarise"):
        return ""
    return text.strip()
