"""`fake_client.responses_turns`: which turn each item of a Responses API `input` belongs to.

A Responses conversation is a flat list of items, so a reader must tell where one reply of
the model ends and the next begins. The teaching model (`_responses_wire`) and the
conversation checks (`lesson_runtime.conversation_checks`) both need the answer and must
never disagree, so the rule lives here once::

    from fake_client.responses_turns import group_items
    for group in group_items(items):
        group.kind      # "assistant", "results" or "message"
        group.items     # the items of that turn, in the order they were sent

The rule:
- the model's items (`reasoning`, `function_call`, an assistant `message`) that follow each
  other are one reply;
- a `function_call_output` answers the reply before it and ends it, except inside a reply
  that began with a `reasoning` item: there an output may sit right after its call and the
  reply's next call still belongs to the same reply (the API pairs outputs with calls by
  `call_id`; the "Function calling" guide, developers.openai.com/api/docs/guides/function-calling,
  and an earlier version of its example appended each call and then its output). A
  `reasoning` item after outputs starts the next reply, since every reasoned reply brings its
  own;
- any other item (a user, system or developer message, or a type this reader does not know)
  stands alone and ends the reply before it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

__all__ = ["ItemGroup", "group_items", "item_kind"]

ASSISTANT, RESULTS, MESSAGE = "assistant", "results", "message"


@dataclass
class ItemGroup:
    """One turn of the conversation: the model's reply (`assistant`), the outputs that answer
    it (`results`), or one other item (`message`)."""

    kind: str
    items: list = field(default_factory=list)


def item_kind(item: Any) -> Optional[str]:
    """An item's `type` (a message written as a bare `{"role", "content"}` is a `message`)."""
    if not isinstance(item, dict):
        return None
    return item.get("type") or ("message" if "role" in item else None)


def _from_model(item: Any) -> bool:
    kind = item_kind(item)
    return kind in ("reasoning", "function_call") or (kind == "message" and item.get("role") == "assistant")


def group_items(items: list) -> list[ItemGroup]:
    """The items of a Responses `input`, grouped into turns as the module docstring says."""
    groups: list[ItemGroup] = []
    reply: Optional[ItemGroup] = None  # the model's reply that items may still join
    outputs: Optional[ItemGroup] = None  # the outputs answering `reply`
    reasoned = False
    for item in items:
        kind = item_kind(item)
        if _from_model(item):
            if reply is None or (kind == "reasoning" and outputs is not None):
                reply, outputs, reasoned = ItemGroup(ASSISTANT), None, kind == "reasoning"
                groups.append(reply)
            reply.items.append(item)
        elif kind == "function_call_output":
            if outputs is None or (reply is None and groups[-1] is not outputs):
                outputs = ItemGroup(RESULTS)
                groups.append(outputs)
            outputs.items.append(item)
            if not reasoned:
                reply = None
        else:
            groups.append(ItemGroup(MESSAGE, [item]))
            reply, outputs, reasoned = None, None, False
    return groups
