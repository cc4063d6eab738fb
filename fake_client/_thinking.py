"""Extended thinking (Anthropic shape): the thinking block, its signature, and the rules the
real API checks when thinking is on.

`thinking={"type": "enabled", "budget_tokens": N}` (N ≥ 1024 and below `max_tokens`) or
`{"type": "adaptive"}` puts one `thinking` block first in every reply: a sentence in the
conversation's language saying what the model will do next. Its `signature` stands for the
real API's opaque signature: here a hash of the thinking text, so a block edited before it
is sent back is refused, as the real API refuses it. Thinking tokens count as output tokens
and toward `max_tokens`, as they do for real.

Refused as the real API refuses it (HTTP 400, quoted from its replies):
- a history that continues a tool-using turn whose assistant message does not start with
  its thinking block ("Expected `thinking` or `redacted_thinking`, but found `tool_use`"),
  whether the request asks for thinking or the model thinks by default (Claude Sonnet 5 and
  5.5 with no `thinking` field): "Pass thinking blocks back complete and unmodified: when
  you return a tool result, the thinking blocks from the assistant message must come back
  with it" ("Thinking in tool and multi-turn workflows",
  platform.claude.com/docs/en/build-with-claude/thinking-tool-workflows). Under adaptive or
  default thinking a forced call is answered without thinking (same page, as its current
  Japanese and Korean versions say: when forced tool use is accepted, thinking is skipped and
  the response begins with the tool call): that turn had no thinking to send back and is
  accepted without it. The client remembers which calls it answered so (`IdCounter`); any
  other tool-using turn without its thinking block is refused;
- manual thinking (`enabled`) together with a `tool_choice` that forces a tool (`any` or
  `tool`); adaptive thinking takes a forced tool ("Thinking in tool and multi-turn workflows",
  platform.claude.com/docs/en/build-with-claude/thinking-tool-workflows: forcing options
  "return an error with manual extended thinking ...; adaptive thinking supports forced tool
  use"), and the fake answers it with the call and no thinking, as it answers default thinking;
- `max_tokens` not above `budget_tokens`; `budget_tokens` below 1024.

Simplified: adaptive thinking always thinks (the real model decides when); a `thinking`
block sent back counts no input tokens (the real API drops earlier turns' thinking); a call
is known as answered without thinking only to the client (or `serve` key) that answered it.
"""

from __future__ import annotations

import base64
import hashlib
from typing import Any, Callable, Optional

from ._conversation import Ask, Conversation, Part, Say, Think
from ._errors import RequestRefused, tagged_type
from .worlds._voice import Voice

DOCS = "https://docs.claude.com/en/docs/build-with-claude/extended-thinking"
# "between_tools": no up-front thinking (Claude Sonnet 5.5's way to turn it off; other models
# refuse it, `_model_rules`).
_TYPES = ("enabled", "disabled", "adaptive", "between_tools")


def signature(text: str) -> str:
    """The signature of a thinking text (stands for the real API's opaque one)."""
    digest = hashlib.sha256(("fake_client thinking\n" + text).encode("utf-8")).digest()
    return "Eu" + base64.b64encode(digest).decode("ascii").rstrip("=")


def mode(body: dict[str, Any]) -> Optional[str]:
    """"enabled" or "adaptive" when the request turns thinking on, else None."""
    thinking = body.get("thinking")
    kind = thinking.get("type") if isinstance(thinking, dict) else None
    return kind if kind in ("enabled", "adaptive") else None


def check_settings(body: dict[str, Any]) -> None:
    """The `thinking` field itself, and how it goes with `max_tokens` and `tool_choice`."""
    thinking = body.get("thinking")
    if thinking is None:
        return
    kind = tagged_type("thinking", thinking, _TYPES)
    if kind == "enabled":
        budget = thinking.get("budget_tokens")
        if budget is None:
            raise RequestRefused("thinking.enabled.budget_tokens: Field required")
        if isinstance(budget, bool) or not isinstance(budget, int):
            raise RequestRefused("thinking.enabled.budget_tokens: Input should be a valid integer")
        if budget < 1024:
            raise RequestRefused("thinking.enabled.budget_tokens: Input should be greater than "
                                 "or equal to 1024")
        if body.get("max_tokens", 0) <= budget:
            raise RequestRefused("`max_tokens` must be greater than `thinking.budget_tokens`. "
                                 f"Please consult our documentation at {DOCS}"
                                 "#max-tokens-and-context-window-size")
    choice = body.get("tool_choice")
    if kind == "enabled" and isinstance(choice, dict) and choice.get("type") in ("any", "tool"):
        raise RequestRefused("Thinking may not be enabled when tool_choice forces tool use.")


def check_history(messages: list[dict[str, Any]], blocks_of: Any, kind: str,
                  unthought: Callable[[str], bool] = lambda call_id: False) -> None:
    """With thinking on (`kind`: "enabled", or "adaptive" for adaptive and default thinking),
    a conversation that ends inside a tool-using turn (its last user message carries tool
    results) must send that turn's assistant message back starting with its thinking block,
    unless, under adaptive thinking, every call of the turn was answered without thinking
    (`unthought`: a forced call); every thinking block must keep its signature."""
    for index, message in enumerate(messages):
        for number, block in enumerate(blocks_of(message)):
            if block["type"] == "thinking" and block.get("signature") != signature(block.get("thinking", "")):
                raise RequestRefused(f"messages.{index}.content.{number}: Invalid `signature` in "
                                     "`thinking` block")
    if len(messages) < 2 or messages[-1]["role"] != "user":
        return
    if not any(block["type"] == "tool_result" for block in blocks_of(messages[-1])):
        return
    index = len(messages) - 2
    blocks = blocks_of(messages[index])
    if messages[index]["role"] != "assistant" or not any(b["type"] == "tool_use" for b in blocks):
        return
    first = blocks[0]["type"] if blocks else "nothing"
    calls = [block.get("id") for block in blocks if block["type"] == "tool_use"]
    if kind == "adaptive" and all(unthought(call) for call in calls):
        return
    if first not in ("thinking", "redacted_thinking"):
        raise RequestRefused(
            f"messages.{index}.content.0.type: Expected `thinking` or `redacted_thinking`, but "
            f"found `{first}`. When `thinking` is enabled, a final `assistant` message must "
            "start with a thinking block (preceeding the lastmost set of `tool_use` and "
            "`tool_result` blocks). We recommend you include thinking blocks from previous "
            "turns. To avoid this requirement, disable `thinking`. Please consult our "
            f"documentation at {DOCS}")


def think(conversation: Conversation, parts: list[Part]) -> Think:
    """What the model thinks before the reply `parts`: the tools it will call, or that it
    can answer."""
    voice = Voice(conversation.language)
    asks = [part.name for part in parts if isinstance(part, Ask)]
    if asks:
        tools = voice.join(dict.fromkeys(asks), short=True)
        return Think(voice.line("thinking.calls", tools=tools))
    if any(isinstance(part, Say) for part in parts) and conversation.last_results:
        return Think(voice.line("thinking.results"))
    # "I can answer without tools" reads oddly when no tool was offered
    return Think(voice.line("thinking.answer" if conversation.tools else "thinking.no_tools"))
