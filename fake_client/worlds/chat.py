"""chat — the fallback when no world recognises the conversation: it thanks or offers help."""

from __future__ import annotations

from .._conversation import Conversation, Part
from ._reading import is_thanks
from ._voice import Voice

NAME = "chat"


def claim(chat: Conversation) -> int:
    return 0


def respond(chat: Conversation, voice: Voice) -> list[Part]:
    if is_thanks(chat.question):
        return [voice.say("chat.thanks")]
    return [voice.say("chat.help")]
