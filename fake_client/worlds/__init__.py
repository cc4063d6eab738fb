"""The lesson worlds: which one a conversation belongs to, and its reply.

A world is one small module with `NAME`, `claim(chat) -> int` (how sure it is that the
conversation is its own: 0 means not at all) and `respond(chat, voice) -> list[Say | Ask]`.
Each request is read afresh: the world with the highest claim answers (ties go to the
earlier one in `WORLDS`); when every claim is 0, `chat` answers (thanks or an offer of help).
`chat` claims summary requests outright, whatever they are about.
"""

from __future__ import annotations

from types import ModuleType

from .._conversation import Conversation, Part
from . import chat, files, flowers, shop, support
from ._voice import Voice

WORLDS: list[ModuleType] = [chat, support, flowers, files, shop]


def choose_world(conversation: Conversation) -> ModuleType:
    """The world that answers this conversation."""
    best, best_score = chat, 0
    for world in WORLDS:
        score = world.claim(conversation)
        if score > best_score:
            best, best_score = world, score
    return best


def respond(conversation: Conversation) -> list[Part]:
    """The model's reply: the chosen world speaking the conversation's language."""
    world = choose_world(conversation)
    return world.respond(conversation, Voice(conversation.language))
