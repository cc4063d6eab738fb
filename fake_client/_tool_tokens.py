"""What offering tools adds to the input tokens of every call, as on the real bill.

Two things are paid on every call that offers tools, whatever the conversation holds:

1. The provider's own tool-use prompt, which the API puts in front of the request.
   - Anthropic publishes it per model and per `tool_choice` kind (docs: "Tool use with
     Claude", section "Pricing", table "tool use system prompt token count"). Each model's
     figures are in the catalogue (`_models`, `tool_prompt`), which names what was found:
     the table last read gave `auto` or `none` 346 tokens, `any` or `tool` 313 tokens, for
     every Claude 4.x model; no current table for the Claude 5 models could be found
     (2026-12-05), so they keep these. Counted once per call, when `tools` is not empty.
   - OpenAI publishes no per-`tool_choice` figure. Its cookbook ("How to count tokens with
     tiktoken", section "Counting tokens for chat completions API calls with tools", the
     figures for gpt-4o and gpt-4o-mini) counts 7 tokens to open each function and 12 to
     close the list of functions. Those two are used here.
2. Each tool's whole definition: its name, description and schema. The words of a schema
   are every key and every text, number or boolean value in it, at any depth
   (`{"type": "object", "properties": {"order_id": {"type": "string"}}, "required":
   ["order_id"]}` is 8 words: type object properties order_id type string required
   order_id), estimated like any text (words × 1.3, rounded up, see `_tokens`), one
   estimate per tool.

Not modelled: each message's own framing (the cookbook counts 3 tokens a message in Chat
Completions, Anthropic publishes no figure), which is small beside the tool prompt.
"""

from __future__ import annotations

from typing import Any, Iterable, Optional

from ._tokens import estimate_tokens

ANTHROPIC_TOOL_PROMPT = {"auto": 346, "none": 346, "any": 313, "tool": 313}
OPENAI_PER_FUNCTION = 7
OPENAI_FUNCTIONS_END = 12


def schema_words(value: Any) -> str:
    """Every key and every scalar value of a schema, in order, as words."""
    if isinstance(value, dict):
        return " ".join(f"{key} {schema_words(item)}".strip() for key, item in value.items())
    if isinstance(value, (list, tuple)):
        return " ".join(schema_words(item) for item in value)
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def definition_tokens(name: str, description: str, schema: Any) -> int:
    """One tool's definition: name, description and schema, estimated as one piece."""
    return estimate_tokens(" ".join(part for part in (name, description, schema_words(schema))
                                    if part))


def anthropic_tools_tokens(tools: list[dict[str, Any]], tool_choice: str,
                           prompt: Optional[dict[str, int]] = None) -> int:
    """The tool-use prompt for `tool_choice` (the model's `prompt` figures, by default
    `ANTHROPIC_TOOL_PROMPT`) plus every definition (0 without tools)."""
    if not tools:
        return 0
    return (prompt or ANTHROPIC_TOOL_PROMPT)[tool_choice] + _definitions(
        (tool["name"], tool.get("description", ""), tool["input_schema"]) for tool in tools)


def openai_tools_tokens(tools: list[dict[str, Any]]) -> int:
    """The functions' framing plus every definition (0 without tools)."""
    if not tools:
        return 0
    functions = [tool["function"] for tool in tools]
    return OPENAI_FUNCTIONS_END + OPENAI_PER_FUNCTION * len(functions) + _definitions(
        (function["name"], function.get("description", ""), function.get("parameters") or {})
        for function in functions)


def _definitions(definitions: Iterable[tuple[str, str, Any]]) -> int:
    return sum(definition_tokens(*definition) for definition in definitions)
